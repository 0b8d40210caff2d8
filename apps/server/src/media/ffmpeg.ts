import { execFile, execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { watchCpu } from './cpu-watch';

const run = promisify(execFile);
let cached: string | undefined;

/** The ffmpeg binary: FFMPEG_PATH, then the system's, then the one packaged with npm. */
export function findFfmpeg(configured?: string): string {
  if (configured) return configured;
  if (cached) return cached;
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    cached = 'ffmpeg';
  } catch {
    const require = createRequire(import.meta.url);
    cached = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return cached;
}

export interface FfmpegOptions {
  ffmpeg?: string;
  timeoutMs?: number;
}

/** An ffmpeg run killed for using more CPU time than its work should take (a decompression bomb). */
export class CpuBudgetExceededError extends Error {
  constructor(readonly limitSeconds: number) {
    super(`ffmpeg used more than its ${Math.round(limitSeconds)} s CPU time budget`);
  }
}

/** Runs ffmpeg with arguments (never a shell); rejects with its last stderr lines. */
export async function ffmpeg(args: string[], opts: FfmpegOptions = {}): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(findFfmpeg(opts.ffmpeg), ['-hide_banner', '-nostdin', ...args], {
      timeout: opts.timeoutMs ?? 10 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    const err = e as { stderr?: string; message: string; killed?: boolean };
    if (err.killed) throw new Error('ffmpeg timed out');
    const tail = (err.stderr ?? err.message).trim().split('\n').slice(-3).join(' ');
    throw new Error(`ffmpeg failed: ${tail}`);
  }
}

/**
 * ffmpeg's description of an input (`-i` with no output: it prints the streams, then exits with an
 * error), for where no ffprobe ships. Resolves with the whole stderr.
 */
export async function describeInput(inputArgs: string[], opts: FfmpegOptions = {}): Promise<string> {
  try {
    const r = await run(findFfmpeg(opts.ffmpeg), ['-hide_banner', '-nostdin', ...inputArgs], {
      timeout: opts.timeoutMs ?? 10_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    return r.stderr;
  } catch (e) {
    const err = e as { stderr?: string; killed?: boolean };
    if (err.killed || err.stderr === undefined) throw new Error('ffmpeg could not describe the input');
    return err.stderr;
  }
}

let cachedProbe: string | null | undefined;

/** The ffprobe binary next to the configured ffmpeg, or the system's; null when there is none. */
export function findFfprobe(configuredFfmpeg?: string): string | null {
  if (configuredFfmpeg) {
    const sibling = configuredFfmpeg.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1');
    if (sibling !== configuredFfmpeg) {
      try {
        execFileSync(sibling, ['-version'], { stdio: 'ignore' });
        return sibling;
      } catch {
        // fall through to the system binary
      }
    }
  }
  if (cachedProbe !== undefined) return cachedProbe;
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    cachedProbe = 'ffprobe';
  } catch {
    cachedProbe = null; // the npm ffmpeg package ships no ffprobe
  }
  return cachedProbe;
}

/** Runs ffprobe and parses its JSON answer. */
export async function ffprobeJson<T>(bin: string, args: string[], timeoutMs: number): Promise<T> {
  try {
    const { stdout } = await run(bin, ['-v', 'error', '-of', 'json', ...args], {
      timeout: timeoutMs,
      maxBuffer: 4 * 1024 * 1024,
    });
    return JSON.parse(stdout) as T;
  } catch (e) {
    const err = e as { stderr?: string; message: string; killed?: boolean };
    if (err.killed) throw new Error('ffprobe timed out');
    throw new Error(`ffprobe failed: ${(err.stderr ?? err.message).trim().split('\n').slice(-2).join(' ')}`);
  }
}

export interface StreamingRun {
  /** Resolves with ffmpeg's stderr tail once it exits with 0; rejects otherwise. */
  done: Promise<string>;
  kill(): void;
}

/**
 * Runs ffmpeg with its stdout handed to `onStdout` chunk by chunk (PCM for peaks), keeping only
 * the tail of stderr (summaries such as ebur128's are printed last).
 */
export function ffmpegStreaming(
  args: string[],
  onStdout: (chunk: Buffer) => void,
  opts: FfmpegOptions & { cpuSeconds?: number } = {},
): StreamingRun {
  const child = spawn(findFfmpeg(opts.ffmpeg), ['-hide_banner', '-nostdin', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      child.kill('SIGKILL');
    },
    opts.timeoutMs ?? 10 * 60_000,
  );
  let overBudget = false;
  const { cpuSeconds } = opts;
  const stopWatch =
    cpuSeconds !== undefined && child.pid !== undefined
      ? watchCpu(child.pid, cpuSeconds, () => {
          overBudget = true;
          child.kill('SIGKILL');
        })
      : () => {};
  child.stdout.on('data', onStdout);
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-32_768);
  });
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', (e) => {
      clearTimeout(timer);
      stopWatch();
      reject(new Error(`ffmpeg could not start: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      stopWatch();
      if (overBudget) return reject(new CpuBudgetExceededError(cpuSeconds ?? 0));
      if (timedOut) return reject(new Error('ffmpeg timed out'));
      if (code === 0) return resolve(stderr);
      const tail = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`ffmpeg failed: ${tail}`));
    });
  });
  return { done, kill: () => child.kill('SIGKILL') };
}
