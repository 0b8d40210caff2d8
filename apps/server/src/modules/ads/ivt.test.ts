import { describe, expect, it } from 'vitest';
import { clientKey, impressionTiming, ivtSettings, quartileReachable, sourceIvt } from './ivt';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const settings = (over: Partial<{ ADS_LOOPBACK_INVALID: boolean; ADS_DATACENTRE_CIDRS: string }> = {}) =>
  ivtSettings({ ADS_LOOPBACK_INVALID: false, ADS_DATACENTRE_CIDRS: '', ...over });

describe('general invalid traffic', () => {
  it('names bots, HTTP libraries and scripts by their user agent (OPAWG lists), and no user agent at all', () => {
    const s = settings();
    for (const ua of [
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'node',
      'axios/1.7.2',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      `${CHROME.replace('Chrome/', 'HeadlessChrome/')}`,
      undefined,
    ]) {
      expect(sourceIvt({ ip: '198.51.100.4', userAgent: ua }, s), String(ua)).toBe('known-bot');
    }
    expect(sourceIvt({ ip: '198.51.100.4', userAgent: CHROME }, s)).toBeNull();
  });

  it('counts loopback as invalid only when ADS_LOOPBACK_INVALID says so', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(sourceIvt({ ip, userAgent: CHROME }, settings())).toBeNull();
      expect(sourceIvt({ ip, userAgent: CHROME }, settings({ ADS_LOOPBACK_INVALID: true }))).toBe('loopback');
    }
  });

  it('filters the configured data-centre ranges, IPv4 (also as IPv6-mapped) and IPv6', () => {
    const s = settings({ ADS_DATACENTRE_CIDRS: '203.0.113.0/24, 2001:db8::/32' });
    expect(sourceIvt({ ip: '203.0.113.200', userAgent: CHROME }, s)).toBe('data-centre');
    expect(sourceIvt({ ip: '::ffff:203.0.113.9', userAgent: CHROME }, s)).toBe('data-centre');
    expect(sourceIvt({ ip: '2001:db8:1::5', userAgent: CHROME }, s)).toBe('data-centre');
    expect(sourceIvt({ ip: '203.0.114.1', userAgent: CHROME }, s)).toBeNull();
    expect(() => settings({ ADS_DATACENTRE_CIDRS: '10.0.0.0/33' })).toThrow(/not a CIDR/);
    expect(() => settings({ ADS_DATACENTRE_CIDRS: 'example.com/8' })).toThrow(/not a CIDR/);
  });

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
