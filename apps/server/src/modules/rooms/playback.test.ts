import { describe, expect, it } from 'vitest';
import { load, type PlaybackState, pause, play, positionAt, seek } from './playback';

const idle: PlaybackState = { itemId: null, trackId: null, status: 'idle', positionMs: 0, at: 0, version: 0 };
const item = { id: 'i1', trackId: 't1' };

describe('room playback state', () => {
  it('counts the position from the shared instant while playing, and holds it while paused', () => {
    const p = load(idle, item, 1_000);
    expect(p).toMatchObject({ status: 'playing', itemId: 'i1', version: 1 });
    expect(positionAt(p, 3_500)).toBe(2_500);
    const paused = pause(p, 4_000);
    expect(paused).toMatchObject({ status: 'paused', positionMs: 3_000, version: 2 });
    expect(positionAt(paused, 60_000)).toBe(3_000);
    const again = play(paused, 10_000);
    expect(positionAt(again, 10_250)).toBe(3_250);
  });

  it('a future start (a premiere) is position 0 until then, and clamps at the duration', () => {
    const p = load(idle, item, 50_000);
    expect(positionAt(p, 40_000)).toBe(0);
    expect(positionAt(p, 52_000, 1_500)).toBe(1_500);
  });

  it('seeks keep playing or paused, and repeated commands change nothing', () => {
    const p = seek(load(idle, item, 0), 2_000, 30_000);
    expect(positionAt(p, 3_000)).toBe(31_000);
    expect(play(p, 5_000)).toBe(p);
    expect(pause(pause(p, 4_000), 9_000).positionMs).toBe(32_000);
  });

  it('loading nothing leaves the room idle', () => {
    expect(load(load(idle, item, 0), null, 5)).toMatchObject({ status: 'idle', itemId: null, version: 2 });
  });
});
