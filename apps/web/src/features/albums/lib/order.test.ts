import { describe, expect, it } from 'vitest';
import { moved } from './order';

describe('moved', () => {
  it('moves an item up or down by one', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('leaves the order as it is at either end or outside it', () => {
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });
});
