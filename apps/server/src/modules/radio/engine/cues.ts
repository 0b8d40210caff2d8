import { RADIO_DEFAULTS, type TrackCues } from './types';

/** Audio starts and ends where a frame comes within this of the track's loudness (AutoCue's cue threshold). */
export const CUE_THRESHOLD_LU = -34;
/** The tail (a fade, a decay) begins after the last frame within this of the track's loudness. */
export const FADE_THRESHOLD_LU = -15;
/** Whatever the track's loudness, quieter than this is silence. */
const SILENCE_FLOOR_DB = -60;

/**
 * Cue points from 100 ms loudness frames (dB, one per frame from the file's start) and the
 * file's integrated loudness: cue-in at the first frame above the cue threshold, cue-out after the
 * last, the crossfade start after the last frame within the fade threshold. A file with no frame
 * above the threshold keeps its whole length.
 */
export function computeCues(
  frames: Float32Array,
  summary: { integratedLufs: number | null; peakDbfs: number | null },
): TrackCues {
  const frameMs = RADIO_DEFAULTS.frameMs;
  const lengthMs = frames.length * frameMs;
  const reference = summary.integratedLufs !== null && summary.integratedLufs > -70 ? summary.integratedLufs : null;
  const whole = { ...summary, cueInMs: 0, cueOutMs: lengthMs, crossfadeStartMs: lengthMs };
  if (reference === null || frames.length === 0) return whole;
  const cueLevel = Math.max(SILENCE_FLOOR_DB, reference + CUE_THRESHOLD_LU);
  const fadeLevel = Math.max(SILENCE_FLOOR_DB, reference + FADE_THRESHOLD_LU);
  let first = -1;
  let last = -1;
  for (let i = 0; i < frames.length; i++) {
    if (frames[i] >= cueLevel) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return whole;
  let lastLoud = last;
  while (lastLoud > first && frames[lastLoud] < fadeLevel) lastLoud--;
  return {
    ...summary,
    cueInMs: first * frameMs,
    cueOutMs: (last + 1) * frameMs,
    crossfadeStartMs: (lastLoud + 1) * frameMs,
  };
}

/** 100 ms frames' level (dBFS RMS) of mono float PCM at `sampleRate`; a short last frame counts as one. */
export function frameLevels(pcm: Float32Array, sampleRate: number): Float32Array {
  const size = Math.round((sampleRate * RADIO_DEFAULTS.frameMs) / 1000);
  const n = Math.ceil(pcm.length / size);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    const end = Math.min(pcm.length, (f + 1) * size);
    for (let i = f * size; i < end; i++) sum += pcm[i] * pcm[i];
    const meanSquare = sum / Math.max(1, end - f * size);
    // +3 dB: a sine's RMS sits 3 dB under its peak; frames then read close to LUFS for music.
    out[f] = meanSquare > 0 ? 10 * Math.log10(meanSquare) + 3 : -120;
  }
  return out;
}
