import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { findFfmpeg } from '../../../media/ffmpeg';
import type { LiveInputFormat } from '../../../media/live-transcode';

/** The mix is interleaved stereo float. */
export const CHANNELS = 2;

const DEMUXER: Record<LiveInputFormat, string> = {
  'ogg-opus': 'ogg',
  ogg: 'ogg',
  webm: 'matroska',
  'webm-other': 'matroska',
  mp3: 'mp3',
  aac: 'aac',
  flv: 'flv',
};

export type DecoderInput =
  | { kind: 'file'; path: string; startMs: number; lengthMs: number; gainDb: number }
  /** `levelLufs`: brought to this loudness as it plays (ffmpeg `loudnorm`, dynamic: 3 s of lookahead). */
  | { kind: 'stream'; source: Readable; format: LiveInputFormat; levelLufs?: number };

/**
 * One ffmpeg decoding a file segment (or a DJ's live input) into float stereo PCM at the mix's
 * rate, buffered here in frames. Decoding pauses while more than `maxBufferMs` waits, so a long
 * track is never held whole in memory.
 */
export class PcmDecoder {
  private readonly chunks: Float32Array[] = [];
  private head = 0; // samples already taken from chunks[0]
  private pending: Buffer | null = null; // a partial sample carried to the next chunk
  private samples = 0;
  private waiters: (() => void)[] = [];
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly maxSamples: number;
  private paused = false;
  ended = false;
  stderr = '';

  constructor(
    input: DecoderInput,
    readonly sampleRate: number,
    opts: { ffmpegPath?: string; maxBufferMs?: number } = {},
  ) {
    this.maxSamples = Math.round(((opts.maxBufferMs ?? 8000) / 1000) * sampleRate) * CHANNELS;
    const out = ['-f', 'f32le', '-ac', String(CHANNELS), '-ar', String(sampleRate), 'pipe:1'];
    const args =
      input.kind === 'file'
        ? [
            ...['-ss', (input.startMs / 1000).toFixed(3), '-i', input.path],
            ...['-t', (input.lengthMs / 1000).toFixed(3), '-map', '0:a:0'],
            ...['-af', `volume=${input.gainDb.toFixed(2)}dB`],
            ...out,
          ]
        : [
            ...['-probesize', '32768', '-analyzeduration', '0', '-f', DEMUXER[input.format], '-i', 'pipe:0'],
            '-map',
            '0:a:0',
            ...(input.levelLufs === undefined ? [] : ['-af', `loudnorm=I=${input.levelLufs}:TP=-1.5:LRA=11`]),
            ...out,
          ];
    this.child = spawn(findFfmpeg(opts.ffmpegPath), ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (b: Buffer) => this.onData(b));
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-2000);
    });
    const finish = () => {
      if (this.ended) return;
      this.ended = true;
      this.wake();
    };
    this.child.stdout.on('end', finish);
    this.child.on('error', finish);
    this.child.on('close', finish);
    this.child.stdin.on('error', () => {});
    if (input.kind === 'stream') {
      input.source.pipe(this.child.stdin);
      // The DJ leaving (an end, an error, a destroy) ends ffmpeg's input: it flushes what it has.
      input.source.on('error', () => this.child.stdin.end());
      input.source.on('close', () => this.child.stdin.end());
    } else this.child.stdin.end();
  }

  /** Stereo frames buffered now. */
  get frames(): number {
    return this.samples / CHANNELS;
  }

  /** Resolves once `frames` are buffered or the input ended. */
  async want(frames: number): Promise<void> {
    while (!this.ended && this.frames < frames) {
      this.resumeIfLow(frames * CHANNELS);
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  /** Adds up to `frames` frames (× gain) into `mix` at frame `at`; returns how many it had. */
  mixInto(mix: Float32Array, at: number, frames: number, gain: (i: number) => number): number {
    let done = 0;
    while (done < frames && this.chunks.length > 0) {
      const chunk = this.chunks[0];
      const take = Math.min((chunk.length - this.head) / CHANNELS, frames - done);
      for (let i = 0; i < take; i++) {
        const g = gain(done + i);
        const o = (at + done + i) * CHANNELS;
        const s = this.head + i * CHANNELS;
        mix[o] += chunk[s] * g;
        mix[o + 1] += chunk[s + 1] * g;
      }
      done += take;
      this.head += take * CHANNELS;
      this.samples -= take * CHANNELS;
      if (this.head >= chunk.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    this.resumeIfLow(0);
    return done;
  }

  close(): void {
    this.ended = true;
    this.child.stdout.destroy();
    this.child.kill('SIGKILL');
    this.chunks.length = 0;
    this.samples = 0;
    this.wake();
  }

  private onData(b: Buffer): void {
    let buf = this.pending ? Buffer.concat([this.pending, b]) : b;
    const whole = buf.length - (buf.length % 8); // one stereo float frame
    this.pending = whole < buf.length ? Buffer.from(buf.subarray(whole)) : null;
    buf = buf.subarray(0, whole);
    if (buf.length === 0) return;
    const copy = new Float32Array(buf.length / 4);
    new Uint8Array(copy.buffer).set(buf);
    this.chunks.push(copy);
    this.samples += copy.length;
    if (this.samples > this.maxSamples && !this.paused) {
      this.paused = true;
      this.child.stdout.pause();
    }
    this.wake();
  }

  private resumeIfLow(need: number): void {
    if (this.paused && this.samples < Math.max(need, this.maxSamples / 2)) {
      this.paused = false;
      this.child.stdout.resume();
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }
}
