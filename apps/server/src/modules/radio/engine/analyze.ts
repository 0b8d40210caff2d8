import { ffmpegStreaming } from '../../../media/ffmpeg';
import { parseEbur128Summary } from '../../../media/loudness';
import { computeCues, frameLevels } from './cues';
import type { TrackCues } from './types';

/** The frames are measured at this rate: enough for levels, cheap to read. */
const ANALYSIS_RATE = 8000;

/**
 * Measures a file once (ADR 0055): ffmpeg's EBU R128 integrated loudness and sample peak on
 * stderr, and mono PCM for the 100 ms frames on stdout, in one read of the file.
 */
export async function analyzeTrack(
  path: string,
  opts: { ffmpeg?: string; timeoutMs?: number; cpuSeconds?: number } = {},
): Promise<TrackCues & { durationMs: number }> {
  const chunks: Buffer[] = [];
  const args = [
    ...['-nostats', '-v', 'info', '-i', path],
    ...['-map', '0:a:0', '-af', 'ebur128=peak=sample', '-f', 'null', '-'],
    ...['-map', '0:a:0', '-ac', '1', '-ar', String(ANALYSIS_RATE), '-f', 'f32le', 'pipe:1'],
  ];
  const stderr = await ffmpegStreaming(args, (c) => chunks.push(c), opts).done;
  const all = Buffer.concat(chunks);
  // Float32Array needs a 4-byte aligned offset: copy when the concat's is not.
  const bytes = all.byteOffset % 4 === 0 ? all : new Uint8Array(all);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(all.length / 4));
  const summary = parseEbur128Summary(stderr);
  const cues = computeCues(frameLevels(samples, ANALYSIS_RATE), summary);
  return { ...cues, durationMs: Math.round((samples.length / ANALYSIS_RATE) * 1000) };
}
