/**
 * The server clock as a member estimates it (ADR 0057): NTP's four timestamps per ping
 * (t0 sent, t1 received by the server, t2 answered by the server, t3 received back).
 *
 * - **Offset: the fastest way up and the fastest way down, each on its own.** Over the last
 *   `window` pings, `t1 − t0` is the way up plus the offset and `t3 − t2` the way down minus it;
 *   the smallest of each (brought to one instant by the drift) give the offset as half their
 *   difference, assuming only that the two directions' fastest delays are equal (NTP's own
 *   assumption). Jitter and queueing only ever add delay, so one fast ping up and another fast
 *   pong down are enough: they need not be the same ping, which is what makes it converge in
 *   a second or two where the fastest round trip (NTP's clock filter, Jellyfin's "fastest of 8")
 *   needs both halves of one ping to be fast at once (ADR 0057 has the figures).
 * - **Drift: a two-state Kalman filter** over the offset (server − local, ms) and the drift (ms per
 *   ms) between the two clocks. A sample's noise is taken from how much longer its round trip was
 *   than the shortest one seen lately: a queued or retransmitted ping weighs almost nothing.
 */
import { SYNC } from './constants';

/** Samples before one far outside the expectation is taken as an outlier (trusted less). */
const OUTLIERS_AFTER = 6;

export interface ClockSample {
  /** Local time the ping left (ms, a monotonic clock). */
  t0: number;
  /** Server time it arrived (ms, the server's wall clock). */
  t1: number;
  /** Server time the pong left. */
  t2: number;
  /** Local time the pong arrived. */
  t3: number;
}

/** Converts between this member's clock and the server's. */
export interface ClockEstimate {
  /** Whether enough pings came back to trust the conversion. */
  readonly ready: boolean;
  /** Whether the estimate is good enough to be heard by (absent: as soon as it is ready). */
  readonly settled?: boolean;
  toServer(local: number): number;
  toLocal(server: number): number;
}

export interface ClockFilterOptions {
  /** Samples before the estimate may be used at all (default `SYNC.clockReadyAfter`). */
  readyAfter?: number;
  /** Samples before the estimate is good enough to be heard by (default `SYNC.clockSettledAfter`). */
  settledAfter?: number;
  /** How many recent pings the fastest ways up and down (and the shortest round trip) are taken from (default 64). */
  window?: number;
  /** The error a best-case sample still carries, ms (default 1), plus `floorPerRtt` of its round trip. */
  floorMs?: number;
  floorPerRtt?: number;
  /** Random walk of the offset, ms² per ms, and of the drift, per ms (process noise). */
  offsetWalk?: number;
  driftWalk?: number;
  /** The largest drift believed at the start (default 500 ppm). */
  initialDrift?: number;
  /** How much of its extra round trip a sample's error is taken to be, as a std dev (default 0.5: the bound). */
  excessWeight?: number;
}

export class ClockFilter implements ClockEstimate {
  private offset = 0;
  private drift = 0;
  /** Covariance of [offset, drift]. */
  private p00 = 0;
  private p01 = 0;
  private p11 = 0;
  /** Local time the state refers to. */
  private at = 0;
  private samples = 0;
  private readonly rtts: number[] = [];
  private minRtt = Number.POSITIVE_INFINITY;
  /** Recent pings' ways up (`t1 − t0` at local t0) and down (`t3 − t2` at local t3). */
  private readonly ways: { t0: number; up: number; t3: number; down: number }[] = [];
  /** The offset at local time `at` from the fastest ways up and down. */
  private oneWayOffset = 0;
  private readonly opts: Required<ClockFilterOptions>;

  constructor(opts: ClockFilterOptions = {}) {
    this.opts = {
      readyAfter: SYNC.clockReadyAfter,
      settledAfter: SYNC.clockSettledAfter,
      window: 64,
      floorMs: 1,
      floorPerRtt: 0.1,
      offsetWalk: 1e-5,
      driftWalk: 1e-16,
      initialDrift: 500e-6,
      excessWeight: 0.5,
      ...opts,
    };
  }

  get ready(): boolean {
    return this.samples >= this.opts.readyAfter;
  }

