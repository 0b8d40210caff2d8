import { describe, expect, it } from 'vitest';
import { chapterAt, sortedChapters } from './chapters';
import { normalizePeaks, resamplePeaks } from './peaks';

describe('peaks', () => {
  it('normalises arrays and wrapped documents to 0–1', () => {
    expect(normalizePeaks([0, -50, 100])).toEqual([0, 0.5, 1]);
    expect(normalizePeaks({ peaks: [2, 4] })).toEqual([0.5, 1]);
    expect(normalizePeaks({ data: [1] })).toEqual([1]);
    expect(normalizePeaks('nope')).toEqual([]);
  });

  it('resamples keeping the loudest value per column', () => {
    expect(resamplePeaks([0.1, 0.9, 0.2, 0.4], 2)).toEqual([0.9, 0.4]);
    expect(resamplePeaks([0.5], 3)).toEqual([0.5, 0.5, 0.5]);
    expect(resamplePeaks([], 2)).toEqual([0, 0]);
  });
});

describe('chapters', () => {
  const chapters = sortedChapters([
    { id: 'b', title: 'Two', startTime: 60 },
    { id: 'a', title: 'One', startTime: 0 },
    { id: 'c', title: 'Three', startTime: 120 },
  ]);
  it('finds the chapter playing at a time', () => {
    expect(chapters.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(chapterAt(chapters, 30)?.title).toBe('One');
    expect(chapterAt(chapters, 60)?.title).toBe('Two');
    expect(chapterAt(chapters, 500)?.title).toBe('Three');
    expect(chapterAt(sortedChapters([{ id: 'x', title: 'Late', startTime: 10 }]), 5)).toBeNull();
  });
});
