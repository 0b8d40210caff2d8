/**
 * How long a test waits for an ended broadcast's recording to be saved (remuxed by the job worker):
 * a ceiling, not a delay. On an idle machine it takes a few seconds; in a full e2e run on a busy
 * 2-core machine the worker may still be busy with earlier tests' jobs.
 */
export const RECORDING_READY_MS = 90_000;
