/** EBU R128 loudness → playback gain. */

/** Streaming platforms play around -14 to -16 LUFS; speech and music meet in the middle. */
export const TARGET_LUFS = -16;
export const MAX_BOOST_DB = 10;
export const MAX_CUT_DB = -15;
/** Headroom kept under 0 dBFS when boosting, so the gain never makes the peaks clip. */
const PEAK_CEILING_DBFS = -1;

export interface LoudnessSummary {
  integratedLufs: number | null;
  peakDbfs: number | null;
}

/** Reads the summary ffmpeg's ebur128 filter prints when it ends. */
export function parseEbur128Summary(stderr: string): LoudnessSummary {
  const at = stderr.lastIndexOf('Summary:');
  const text = at >= 0 ? stderr.slice(at) : '';
  const num = (re: RegExp) => {
    const m = re.exec(text);
    if (!m) return null;
    const v = Number(m[1]);
    return Number.isFinite(v) ? v : null;
  };
  return {
    integratedLufs: num(/\bI:\s+(-?[\d.]+|-inf) LUFS/),
    peakDbfs: num(/Peak:\s+(-?[\d.]+|-inf) dBFS/),
  };
}

/** The gain that brings the track to the target, limited by its peaks and clamped. */
export function playbackGainDb({ integratedLufs, peakDbfs }: LoudnessSummary): number | null {
  // Silence (or near silence) measures as -70 LUFS or -inf: no gain rather than +10 dB of hiss.
  if (integratedLufs === null || integratedLufs <= -70) return null;
  let gain = TARGET_LUFS - integratedLufs;
  if (gain > 0 && peakDbfs !== null) gain = Math.min(gain, PEAK_CEILING_DBFS - peakDbfs);
  gain = Math.max(MAX_CUT_DB, Math.min(MAX_BOOST_DB, gain));
  return Math.round(gain * 100) / 100;
}
