import { describe, expect, it } from 'vitest';
import { Clock } from './clock';

describe('Clock', () => {
  it('follows the system time until moved, then keeps the offset', () => {
    const clock = new Clock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
    clock.advance(14 * 86_400_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(14 * 86_400_000 - 50);
  });

  it('stops when frozen (only advance moves it) and runs on from there, never back', async () => {
    const clock = new Clock();
    clock.freeze();
    const at = clock.now().getTime();
    await new Promise((r) => setTimeout(r, 30));
    expect(clock.now().getTime()).toBe(at);
    expect(clock.advance(400).getTime()).toBe(at + 400);
    clock.freeze(false);
    const after = clock.now().getTime();
    expect(after).toBeGreaterThanOrEqual(at + 400);
    expect(after - (at + 400)).toBeLessThan(50);
  });

  it('refuses to move back', () => {
    expect(() => new Clock().advance(-1)).toThrow(RangeError);
    expect(() => new Clock().advance(Number.NaN)).toThrow(RangeError);
  });
});
