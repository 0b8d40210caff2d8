/** Waveform peaks for the player: the loudest sample of each slice of the track, 0..1. */

export const PEAK_COUNT = 800;
/** Samples folded into one running maximum while the PCM streams in (32 ms at 8 kHz). */
const BLOCK = 256;

/**
 * Folds 16-bit little-endian mono PCM as it streams, keeping one maximum per block, so memory
 * stays small for hours of audio (about 110k numbers per hour).
 */
export class PeakCollector {
  private readonly blocks: number[] = [];
  private current = 0;
  private inBlock = 0;
  private carry: Buffer | null = null;
  samples = 0;

  push(chunk: Buffer): void {
    let buf = chunk;
    if (this.carry) {
      buf = Buffer.concat([this.carry, chunk]);
      this.carry = null;
    }
    const whole = buf.length - (buf.length % 2);
    for (let i = 0; i < whole; i += 2) {
      const v = Math.abs(buf.readInt16LE(i));
      if (v > this.current) this.current = v;
      if (++this.inBlock === BLOCK) {
        this.blocks.push(this.current);
        this.current = 0;
        this.inBlock = 0;
      }
    }
    if (whole < buf.length) this.carry = buf.subarray(whole);
    this.samples += whole / 2;
  }

  /** `count` peaks scaled so the loudest is 1 (a quiet track still draws a readable shape). */
  finish(count = PEAK_COUNT): number[] {
    const blocks = this.inBlock > 0 ? [...this.blocks, this.current] : this.blocks;
    return reducePeaks(blocks, count);
  }
}

/** Reduces maxima to `count` buckets (max per bucket), normalised to 0..1 with 3 decimals. */
export function reducePeaks(values: number[], count = PEAK_COUNT): number[] {
  if (values.length === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * values.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / count));
    let m = 0;
    for (let j = from; j < to && j < values.length; j++) if (values[j] > m) m = values[j];
    out.push(m);
  }
  const top = Math.max(...out);
  return out.map((v) => (top > 0 ? Math.round((v / top) * 1000) / 1000 : 0));
}
