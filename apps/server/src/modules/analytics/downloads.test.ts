import { describe, expect, it } from 'vitest';
import { downloadClientKey, ipPrefix, isProbe, minuteOfBytes } from './downloads';

describe('podcast download rules', () => {
  it('cuts IPv6 to /64 and keeps IPv4 whole', () => {
    expect(ipPrefix('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipPrefix('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(ipPrefix('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipPrefix('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(ipPrefix('10.0.0.7')).toBe('10.0.0.7');
    expect(downloadClientKey('s', '2001:db8:1:2::1', 'ua')).toBe(downloadClientKey('s', '2001:db8:1:2:ffff::9', 'ua'));
    expect(downloadClientKey('s', '2001:db8:1:3::1', 'ua')).not.toBe(downloadClientKey('s', '2001:db8:1:2::1', 'ua'));
  });
  it('needs a minute of audio, or the whole of a shorter file', () => {
    expect(minuteOfBytes(1_200_000, 120)).toBe(600_000);
    expect(minuteOfBytes(300_000, 30)).toBe(300_000);
    expect(isProbe(0, 1)).toBe(true);
    expect(isProbe(0, 2)).toBe(false);
  });
});
