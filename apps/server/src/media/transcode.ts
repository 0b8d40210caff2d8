import { ffmpegStreaming } from './ffmpeg';
import { type LoudnessSummary, parseEbur128Summary, playbackGainDb } from './loudness';
import { PeakCollector } from './peaks';
import { CHECK_RATE, inputArgs } from './probe';
import type { AudioContainer } from './sniff';

/**
 * The streaming renditions: Opus for browsers that take it, AAC in MP4 for every browser (Safari).
 * `hd` is made only for accounts whose plan has HD publishing: Opus at 256 kbit/s (the most libopus
 * gives a mono source, and what Chromium, Firefox and ffmpeg 4.1 all play and make), served in place
 * of the Opus rendition to listeners whose plan has HD listening.
 */
export const RENDITIONS = {
  opus: { ext: 'webm', mime: 'audio/webm; codecs="opus"', contentType: 'audio/webm', bitrate: '96k' },
  aac: { ext: 'm4a', mime: 'audio/mp4; codecs="mp4a.40.2"', contentType: 'audio/mp4', bitrate: '128k' },
  hd: { ext: 'hd.webm', mime: 'audio/webm; codecs="opus"', contentType: 'audio/webm', bitrate: '256k' },
} as const;

/** Where processAudio writes: the standard renditions always, the HD one when asked for. */
export interface RenditionFiles {
  opus: string;
  aac: string;
  hd?: string;
}

export interface ProcessedAudio {
  durationSeconds: number;
  loudness: LoudnessSummary;
  gainDb: number | null;
  peaks: number[];
}

export interface ProcessOptions {
  ffmpeg?: string;
  timeoutMs?: number;
  /** CPU seconds the run may use before it is killed (processCpuBudgetSeconds). */
  cpuSeconds?: number;
  /** Source channel count: more than two are folded to stereo. */
  channels?: number;
}

/**
 * How long one ffmpeg run may take: 10 minutes, or a tenth of the audio's length when that is more.
 * Processing runs ~40x faster than real time on 2 cores (bench/processing), so only a stuck ffmpeg
 * reaches this, while a 7-hour audiobook (100 MB at 32 kbps) still has 42 minutes.
 */
export const processTimeoutMs = (durationSeconds: number | null) => Math.max(10 * 60_000, (durationSeconds ?? 0) * 100);

/**
 * CPU seconds one processing run may use: by default half a second per second of audio, plus two
 * minutes (TRANSCODE_CPU_FACTOR, TRANSCODE_CPU_BASE_SECONDS). It uses about 0.05 s per second
 * (~20-40x real time), so only input that decodes far beyond what its probe said (a decompression
 * bomb the checks missed) reaches it; CPU time, unlike wall time, does not grow on a busy machine.
 */
export const processCpuBudgetSeconds = (durationSeconds: number | null, budget = { factor: 0.5, baseSeconds: 120 }) =>
  budget.baseSeconds + budget.factor * (durationSeconds ?? 0);

/**
 * One decode, four outputs (five with HD): the Opus/WebM and AAC/M4A renditions (and the HD Opus
 * one), an EBU R128 measurement (on stderr) and 8 kHz mono PCM for the waveform (on stdout), so a
 * long upload is read once rather than four times. Exported so `bench/processing` can time ffmpeg
 * alone on the very same work.
 */
export function processArgs(
  input: string,
  container: AudioContainer,
  out: RenditionFiles,
  channels?: number,
): string[] {
  const stereo = channels && channels > 2 ? ['-ac', '2'] : [];
  const clean = ['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'];
  return [
    '-nostats',
    '-v',
    'info',
    ...inputArgs(input, container),
    ...clean,
    ...stereo,
    ...['-c:a', 'libopus', '-b:a', RENDITIONS.opus.bitrate, '-f', 'webm', '-y', out.opus],
    ...clean,
    ...stereo,
    ...['-c:a', 'aac', '-b:a', RENDITIONS.aac.bitrate, '-movflags', '+faststart', '-f', 'ipod', '-y', out.aac],
    ...(out.hd
      ? [...clean, ...stereo, ...['-c:a', 'libopus', '-b:a', RENDITIONS.hd.bitrate, '-f', 'webm', '-y', out.hd]]
      : []),
    ...['-map', '0:a:0', '-af', 'ebur128=peak=sample:framelog=verbose', '-f', 'null', '-'],
    ...['-map', '0:a:0', '-ac', '1', '-ar', String(CHECK_RATE), '-f', 's16le', 'pipe:1'],
  ];
}

/** Renditions, loudness, playback gain and waveform peaks of an audio file (see processArgs). */
export async function processAudio(
  input: string,
  container: AudioContainer,
  out: RenditionFiles,
  opts: ProcessOptions = {},
): Promise<ProcessedAudio> {
  const peaks = new PeakCollector();
  const run = ffmpegStreaming(processArgs(input, container, out, opts.channels), (chunk) => peaks.push(chunk), {
    ffmpeg: opts.ffmpeg,
    timeoutMs: opts.timeoutMs,
    cpuSeconds: opts.cpuSeconds,
  });
  const stderr = await run.done;
  const loudness = parseEbur128Summary(stderr);
  return {
    durationSeconds: peaks.samples / CHECK_RATE,
    loudness,
    gainDb: playbackGainDb(loudness),
    peaks: peaks.finish(),
  };
}
