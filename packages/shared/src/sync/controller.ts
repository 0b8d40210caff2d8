import type { ClockEstimate } from './clock-filter';
import { SYNC } from './constants';
import { type PlaybackSchedule, positionAt, readyKey } from './schedule';

/** What the member's media element says now. */
export interface MediaReading {
  /** Position heard now, ms (the element's currentTime minus the output latency when known). */
  positionMs: number;
  paused: boolean;
  /** Loaded and buffered at its position (an `<audio>`: readyState ≥ HAVE_FUTURE_DATA, not seeking). */
  ready: boolean;
}

/** What the controller asks of the media element; the adapter (browser, simulation) carries it out. */
export type SyncCommand =
  | { type: 'pause' }
  | { type: 'seek'; positionMs: number }
  /**
   * Start playing at this local time (a timer: early or late by the timer's accuracy only). A later
   * `pause` or `seek` cancels a play still waiting for its time.
   */
  | { type: 'play'; atLocal: number }
  /** Set the playback rate (the browser keeps the pitch: `preservesPitch`). */
  | { type: 'rate'; rate: number };

export type SyncPhase = 'idle' | 'holding' | 'arming' | 'starting' | 'locked' | 'buffering';

export interface ControllerStats {
  phase: SyncPhase;
  /** The last measured error (media − schedule), ms; positive: ahead. */
  errorMs: number | null;
  /** Hard resyncs (seeks while playing) so far. */
  resyncs: number;
  /** The largest rate correction ever asked, as |rate/scheduleRate − 1|. */
  maxCorrection: number;
  startLatencyMs: number;
}

/**
 * Keeps one member's media on the room's schedule (ADR 0057). Call `update` every ~100 ms (and on
 * media events) with the local time, the media reading and the clock estimate; apply the commands.
 *
 * - Not playing yet (a join, a new schedule, a resync): seek to where the room will be a moment
 *   from now while paused, then start at that moment minus the learnt start latency. This is the
 *   only way in: the first audible sample is already in place.
 * - Playing: the error is corrected by the rate alone, `error / correctionTimeConstantMs`, capped
 *   at ±`maxRateCorrection`; only a steady error above `hardResyncMs` arms a new start.
 */
export class PlaybackController {
  private schedule: PlaybackSchedule | null = null;
  private phase: SyncPhase = 'idle';
  private armAt = 0;
  private playAt = 0;
  private seekedFor = '';
  private rate = 1;
  private smoothed: number | null = null;
  private overThreshold = 0;
  private latency: number = SYNC.startLatencyGuessMs;
  private resyncs = 0;
  private maxCorrection = 0;
  private lastError: number | null = null;

  /** Takes a schedule from the server; an older revision than the one held is ignored. */
  setSchedule(next: PlaybackSchedule): boolean {
    if (this.schedule && next.revision < this.schedule.revision) return false;
    const before = this.schedule;
    this.schedule = next;
    const sameTimeline =
      before !== null &&
      !before.paused &&
      !next.paused &&
      before.itemId === next.itemId &&
      before.rate === next.rate &&
      Math.abs(positionAt(before, next.startAt) - next.positionAtStart) < 1;
    // A new timeline (a seek, another item, a pause or a start): arm again from it.
    if (!sameTimeline && this.phase !== 'idle') this.phase = next.paused ? 'holding' : 'idle';
    return true;
  }

  /** Forgets a start under way (the media was started or stopped from outside): the next update arms again. */
  restart() {
    if (this.phase !== 'idle') this.phase = this.schedule?.paused ? 'holding' : 'idle';
  }

  current(): PlaybackSchedule | null {
    return this.schedule;
  }

  /**
   * The ready key this member can report (paused at the schedule's position and buffered), for
   * the room's group wait; null while not ready.
   */
  readyFor(media: MediaReading): string | null {
    const s = this.schedule;
    if (!s?.paused || s.itemId === null || !media.ready || !media.paused) return null;
    return Math.abs(media.positionMs - s.positionAtStart) <= 5 ? readyKey(s) : null;
  }

  /** What this member tells the room (`room.member`): ready (for a wait's key, or in step) or buffering. */
  report(media: MediaReading): { status: 'ready' | 'buffering'; readyKey: string | null } {
    const s = this.schedule;
    if (!s || s.itemId === null) return { status: 'ready', readyKey: null };
    if (s.paused) {
      const key = this.readyFor(media);
      return key ? { status: 'ready', readyKey: key } : { status: 'buffering', readyKey: null };
    }
    return this.phase === 'locked' && media.ready
      ? { status: 'ready', readyKey: null }
      : { status: 'buffering', readyKey: null };
  }

  stats(): ControllerStats {
    return {
      phase: this.phase,
      errorMs: this.lastError,
      resyncs: this.resyncs,
      maxCorrection: this.maxCorrection,
      startLatencyMs: this.latency,
    };
  }

