/**
 * A ceiling scaled by the machine factor playwright.config.ts measured when the run started
 * (scripts/machine-factor.ts, ADR 0036/0060): a busy machine waits longer instead of failing a green
 * product. A ceiling, never a delay: tests wait for conditions.
 */
export function scaled(ms: number): number {
  return Math.round(ms * (Number(process.env.TEST_TIME_FACTOR) || 1));
}

/**
 * How long a test waits for an ended broadcast's recording to be saved (remuxed by the job worker):
 * a ceiling, not a delay. On an idle machine it takes a few seconds; in a full e2e run on a busy
 * 2-core machine the worker may still be busy with earlier tests' jobs.
 */
export const RECORDING_READY_MS = scaled(90_000);
