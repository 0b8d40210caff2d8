import { describe, expect, it } from 'vitest';
import { LIVE_AUDIO_BITS_PER_SECOND } from './contracts/live';
import { LIVE_INGEST_BITS_PER_SECOND, liveIngestBitsPerSecond, PLANS } from './plans';

describe('HD audio in the plans', () => {
  it('Creator and Pro publish in HD; Pro, Premium and Family listen in HD; Free plans do neither', () => {
    const hd = (flag: 'hdPublishing' | 'hdListening') =>
      Object.values(PLANS)
        .filter((p) => p.entitlements[flag])
        .map((p) => p.id)
        .sort();
    expect(hd('hdPublishing')).toEqual(['creator', 'pro']);
    expect(hd('hdListening')).toEqual(['family', 'premium', 'pro']);
  });

  it('HD publishing raises the live ingest bitrate; everyone else records at the standard one', () => {
    expect(liveIngestBitsPerSecond(PLANS.creator.entitlements)).toBe(256_000);
    expect(liveIngestBitsPerSecond(PLANS.pro.entitlements)).toBe(256_000);
    for (const id of ['free', 'free-listener', 'premium', 'family'] as const) {
      expect(liveIngestBitsPerSecond(PLANS[id].entitlements)).toBe(LIVE_AUDIO_BITS_PER_SECOND);
    }
  });

  it('both bitrates fit well inside the server ingest limit (modules/live/service.ts: 256 KiB/s)', () => {
    const limitBitsPerSecond = 256 * 1024 * 8;
    expect(LIVE_INGEST_BITS_PER_SECOND.hd * 4).toBeLessThanOrEqual(limitBitsPerSecond);
    expect(LIVE_INGEST_BITS_PER_SECOND.standard).toBeLessThan(LIVE_INGEST_BITS_PER_SECOND.hd);
  });
});
