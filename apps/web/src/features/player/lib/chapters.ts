import type { TChapterMarker } from '@wavecast/shared';

export function sortedChapters(markers: TChapterMarker[]): TChapterMarker[] {
  return [...markers].sort((a, b) => a.startTime - b.startTime);
}

/** The chapter playing at `time` (chapters sorted by start), or null before the first one. */
export function chapterAt(chapters: TChapterMarker[], time: number): TChapterMarker | null {
  let found: TChapterMarker | null = null;
  for (const c of chapters) {
    if (c.startTime <= time + 0.25) found = c;
    else break;
  }
  return found;
}
