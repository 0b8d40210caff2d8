import { spawn } from 'node:child_process';
import { findFfmpeg } from './ffmpeg';

/** What the encoder sends (by its first bytes) and so what ffmpeg reads. */
export type LiveInputFormat = 'ogg-opus' | 'ogg' | 'webm' | 'webm-other' | 'mp3' | 'aac' | 'flv';

const DEMUXER: Record<LiveInputFormat, string> = {
  'ogg-opus': 'ogg',
  ogg: 'ogg',
  webm: 'matroska',
  'webm-other': 'matroska',
  mp3: 'mp3',
  aac: 'aac',
  flv: 'flv',
};

/** The live format's bitrate when we encode without a plan's cap (encoders often send more than 64 kbit/s). */
const OPUS_BITRATE = 96_000;

export interface LiveTranscode {
  /** Feeds encoder bytes; false when ffmpeg's input is full (wait for `drain`). */
  write(chunk: Buffer): boolean;
  onDrain(fn: () => void): void;
  /** No more input: ffmpeg flushes what it has, then `done` settles. */
  end(): void;
  kill(): void;
  /** Resolves when ffmpeg has exited (any exit); its stderr tail for logs. */
  done: Promise<{ code: number | null; stderr: string }>;
}

/**
 * An encoder's stream as WebM/Opus for the relay hub: Ogg/Opus is remuxed (no re-encoding),
 * everything else (Vorbis, MP3, AAC, FLV's AAC or MP3 from RTMP) is transcoded to Opus at 48 kHz. With a plan's cap
 * (`capBitsPerSecond`), everything is transcoded, Opus too, at that bitrate, constant (an Opus
 * stream's own bitrate cannot be known from its first bytes).
 * Short clusters and packets flushed as they come keep the added latency to a fraction of a second.
 */
export function liveToWebm(
  format: LiveInputFormat,
  onChunk: (chunk: Buffer) => void,
  opts: { ffmpegPath?: string; capBitsPerSecond?: number | null } = {},
): LiveTranscode {
  const cap = opts.capBitsPerSecond ?? null;
  const codec =
    format === 'ogg-opus' && cap === null
      ? ['-c:a', 'copy']
      : [
          // Timestamps from the samples themselves: Vorbis's block switches (long to short windows at
          // every transient) date packets ~9 ms off their neighbours, and Chromium's MSE stops for
          // a moment at each such overlap or gap. The decoded audio is continuous; so are these.
          ...['-af', 'asetpts=N/SR/TB'],
          ...['-c:a', 'libopus', '-b:a', String(cap ?? OPUS_BITRATE), '-ar', '48000'],
          // A cap is a ceiling: constant bitrate (constrained VBR still overshoots it by a percent or two).
          ...(cap === null ? [] : ['-vbr', 'off']),
        ];
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // Decide from the first few KB: a live input never "ends" for a longer probe. (No +nobuffer:
    // it drops the packets read while probing, the broadcast's first second or two.)
    '-probesize',
    '32768',
    '-analyzeduration',
    '0',
    '-f',
    DEMUXER[format],
    '-i',
    'pipe:0',
    '-map',
    '0:a:0',
    '-vn',
    ...codec,
    '-f',
    'webm',
    '-live',
    '1',
    // ffmpeg holds a cluster in memory until it closes: one cluster per packet, out at once (ADR 0042).
    '-cluster_time_limit',
    '10',
    '-flush_packets',
    '1',
    'pipe:1',
  ];
  // stdin is written with the -nostdin flag set: -nostdin only stops ffmpeg's interactive keys.
  const child = spawn(findFfmpeg(opts.ffmpegPath), args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4096);
  });
  child.stdout.on('data', onChunk);
  // A write after ffmpeg died raises EPIPE here; `done` reports the exit.
  child.stdin.on('error', () => {});
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('error', (e) => resolve({ code: null, stderr: `ffmpeg could not start: ${e.message}` }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
  return {
    write: (chunk) => child.stdin.write(chunk),
    onDrain: (fn) => child.stdin.once('drain', fn),
    end: () => child.stdin.end(),
    kill: () => child.kill('SIGKILL'),
    done,
  };
}
