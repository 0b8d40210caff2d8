import { describe, expect, it } from 'vitest';
import { embedCode } from '../share/lib/share';
import { cueAt } from './components/TranscriptPanel';
import { parseStartAt } from './useStartAt';

describe('transcript helpers', () => {
  const cues = [
    { start: 0, end: 2, text: 'a' },
    { start: 2, end: 5, text: 'b' },
    { start: 9, end: 10, text: 'c' },
  ];
  it('cueAt: the last cue started at or before the time', () => {
    expect(cueAt(cues, 0)).toBe(0);
    expect(cueAt(cues, 4.9)).toBe(1);
    expect(cueAt(cues, 7)).toBe(1);
    expect(cueAt(cues, 100)).toBe(2);
    expect(cueAt([{ start: 3, end: 4, text: 'x' }], 1)).toBe(-1);
  });
  it('parseStartAt: seconds, or null for anything else', () => {
    expect(parseStartAt('12')).toBe(12);
    expect(parseStartAt('12.5')).toBe(12.5);
    for (const bad of [null, '', '-1', '1e9', 'abc', '12.', '9999999']) expect(parseStartAt(bad)).toBeNull();
  });
});

describe('embedCode', () => {
  it('is the iframe of the embed page, its title escaped', () => {
    expect(embedCode('track', 'abc', 'A "B" <C> & D', 'https://wave.test')).toBe(
      '<iframe src="https://wave.test/embed/track/abc" width="480" height="152" title="A &quot;B&quot; &lt;C> &amp; D" frameborder="0" allow="autoplay; encrypted-media" loading="lazy"></iframe>',
    );
  });
});
