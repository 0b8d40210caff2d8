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
  /**
   * A muted pre-roll (a late join, a resync): the member starts muted, learns its start latency,
   * waits for a settled clock, starts again muted when it is further off than this, and is heard
   * only once within it (or after `preRollMaxMs`, then corrected by rate as ever).
   */
  preRollToleranceMs: 15,
  /** How far ahead a pre-roll's muted start again is armed (the item is loaded by then). */
  preRollArmLeadMs: 250,
  /** How long a muted start plays before it is measured. */
  preRollMeasureMs: 150,
  preRollMaxMs: 2_500,
  /** A first guess of the time from play() to audio moving, refined by each start. */
  startLatencyGuessMs: 20,
  /**
   * Clock pings: a burst on connecting, then one every interval. 80 ms apart, not closer: on a
   * jittery link closer pings queue behind each other (TCP keeps order), and a queued ping's way
   * up or down is never a fast one (ADR 0057).
   */
  pingBurst: 25,
  pingBurstIntervalMs: 80,
  pingIntervalMs: 500,
  /**
   * Clock requests over the page's HTTP as the room page opens, one after another (ADR 0057,
   * 2026-11-28): another TCP connection than the socket's, so a loss that holds the socket's pongs
   * in the first second does not hold these, and a joiner let in on arrival settles on them too.
   */
  httpClockPings: 4,
  /**
   * Pongs before the clock estimate is used (a muted pre-roll may start: it learns the start
   * latency, whatever the estimate), and before anything is heard by it (settled).
   */
  clockReadyAfter: 4,
  clockSettledAfter: 14,
  /** A ping without its pong after this long is forgotten. */
  pingTimeoutMs: 5_000,
} as const;