  /** Enough pings for the estimate to be heard by (a muted pre-roll waits for this). */
  get settled(): boolean {
    return this.samples >= this.opts.settledAfter;
  }

  /** Samples taken so far. */
  get count(): number {
    return this.samples;
  }

  /** The current estimate at `local`: offset (ms, server − local), drift (ppm: how fast that offset changes), its std dev (ms). */
  estimate(local = this.at): { offsetMs: number; driftPpm: number; stdDevMs: number } {
    return {
      offsetMs: this.oneWayOffset + this.drift * (local - this.at),
      driftPpm: this.drift * 1e6,
      stdDevMs: Math.sqrt(Math.max(0, this.p00)),
    };
  }

  toServer(local: number): number {
    return local + this.oneWayOffset + this.drift * (local - this.at);
  }

  toLocal(server: number): number {
    // server = local·(1 + drift) + offset − drift·at, solved for local.
    return (server - this.oneWayOffset + this.drift * this.at) / (1 + this.drift);
  }

  /** Adds one ping's four timestamps; returns false for an impossible one (ignored). */
  add(s: ClockSample): boolean {
    const rtt = s.t3 - s.t0 - (s.t2 - s.t1);
    if (!(rtt >= 0) || !Number.isFinite(rtt) || s.t2 < s.t1) return false;
    const z = (s.t1 - s.t0 + (s.t2 - s.t3)) / 2;
    const t = (s.t0 + s.t3) / 2;

    this.rtts.push(rtt);
    if (this.rtts.length > this.opts.window) this.rtts.shift();
    this.ways.push({ t0: s.t0, up: s.t1 - s.t0, t3: s.t3, down: s.t3 - s.t2 });
    if (this.ways.length > this.opts.window) this.ways.shift();
    const min = Math.min(...this.rtts);
    // A faster round trip than any before shows the earlier samples were worse than their noise
    // said: the estimate's uncertainty grows by what was overstated.
    if (this.samples > 0 && min < this.minRtt) this.p00 += ((this.minRtt - min) / 2) ** 2;
    this.minRtt = min;
    const floor = this.opts.floorMs + this.opts.floorPerRtt * min;
    const r = floor ** 2 + ((rtt - min) * this.opts.excessWeight) ** 2;

    if (this.samples === 0) {
      this.offset = z;
      this.drift = 0;
      this.p00 = r + (rtt / 2) ** 2;
      this.p01 = 0;
      this.p11 = this.opts.initialDrift ** 2;
      this.at = t;
      this.samples = 1;
      this.oneWayOffset = z;
      return true;
    }

    // Predict to the sample's time (samples may come back out of order: dt may be negative).
    const dt = t - this.at;
    const adt = Math.abs(dt);
    this.offset += this.drift * dt;
    const p00 = this.p00 + 2 * dt * this.p01 + dt * dt * this.p11 + this.opts.offsetWalk * adt;
    const p01 = this.p01 + dt * this.p11;
    const p11 = this.p11 + this.opts.driftWalk * adt;
    this.at = t;

    // Update with the measured offset.
    const innovation = z - this.offset;
    let s2 = p00 + r;
    // Far outside what the filter expects (a route change, a clock step): trust it less, not zero.
    if (this.samples >= OUTLIERS_AFTER && innovation * innovation > 25 * s2) s2 = p00 + innovation * innovation;
    const k0 = p00 / s2;
    const k1 = p01 / s2;
    this.offset += k0 * innovation;
    this.drift += k1 * innovation;
    this.p00 = (1 - k0) * p00;
    this.p01 = (1 - k0) * p01;
    this.p11 = p11 - k1 * p01;
    this.samples++;
    this.oneWayOffset = this.fastestWays();
    return true;
  }

  /** The offset at `this.at` from the fastest way up and the fastest way down, each moved there by the drift. */
  private fastestWays(): number {
    let up = Number.POSITIVE_INFINITY;
    let down = Number.POSITIVE_INFINITY;
    for (const w of this.ways) {
      // up = delay + offset(t0), down = delay − offset(t3); offset(t) = offset(at) + drift·(t − at).
      up = Math.min(up, w.up - this.drift * (w.t0 - this.at));
      down = Math.min(down, w.down + this.drift * (w.t3 - this.at));
    }
    return (up - down) / 2;
  }
}
