/**
 * The server clock as a member estimates it (ADR 0057): NTP's four timestamps per ping
 * (t0 sent, t1 received by the server, t2 answered by the server, t3 received back), filtered by a
 * two-state Kalman filter over the offset (server − local, ms) and the drift (ms per ms) between
 * the two clocks. A sample's noise is taken from how much longer its round trip was than the
 * shortest one seen lately: a queued or retransmitted ping carries up to its extra delay of error
 * and weighs almost nothing, the fastest ones steer the estimate (what NTP's clock filter and
 * Jellyfin's "fastest of 8" do, without throwing the others away).
 */
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
  toServer(local: number): number;
  toLocal(server: number): number;
}

export interface ClockFilterOptions {
  /** Samples before the estimate counts as ready (default 16: most of the first burst). */
  readyAfter?: number;
  /** How many recent round trips the shortest one is taken from (default 32). */
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
  private readonly opts: Required<ClockFilterOptions>;

  constructor(opts: ClockFilterOptions = {}) {
    this.opts = {
      readyAfter: 16,
      window: 32,
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

  /** Samples taken so far. */
  get count(): number {
    return this.samples;
  }

  /** The current estimate at `local`: offset (ms, server − local), drift (ppm: how fast that offset changes), its std dev (ms). */
  estimate(local = this.at): { offsetMs: number; driftPpm: number; stdDevMs: number } {
    return {
      offsetMs: this.offset + this.drift * (local - this.at),
      driftPpm: this.drift * 1e6,
      stdDevMs: Math.sqrt(Math.max(0, this.p00)),
    };
  }

  toServer(local: number): number {
    return local + this.offset + this.drift * (local - this.at);
  }

  toLocal(server: number): number {
    // server = local·(1 + drift) + offset − drift·at, solved for local.
    return (server - this.offset + this.drift * this.at) / (1 + this.drift);
  }

  /** Adds one ping's four timestamps; returns false for an impossible one (ignored). */
  add(s: ClockSample): boolean {
    const rtt = s.t3 - s.t0 - (s.t2 - s.t1);
    if (!(rtt >= 0) || !Number.isFinite(rtt) || s.t2 < s.t1) return false;
    const z = (s.t1 - s.t0 + (s.t2 - s.t3)) / 2;
    const t = (s.t0 + s.t3) / 2;

    this.rtts.push(rtt);
    if (this.rtts.length > this.opts.window) this.rtts.shift();
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
    if (this.samples >= this.opts.readyAfter && innovation * innovation > 25 * s2) s2 = p00 + innovation * innovation;
    const k0 = p00 / s2;
    const k1 = p01 / s2;
    this.offset += k0 * innovation;
    this.drift += k1 * innovation;
    this.p00 = (1 - k0) * p00;
    this.p01 = (1 - k0) * p01;
    this.p11 = p11 - k1 * p01;
    this.samples++;
    return true;
  }
}
