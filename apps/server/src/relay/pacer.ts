import type { DemuxSink } from './webm-demuxer';

/**
 * Pacing thresholds (ADR 0042). An encoder sends its audio in pages (ffmpeg's Ogg muxer: one a
 * second by default), so a second of audio arrives at once and then nothing for a second. The
 * pacer re-emits each block when its audio time comes, anchored on the latest arrival, so
 * listeners get a steady flow whatever the encoder's page size.
 */
export const PACING = {
  /** A block is never held longer than this (a burst of more than real time is let through sooner). */
  maxHoldMs: 1000,
  /**
   * Blocks due within this of the first one waiting go out together, up to this much ahead of
   * their time (one timer, one write per listener): one listener batch (LISTENER_BATCH, ADR 0062)
   * per release, instead of one write per 20 ms block (5x the fan-out CPU).
   */
  quantumMs: 200,
  /** Every window, a lead that was never needed (all blocks arrived early) is taken back, but for a quantum. */
  decayWindowMs: 2000,
} as const;

interface Item {
  due: number;
  run: () => void;
}

/**
 * One broadcast's pacing queue. Each publisher connection gets a pacing DemuxSink in front of its
 * timeline sink; items of all connections share one queue, so a reconnect's blocks never overtake
 * the previous connection's tail. `release` runs after items ran (the session fans out).
 */
export class Pacer {
  private queue: Item[] = [];
  private timer?: NodeJS.Timeout;
  private lastDue = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly release: () => void,
    private readonly now: () => number = () => performance.now(),
    private readonly onError: (e: unknown) => void = () => {},
    /** The longest hold (default PACING.maxHoldMs; 0 turns pacing off: a test that floods on purpose). */
    private readonly maxHoldMs: number = PACING.maxHoldMs,
  ) {}

  /** Items waiting for their time (tests). */
  get pending(): number {
    return this.queue.length;
  }

  /** A pacing sink in front of `inner`; `blocks` counts blocks received (not yet released). */
  connection(inner: DemuxSink): DemuxSink & { blocks: number } {
    const pacer = this;
    let msPerUnit = 1;
    let clusterTc = 0;
    /** wall time (ms) = media time (ms) + offset. */
    let offset: number | null = null;
    let windowStart = this.now();
    let minSlack = Number.POSITIVE_INFINITY;
    return {
      blocks: 0,
      header(h) {
        msPerUnit = h.timecodeScale / 1e6;
        inner.header(h);
      },
      cluster(tc) {
        clusterTc = tc;
        // A cluster start goes out with the block after it (it is queued behind the earlier ones).
        pacer.enqueue(pacer.lastDue, () => inner.cluster(tc));
      },
      block(bytes, relative) {
        this.blocks++;
        const now = pacer.now();
        const media = (clusterTc + relative) * msPerUnit;
        // Late (or first): this block sets the pace. Early by more than the hold: let it through sooner.
        if (offset === null || media + offset < now) offset = now - media;
        if (media + offset - now > pacer.maxHoldMs) offset = now + pacer.maxHoldMs - media;
        const due = media + offset;
        minSlack = Math.min(minSlack, due - now);
        if (now - windowStart >= PACING.decayWindowMs) {
          // The source has been sending ahead of the pace all window: take the lead back but for a
          // quantum (ADR 0061; halving it kept a one-off delay, the transcoder's start or a stall,
          // in every later block for many windows, on top of the player's own buffer).
          if (Number.isFinite(minSlack) && minSlack > PACING.quantumMs) offset -= minSlack - PACING.quantumMs;
          windowStart = now;
          minSlack = Number.POSITIVE_INFINITY;
        }
        pacer.enqueue(due, () => inner.block(bytes, relative));
      },
    };
  }

  /** Runs everything still waiting, now (the broadcast ends: nothing received is lost). */
  drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.runUpTo(Number.POSITIVE_INFINITY);
  }

  /** Drops everything waiting (the session is gone). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  private enqueue(due: number, run: () => void): void {
    // Never out of order: a block due earlier than one already queued waits for it.
    const at = Math.max(due, this.lastDue);
    this.lastDue = at;
    if (this.queue.length === 0 && at < this.now() + PACING.quantumMs) {
      // In time: runs within the publisher's push, whose errors cut the publisher as before.
      run();
      return;
    }
    this.queue.push({ due: at, run });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    const first = this.queue[0].due;
    const wait = Math.max(0, first - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // The quantum from the first (its end is the next timer's first), and whatever a late timer owes.
      this.runUpTo(Math.max(first + PACING.quantumMs - 1, this.now()));
      this.release();
      this.schedule();
    }, wait);
    this.timer.unref?.();
  }

  private runUpTo(limit: number): void {
    let n = 0;
    while (n < this.queue.length && this.queue[n].due <= limit) n++;
    const ready = this.queue.splice(0, n);
    for (const item of ready) this.runSafely(item.run);
  }

  private runSafely(run: () => void): void {
    try {
      run();
    } catch (e) {
      this.onError(e);
    }
  }
}
