/**
 * The listening rooms' sync figures (issue 39, ADR 0057), in one place: the browser, the server and
 * the simulation read these.
 */
export const SYNC = {
  /** The largest playback-rate correction, either way (±0.5 %): inaudible with pitch preserved. */
  maxRateCorrection: 0.005,
  /** Only an error above this is corrected by a seek (a hard resync); below it, by rate alone. */
  hardResyncMs: 200,
  /** How far an error is corrected per second of error: rate offset = error / this (then capped). */
  correctionTimeConstantMs: 1_500,
  /** Below this error the rate stays at 1 (no wobble around a few milliseconds). */
  deadbandMs: 2,
  /** Rates are applied in steps of this size, so the element is not told a new rate every tick. */
  rateStep: 0.0005,
  /** A member stalled (not ready) longer than this is dropped from the group wait. */
  stallDropMs: 5_000,
  /** How far ahead the server sets a shared start, so the schedule reaches members before it. */
  startLeadMs: 600,
  /** How far ahead a member arms a start of its own (a late join, a resync): seek, then play. */
  armLeadMs: 350,
  /** A first guess of the time from play() to audio moving, refined by each start. */
  startLatencyGuessMs: 20,
  /** Clock pings: a quick burst on connecting, then one every interval. */
  pingBurst: 20,
  pingBurstIntervalMs: 50,
  pingIntervalMs: 500,
  /** A ping without its pong after this long is forgotten. */
  pingTimeoutMs: 5_000,
} as const;
