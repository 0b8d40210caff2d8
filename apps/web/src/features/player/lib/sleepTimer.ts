/** The sleep timer's choices: minutes from now, or the end of the track playing. */
export const SLEEP_MINUTES = [5, 15, 30, 45, 60] as const;
export type SleepChoice = { minutes: number } | 'endOfTrack';

/** What the player shows: when playback stops (epoch ms), or that it stops when the track ends. */
export type SleepState = { endsAt: number } | { endOfTrack: true } | null;

interface Clock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * Pauses playback after a while or at the end of the track (listeners falling asleep to a podcast
 * or an audiobook). One timer at a time; a new choice replaces the old one, `null` cancels it.
 */
export class SleepTimer {
  private timeout: number | null = null;
  private current: SleepState = null;

  constructor(
    private readonly pause: () => void,
    private readonly changed: (state: SleepState) => void,
    private readonly clock: Clock = browserClock,
  ) {}

  get state(): SleepState {
    return this.current;
  }

  set(choice: SleepChoice | null) {
    this.clearTimeout();
    if (choice === null) return this.update(null);
    if (choice === 'endOfTrack') return this.update({ endOfTrack: true });
    const ms = Math.max(0, choice.minutes) * 60_000;
    this.timeout = this.clock.setTimeout(() => {
      this.timeout = null;
      this.update(null);
      this.pause();
    }, ms);
    this.update({ endsAt: this.clock.now() + ms });
  }

  /** Called when a track ends: true when the timer says stop here (the queue does not go on). */
  trackEnded(): boolean {
    if (this.current === null || !('endOfTrack' in this.current)) return false;
    this.update(null);
    return true;
  }

  dispose() {
    this.clearTimeout();
  }

  private clearTimeout() {
    if (this.timeout !== null) this.clock.clearTimeout(this.timeout);
    this.timeout = null;
  }

  private update(state: SleepState) {
    this.current = state;
    this.changed(state);
  }
}
