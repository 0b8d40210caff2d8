/**
 * Demo audio with a shape: beats and chord changes for music, syllables and pauses for speech,
 * breathing swells for meditation, wind and birdsong for field recordings. Each is one ffmpeg
 * `aevalsrc` expression (plus a plain filter chain), so the waveform, loudness and player look like
 * the real thing. Only what ffmpeg 4.1 has (the npm-packaged ffmpeg): no amix normalize, no newer
 * expression functions.
 *
 * Expression notes: `random(0)` keeps its state in variable 0, so st()/ld() use 1..9; the whole
 * expression is quoted in the filtergraph, so it may hold commas but no single quotes.
 */

export type DemoSound =
  /** Drums (kick, snare on 2 and 4, off-beat hats), bass and a pumping chord, one chord per bar. */
  | { kind: 'beat'; bpm: number; chords: number[][] }
  /** Chords that swell in and out with a plucked arpeggio over them, one chord every `barSeconds`. */
  | { kind: 'pads'; barSeconds: number; chords: number[][] }
  /** Voiced syllables in phrases with pauses; two voices take turns when two pitches are given. */
  | { kind: 'speech'; voices: number[]; syllablesPerSecond: number }
  /** A drone that swells with slow breaths, and a bell now and then. */
  | { kind: 'breath'; chord: number[]; breathSeconds: number }
  /** Gusts of wind and bursts of birdsong. */
  | { kind: 'field' };

const n = (v: number) => Number(v.toFixed(4)).toString();

/** `values[index]` as an expression: nested if()s on the index held in variable `slot`. */
function pick(slot: number, values: number[]): string {
  return values
    .slice(0, -1)
    .reduceRight((rest, v, i) => `if(eq(ld(${slot}),${i}),${n(v)},${rest})`, n(values[values.length - 1]));
}

/** sin() of a tone whose frequency is `values[index in slot]`. */
const toneOf = (slot: number, values: number[], phase = 't') => `sin(2*PI*${pick(slot, values)}*${phase})`;

function beat({ bpm, chords }: { bpm: number; chords: number[][] }): string {
  const b = 60 / bpm;
  const voices = chords[0].map((_, v) => chords.map((c) => c[v]));
  const roots = chords.map((c) => c[0] / 2);
  return [
    `st(1,mod(floor(t/${n(4 * b)}),${chords.length}))`, // chord index
    `st(2,mod(t,${n(b)}))`, // time since the beat
    `st(3,random(0)*2-1)`, // noise for hats and snare
    [
      `0.42*sin(2*PI*52*t+4*exp(-ld(2)*25))*exp(-ld(2)*9)`, // kick
      `0.22*ld(3)*exp(-mod(t+${n(b)},${n(2 * b)})*18)`, // snare on 2 and 4
      `0.09*ld(3)*exp(-mod(t+${n(b / 2)},${n(b)})*60)`, // off-beat hat
      `0.2*${toneOf(1, roots)}*exp(-mod(t,${n(b / 2)})*3)`, // bass
      `(1-0.75*exp(-ld(2)*7))*0.08*(${voices.map((v) => toneOf(1, v)).join('+')})`, // pumping chord
    ].join('+'),
  ].join(';');
}

function pads({ barSeconds, chords }: { barSeconds: number; chords: number[][] }): string {
  const voices = chords[0].map((_, v) => chords.map((c) => c[v]));
  const step = barSeconds / 8;
  // The arpeggio walks the chord's notes an octave up, one per step.
  const arp = chords.map((c) => c.map((f) => f * 2));
  const arpIndex = `mod(floor(t/${n(step)}),${chords[0].length})`;
  const arpNote = arp
    .slice(0, -1)
    .reduceRight(
      (rest, notes, i) => `if(eq(ld(1),${i}),${pickInline(arpIndex, notes)},${rest})`,
      pickInline(arpIndex, arp[arp.length - 1]),
    );
  return [
    `st(1,mod(floor(t/${n(barSeconds)}),${chords.length}))`,
    `st(2,pow(sin(PI*mod(t,${n(barSeconds)})/${n(barSeconds)}),0.8))`, // each chord swells in and out
    [
      `0.13*ld(2)*(${voices.map((v) => toneOf(1, v)).join('+')})`,
      `0.3*sin(2*PI*${arpNote}*t)*exp(-mod(t,${n(step)})*5)*ld(2)`,
    ].join('+'),
  ].join(';');
}

