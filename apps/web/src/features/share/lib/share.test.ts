import { describe, expect, it } from 'vitest';
import { copyToClipboard, EMBED_SIZE_OPTIONS, embedCode, formatStartTime, parseStartTime, shareLink } from './share';

describe('shareLink', () => {
  it('is the absolute link, with ?t= in whole seconds when a start is given', () => {
    expect(shareLink('https://wave.test', '/audio/abc')).toBe('https://wave.test/audio/abc');
    expect(shareLink('https://wave.test', '/audio/abc', 83.9)).toBe('https://wave.test/audio/abc?t=83');
    expect(shareLink('https://wave.test', '/audio/abc', 0)).toBe('https://wave.test/audio/abc');
  });
});

describe('start times', () => {
  it('formats as m:ss, h:mm:ss past an hour', () => {
    expect(formatStartTime(0)).toBe('0:00');
    expect(formatStartTime(83.7)).toBe('1:23');
    expect(formatStartTime(3725)).toBe('1:02:05');
  });
  it('parses m:ss, h:mm:ss and seconds; anything else is not a time', () => {
    expect(parseStartTime('1:23')).toBe(83);
    expect(parseStartTime(' 12:05 ')).toBe(725);
    expect(parseStartTime('1:02:05')).toBe(3725);
    expect(parseStartTime('90')).toBe(90);
    for (const bad of ['', '1:60', '1:2', 'abc', '-5', '1:75:00', '1.5', '1:23:45:00', '\u00001:00'])
      expect(parseStartTime(bad), bad).toBeNull();
  });
  it('round-trips', () => {
    for (const s of [0, 9, 59, 60, 599, 3599, 3600, 86_399]) expect(parseStartTime(formatStartTime(s))).toBe(s);
  });
});

describe('embedCode', () => {
  it('carries the chosen size', () => {
    const large = EMBED_SIZE_OPTIONS.playlist[2];
    const code = embedCode('playlist', 'p1', 'Mix "A" <b>', 'https://wave.test', large);
    expect(code).toContain('src="https://wave.test/embed/playlist/p1"');
    expect(code).toContain('width="640" height="480"');
    expect(code).toContain('title="Mix &quot;A&quot; &lt;b>"');
  });
  it("carries a track's start time as ?t=, whole seconds; never a playlist's", () => {
    const size = EMBED_SIZE_OPTIONS.track[0];
    expect(embedCode('track', 't1', 'T', 'https://wave.test', size, 83.7)).toContain(
      'src="https://wave.test/embed/track/t1?t=83"',
    );
    expect(embedCode('track', 't1', 'T', 'https://wave.test', size, null)).toContain(
      'src="https://wave.test/embed/track/t1"',
    );
    expect(embedCode('playlist', 'p1', 'P', 'https://wave.test', size, 30)).toContain(
      'src="https://wave.test/embed/playlist/p1"',
    );
  });
});

describe('copyToClipboard', () => {
  it('is true once written, false when the browser refuses or has no clipboard', async () => {
    const written: string[] = [];
    expect(await copyToClipboard('x', { writeText: async (t) => void written.push(t) })).toBe(true);
    expect(written).toEqual(['x']);
    const refused = { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) };
    expect(await copyToClipboard('y', refused)).toBe(false);
    expect(await copyToClipboard('z', undefined)).toBe(false);
  });
});
