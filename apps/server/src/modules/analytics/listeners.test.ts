import { describe, expect, it } from 'vitest';
import { HLL_P, hllCell, SKETCH_MAX_LIST, uniqueListeners } from './listeners';

/** A list sketch (tag 0) of these hashes, as the rollup writes it. */
function list(hashes: number[]): Uint8Array {
  const b = new Uint8Array(1 + hashes.length * 4);
  const v = new DataView(b.buffer);
  hashes.forEach((h, i) => {
    v.setUint32(1 + i * 4, h);
  });
  return b;
}
/** A register sketch (tag 1) of these hashes. */
function dense(hashes: number[]): Uint8Array {
  const b = new Uint8Array(1 + (1 << HLL_P));
  b[0] = 1;
  for (const h of hashes) {
    const [j, r] = hllCell(h);
    b[1 + j] = Math.max(b[1 + j], r);
  }
  return b;
}
// Deterministic uniform 32-bit values (xorshift), standing in for md5 prefixes.
function hashes(n: number, seed: number): number[] {
  let x = seed >>> 0 || 1;
  return Array.from({ length: n }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  });
}

describe('unique listeners from day sketches', () => {
  it('a union of lists is exact (overlaps, zero hash, empty days)', () => {
    const h = hashes(300, 7);
    expect(uniqueListeners([])).toBe(0);
    expect(uniqueListeners([list([])])).toBe(0);
    expect(uniqueListeners([list(h.slice(0, 200)), list(h.slice(100)), list([0, h[5]]), list([0])])).toBe(301);
  });

  it('a register sketch among the days gives an estimate within 3 standard errors', () => {
    const big = hashes(200_000, 11);
    const sigma = 1.04 / Math.sqrt(1 << HLL_P);
    const n = uniqueListeners([
      dense(big.slice(0, 150_000)),
      list(big.slice(149_000, 149_000 + SKETCH_MAX_LIST)),
      dense(big.slice(150_000)),
    ]);
    expect(Math.abs(n - 200_000) / 200_000).toBeLessThan(3 * sigma);
    // Small counts in registers: linear counting keeps them close.
    const few = hashes(5_000, 3);
    expect(Math.abs(uniqueListeners([dense(few)]) - 5_000) / 5_000).toBeLessThan(3 * sigma);
  });

  it('register index and rank as the rollup computes them', () => {
    expect(hllCell(0xffffffff)).toEqual([(1 << HLL_P) - 1, 1]);
    expect(hllCell(0)).toEqual([0, 32 - HLL_P + 1]);
    expect(hllCell(1)).toEqual([0, 32 - HLL_P]);
  });
});
