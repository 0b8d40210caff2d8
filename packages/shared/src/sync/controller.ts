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
   * `pause` or `seek` cancels a play still waiting for its time; a later `play` replaces it (the
   * controller times a waiting start again when the clock estimate moves).
   */
  | { type: 'play'; atLocal: number }
  /** Set the playback rate (the browser keeps the pitch: `preservesPitch`). */
  | { type: 'rate'; rate: number }
  /** Mute or unmute the media (a pre-roll plays muted until it is in step). */
  | { type: 'mute'; muted: boolean };

export type SyncPhase = 'idle' | 'holding' | 'arming' | 'starting' | 'prerolling' | 'locked' | 'buffering';

export interface ControllerStats {
  phase: SyncPhase;
  /** The last measured error (media − schedule), ms; positive: ahead. */
  errorMs: number | null;
  /** Hard resyncs (seeks while playing) so far. */
  resyncs: number;
  /** The largest rate correction ever asked, as |rate/scheduleRate − 1|. */
  maxCorrection: number;
  startLatencyMs: number;
  /** Muted starts made again during pre-rolls (further off than `preRollToleranceMs`). */
  preRollRestarts: number;
  muted: boolean;
}

/**
 * Keeps one member's media on the room's schedule (ADR 0057). Call `update` every ~100 ms (and on
 * media events) with the local time, the media reading and the clock estimate; apply the commands.
 *
 * - Not playing yet (a join, a new schedule, a resync): seek to where the room will be a moment
 *   from now while paused, then start at that moment minus the learnt start latency. This is the
 *   only way in: the first audible sample is already in place.
 * - A start waiting for its time follows the clock estimate: when the estimate moves (pongs
 *   held behind a retransmission arrive together), the play is timed again, so the start that
 *   sounds is planned on the newest estimate, not on the one at arming.
 * - Joining a timeline already under way (a late join, a resync), or any start while the clock has
 *   not settled: the start is a **muted pre-roll**. The media plays muted, the start latency is learnt from it, and the member is
 *   unmuted only once its clock has settled (`ClockEstimate.settled`) and it is within
 *   `preRollToleranceMs`; further off, it starts again, still muted. After `preRollMaxMs` it is
 *   unmuted whatever the error (then corrected by rate as ever).
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
  /** Where the armed start seeked to (to learn the start latency apart from clock revisions). */
  private armPosition = 0;
  private muted = false;
  /** When the pre-roll under way must end (local ms); null: none under way. */
  private preRollEnd: number | null = null;
  private preRollRestarts = 0;
  /** Muted starts measured in the pre-roll under way, and how many of them followed another (warm). */
  private preRollStarts = 0;
  private warmStarts = 0;

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
      preRollRestarts: this.preRollRestarts,
      muted: this.muted,
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
    const settled = clock.settled ?? clock.ready;

    switch (this.phase) {
      case 'idle':
      case 'holding':
        return this.arm(localNow, s, clock, true);
      case 'arming': {
        if (this.retime(localNow, s, clock)) return this.arm(localNow, s, clock, false);
        // Ready before the start: the play is timed now (the adapter's timer fires at `playAt`).
        if (media.ready && localNow < this.playAt - 1) {
          this.phase = 'starting';
          return [{ type: 'play', atLocal: this.playAt }];
        }
        // Not ready in time (still seeking or buffering): arm a later start.
        return localNow >= this.playAt - 1 ? this.arm(localNow, s, clock, false) : [];
      }
      case 'starting': {
        // The play still waits for its time and the clock estimate moved: timed again (a new
        // play replaces the waiting one), so the start lands where the room is by the newest estimate.
        if (media.paused && localNow < this.playAt - 2) {
          const before = this.playAt;
          if (this.retime(localNow, s, clock)) return this.arm(localNow, s, clock, true);
          return this.playAt === before ? [] : [{ type: 'play', atLocal: this.playAt }];
        }
        // Measured once the start had time to happen and the audio to move for a while.
        if (localNow < this.armAt + (this.muted ? SYNC.preRollMeasureMs : 200) || media.paused || !media.ready)
          return [];
        // A late start (behind where the armed start meant to be) means the element takes longer
        // than thought from play() to sound. Measured against the start's own plan, not the
        // clock, whose estimate may have moved since.
        const planned = this.armPosition + (localNow - this.armAt) * s.rate;
        if (this.muted && this.preRollStarts++ > 0) this.warmStarts++;
        this.latency = clamp(this.latency - (media.positionMs - planned) * 0.7, 0, 250);
        const error = this.errorAt(localNow, s, media, clock);
        this.smoothed = error;
        if (this.muted) return this.preRoll(localNow, s, error, settled, clock);
        this.phase = 'locked';
        return this.correct(s, error);
      }
      case 'prerolling': {
        if (!media.ready) return [];
        if (media.paused) return this.arm(localNow, s, clock, true);
        const error = this.errorAt(localNow, s, media, clock);
        return this.preRoll(localNow, s, error, settled, clock);
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

  /**
   * Moves the armed start to where the clock estimate now puts the room at the armed position
   * (the estimate moves as pongs come in, often several at once after a retransmission). Answers
   * true when that start is too close now to be timed (then arm again).
   */
  private retime(localNow: number, s: PlaybackSchedule, clock: ClockEstimate): boolean {
    const armAt = clock.toLocal(s.startAt + (this.armPosition - s.positionAtStart) / s.rate);
    if (Math.abs(armAt - this.armAt) < 1) return false;
    this.armAt = armAt;
    this.playAt = armAt - this.latency;
    return this.playAt < localNow + 2;
  }

  /** The media error now (ms, positive: ahead of the room). */
  private errorAt(localNow: number, s: PlaybackSchedule, media: MediaReading, clock: ClockEstimate): number {
    const error = media.positionMs - positionAt(s, clock.toServer(localNow));
    this.lastError = error;
    return error;
  }

  /**
   * A muted pre-roll's step: heard once the clock has settled and the media is within the
   * tolerance (or the pre-roll's time is up); further off, a new muted start; else on, muted.
   */
  private preRoll(
    localNow: number,
    s: PlaybackSchedule,
    error: number,
    settled: boolean,
    clock: ClockEstimate,
  ): SyncCommand[] {
    const within = Math.abs(error) <= SYNC.preRollToleranceMs;
    const over = this.preRollEnd !== null && localNow >= this.preRollEnd;
    if (within && (settled || over)) {
      this.phase = 'locked';
      this.smoothed = error;
      return [...this.unmute(), ...this.correct(s, error)];
    }
    if (!within) {
      // Started again. Heard only once the clock has settled and the latency was learnt from a
      // start again (a warm one): a browser's first play() is slower to sound than the next (its
      // audio output starts cold), and a heard start on the first start's latency measured 37 ms
      // off in Chromium.
      this.preRollRestarts++;
      return this.arm(localNow, s, clock, true, settled && this.warmStarts > 0);
    }
    this.phase = 'prerolling';
    return this.correct(s, error);
  }

  private unmute(): SyncCommand[] {
    this.preRollEnd = null;
    if (!this.muted) return [];
    this.muted = false;
    return [{ type: 'mute', muted: false }];
  }

  private hold(s: PlaybackSchedule, media: MediaReading): SyncCommand[] {
    this.phase = 'holding';
    // Paused, nothing to hide: the next start (a shared one) is heard.
    const commands: SyncCommand[] = this.unmute();
    if (!media.paused) commands.push({ type: 'pause' });
    const key = `${s.revision}:${readyKey(s)}`;
    if (Math.abs(media.positionMs - s.positionAtStart) > 5 && this.seekedFor !== key) {
      this.seekedFor = key;
      commands.push({ type: 'seek', positionMs: s.positionAtStart });
    }
    return commands;
  }

  /**
   * Pause, seek to where the room will be at a start a moment ahead, and plan the play. A start
   * into a timeline already under way is a muted pre-roll (a shared start ahead is heard at once).
   */
  private arm(
    localNow: number,
    s: PlaybackSchedule,
    clock: ClockEstimate,
    pause: boolean,
    heard = false,
  ): SyncCommand[] {
    const scheduled = clock.toLocal(s.startAt);
    const lead = this.muted ? SYNC.preRollArmLeadMs : SYNC.armLeadMs;
    this.armAt = Math.max(scheduled, localNow + lead);
    this.playAt = this.armAt - this.latency;
    this.phase = 'arming';
    this.smoothed = null;
    this.overThreshold = 0;
    this.setRate(s.rate);
    const commands: SyncCommand[] = pause ? [{ type: 'pause' }] : [];
    // Muted too while the clock has not settled: a start on a rough estimate is never heard.
    const preRoll = (scheduled < localNow + lead || !(clock.settled ?? clock.ready)) && !heard;
    if (preRoll && this.preRollEnd === null) {
      this.preRollEnd = localNow + SYNC.preRollMaxMs;
      this.preRollStarts = 0;
      this.warmStarts = 0;
    }
    if (preRoll && !this.muted) {
      this.muted = true;
      commands.push({ type: 'mute', muted: true });
    } else if (!preRoll) commands.push(...this.unmute());
    this.armPosition = positionAt(s, clock.toServer(this.armAt));
    commands.push({ type: 'seek', positionMs: this.armPosition });
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
