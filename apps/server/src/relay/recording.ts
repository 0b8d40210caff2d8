import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpeg, findFfmpeg } from '../media/ffmpeg';
import type { Sink } from './session';

const run = promisify(execFile);

/** Where a broadcast's raw recording is appended while it is live (inside DATA_DIR, survives restarts). */
export function rawRecordingPath(dataDir: string, streamId: string): string {
  return path.join(dataDir, 'live', `${streamId}.webm`);
}

/** Appends the stream's bytes (the same Buffers listeners get) to a file, created at the first write. */
export class RecordingSink implements Sink {
  private out: fs.WriteStream | null = null;
  private closed = false;
  private finished: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  write(buf: Buffer): void {
    if (this.closed) return;
    if (!this.out) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      // A fresh file per broadcast (a stream id is never reused).
      const out = fs.createWriteStream(this.file, { flags: 'w' });
      this.finished = new Promise((resolve) => {
        out.on('close', () => resolve());
        out.on('error', () => resolve());
      });
      this.out = out;
    }
    this.out.write(buf);
  }
  buffered(): number {
    return this.out?.writableLength ?? 0;
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.out?.end();
  }
  /** Resolves once everything written is on disk. */
  get done(): Promise<void> {
    return this.finished;
  }
}

/** ffmpeg `-c copy` into a seekable WebM (Cues, Duration): fast, no re-encoding. */
export async function remuxRecording(raw: string, out: string, ffmpegPath?: string): Promise<void> {
  await ffmpeg(['-y', '-v', 'error', '-i', raw, '-map', '0:a:0', '-c', 'copy', '-f', 'webm', out], {
    ffmpeg: ffmpegPath,
    timeoutMs: 10 * 60_000,
  });
}

function ffprobePath(ffmpegPath: string): string | null {
  if (ffmpegPath === 'ffmpeg') return 'ffprobe';
  const candidate = path.join(path.dirname(ffmpegPath), 'ffprobe');
  return fs.existsSync(candidate) ? candidate : null;
}

/** The file's duration in seconds: ffprobe, or ffmpeg's own report where no ffprobe ships. */
export async function probeDuration(file: string, ffmpegPath?: string): Promise<number> {
  const bin = findFfmpeg(ffmpegPath);
  const probe = ffprobePath(bin);
  if (probe) {
    try {
      const { stdout } = await run(
        probe,
        ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file],
        { timeout: 60_000 },
      );
      const d = Number.parseFloat(stdout.trim());
      if (Number.isFinite(d)) return d;
    } catch {
      // fall through to ffmpeg
    }
  }
  const r = await run(bin, ['-hide_banner', '-i', file], { timeout: 60_000 }).catch((e) => e as { stderr: string });
  const m = /Duration: (\d+):(\d+):([\d.]+)/.exec(r.stderr ?? '');
  if (!m) throw new Error('Could not read the recording duration');
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export async function removeQuietly(...files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fsp.rm(f, { force: true })));
}
