import { BILLING_MESSAGES, type Role, type TLiveIngestMessage } from '@wavecast/shared';
import { AppError } from '../../lib/errors';
import type { EntitlementsService } from '../billing/entitlements';
import type { LiveRuntime } from './runtime';

type Owner = { id: string; role: Role };
type Tell = (msg: TLiveIngestMessage) => void;

/** A broadcast of this process whose owner's live time may run out. */
interface Watch {
  owner: Owner;
  tell: Tell | null;
  warned: boolean;
  /** When the allowance runs out (ms since the epoch); null: unlimited or not on air yet. */
  endsAt: number | null;
  warnTimer?: NodeJS.Timeout;
  endTimer?: NodeJS.Timeout;
}

/**
 * The monthly live allowance of the broadcasts this process holds. Billing's entitlements decide
 * how much is left; here the publisher is warned before it runs out and the stream is ended (as End
 * Stream does) when it has. Timers are rescheduled at each heartbeat from the database's on-air
 * time, so a plan change or a lost timer costs at most one heartbeat.
 */
export class LiveAllowance {
  private readonly watches = new Map<string, Watch>();
  /** Streams being ended by the allowance (read while their publisher is told). */
  private readonly cutting = new Set<string>();

  constructor(
    private readonly rt: LiveRuntime,
    private readonly entitlements: EntitlementsService,
    /** Seconds before the end that the publisher is warned (clamped to the monthly allowance). */
    private readonly warningSeconds: number,
    private readonly endStream: (id: string) => Promise<void>,
  ) {}

  /** This month's live seconds left; null: unlimited. */
  async secondsLeft(owner: Owner): Promise<number | null> {
    return (await this.entitlements.of(owner)).entitlements.liveSecondsLeft;
  }

  /** Refuses a new broadcast once the month's allowance is used up. */
  async assertMayStart(owner: Owner): Promise<void> {
    if ((await this.secondsLeft(owner)) === 0) throw new AppError('FORBIDDEN', BILLING_MESSAGES.liveAllowanceUsed);
  }

  /** A publisher connected to the stream: warnings go to it (one already given is repeated). */
  attach(id: string, owner: Owner, tell: Tell): void {
    let w = this.watches.get(id);
    if (!w) {
      w = { owner, tell: null, warned: false, endsAt: null };
      this.watches.set(id, w);
    }
    w.tell = tell;
    if (w.warned && w.endsAt !== null) this.warn(id, w);
  }

  /** The publisher's connection is gone (the stream may wait for it to come back). */
  detach(id: string, tell: Tell): void {
    const w = this.watches.get(id);
    if (w?.tell === tell) w.tell = null;
  }

  /** Audio arrived: the stream is on air here, its allowance is counted from now. */
  onAir(id: string): void {
    void this.check(id);
  }

  /** Whether the stream is being ended because its allowance ran out. */
  isCutting(id: string): boolean {
    return this.cutting.has(id);
  }

  /** The stream ended (in any way): its timers go. */
  forget(id: string): void {
    const w = this.watches.get(id);
    if (!w) return;
    this.clearTimers(w);
    this.watches.delete(id);
  }

  /** Heartbeat: reschedules every on-air broadcast from what billing says is left now. */
  async recheck(): Promise<void> {
    for (const id of [...this.watches.keys()]) await this.check(id);
  }

  stop(): void {
    for (const id of [...this.watches.keys()]) this.forget(id);
  }

  private async check(id: string): Promise<void> {
    const w = this.watches.get(id);
    const session = this.rt.hub.get(id);
    if (!w || !session || session.isEnded) return this.forget(id);
    if (!session.isLive) return;
    let left: number | null;
    let cap: number | null;
    const askedAt = Date.now(); // billing answers as of now: a slow answer does not move the end
    try {
      const { entitlements } = await this.entitlements.of(w.owner);
      left = entitlements.liveSecondsLeft;
      cap = entitlements.liveSecondsPerMonth;
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: checking the live allowance failed', e);
      return;
    }
    if (this.watches.get(id) !== w || this.rt.closed) return; // ended meanwhile
    if (left === null || cap === null) {
      this.clearTimers(w);
      w.endsAt = null;
      return;
    }
    const endsAt = askedAt + left * 1000;
    // Billing counts whole seconds: the same answer a moment later keeps the first, finer schedule.
    if (w.endsAt !== null && Math.abs(endsAt - w.endsAt) < 1000) return;
    this.clearTimers(w);
    w.endsAt = endsAt;
    w.endTimer = setTimeout(() => void this.cut(id), Math.max(0, endsAt - Date.now()));
    w.endTimer.unref();
    if (!w.warned && left > 0) {
      const warnIn = Math.max(0, endsAt - Math.min(this.warningSeconds, cap) * 1000 - Date.now());
      w.warnTimer = setTimeout(() => {
        w.warned = true;
        this.warn(id, w);
      }, warnIn);
      w.warnTimer.unref();
    }
  }

  private clearTimers(w: Watch): void {
    clearTimeout(w.warnTimer);
    clearTimeout(w.endTimer);
  }

  private warn(id: string, w: Watch): void {
    if (w.endsAt === null) return;
    const secondsLeft = Math.max(0, Math.round((w.endsAt - Date.now()) / 1000));
    w.tell?.({ type: 'allowance', streamId: id, secondsLeft });
  }

  private async cut(id: string): Promise<void> {
    if (this.rt.closed) return;
    this.cutting.add(id);
    try {
      await this.endStream(id);
    } catch (e) {
      if (!this.rt.closed) this.rt.log('live: ending a stream at its live allowance failed', e);
    } finally {
      this.cutting.delete(id);
      this.forget(id);
    }
  }
}
