import { describe, expect, it } from 'vitest';
import { parseChapterTime } from './format';
import { audioTooLargeMessage, CHAPTER_TIME_FORMAT_MESSAGE, chaptersProblem, chapterTimeProblem } from './rules';

describe('chapter times', () => {
  it('m:ss takes seconds 0–59 only', () => {
    expect(parseChapterTime('9:59')).toBe(599);
    expect(parseChapterTime('0:00')).toBe(0);
    expect(parseChapterTime('9:99')).toBeNull();
    expect(parseChapterTime('1:60')).toBeNull();
  });

  it('a chapter starts within the track when its duration is known', () => {
    expect(chapterTimeProblem(0, 180)).toBeNull();
    expect(chapterTimeProblem(179, 180)).toBeNull();
    expect(chapterTimeProblem(180, 180)).toBe('Chapter times must be within the track (before 3:00)');
    expect(chapterTimeProblem(600, 180)).toBe('Chapter times must be within the track (before 3:00)');
    expect(chapterTimeProblem(600, null)).toBeNull();
    expect(chapterTimeProblem(600, 0)).toBeNull();
    expect(chapterTimeProblem(-1, 180)).toBe(CHAPTER_TIME_FORMAT_MESSAGE);
    expect(chaptersProblem([{ startTime: 10 }, { startTime: 200 }], 180)).toMatch(/within the track/);
    expect(chaptersProblem([{ startTime: 10 }], 180)).toBeNull();
  });

  it('names the upload limit as the server does', () => {
    expect(audioTooLargeMessage(100 * 1024 * 1024)).toBe('The audio file is larger than the 100 MB limit.');
  });
});
