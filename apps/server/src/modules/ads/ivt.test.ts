import { describe, expect, it } from 'vitest';
import { clientKey, impressionTiming, quartileReachable } from './ivt';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('general invalid traffic the ads judge', () => {
  it('keys a cookie-less client by address and user agent, without storing either', () => {
    const a = clientKey({ ip: '198.51.100.4', userAgent: CHROME });
    expect(a).toBe(clientKey({ ip: '198.51.100.4', userAgent: CHROME }));
    expect(a).not.toBe(clientKey({ ip: '198.51.100.5', userAgent: CHROME }));
    expect(a).not.toBe(clientKey({ ip: '198.51.100.4', userAgent: `${CHROME} X` }));
    expect(a).toMatch(/^client:[\w-]{22}$/);
    expect(a).not.toContain('198.51');
  });

  it('finds timing no player can produce: an impression before the ad started, quartiles faster than the ad', () => {
    const served = new Date('2026-11-27T10:00:00Z');
    const at = (ms: number) => new Date(served.getTime() + ms);
    expect(impressionTiming('audio', served, at(10))).toBe('impossible-timing');
    // A real player on the same machine starts an ad ~100 ms after its serve: counted.
    expect(impressionTiming('audio', served, at(100))).toBeNull();
    expect(impressionTiming('display', served, at(900))).toBe('impossible-timing');
    expect(impressionTiming('display', served, at(1_000))).toBeNull();
    // A 20 s ad: the first quartile 5 s in (4 s with the margins), complete at 20 s (17.5 s).
    expect(quartileReachable('firstQuartile', served, 20, at(3_900))).toBe(false);
    expect(quartileReachable('firstQuartile', served, 20, at(4_000))).toBe(true);
    expect(quartileReachable('complete', served, 20, at(17_400))).toBe(false);
    expect(quartileReachable('complete', served, 20, at(17_500))).toBe(true);
  });
});
