import { describe, expect, it } from 'vitest';
import { integerAt } from './campaign-index';

describe('integerAt (the spend reload reads its figures in place)', () => {
  it('reads the integer between two offsets, signed, as Number would', () => {
    const packed = 'c1:0:123456789012:-42:9007199254740991,c2:7:8:9:10';
    const at = (from: number, to: number) => integerAt(packed, from, to);
    const cut = (s: string) => [packed.indexOf(s), packed.indexOf(s) + s.length] as const;
    for (const s of ['0', '123456789012', '-42', '9007199254740991', '10']) {
      expect(at(...cut(s))).toBe(Number(s));
    }
  });
});
