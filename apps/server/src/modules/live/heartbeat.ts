import type { LiveAllowance } from './allowance';
import * as repo from './repo';
import type { LiveRuntime } from './runtime';
import type { LiveStreams } from './streams';

/** A stream created but never on air is given up after this long without a publisher. */
const PENDING_TIMEOUT_MS = 60_000;

/**
 * Timers: this process refreshes the heartbeat of the streams it holds, ends the ones ended
 * elsewhere, re-checks their live allowance (a plan change, or time counted elsewhere), and ends streams no process looks after any more (on air without a heartbeat past the
 * grace period, or never on air).
 */
export class LiveHeartbeat {
  private timer?: NodeJS.Timeout;
  private firstSweep?: NodeJS.Timeout;

  constructor(
    private readonly rt: LiveRuntime,
    private readonly streams: LiveStreams,
    private readonly allowance: LiveAllowance,
    private readonly periodMs: number,
  ) {}

  private get db() {
    return this.rt.ctx.database.db;
  }

  /** Starts the timers; resolves once the first sweep of streams left by an earlier run is done. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.tick(), this.periodMs);
    this.timer.unref();
    const swept = this.sweep(this.staleBefore());
    // After one heartbeat period, streams nobody refreshed since our start have no publisher anywhere.
    this.firstSweep = setTimeout(() => void this.sweep(this.rt.bootTime), this.periodMs + 1000);
    this.firstSweep.unref();
    return swept;
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.firstSweep);
  }

  private staleBefore(): Date {
    return new Date(Date.now() - this.rt.graceMs - this.periodMs);
  }

  private async tick(): Promise<void> {
    if (this.rt.closed) return;
    try {
      const gone = await repo.heartbeat(this.db, this.rt.hub.activeIds());
      await repo.sampleListeners(this.db, this.rt.hub.activeIds(), this.rt.ctx.clock.now());
      for (const id of gone) await this.streams.afterEnd({ id, userId: '', wasActive: false }, { announce: false });
      // The suspension's event ends broadcasts at once; this catches one that attached meanwhile.
      for (const owner of await repo.suspendedOwnersOf(this.db, this.rt.hub.activeIds())) {
        await this.streams.endForAccount(owner, 'suspended');
      }
      await this.allowance.recheck();
      await this.sweep(this.staleBefore());
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: heartbeat failed', e);
    }
  }

  private async sweep(staleBefore: Date): Promise<void> {
    if (this.rt.closed) return;
    try {
      const ended = await repo.endAbandoned(
        this.db,
        staleBefore,
        new Date(Date.now() - PENDING_TIMEOUT_MS),
        this.rt.hub.activeIds(),
      );
      for (const e of ended) await this.streams.afterEnd(e);
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: sweeping abandoned streams failed', e);
    }
  }
}
