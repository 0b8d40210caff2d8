import type { ProfileVisibility, Role } from '@wavecast/shared';

/** Who is looking: a signed-in user (id and role) or nobody. */
export type Viewer = { id: string; role: Role } | null;

export interface ProfilePrivacy {
  profileVisibility: ProfileVisibility;
  showEmail: boolean;
  showFollowers: boolean;
}

/**
 * Whether `viewer` may see the profile of `ownerId` (spec: public, followers only, or private =
 * owner only). `isFollower` says whether the viewer follows the owner.
 */
export function canViewProfile(viewer: Viewer, ownerId: string, privacy: ProfilePrivacy, isFollower: boolean): boolean {
  if (viewer?.id === ownerId) return true;
  switch (privacy.profileVisibility) {
    case 'public':
      return true;
    case 'followers':
      return viewer !== null && isFollower;
    default:
      return false;
  }
}

/** The owner always sees their email; others only when showEmail is on and they may see the profile. */
export function canSeeEmail(viewer: Viewer, ownerId: string, privacy: ProfilePrivacy, isFollower: boolean): boolean {
  if (viewer?.id === ownerId) return true;
  return privacy.showEmail && canViewProfile(viewer, ownerId, privacy, isFollower);
}

/** Follower lists and counts: the owner always; others when showFollowers is on and the profile is visible. */
export function canSeeFollowers(
  viewer: Viewer,
  ownerId: string,
  privacy: ProfilePrivacy,
  isFollower: boolean,
): boolean {
  if (viewer?.id === ownerId) return true;
  return privacy.showFollowers && canViewProfile(viewer, ownerId, privacy, isFollower);
}

/** What a viewer may see of a profile, in one call. */
export function profileAccess(viewer: Viewer, ownerId: string, privacy: ProfilePrivacy, isFollower: boolean) {
  return {
    canView: canViewProfile(viewer, ownerId, privacy, isFollower),
    showEmail: canSeeEmail(viewer, ownerId, privacy, isFollower),
    showFollowers: canSeeFollowers(viewer, ownerId, privacy, isFollower),
  };
}

/** Only a listener turns themselves into a creator; other roles are given by admins. */
export const canBecomeCreator = (role: Role): boolean => role === 'listener';

/** Admins change roles; an admin cannot take their own admin role away (an instance keeps one). */
export function canChangeRole(actor: Viewer, targetId: string, newRole: Role): 'ok' | 'forbidden' | 'self-demotion' {
  if (actor?.role !== 'admin') return 'forbidden';
  if (actor.id === targetId && newRole !== 'admin') return 'self-demotion';
  return 'ok';
}
