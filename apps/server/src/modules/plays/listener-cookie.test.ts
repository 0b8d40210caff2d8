import { describe, expect, it } from 'vitest';
import { readCookie, signListenerId, verifyListenerId } from './listener-cookie';

describe('listener cookie', () => {
  it('reads the named cookie, decoded; a broken escape or a missing one is undefined', () => {
    expect(readCookie('a=1; wc_listener=ab%2Ecd; b=2', 'wc_listener')).toBe('ab.cd');
    expect(readCookie('wc_listener=%E0%A4%A', 'wc_listener')).toBeUndefined();
    expect(readCookie('other=1', 'wc_listener')).toBeUndefined();
    expect(readCookie(undefined, 'wc_listener')).toBeUndefined();
  });

  it('accepts only ids signed with our secret', () => {
    const id = 'abcdefghijklmnop';
    expect(verifyListenerId('s1', signListenerId('s1', id))).toBe(id);
    expect(verifyListenerId('s2', signListenerId('s1', id))).toBeNull();
    expect(verifyListenerId('s1', `${id}.forged`)).toBeNull();
    expect(verifyListenerId('s1', 'short.x')).toBeNull();
  });
});
