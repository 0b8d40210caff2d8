import fsp from 'node:fs/promises';
import { audioTooLongMessage, DEFAULT_MAX_AUDIO_SECONDS } from '@wavecast/shared';
import { ffmpegStreaming, ffprobeJson, findFfprobe } from './ffmpeg';
import { AUDIO_FORMATS, type AudioContainer, id3Size, SNIFF_BYTES, sniffAfterId3, sniffAudio } from './sniff';

/** A file we refuse, with a message meant for the person who uploaded it. */
export class MediaRejectedError extends Error {}

export interface AudioProbe {
  container: AudioContainer;
  durationSeconds: number;
  codec: string;
  channels: number;
  sampleRate: number;
}

export interface ProbeOptions {
  ffmpeg?: string;
  /** Time allowed for each probing step. */
  timeoutMs?: number;
  /** Longest audio accepted, declared or found, in seconds (MAX_AUDIO_SECONDS). */
  maxSeconds?: number;
}

/** PCM used for decode checks and peaks: mono, 8 kHz, 16-bit. */
export const CHECK_RATE = 8000;
const BYTES_PER_SECOND = CHECK_RATE * 2;

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The container of a stored file, looking behind an ID3 tag when there is one. */
export async function detectContainer(file: string): Promise<AudioContainer | null> {
  const head = await readAt(file, 0, SNIFF_BYTES);
  const sniffed = sniffAudio(head);
  if (sniffed !== 'id3') return sniffed;
  return sniffAfterId3(await readAt(file, id3Size(head), SNIFF_BYTES));
}

/** Input options that pin ffmpeg to the sniffed demuxer and to plain files. */
export const inputArgs = (file: string, container: AudioContainer) => [
  '-protocol_whitelist',
  'file',
  '-f',
  AUDIO_FORMATS[container].demuxer,
  '-i',
  file,
];

/** Seconds of audio ffmpeg decodes from the file (optionally only its last `lastSeconds`). */
async function decodedSeconds(
  file: string,
  container: AudioContainer,
  opts: ProbeOptions,
  lastSeconds?: number,
): Promise<number> {
  let bytes = 0;
  const seek = lastSeconds ? ['-sseof', `-${lastSeconds}`] : [];
  const run = ffmpegStreaming(
    [
      '-v',
      'error',
      ...seek,
      ...inputArgs(file, container),
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(CHECK_RATE),
      // Never more than asked for, whatever the header claims (a tail seek lands where it says).
      '-t',
      String(lastSeconds ? lastSeconds + 1 : (opts.maxSeconds ?? DEFAULT_MAX_AUDIO_SECONDS) + 1),
    ].concat(['-f', 's16le', 'pipe:1']),
    (chunk) => {
      bytes += chunk.length;
    },
    { ffmpeg: opts.ffmpeg, timeoutMs: opts.timeoutMs ?? 30_000 },
  );
  await run.done;
  return bytes / BYTES_PER_SECOND;
}

/**
 * Seconds of audio the file's packets span, read without decoding (a stream copy to nothing: about
 * 35,000x real time), so a header that understates the length cannot hide hours of audio. Stops,
 * and answers `limit`+, as soon as the packets pass `limit`.
 */
export async function packetSeconds(
  file: string,
  container: AudioContainer,
  limit: number,
  opts: ProbeOptions = {},
): Promise<number> {
  let seconds = 0;
  let over = false;
  let pending = '';
  const run = ffmpegStreaming(
    ['-v', 'error', '-nostats', ...inputArgs(file, container), '-map', '0:a:0', '-c', 'copy', '-f', 'null'].concat([
      '-progress',
      'pipe:1',
      '-',
    ]),
    (chunk) => {
      pending += chunk.toString('latin1');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time=HH:MM:SS.micro, in ffmpeg 4.1 (the npm package) as in 7.x.
        const m = /^out_time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
        if (!m) continue;
        seconds = Math.max(seconds, Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
        if (seconds > limit && !over) {
          over = true;
          run.kill();
        }
      }
    },
    { ffmpeg: opts.ffmpeg, timeoutMs: opts.timeoutMs ?? 30_000 },
  );
  try {
    await run.done;
  } catch (e) {
    if (!over) throw e;
  }
  return seconds;
}

interface FfprobeAnswer {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; channels?: number; sample_rate?: string; duration?: string }[];
}

