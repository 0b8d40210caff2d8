import { LEVEL_METER } from '@wavecast/shared';

/** The spec's level meter colours: error above 80 %, warning above 50 %, otherwise success. */
export function levelColor(level: number): 'bg-error' | 'bg-warning' | 'bg-success' {
  if (level > LEVEL_METER.error) return 'bg-error';
  if (level > LEVEL_METER.warning) return 'bg-warning';
  return 'bg-success';
}

/** The meter spans -48 dBFS (empty) to 0 dBFS (full): speech sits mid-meter, clipping is red. */
export const LEVEL_RANGE_DB = 48;

/** 0–100 from the RMS of a block of samples. */
export function levelFromRms(rms: number): number {
  const db = 20 * Math.log10(rms || 1e-8);
  return Math.max(0, Math.min(100, Math.round(((db + LEVEL_RANGE_DB) / LEVEL_RANGE_DB) * 100)));
}
