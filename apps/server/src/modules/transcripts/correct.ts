import { TRANSCRIPT_CORRECTION_MESSAGES, type TTranscriptCorrection } from '@wavecast/shared';
import type { TranscriptCue } from '../../db/schema';

export type CorrectResult = { ok: true; cues: TranscriptCue[] } | { ok: false; message: string };

/**
 * The stored cues with the creator's corrections applied (pure): each kept cue keeps its stored
 * start and end and takes the new text (whitespace collapsed, as parsed cues are); a cue not named is
 * deleted. Indices must name stored cues in increasing order, so nothing is moved or duplicated.
 */
export function correctCues(stored: TranscriptCue[], edits: TTranscriptCorrection['cues']): CorrectResult {
  const cues: TranscriptCue[] = [];
  let last = -1;
  for (const edit of edits) {
    const cue = stored[edit.index];
    if (!cue || edit.index <= last) return { ok: false, message: TRANSCRIPT_CORRECTION_MESSAGES.unknownCue };
    last = edit.index;
    const text = edit.text.replace(/\s+/g, ' ').trim();
    if (!text) return { ok: false, message: TRANSCRIPT_CORRECTION_MESSAGES.cueRequired };
    cues.push({ start: cue.start, end: cue.end, text });
  }
  if (cues.length === 0) return { ok: false, message: TRANSCRIPT_CORRECTION_MESSAGES.noCues };
  return { ok: true, cues };
}
