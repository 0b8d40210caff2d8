import { describe, expect, it } from 'vitest';
import { PeakCollector, reducePeaks } from './peaks';

const pcm = (samples: number[]) => {
  const b = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) b.writeInt16LE(s, i * 2);
  return b;
};

describe('reducePeaks', () => {
  it('keeps the maximum of each bucket and scales the loudest to 1', () => {
    expect(reducePeaks([1, 5, 2, 10], 2)).toEqual([0.5, 1]);
    expect(reducePeaks([0, 0, 0], 3)).toEqual([0, 0, 0]);
    expect(reducePeaks([], 800)).toEqual([]);
  });
  it('stretches short input to the requested count', () => {
    const out = reducePeaks([4, 8], 4);
    expect(out).toHaveLength(4);
    expect(out).toEqual([0.5, 0.5, 1, 1]);
  });
});

describe('PeakCollector', () => {
  it('reads PCM split at odd byte boundaries and counts samples', () => {
    const c = new PeakCollector();
    const data = pcm([...Array(512).fill(1000), ...Array(512).fill(-32768)]);
    c.push(data.subarray(0, 3));
    c.push(data.subarray(3, 1001));
    c.push(data.subarray(1001));
    expect(c.samples).toBe(1024);
    const peaks = c.finish(2);
    expect(peaks).toEqual([Math.round((1000 / 32768) * 1000) / 1000, 1]);
  });
});
