import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAIL_STALL_MS, watchTail } from './tailWatch';

describe('watchTail', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets a long tail play while its playhead moves, and ends it once it stands still', () => {
    const audio = { currentTime: 10 } as HTMLMediaElement;
    const stalled = vi.fn();
    watchTail(audio, stalled);
    // Eight seconds of held audio (a listener far behind): longer than any fixed cap, never cut.
    for (let i = 0; i < 32; i++) {
      audio.currentTime += 0.25;
      vi.advanceTimersByTime(250);
    }
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TAIL_STALL_MS - 250);
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(stalled).toHaveBeenCalled();
  });

  it('stops watching when told', () => {
    const stalled = vi.fn();
    const stop = watchTail({ currentTime: 0 } as HTMLMediaElement, stalled);
    stop();
    vi.advanceTimersByTime(TAIL_STALL_MS * 3);
    expect(stalled).not.toHaveBeenCalled();
  });
});
