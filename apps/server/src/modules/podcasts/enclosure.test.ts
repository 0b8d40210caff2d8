import { describe, expect, it } from 'vitest';
import { enclosureOf, slugOf } from './enclosure';

describe('enclosure file names', () => {
  it('a title as a file-name part: ASCII lower case, accents dropped, the rest hyphens, at most 60 characters', () => {
    expect(slugOf('Episode 1: "Tags" & <things>')).toBe('episode-1-tags-things');
    expect(slugOf('Café Crème — Ça va?')).toBe('cafe-creme-ca-va');
    expect(slugOf('  --Hello__World--  ')).toBe('hello-world');
    expect(slugOf('a'.repeat(100))).toBe('a'.repeat(60));
    expect(slugOf(`${'b'.repeat(59)} tail`)).toBe('b'.repeat(59));
  });

  it('"episode" when nothing is left: another script, emoji, only punctuation, NUL bytes', () => {
    for (const title of ['東京の夜', '🎧🎶', '!!!', '\u0000\u0000', '']) expect(slugOf(title)).toBe('episode');
  });

  it('the URL names the episode (<slug>-<id>.<ext>), the AAC rendition once processed, else the original', () => {
    const base = { id: '6684e510-2544-4416-b0e7-c61edf2a6d8a', title: 'Night Talk', audioMime: 'audio/mpeg' };
    const processed = enclosureOf({ ...base, audioKey: 'audio/u/x.mp3', media: { aacKey: 'audio/u/x.r1.m4a' } });
    expect(processed.file).toBe(`night-talk-${base.id}.m4a`);
    expect(processed.url).toMatch(new RegExp(`^/api/podcasts/enclosures/${base.id}/night-talk-${base.id}\\.m4a\\?v=`));
    expect(processed.key).toBe('audio/u/x.r1.m4a');
    const original = enclosureOf({ ...base, audioKey: 'audio/u/x.mp3', media: {} });
    expect(original.file).toBe(`night-talk-${base.id}.mp3`);
    expect(original.type).toBe('audio/mpeg');
  });
});
