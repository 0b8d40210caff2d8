// The performance budgets of shared/DESIGN.md §9, in one place: every benchmark compares its
// figures with these and prints them beside its result, so a bench can never quietly grade itself
// against a lower bar than the design's. When §9 is raised, change the figure here and nowhere
// else (no bench holds a budget figure of its own).

export const BUDGETS = {
  /** Audio 64 KiB ranges and whole files, against nginx serving the same file (req/s, MB/s). */
  delivery: {
    /** Our server alone (Node-only), 64 KiB ranges: ours / nginx req/s. */
    rangesNodeOnly: 0.8,
    /** DELIVERY_ACCEL=nginx-signed, 64 KiB ranges: behind nginx with signed links / raw nginx. */
    rangesSignedLinks: 0.95,
    /** Whole files: ours / nginx MB/s. */
    wholeFiles: 1.0,
  },
  /**
   * Live fan-out CPU per listener at 2,000 listeners: ours / icecast2 (at most); and `served`
   * listeners on one process, each getting at least `servedShare` of the stream (issue 34).
   */
  liveFanout: { ratio: 0.6, listeners: 2_000, served: 10_000, servedShare: 0.95 },
  /** Glass-to-glass from a browser publisher (seconds, at most). */
  liveBrowserLatency: { mse: { p50: 0.5 }, hls: { p50: 2.5, p95: 3.5 } },
  /** Glass-to-glass from an encoder (seconds, at most), and the share of the audio heard (at least). */
  liveEncoderLatency: { mse: { p50: 0.8, p95: 1.2 }, hls: { p50: 2.5, p95: 3.5 }, heardShare: 0.95 },
  /** Search p95 over 1M tracks on PostgreSQL (ms) and against raw SQL of the same query (ratio). */
  search: { p95Ms: 12, vsRaw: 1.3 },
  /** Home/Explore API p99 at 50 connections, 100k tracks (ms). */
  api: { anonymousP99Ms: 10, signedInP99Ms: 20 },
  /** Lighthouse mobile on Home, Explore, an audio page, a profile. */
  lighthouse: { performance: 95, accessibility: 100, tbtMs: 200 },
  /** Upload processing of a 60-minute MP3 against ffmpeg alone doing the same work (at most). */
  processing: { vsFfmpeg: 1.1 },
  /** Ad decision p99, 200 concurrent listeners, 10k active campaigns (ms). */
  adDecision: { p99Ms: 5 },
  /**
   * Radio channel (§9): CPU per channel against Liquidsoap rendering a comparable playlist (at
   * most), and no silence longer than `maxSilenceMs` at the switches between tracks. `coreShare`
   * is issue 38's, not §9's: one process's channels stay under this share of a core (how many is
   * the figure).
   */
  radioAutoDj: { vsLiquidsoap: 1.0, maxSilenceMs: 100, coreShare: 0.7 },
  /** Analytics page p95 at 10M listen events (ms). */
  analytics: { p95Ms: 50 },
  /** Issue 37: a month's revenue-share close, 1M subscribers and 20M plays on PostgreSQL (at most). */
  earningsClose: { seconds: 90, peakRssMb: 2048, subscribers: 1_000_000, plays: 20_000_000 },
} as const;

/** "met" / "NOT met", the word every bench prints beside a budget. */
export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
