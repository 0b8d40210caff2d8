import type { TranscriptCue } from '../../db/schema';

/** A cue holds at most this many words or seconds: a line that follows playback, not a paragraph. */
export const CUE_MAX_WORDS = 12;
export const CUE_MAX_SECONDS = 8;

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Fillers and markers the recogniser emits that are not words said: `<s>`, `<sil>`, `[NOISE]`, `++BREATH++`. */
const NOT_A_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/**
 * The words of `pocketsphinx_continuous -time yes` output: per utterance, a line with the whole
 * hypothesis, then one line per segment `word start end confidence` (seconds from the file's
 * start). Alternative pronunciations carry a suffix (`the(2)`), dropped here.
 */
export function parseRecognizerWords(output: string): Word[][] {
  const utterances: Word[][] = [];
  let current: Word[] | null = null;
  for (const line of output.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 4 || !parts.slice(1).every((p) => /^-?\d+(\.\d+)?$/.test(p))) continue;
    const [token, start, end] = parts;
    if (token === '<s>') {
      current = [];
      utterances.push(current);
      continue;
    }
    if (token === '</s>') {
      current = null;
      continue;
    }
    if (NOT_A_WORD.test(token)) continue;
    if (!current) {
      current = [];
      utterances.push(current);
    }
    current.push({ text: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) });
  }
  return utterances.filter((u) => u.length > 0);
}

/** Timed cues from recognised utterances: one per utterance, split at CUE_MAX_WORDS or CUE_MAX_SECONDS. */
export function cuesFromUtterances(utterances: Word[][]): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  for (const words of utterances) {
    let line: Word[] = [];
    const flush = () => {
      if (line.length === 0) return;
      cues.push({ start: line[0].start, end: line[line.length - 1].end, text: sentence(line) });
      line = [];
    };
    for (const w of words) {
      if (line.length >= CUE_MAX_WORDS || (line.length > 0 && w.end - line[0].start > CUE_MAX_SECONDS)) flush();
      line.push(w);
    }
    flush();
  }
  return cues;
}

/** The recogniser's lower-case words as a line people read: capitalised, with the pronoun "I". */
function sentence(words: Word[]): string {
  const text = words.map((w) => (w.text === 'i' ? 'I' : w.text.replace(/^i'/, "I'"))).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
