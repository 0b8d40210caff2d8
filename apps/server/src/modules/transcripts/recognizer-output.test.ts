import { describe, expect, it } from 'vitest';
import { CUE_MAX_WORDS, cuesFromUtterances, parseRecognizerWords } from './recognizer-output';

// Real output of pocketsphinx_continuous -time yes (Debian 0.8+5prealpha) on two spoken sentences.
const OUTPUT = `welcome to the kitchen pod cast
<s> 0.110 0.190 0.999400
welcome 0.200 0.610 0.515985
to(2) 0.620 0.750 0.737613
the(2) 0.760 0.840 0.974332
kitchen 0.850 1.280 0.657212
pod 1.290 1.580 0.004973
cast 1.590 2.090 0.848302
</s> 2.100 2.540 1.000000
today we make our into marmalade with fresh oranges and sugar
<s> 4.120 4.240 0.999500
<sil> 4.250 4.400 0.936967
today 4.410 4.640 0.864316
[NOISE] 4.640 4.650 0.1
we 4.650 4.810 0.919146
make 4.820 5.090 0.490916
marmalade 5.460 6.050 1.000000
</s> 7.860 8.020 1.000000
`;

describe('the recogniser output', () => {
  it('gives each utterance its words with times, without markers or pronunciation variants', () => {
    const utterances = parseRecognizerWords(OUTPUT);
    expect(utterances.map((u) => u.map((w) => w.text).join(' '))).toEqual([
      'welcome to the kitchen pod cast',
      'today we make marmalade',
    ]);
    expect(utterances[1][0]).toEqual({ text: 'today', start: 4.41, end: 4.64 });
  });

  it('makes one timed cue per utterance, as a sentence', () => {
    const cues = cuesFromUtterances(parseRecognizerWords(OUTPUT));
    expect(cues).toEqual([
      { start: 0.2, end: 2.09, text: 'Welcome to the kitchen pod cast' },
      { start: 4.41, end: 6.05, text: 'Today we make marmalade' },
    ]);
  });

  it('splits a long utterance by words and by seconds', () => {
    const words = Array.from({ length: 30 }, (_, i) => ({
      text: i === 0 ? 'i' : `w${i}`,
      start: i * 0.2,
      end: i * 0.2 + 0.15,
    }));
    const cues = cuesFromUtterances([words]);
    expect(cues.map((c) => c.text.split(' ').length)).toEqual([CUE_MAX_WORDS, CUE_MAX_WORDS, 6]);
    expect(cues[0].text.startsWith('I w1')).toBe(true);
    const slow = Array.from({ length: 5 }, (_, i) => ({ text: `w${i}`, start: i * 3, end: i * 3 + 1 }));
    expect(cuesFromUtterances([slow]).map((c) => [c.start, c.end])).toEqual([
      [0, 7],
      [9, 13],
    ]);
  });

  it('ignores what is not a segment line (log noise, an empty output)', () => {
    expect(parseRecognizerWords('INFO: cmd_ln.c(702): Parsing command line\n\n')).toEqual([]);
    expect(parseRecognizerWords('')).toEqual([]);
  });
});
