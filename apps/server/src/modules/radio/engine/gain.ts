import { MAX_CUT_DB } from '../../../media/loudness';
import { RADIO_DEFAULTS, type RadioTrack } from './types';

/**
 * The auto-DJ's sample-peak ceiling (ffmpeg `alimiter` on the mix, before the encoder). 1 dB under
 * the −1 dBTP asked: the Opus encoder's overshoot and the peaks between samples come on top.
 */
export const LIMITER_CEILING_DBFS = -2;
/** The most a quiet track is raised: past this it is mostly its noise floor that gets louder. */
export const MAX_RADIO_BOOST_DB = 20;

/**
 * The gain that brings a track to the target loudness (0 when it was never measured). Unlike the
 * on-demand player's gain (media/loudness.ts), not held back by the track's peaks: the limiter
 * on the mix takes them (ADR 0079), so a quiet track with a few loud transients still reaches −16 LUFS.
 */
export function trackGainDb(track: RadioTrack): number {
  const lufs = track.cues.integratedLufs;
  // Silence (or near silence) measures as -70 LUFS: no gain rather than +20 dB of hiss.
  if (lufs === null || lufs <= -70) return 0;
  const gain = Math.max(MAX_CUT_DB, Math.min(MAX_RADIO_BOOST_DB, RADIO_DEFAULTS.targetLufs - lufs));
  return Math.round(gain * 100) / 100;
}

/**
 * The limiter on the mix: 5 ms look-ahead, 50 ms release, no make-up gain (alimiter's default
 * `level` would raise everything to full scale), its delay compensated so the output keeps the
 * mix's timing. Deterministic: the same mix gives the same output.
 */
export function limiterFilter(): string {
  const limit = (10 ** (LIMITER_CEILING_DBFS / 20)).toFixed(4);
  return `alimiter=limit=${limit}:attack=5:release=50:level=0:latency=1`;
}
