import { playCountThreshold } from '@wavecast/shared';

/** Larger jumps between two time updates are seeks, not listening. */
const MAX_TICK_SECONDS = 1.5;

/**
 * Counts the seconds really listened in one play of a track (seeking ahead does not count) and
 * says once when the play has earned a report to the server.
 */
export class ListenTracker {
  private listened = 0;
  private lastTime: number | null = null;
  private reported = false;
  private started = false;

  constructor(
    readonly trackId: string,
    private duration: number,
  ) {}

  setDuration(duration: number) {
    if (Number.isFinite(duration) && duration > 0) this.duration = duration;
  }

  /** Feed every timeupdate while playing; returns true exactly once, when the threshold is reached. */
  tick(currentTime: number, playbackRate = 1): boolean {
    if (this.lastTime !== null) {
      const delta = currentTime - this.lastTime;
      // Media seconds heard count (at 3× a tick covers more media time); bigger jumps are seeks.
      if (delta > 0 && delta <= MAX_TICK_SECONDS * Math.max(1, playbackRate)) this.listened += delta;
    }
    this.lastTime = currentTime;
    if (!this.reported && this.listened >= playCountThreshold(this.duration)) {
      this.reported = true;
      return true;
    }
    return false;
  }

  /** True the first time playback of this play starts (the moment to say hello to the server). */
  start(): boolean {
    if (this.started) return false;
    this.started = true;
    return true;
  }

  /** After a pause or seek the next tick starts a new span. */
  break() {
    this.lastTime = null;
  }

  get secondsListened() {
    return this.listened;
  }
}
