import { describe, expect, it } from 'vitest';
import { startSeconds } from './start';

describe('startSeconds', () => {
  it('reads ?t= as whole seconds', () => {
    expect(startSeconds('?t=83', 200)).toBe(83);
    expect(startSeconds('?x=1&t=5', 200)).toBe(5);
  });
  it('starts at 0 without a valid time inside the track', () => {
    expect(startSeconds('', 200)).toBe(0);
    expect(startSeconds('?t=abc', 200)).toBe(0);
    expect(startSeconds('?t=-4', 200)).toBe(0);
    expect(startSeconds('?t=1.5', 200)).toBe(0);
    expect(startSeconds('?t=200', 200)).toBe(0);
    expect(startSeconds('?t=9999999', 200)).toBe(0);
  });
});
