/**
 * A ceiling for a test that runs real processes, scaled by the machine factor measured when the
 * run started (scripts/machine-factor.ts): generous on a busy machine, never a reason to wait.
 */
export function scaled(ms: number): number {
  return Math.round(ms * (Number(process.env.TEST_TIME_FACTOR) || 1));
}
