import { playCountThreshold } from '@wavecast/shared';

/** Whether a report of this much listening earns a play (the window is checked against stored events). */
export function reachesThreshold(secondsListened: number, durationSeconds: number): boolean {
  return secondsListened >= playCountThreshold(durationSeconds);
}
