import { describe, expect, it } from 'vitest';
import { Clock } from './clock';

describe('Clock', () => {
  it('follows the system time until moved, then keeps the offset', () => {
    const clock = new Clock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
    clock.advance(14 * 86_400_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(14 * 86_400_000 - 50);
  });

  it('refuses to move back', () => {
    expect(() => new Clock().advance(-1)).toThrow(RangeError);
    expect(() => new Clock().advance(Number.NaN)).toThrow(RangeError);
  });
});
