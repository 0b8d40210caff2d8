/**
 * Unique listeners over any range from per-track-day sketches (`track_daily_stats.listener_hashes`,
 * built by repo.rollupDay; ADR 0026). A listener is a 32-bit hash of its key (first 8 hex digits of
 * md5). A sketch is a tag byte and then either
 * - 0: the day's distinct hashes, 4 bytes each (up to SKETCH_MAX_LIST of them): exact, or
 * - 1: a HyperLogLog of 2^HLL_P one-byte registers (more listeners than that on the day).
 * A union of exact lists stays exact (up to 32-bit hash collisions: about n²/2³³ listeners lost
 * among n, 2 in 130,000); once any part is a HyperLogLog the count is an estimate (±0.81 %, 1 σ).
 */
export const HLL_P = 14;
const M = 1 << HLL_P;
const REST = 32 - HLL_P;
/** A day's list switches to registers beyond this many listeners (where the list outgrows them). */
export const SKETCH_MAX_LIST = M / 4;

/** The big-endian uint32 at `o` (as int4send writes it; faster than a DataView per value). */
const u32 = (s: Uint8Array, o: number) => ((s[o] << 24) | (s[o + 1] << 16) | (s[o + 2] << 8) | s[o + 3]) >>> 0;

/** Distinct listeners in the union of these sketches. */
export function uniqueListeners(sketches: Uint8Array[]): number {
  let total = 0;
  let dense = false;
  for (const s of sketches) {
    if (s[0] === 1) dense = true;
    else total += (s.length - 1) >> 2;
  }
  return dense ? estimate(sketches) : exactUnion(sketches, total);
}

/** Open-addressing set of the hashes (already uniform: the low bits index it). */
function exactUnion(sketches: Uint8Array[], total: number): number {
  if (total === 0) return 0;
  let size = 16;
  while (size < total * 2) size <<= 1;
  const mask = size - 1;
  const table = new Uint32Array(size);
  let zero = 0;
  let n = 0;
  for (const s of sketches) {
    for (let o = 1; o + 4 <= s.length; o += 4) {
      const h = u32(s, o);
      if (h === 0) {
        zero = 1;
        continue;
      }
      let i = h & mask;
      while (table[i] !== 0 && table[i] !== h) i = (i + 1) & mask;
      if (table[i] === 0) {
        table[i] = h;
        n++;
      }
    }
  }
  return n + zero;
}

/** Register index and rank (leading zeros + 1 of the remaining bits) of a hash, as the rollup's SQL. */
export const hllCell = (h: number): [number, number] => {
  const w = h & ((1 << REST) - 1);
  return [h >>> REST, REST + 1 - (32 - Math.clz32(w))];
};

function estimate(sketches: Uint8Array[]): number {
  const reg = new Uint8Array(M);
  for (const s of sketches) {
    if (s[0] === 1) {
      for (let j = 0; j < M; j++) if (s[j + 1] > reg[j]) reg[j] = s[j + 1];
      continue;
    }
    for (let o = 1; o + 4 <= s.length; o += 4) {
      const [j, r] = hllCell(u32(s, o));
      if (r > reg[j]) reg[j] = r;
    }
  }
  let sum = 0;
  let zeros = 0;
  for (let j = 0; j < M; j++) {
    sum += 2 ** -reg[j];
    if (reg[j] === 0) zeros++;
  }
  const e = ((0.7213 / (1 + 1.079 / M)) * M * M) / sum;
  // Small range: linear counting is the better estimate while registers are still empty.
  return Math.round(e <= 2.5 * M && zeros > 0 ? M * Math.log(M / zeros) : e);
}
