import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { findFfmpeg } from '../../../media/ffmpeg';
import { limiterFilter } from './gain';
import { CHANNELS } from './pcm';

/** Opus takes these input rates; anything else is resampled to 48 kHz. */
const OPUS_RATES = new Set([8000, 12000, 16000, 24000, 48000]);

/**
 * The mix, limited, into WebM/Opus for the relay hub: one ffmpeg for the channel's life, a cluster per
 * packet flushed at once (as live-transcode does), so the hub gets audio as it is rendered.
 */
export class PcmEncoder {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly done: Promise<void>;
  stderr = '';

  constructor(
    sampleRate: number,
    onChunk: (chunk: Buffer) => void,
    opts: { ffmpegPath?: string; bitrate?: number } = {},
  ) {
    const args = [
      ...['-hide_banner', '-nostdin', '-v', 'error'],
      ...['-f', 'f32le', '-ac', String(CHANNELS), '-ar', String(sampleRate), '-i', 'pipe:0'],
      // The whole mix through the look-ahead limiter (ADR 0079): tracks at their full gain,
      // crossfades and the DJ, under the ceiling before Opus.
      ...['-af', limiterFilter()],
      ...['-c:a', 'libopus', '-b:a', String(opts.bitrate ?? 96_000)],
      ...(OPUS_RATES.has(sampleRate) ? [] : ['-ar', '48000']),
      ...['-f', 'webm', '-live', '1', '-cluster_time_limit', '10', '-flush_packets', '1', 'pipe:1'],
    ];
    this.child = spawn(findFfmpeg(opts.ffmpegPath), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', onChunk);
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-2000);
    });
    this.child.stdin.on('error', () => {});
    this.done = new Promise((resolve) => {
      this.child.on('close', () => resolve());
      this.child.on('error', () => resolve());
    });
  }

  /** Writes a block of the mix; resolves when ffmpeg can take more. */
  async write(pcm: Float32Array): Promise<void> {
    const ok = this.child.stdin.write(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    if (!ok) await new Promise<void>((r) => this.child.stdin.once('drain', () => r()));
  }

  async end(): Promise<void> {
    this.child.stdin.end();
    await this.done;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}