async function readHeader(file: string, container: AudioContainer, opts: ProbeOptions) {
  const ffprobe = findFfprobe(opts.ffmpeg);
  if (ffprobe) {
    const answer = await ffprobeJson<FfprobeAnswer>(
      ffprobe,
      [
        ...inputArgs(file, container).slice(0, -2),
        '-show_entries',
        'format=duration:stream=codec_type,codec_name,channels,sample_rate,duration',
        file,
      ],
      opts.timeoutMs ?? 15_000,
    );
    const audio = answer.streams?.find((s) => s.codec_type === 'audio');
    if (!audio) return null;
    const duration = Number(answer.format?.duration ?? audio.duration);
    return {
      codec: audio.codec_name ?? 'unknown',
      channels: audio.channels ?? 0,
      sampleRate: Number(audio.sample_rate ?? 0),
      duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    };
  }
  // No ffprobe (the npm ffmpeg package ships none): read the header with music-metadata.
  const meta = await parseFile(file);
  if (!meta.format.numberOfChannels && !meta.format.codec) return null;
  return {
    codec: (meta.format.codec ?? 'unknown').toLowerCase(),
    channels: meta.format.numberOfChannels ?? 0,
    sampleRate: meta.format.sampleRate ?? 0,
    duration: meta.format.duration && meta.format.duration > 0 ? meta.format.duration : null,
  };
}

/** music-metadata's Node entry (its typings resolve to the browser build here). */
async function parseFile(file: string) {
  const mm = (await import('music-metadata')) as unknown as {
    parseFile(
      f: string,
      o: object,
    ): Promise<{
      format: { codec?: string; numberOfChannels?: number; sampleRate?: number; duration?: number };
    }>;
  };
  return mm.parseFile(file, { duration: true, skipCovers: true });
}

const UNDECODABLE =
  'The audio file could not be decoded. Please upload a valid MP3, WAV, M4A, AAC, FLAC, Ogg or WebM file.';

/**
 * Reads duration, codec and channels, and proves the audio decodes to its end: a file whose
 * header promises more than it holds (a cut-off download) is refused.
 */
export async function probeAudio(file: string, opts: ProbeOptions = {}): Promise<AudioProbe> {
  const container = await detectContainer(file);
  if (!container) throw new MediaRejectedError(UNDECODABLE);
  let header: Awaited<ReturnType<typeof readHeader>>;
  try {
    header = await readHeader(file, container, opts);
  } catch (e) {
    if (e instanceof Error && e.message.includes('timed out')) {
      throw new MediaRejectedError('The audio file took too long to read. Please try another file.');
    }
    throw new MediaRejectedError(UNDECODABLE);
  }
  if (!header) throw new MediaRejectedError('The file contains no audio.');

  // Hours of silence compress to a megabyte: both the declared and the real length are checked
  // before anything is decoded (a FLAC declaring 2 hours cost 80 s of CPU to transcode).
  const maxSeconds = opts.maxSeconds ?? DEFAULT_MAX_AUDIO_SECONDS;
  const tooLong = () => new MediaRejectedError(audioTooLongMessage(maxSeconds));
  if (header.duration !== null && header.duration > maxSeconds) throw tooLong();
  let scanned: number;
  try {
    scanned = await packetSeconds(file, container, maxSeconds, opts);
  } catch {
    throw new MediaRejectedError(UNDECODABLE);
  }
  if (scanned > maxSeconds) throw tooLong();

  // A header that understates the length: the packets' span is the length (and the CPU budget's).
  let duration = header.duration !== null && scanned > header.duration * 1.01 + 1 ? scanned : header.duration;
  try {
    if (duration === null) {
      // No duration in the header (live WebM, raw streams): count it by decoding.
      duration = await decodedSeconds(file, container, opts);
    } else {
      const window = Math.min(2, duration);
      const tail = await decodedSeconds(file, container, opts, 2);
      if (tail < window * 0.5) {
        throw new MediaRejectedError('The audio file is incomplete or damaged (it ends before its stated length).');
      }
    }
  } catch (e) {
    if (e instanceof MediaRejectedError) throw e;
    throw new MediaRejectedError(UNDECODABLE);
  }
  if (!duration || duration <= 0) throw new MediaRejectedError(UNDECODABLE);
  return {
    container,
    durationSeconds: duration,
    codec: header.codec,
    channels: header.channels,
    sampleRate: header.sampleRate,
  };
}
