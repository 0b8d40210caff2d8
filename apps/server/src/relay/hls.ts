import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { findFfmpeg } from '../media/ffmpeg';
import { Fmp4Splitter } from './fmp4';
import { type HlsPart, HlsPlaylist } from './hls-playlist';
import type { LiveSession, Sink } from './session';

/** ffmpeg cuts a fragment (an LL-HLS part) once it holds this much audio: 16 AAC frames, 0.341 s. */
const PART_MICROSECONDS = 333_333;
/** Bytes waiting for ffmpeg's stdin past which the packager gives up (ffmpeg stopped keeping up). */
const MAX_STDIN_BACKLOG = 2 * 1024 * 1024;

/** WebM/Opus on stdin → fragmented MP4/AAC on stdout, flushed per fragment. */
function ffmpegArgs(): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-fflags',
    'nobuffer',
    '-f',
    'webm',
    '-i',
    'pipe:0',
    '-map',
    '0:a:0',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-f',
    'mp4',
    '-movflags',
    '+empty_moov+default_base_moof',
    '-frag_duration',
    String(PART_MICROSECONDS),
    '-flush_packets',
    '1',
    'pipe:1',
  ];
}

/**
 * One HLS packaging run for one broadcast: a tap on the session (the same Buffers listeners get)
 * piped through ffmpeg, whose fragments become LL-HLS parts in memory. Works on any process that
 * holds a session for the stream, the publisher's or a mirror.
 */
export class HlsPackager {
  /** In every URI of this run: a restarted run never serves a cached part of an earlier one. */
  readonly run = `r${randomBytes(4).toString('hex')}`;
  readonly playlist = new HlsPlaylist(this.run);
  lastRequestAt = Date.now();
  private readonly ffmpeg: ChildProcessWithoutNullStreams;
  private readonly waiters = new Set<{ ready: () => boolean; resolve: () => void }>();
  private readonly sink: Sink;
  private stopped = false;

  constructor(
    private readonly session: LiveSession,
    private readonly onGone: (p: HlsPackager) => void,
    private readonly log: (msg: string, err?: unknown) => void,
    ffmpegPath?: string,
  ) {
    this.ffmpeg = spawn(findFfmpeg(ffmpegPath), ffmpegArgs(), { stdio: ['pipe', 'pipe', 'pipe'] });
    const splitter = new Fmp4Splitter({
      init: (bytes) => {
        this.playlist.init = bytes;
      },
      fragment: (f) => this.addPart({ bytes: f.bytes, duration: f.duration }),
    });
    let stderr = '';
    this.ffmpeg.stdout.on('data', (chunk: Buffer) => {
      try {
        splitter.push(chunk);
      } catch (e) {
        this.fail('live: HLS output could not be split', e);
      }
    });
    this.ffmpeg.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    this.ffmpeg.stdin.on('error', () => {}); // EPIPE when ffmpeg exits first: 'close' reports it
    this.ffmpeg.on('error', (e) => this.fail('live: ffmpeg for HLS could not start', e));
    this.ffmpeg.on('close', (code) => {
      if (this.stopped) return;
      if (this.session.isEnded) {
        // The broadcast ended and ffmpeg flushed its last fragment: players get ENDLIST.
        this.playlist.end();
        this.wake();
        this.stopped = true;
        this.onGone(this);
      } else this.fail(`live: ffmpeg for HLS exited (${code}): ${stderr.trim()}`);
    });

    const stdin = this.ffmpeg.stdin;
    this.sink = {
      write: (buf) => {
        if (stdin.writableLength > MAX_STDIN_BACKLOG) return this.fail('live: ffmpeg for HLS fell behind');
        stdin.write(buf);
      },
      buffered: () => stdin.writableLength,
      close: () => stdin.end(),
    };
    session.addTap(this.sink);
  }

  get streamId(): string {
    return this.session.streamId;
  }

  /** Whether a request is waiting on this run: a run still answering one is not idle. */
  get answering(): boolean {
    return this.waiters.size > 0;
  }

  /** Resolves once `ready()` holds, the run stops, or `ms` pass. */
  waitFor(ready: () => boolean, ms: number): Promise<void> {
    if (ready() || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const w = {
        ready,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(w);
          // Idle time counts from the answer: a slow first segment must not use up the player's turn.
          this.lastRequestAt = Date.now();
          resolve();
        },
      };
      const timer = setTimeout(w.resolve, ms);
      this.waiters.add(w);
    });
  }

  /** Stops this run (nobody asked for HLS lately, or shutdown): the tap goes, ffmpeg is killed. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.session.removeTap(this.sink);
    this.ffmpeg.stdin.destroy();
    this.ffmpeg.kill('SIGKILL');
    for (const w of [...this.waiters]) w.resolve();
    this.onGone(this);
  }

  private addPart(part: HlsPart): void {
    this.playlist.addPart(part);
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) if (w.ready() || this.playlist.ended) w.resolve();
  }

  private fail(msg: string, err?: unknown): void {
    if (this.stopped) return;
    this.log(msg, err);
    this.stop();
  }
}