/** `notes[index]` for an index given as an expression. */
function pickInline(index: string, notes: number[]): string {
  return notes
    .slice(0, -1)
    .reduceRight((rest, f, i) => `if(eq(${index},${i}),${n(f)},${rest})`, n(notes[notes.length - 1]));
}

function speech({ voices, syllablesPerSecond: r }: { voices: number[]; syllablesPerSecond: number }): string {
  const turn = 9; // seconds per speaker's turn when there are two
  const f0 = voices.length > 1 ? `if(lt(mod(t,${turn}),${turn / 2}),${n(voices[0])},${n(voices[1])})` : n(voices[0]);
  return [
    `st(1,${f0})`,
    // Intonation: the pitch drifts ±12 % (the phase of a slowly frequency-modulated tone).
    `st(2,2*PI*ld(1)*t-ld(1)*0.12/0.35*cos(2*PI*0.35*t))`,
    // Syllables: bumps at the speaking rate, some louder than others.
    `st(3,pow(abs(sin(PI*t*${n(r)})),1.5)*(0.55+0.45*sin(2*PI*t*0.83+1.3)))`,
    // Phrases: pauses of 0.6 s and 1 s at two unrelated periods, and a breath where the turn changes.
    `st(4,lt(mod(t,3.3),2.7)*lt(mod(t+1.7,7.9),6.9)*gt(mod(t,${turn / 2}),0.6))`,
    `ld(3)*ld(4)*(0.42*sin(ld(2))+0.25*sin(2*ld(2))+0.17*sin(3*ld(2))+0.1*sin(4*ld(2))+0.06*(random(0)-0.5))`,
  ].join(';');
}

function breath({ chord, breathSeconds }: { chord: number[]; breathSeconds: number }): string {
  return [
    `st(1,0.08+0.92*pow(0.5-0.5*cos(2*PI*t/${n(breathSeconds)}),1.6))`, // in, out
    [
      `ld(1)*0.2*(${chord.map((f) => `sin(2*PI*${n(f)}*t)`).join('+')})`,
      `0.3*sin(2*PI*${n(chord[0] * 4)}*t)*exp(-mod(t,${n(breathSeconds * 1.25)})*1.2)`, // bell
    ].join('+'),
  ].join(';');
}

function field(): string {
  return [
    // Wind: noise through a one-pole low-pass (its state in variable 1), in slow gusts.
    `st(1,ld(1)+0.04*(random(0)-0.5-ld(1)))`,
    `st(2,0.25+0.75*pow(0.5+0.5*sin(2*PI*t/5.3),2))`,
    // Birds: bursts of rising chirps, 8 a second, now and then.
    `st(3,mod(t,0.125))`,
    `st(4,lt(mod(t,2.3),0.5)*lt(mod(t+0.9,6.1),3.4))`,
    `3*ld(1)*ld(2)+0.35*ld(4)*sin(2*PI*(2600*ld(3)+9000*ld(3)*ld(3)))*sin(PI*ld(3)/0.125)`,
  ].join(';');
}

const EXPRESSIONS: { [K in DemoSound['kind']]: (s: Extract<DemoSound, { kind: K }>) => string } = {
  beat,
  pads,
  speech,
  breath,
  field,
};

/** Mono 44.1 kHz generator plus its filter chain (speech is softened like a microphone's tone). */
export function soundSource(sound: DemoSound, seconds: number): { source: string; filters: string[] } {
  const expr = (EXPRESSIONS[sound.kind] as (s: DemoSound) => string)(sound);
  const filters = sound.kind === 'speech' ? ['lowpass=f=3200', 'highpass=f=90'] : [];
  return { source: `aevalsrc='${expr}':s=44100:d=${n(seconds)}`, filters };
}
