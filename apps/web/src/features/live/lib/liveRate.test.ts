import { LIVE_PLAYER } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { liveRate } from './liveRate';

describe('liveRate', () => {
  it('plays at 1x near the target buffer', () => {
    expect(liveRate(0.3, 1)).toEqual({ playbackRate: 1 });
    expect(liveRate(0.36, 1)).toEqual({ playbackRate: 1 });
    expect(liveRate(0.24, 1)).toEqual({ playbackRate: 1 });
  });

  it('speeds up by 3 % when too far behind, until the target is crossed', () => {
    expect(liveRate(0.5, 1)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(0.8, 1)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(0.32, 1.03)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(0.29, 1.03)).toEqual({ playbackRate: 1 });
  });

  it('catches up by 10 % when a stall left it more than 0.8 s behind, then by 3 % near the target', () => {
    expect(liveRate(0.81, 1)).toEqual({ playbackRate: 1.1 });
    expect(liveRate(2.4, 1.03)).toEqual({ playbackRate: 1.1 });
    expect(liveRate(0.75, 1.1)).toEqual({ playbackRate: 1.1 });
    expect(liveRate(0.75, 1.03)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(0.7, 1.1)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(0.31, 1.1)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(0.29, 1.1)).toEqual({ playbackRate: 1 });
  });

  it('slows down by 3 % when the buffer runs low, until the target is crossed', () => {
    expect(liveRate(0.1, 1)).toEqual({ playbackRate: 0.97 });
    expect(liveRate(0, 1)).toEqual({ playbackRate: 0.97 });
    expect(liveRate(0.28, 0.97)).toEqual({ playbackRate: 0.97 });
    expect(liveRate(0.31, 0.97)).toEqual({ playbackRate: 1 });
  });

  it(`seeks only beyond ${LIVE_PLAYER.seekLagSeconds} s behind, back to the target`, () => {
    expect(liveRate(2.6, 1.1)).toEqual({ playbackRate: 1.1 });
    expect(liveRate(8, 1).seekBackBy).toBeUndefined();
    expect(liveRate(8.1, 1.03)).toEqual({ playbackRate: 1, seekBackBy: 0.3 });
  });

  it(`while joining (the first ${LIVE_PLAYER.joinSeconds} s played), skips a backlog over ${LIVE_PLAYER.catchUpLagSeconds} s`, () => {
    expect(liveRate(0.81, 1, true)).toEqual({ playbackRate: 1, seekBackBy: 0.3 });
    expect(liveRate(2.5, 1, true)).toEqual({ playbackRate: 1, seekBackBy: 0.3 });
    expect(liveRate(0.5, 1, true)).toEqual({ playbackRate: 1.03 });
    expect(liveRate(2.5, 1, false)).toEqual({ playbackRate: 1.1 });
  });
});