  update(localNow: number, media: MediaReading, clock: ClockEstimate): SyncCommand[] {
    const s = this.schedule;
    if (!s || s.itemId === null) {
      this.phase = 'idle';
      return media.paused ? [] : [{ type: 'pause' }];
    }
    if (s.paused) return this.hold(s, media);
    if (!clock.ready) return media.paused ? [] : [{ type: 'pause' }];

    switch (this.phase) {
      case 'idle':
      case 'holding':
        return this.arm(localNow, s, clock, true);
      case 'arming': {
        // Ready before the start: the play is timed now (the adapter's timer fires at `playAt`).
        if (media.ready && localNow < this.playAt - 1) {
          this.phase = 'starting';
          return [{ type: 'play', atLocal: this.playAt }];
        }
        // Not ready in time (still seeking or buffering): arm a later start.
        return localNow >= this.playAt - 1 ? this.arm(localNow, s, clock, false) : [];
      }
      case 'starting': {
        // Measured once the start had time to happen and the audio to move for a while.
        if (localNow < this.armAt + 200 || media.paused || !media.ready) return [];
        const error = this.errorAt(localNow, s, media, clock);
        // A late start (error < 0) means the element takes longer than thought from play() to sound.
        this.latency = clamp(this.latency - error * 0.7, 0, 250);
        this.phase = 'locked';
        this.smoothed = error;
        return this.correct(s, error);
      }
      case 'buffering':
      case 'locked': {
        if (!media.ready) {
          this.phase = 'buffering';
          return [];
        }
        if (media.paused) return this.arm(localNow, s, clock, true);
        const raw = this.errorAt(localNow, s, media, clock);
        this.smoothed = this.smoothed === null || this.phase === 'buffering' ? raw : this.smoothed * 0.5 + raw * 0.5;
        this.phase = 'locked';
        // Three readings in a row past the threshold: one odd reading never causes a seek.
        this.overThreshold = Math.abs(this.smoothed) > SYNC.hardResyncMs ? this.overThreshold + 1 : 0;
        if (this.overThreshold >= 3) {
          this.resyncs++;
          return this.arm(localNow, s, clock, true);
        }
        return this.correct(s, this.smoothed);
      }
    }
  }

  /** The media error now (ms, positive: ahead of the room). */
  private errorAt(localNow: number, s: PlaybackSchedule, media: MediaReading, clock: ClockEstimate): number {
    const error = media.positionMs - positionAt(s, clock.toServer(localNow));
    this.lastError = error;
    return error;
  }

  private hold(s: PlaybackSchedule, media: MediaReading): SyncCommand[] {
    this.phase = 'holding';
    const commands: SyncCommand[] = [];
    if (!media.paused) commands.push({ type: 'pause' });
    const key = `${s.revision}:${readyKey(s)}`;
    if (Math.abs(media.positionMs - s.positionAtStart) > 5 && this.seekedFor !== key) {
      this.seekedFor = key;
      commands.push({ type: 'seek', positionMs: s.positionAtStart });
    }
    return commands;
  }

  /** Pause, seek to where the room will be at a start a moment ahead, and plan the play. */
  private arm(localNow: number, s: PlaybackSchedule, clock: ClockEstimate, pause: boolean): SyncCommand[] {
    const scheduled = clock.toLocal(s.startAt);
    this.armAt = Math.max(scheduled, localNow + SYNC.armLeadMs);
    this.playAt = this.armAt - this.latency;
    this.phase = 'arming';
    this.smoothed = null;
    this.overThreshold = 0;
    this.setRate(s.rate);
    const commands: SyncCommand[] = pause ? [{ type: 'pause' }] : [];
    commands.push({ type: 'seek', positionMs: positionAt(s, clock.toServer(this.armAt)) });
    commands.push({ type: 'rate', rate: this.rate });
    return commands;
  }

  /** The rate that takes `error` away, capped and stepped; a command only when it changes. */
  private correct(s: PlaybackSchedule, error: number): SyncCommand[] {
    let offset = Math.abs(error) < SYNC.deadbandMs ? 0 : -error / SYNC.correctionTimeConstantMs;
    offset = clamp(offset, -SYNC.maxRateCorrection, SYNC.maxRateCorrection);
    offset = Math.round(offset / SYNC.rateStep) * SYNC.rateStep;
    const rate = s.rate * (1 + offset);
    if (Math.abs(rate - this.rate) < 1e-9) return [];
    this.setRate(rate);
    return [{ type: 'rate', rate }];
  }

  private setRate(rate: number) {
    this.rate = rate;
    const s = this.schedule;
    if (s) this.maxCorrection = Math.max(this.maxCorrection, Math.abs(rate / s.rate - 1));
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
