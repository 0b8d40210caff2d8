import type { TPlaylist, TPlaylistItem } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { moveEntry, shuffled } from './order';

const item = (id: string, position: number) => ({ id, position, track: { title: id } }) as unknown as TPlaylistItem;
const playlist = (items: TPlaylistItem[]) => ({ id: 'p', items }) as unknown as TPlaylist;

describe('moveEntry', () => {
  it('moves down and up, keeping positions 0..n-1', () => {
    const p = playlist([item('a', 0), item('b', 1), item('c', 2), item('d', 3)]);
    const down = moveEntry(p, 0, 2);
    expect(down?.optimistic.items.map((i) => `${i.id}${i.position}`)).toEqual(['b0', 'c1', 'a2', 'd3']);
    expect(down?.toPosition).toBe(2);
    const up = moveEntry(p, 3, 1);
    expect(up?.optimistic.items.map((i) => i.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(up?.item.id).toBe('d');
  });

  it('targets the full-order position when some entries are hidden from the viewer', () => {
    // Position 1 is a track this viewer cannot see.
    const p = playlist([item('a', 0), item('c', 2), item('d', 3)]);
    const r = moveEntry(p, 2, 1);
    expect(r?.toPosition).toBe(2);
    expect(r?.optimistic.items.map((i) => `${i.id}${i.position}`)).toEqual(['a0', 'd2', 'c3']);
  });

  it('does nothing past the ends or in place', () => {
    const p = playlist([item('a', 0), item('b', 1)]);
    expect(moveEntry(p, 0, 0)).toBeNull();
    expect(moveEntry(p, 0, 2)).toBeNull();
    expect(moveEntry(p, -1, 0)).toBeNull();
  });
});

describe('shuffled', () => {
  it('keeps every element once and leaves the input as it was', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = shuffled(input);
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('uses the random source (Fisher–Yates)', () => {
    expect(shuffled([1, 2, 3], () => 0)).toEqual([2, 3, 1]);
    expect(shuffled([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
  });
});
