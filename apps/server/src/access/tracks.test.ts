import { describe, expect, it } from 'vitest';
import { canSeeTrack, discoverableSql, isDiscoverable, visibleSql } from './tracks';

const track = (over: Partial<{ userId: string; isPublic: boolean; status: string }> = {}) => ({
  userId: 'owner',
  isPublic: true,
  status: 'ready',
  ...over,
});

describe('track access', () => {
  it('everyone sees a public, ready track', () => {
    expect(canSeeTrack(null, track())).toBe(true);
    expect(canSeeTrack('someone', track())).toBe(true);
    expect(isDiscoverable(track())).toBe(true);
  });

  it('only the owner sees a private, processing or failed one', () => {
    for (const hidden of [track({ isPublic: false }), track({ status: 'processing' }), track({ status: 'failed' })]) {
      expect(canSeeTrack(null, hidden)).toBe(false);
      expect(canSeeTrack('someone', hidden)).toBe(false);
      expect(canSeeTrack('owner', hidden)).toBe(true);
      expect(isDiscoverable(hidden)).toBe(false);
    }
  });

  it("says the same in SQL (it starts with the partial indexes' predicate, which it only narrows)", () => {
    expect(discoverableSql('a').startsWith("a.is_public AND a.status = 'ready' AND ")).toBe(true);
    expect(discoverableSql('a')).toContain('su.id = a.user_id AND su.suspended_at IS NOT NULL');
    expect(discoverableSql('a')).toContain("cr.target_type = 'track' AND cr.target_id = a.id::text");
    expect(visibleSql('t', '$2')).toBe(`((${discoverableSql('t')}) OR t.user_id = $2)`);
  });

  it("hides a suspended owner's or removed track from everyone but its owner", () => {
    const t = { userId: 'o', isPublic: true, status: 'ready' };
    expect(canSeeTrack(null, { ...t, ownerSuspended: true })).toBe(false);
    expect(canSeeTrack('x', { ...t, removed: true })).toBe(false);
    expect(canSeeTrack('o', { ...t, removed: true })).toBe(true);
    expect(canSeeTrack(null, t)).toBe(true);
  });
});
