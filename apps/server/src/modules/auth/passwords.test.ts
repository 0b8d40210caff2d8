import { describe, expect, it } from 'vitest';
import { accountLikeness, isCommonPassword } from './passwords';

describe('isCommonPassword', () => {
  it('refuses the most common passwords in any case, and their one- or two-character variants', () => {
    for (const p of ['123456', 'password', 'P@ssw0rd', 'QWERTY123', 'weakpw', 'password1!', 'iloveyou']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const p of ['correct-horse-battery', 'brand-new-pass', 'wrong-guess-1', 'Tr0mbone-Lantern-42']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});

describe('accountLikeness', () => {
  const account = { email: 'Ada.Lovelace@example.org', displayName: 'Ada Lovelace' };
  it('names the address, its local part and the site as the account, the display name as the name', () => {
    expect(accountLikeness('ada.lovelace@example.org', account)).toBe('account');
    expect(accountLikeness('ADA.LOVELACE', account)).toBe('account');
    expect(accountLikeness('wavecast', account)).toBe('account');
    expect(accountLikeness('adalovelace', account)).toBe('name');
    expect(accountLikeness('Ada Lovelace', account)).toBe('name');
    expect(accountLikeness('ada-lovelace-1815', account)).toBeNull();
    expect(accountLikeness('anything', { email: 'x@y.z', displayName: null })).toBeNull();
  });
});
