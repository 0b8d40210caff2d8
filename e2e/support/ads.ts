import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A 20-second tone, the length of a real audio ad. */
export function makeAdAudio(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-ad-')), 'ad.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=660:duration=20',
    '-ac',
    '2',
    '-y',
    file,
  ]);
  return file;
}
