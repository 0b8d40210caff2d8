/** Accepts the peaks document in the shapes a server may give (array, or under `peaks`/`data`), normalised to 0–1. */
export function normalizePeaks(doc: unknown): number[] {
  const raw = Array.isArray(doc)
    ? doc
    : doc && typeof doc === 'object'
      ? ((doc as { peaks?: unknown }).peaks ?? (doc as { data?: unknown }).data)
      : null;
  if (!Array.isArray(raw)) return [];
  const values = raw.map((v) => (typeof v === 'number' && Number.isFinite(v) ? Math.abs(v) : 0));
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max > 0 ? values.map((v) => v / max) : values;
}

/** Resamples peaks to `bars` columns, keeping each column's loudest value. */
export function resamplePeaks(peaks: number[], bars: number): number[] {
  if (bars <= 0) return [];
  if (peaks.length === 0) return new Array(bars).fill(0);
  const out = new Array<number>(bars);
  for (let i = 0; i < bars; i++) {
    const start = Math.floor((i * peaks.length) / bars);
    const end = Math.max(start + 1, Math.floor(((i + 1) * peaks.length) / bars));
    let m = 0;
    for (let j = start; j < end && j < peaks.length; j++) m = Math.max(m, peaks[j] as number);
    out[i] = m;
  }
  return out;
}
