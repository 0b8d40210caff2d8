import { LISTEN_BUCKET_SECONDS, RETENTION_STEP_SECONDS } from '@wavecast/shared';

export interface RetentionPoint {
  t: number;
  share: number;
}

/** Adds per-bucket counts of several days. */
export function sumHeard(rows: number[][]): number[] {
  const out: number[] = [];
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) out[i] = (out[i] ?? 0) + (row[i] ?? 0);
  }
  return Array.from(out, (c) => c ?? 0);
}

/**
 * Share of plays that heard each moment, every 10 s from 0 to before the end (`heard[i]` = plays
 * that heard 5-second bucket i). Without plays the curve is empty.
 */
export function retentionCurve(heard: number[], plays: number, duration: number): RetentionPoint[] {
  if (plays <= 0 || duration <= 0) return [];
  const points: RetentionPoint[] = [];
  for (let t = 0; t < duration; t += RETENTION_STEP_SECONDS) {
    const c = heard[Math.floor(t / LISTEN_BUCKET_SECONDS)] ?? 0;
    points.push({ t, share: Math.min(1, c / plays) });
  }
  return points;
}

/** The first moment at which half the plays or more had stopped (the duration when none did). */
export function medianPlayTime(curve: RetentionPoint[], duration: number): number | null {
  if (curve.length === 0) return null;
  return curve.find((p) => p.share <= 0.5)?.t ?? Math.round(duration);
}

/** The largest falls between consecutive points (at least 5 points of share), largest first. */
export function biggestDrops(
  curve: RetentionPoint[],
  chapters: { title: string; startTime: number }[],
  limit = 3,
): { t: number; drop: number; chapter: string | null }[] {
  const sorted = [...chapters].sort((a, b) => a.startTime - b.startTime);
  const chapterAt = (t: number) => sorted.filter((c) => c.startTime <= t).at(-1)?.title ?? null;
  const drops: { t: number; drop: number; chapter: string | null }[] = [];
  for (let i = 1; i < curve.length; i++) {
    const prev = curve[i - 1] as RetentionPoint;
    const here = curve[i] as RetentionPoint;
    const drop = Math.round((prev.share - here.share) * 1000) / 1000;
    if (drop >= 0.05) drops.push({ t: here.t, drop, chapter: chapterAt(here.t) });
  }
  return drops.sort((a, b) => b.drop - a.drop || a.t - b.t).slice(0, limit);
}
