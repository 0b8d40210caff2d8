/**
 * An encoder that reconnects, for the scale-out test: ffmpeg as an Icecast source client (Ogg/Opus
 * in 20 ms pages, as the README recommends), in real time. ffmpeg has no reconnect of its own for
 * Icecast output; an encoder's auto-reconnect (OBS, BUTT, liquidsoap) is modelled by starting it
 * again a moment after it dropped, until it is stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { findFfmpeg } from '../../src/media/ffmpeg';

export interface EncoderAttempt {
  startedAt: number;
  exitedAt: number | null;
  code: number | null;
  /** The tone it sent (Hz). */
  tone: number;
  stderr: string;
}

export interface Encoder {
  attempts: EncoderAttempt[];
  /** Ends the running attempt cleanly ('q': ffmpeg writes its last pages and hangs up) and stops reconnecting. */
  stop(): Promise<void>;
  /** Kills it (cleanup). */
  kill(): void;
}

export function startEncoder(opts: {
  /** icecast://source:KEY@host:port/live */
  url: string;
  title: string;
  /** The tone of each attempt (the test tells the audio before a crash from the audio after). */
  toneOf(attempt: number): number;
  /** How long after a drop it connects again. */
  retryMs: number;
}): Encoder {
  const attempts: EncoderAttempt[] = [];
  let child: ChildProcess | null = null;
  let stopped = false;
  let exited: Promise<void> = Promise.resolve();

  const run = () => {
    if (stopped) return;
    const tone = opts.toneOf(attempts.length);
    const attempt: EncoderAttempt = { startedAt: Date.now(), exitedAt: null, code: null, tone, stderr: '' };
    attempts.push(attempt);
    const c = spawn(
      findFfmpeg(),
      [
        ...['-hide_banner', '-nostats', '-v', 'error', '-re', '-f', 'lavfi', '-i', `sine=f=${tone}:d=600:r=48000`],
        ...['-ac', '2', '-c:a', 'libopus', '-b:a', '48k', '-page_duration', '20000'],
        ...['-content_type', 'audio/ogg', '-ice_name', opts.title, '-f', 'ogg', opts.url],
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    child = c;
    c.stdin?.on('error', () => {});
    c.stderr?.on('data', (d) => {
      attempt.stderr += d;
    });
    exited = new Promise<void>((resolve) =>
      c.once('close', (code) => {
        attempt.exitedAt = Date.now();
        attempt.code = code;
        if (child === c) child = null;
        setTimeout(run, opts.retryMs);
        resolve();
      }),
    );
  };
  run();

  return {
    attempts,
    stop: async () => {
      stopped = true;
      child?.stdin?.end('q');
      const killer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
    kill: () => {
      stopped = true;
      child?.kill('SIGKILL');
    },
  };
}
