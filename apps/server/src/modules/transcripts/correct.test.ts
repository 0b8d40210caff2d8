import { TRANSCRIPT_CORRECTION_MESSAGES as M } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { correctCues } from './correct';

const stored = [
  { start: 0, end: 2, text: 'one' },
  { start: 2, end: 4, text: 'two' },
  { start: 4, end: 6, text: 'three' },
];

describe('correctCues', () => {
  it('keeps the stored times, takes the new texts (whitespace collapsed), drops cues not named', () => {
    expect(
      correctCues(stored, [
        { index: 0, text: ' One,\n\tfirst ' },
        { index: 2, text: 'Three' },
      ]),
    ).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 2, text: 'One, first' },
        { start: 4, end: 6, text: 'Three' },
      ],
    });
    // Untimed paragraphs stay untimed.
    expect(correctCues([{ start: null, end: null, text: 'p' }], [{ index: 0, text: 'P.' }])).toEqual({
      ok: true,
      cues: [{ start: null, end: null, text: 'P.' }],
    });
  });

  it('refuses an unknown, repeated or reordered cue, an empty text and no cues', () => {
    const refused = (edits: { index: number; text: string }[]) => correctCues(stored, edits);
    expect(refused([{ index: 3, text: 'x' }])).toEqual({ ok: false, message: M.unknownCue });
    expect(
      refused([
        { index: 1, text: 'x' },
        { index: 1, text: 'y' },
      ]),
    ).toEqual({ ok: false, message: M.unknownCue });
    expect(
      refused([
        { index: 2, text: 'x' },
        { index: 0, text: 'y' },
      ]),
    ).toEqual({ ok: false, message: M.unknownCue });
    expect(refused([{ index: 0, text: ' \n ' }])).toEqual({ ok: false, message: M.cueRequired });
    expect(refused([])).toEqual({ ok: false, message: M.noCues });
  });
});
