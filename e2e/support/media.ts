import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The file ffmpeg makes from `args` (input and encoding options), made once per machine as `name` in
 * the temp directory. Written under a private name and renamed into place: other workers and other
 * runs on the machine never read it half-written.
 */
export function ffmpegFile(name: string, args: string[]): string {
  const file = path.join(os.tmpdir(), name);
  if (fs.existsSync(file)) return file;
  const part = path.join(os.tmpdir(), `${process.pid}-${Math.random().toString(36).slice(2)}-${name}`);
  execFileSync('ffmpeg', ['-loglevel', 'error', ...args, '-y', part]);
  fs.renameSync(part, file);
  return file;
}

/** A quiet sine tone of `seconds` as a small mono MP3 (8 kHz, 8 kb/s), made once per machine. */
export function toneMp3(name: string, frequency: number, seconds: number): string {
  return ffmpegFile(name, [
    ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`],
    ...['-ac', '1', '-ar', '8000', '-c:a', 'libmp3lame', '-b:a', '8k'],
  ]);
}
