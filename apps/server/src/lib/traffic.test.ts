import { describe, expect, it } from 'vitest';
import { ivtSettings, sourceIvt } from './traffic';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const settings = (over: Partial<{ ADS_LOOPBACK_INVALID: boolean; ADS_DATACENTRE_CIDRS: string }> = {}) =>
  ivtSettings({ ADS_LOOPBACK_INVALID: false, ADS_DATACENTRE_CIDRS: '', ...over });

describe('invalid traffic known from the source (ads and plays)', () => {
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

  it('answers for any address a proxy header may carry, without throwing', () => {
    const s = settings({ ADS_DATACENTRE_CIDRS: '203.0.113.0/24, 2001:db8::/32' });
    for (const ip of ['', 'not-an-ip', '1.2.3.4 ', 'fe80::1%eth0', '999.1.1.1', '::ffff:', 'x'.repeat(5_000), null]) {
      expect(sourceIvt({ ip, userAgent: CHROME }, s), String(ip)).toBeNull();
    }
    // A scoped IPv6 address is still judged by its range.
    expect(sourceIvt({ ip: '2001:db8::1%1', userAgent: CHROME }, s)).toBe('data-centre');
  });

  it('judges long user agents the same, seen once or many times', () => {
    const s = settings();
    const longBot = `curl/8.0 ${'x'.repeat(2_000)}`;
    const longBrowser = `${CHROME} ${'y'.repeat(2_000)}`;
    for (let i = 0; i < 3; i++) {
      expect(sourceIvt({ ip: '198.51.100.4', userAgent: longBot }, s)).toBe('known-bot');
      expect(sourceIvt({ ip: '198.51.100.4', userAgent: longBrowser }, s)).toBeNull();
    }
  });
});
