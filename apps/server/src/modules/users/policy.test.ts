import { describe, expect, it } from 'vitest';
import { canBecomeCreator, canChangeRole, canSeeEmail, canSeeFollowers, canViewProfile, profileAccess } from './policy';

const owner = 'owner';
const me = { id: owner, role: 'listener' as const };
const stranger = { id: 'stranger', role: 'listener' as const };
const admin = { id: 'admin', role: 'admin' as const };
const prefs = (profileVisibility: 'public' | 'followers' | 'private', showEmail = false, showFollowers = true) => ({
  profileVisibility,
  showEmail,
  showFollowers,
});

describe('canViewProfile', () => {
  it.each([
    // visibility, viewer, follows, visible
    ['public', null, false, true],
    ['public', stranger, false, true],
    ['followers', null, false, false],
    ['followers', stranger, false, false],
    ['followers', stranger, true, true],
    ['private', stranger, true, false],
    ['private', null, false, false],
    ['private', admin, false, false],
    ['private', me, false, true],
    ['followers', me, false, true],
  ] as const)('%s to %j (follower: %s) → %s', (visibility, viewer, follows, visible) => {
    expect(canViewProfile(viewer, owner, prefs(visibility), follows)).toBe(visible);
  });
});

describe('showEmail and showFollowers', () => {
  it('the owner always sees both', () => {
    expect(canSeeEmail(me, owner, prefs('private', false, false), false)).toBe(true);
    expect(canSeeFollowers(me, owner, prefs('private', false, false), false)).toBe(true);
  });

  it('others see the email only when shown and the profile is visible to them', () => {
    expect(canSeeEmail(stranger, owner, prefs('public', false), false)).toBe(false);
    expect(canSeeEmail(stranger, owner, prefs('public', true), false)).toBe(true);
    expect(canSeeEmail(stranger, owner, prefs('followers', true), false)).toBe(false);
    expect(canSeeEmail(stranger, owner, prefs('followers', true), true)).toBe(true);
    expect(canSeeEmail(null, owner, prefs('private', true), false)).toBe(false);
  });

  it('others see followers only when shown', () => {
    expect(canSeeFollowers(stranger, owner, prefs('public', false, true), false)).toBe(true);
    expect(canSeeFollowers(stranger, owner, prefs('public', false, false), false)).toBe(false);
    expect(canSeeFollowers(null, owner, prefs('private', false, true), false)).toBe(false);
  });

  it('profileAccess gathers the three answers', () => {
    expect(profileAccess(stranger, owner, prefs('public', true, false), false)).toEqual({
      canView: true,
      showEmail: true,
      showFollowers: false,
    });
  });
});

describe('roles', () => {
  it('only listeners become creators', () => {
    expect(canBecomeCreator('listener')).toBe(true);
    for (const r of ['creator', 'affiliate', 'advertiser', 'admin'] as const) expect(canBecomeCreator(r)).toBe(false);
  });

  it('admins change roles, but not away from their own admin role', () => {
    expect(canChangeRole(admin, 'someone', 'creator')).toBe('ok');
    expect(canChangeRole(admin, 'admin', 'admin')).toBe('ok');
    expect(canChangeRole(admin, 'admin', 'listener')).toBe('self-demotion');
    expect(canChangeRole(stranger, 'someone', 'creator')).toBe('forbidden');
    expect(canChangeRole(null, 'someone', 'creator')).toBe('forbidden');
  });
});
