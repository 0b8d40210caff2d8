import type { TActivity, TProfile } from '@wavecast/shared';
import { presentTracks } from '../discovery/presenter';
import type { RawRow } from '../discovery/rows';
import type { FollowingRow, UserRow } from './repo';

/** A profile with exactly what the viewer may see (email and follower count withheld otherwise). */
export function presentProfile(
  row: UserRow,
  facts: {
    showEmail: boolean;
    showFollowers: boolean;
    followerCount: number;
    followingCount: number;
    trackCount: number;
    isFollowing: boolean;
    isSelf: boolean;
  },
): TProfile {
  return {
    id: row.id,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    website: row.website,
    role: row.userRole,
    createdAt: row.createdAt.toISOString(),
    email: facts.showEmail ? row.email : null,
    followerCount: facts.showFollowers ? facts.followerCount : null,
    followingCount: facts.followingCount,
    trackCount: facts.trackCount,
    isFollowing: facts.isFollowing,
    isSelf: facts.isSelf,
  };
}

export const presentFollowing = (r: FollowingRow) => ({
  id: r.id,
  displayName: r.display_name,
  avatarUrl: r.avatar_url,
  role: r.user_role,
});

export function presentActivity(rows: RawRow[], viewerId: string | null): TActivity[] {
  const tracks = presentTracks(rows, viewerId);
  return rows.map((r, i) => {
    const at = (r.at instanceof Date ? r.at : new Date(r.at as string)).toISOString();
    return r.kind === 'comment'
      ? { kind: 'comment', at, track: tracks[i], comment: r.comment as string }
      : { kind: 'like', at, track: tracks[i] };
  });
}
