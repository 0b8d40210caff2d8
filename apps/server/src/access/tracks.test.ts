import { describe, expect, it } from 'vitest';
import { canSeeTrack, discoverableSql, isDiscoverable, type TrackFactsRow, toTrackFacts, visibleSql } from './tracks';

const track = (over: Partial<TrackFactsRow> = {}) =>
  toTrackFacts({
    id: 't',
    userId: 'owner',
    isPublic: true,
    status: 'ready',
    ownerSuspended: false,
    removed: false,
    ...over,
  });

describe('track access', () => {
  it('everyone sees a public, ready track', () => {
    expect(canSeeTrack(null, track())).toBe(true);
    expect(canSeeTrack('someone', track())).toBe(true);
    expect(isDiscoverable(track())).toBe(true);
  });

  it('only the owner sees a private, processing, failed, removed or suspended-owner one', () => {
    const hiddenOnes = [
      track({ isPublic: false }),
      track({ status: 'processing' }),
      track({ status: 'failed' }),
      track({ removed: true }),
      track({ ownerSuspended: true }),
    ];
    for (const hidden of hiddenOnes) {
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
    expect(canSeeTrack(null, track({ ownerSuspended: true }))).toBe(false);
    expect(canSeeTrack('x', track({ removed: true }))).toBe(false);
    expect(canSeeTrack('owner', track({ removed: true }))).toBe(true);
    expect(canSeeTrack(null, track())).toBe(true);
  });
});
