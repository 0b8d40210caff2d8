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

  it('says the same in SQL (the partial indexes repeat discoverableSql exactly)', () => {
    expect(discoverableSql('a')).toBe("a.is_public AND a.status = 'ready'");
    expect(visibleSql('t', '$2')).toBe("((t.is_public AND t.status = 'ready') OR t.user_id = $2)");
  });
});
