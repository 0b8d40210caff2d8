import { describe, expect, it } from 'vitest';
import { signAction, verifyAction } from './tokens';

describe('tracking tokens', () => {
  const id = '0b8f4c1e-4a3b-4b51-9a77-2f1e1d0c9b8a';
  it('verifies its own signature for the same serve and action only', () => {
    const s = signAction('secret', id, 'impression');
    expect(verifyAction('secret', id, 'impression', s)).toBe(true);
    expect(verifyAction('secret', id, 'click', s)).toBe(false);
    expect(verifyAction('other', id, 'impression', s)).toBe(false);
    expect(verifyAction('secret', id.replace('0b', '0c'), 'impression', s)).toBe(false);
    expect(verifyAction('secret', id, 'impression', `${s.slice(0, -1)}A`)).toBe(s.endsWith('A'));
    expect(verifyAction('secret', id, 'impression', '')).toBe(false);
  });
});
