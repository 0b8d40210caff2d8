import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_UA } from './user-agent';

/**
 * An ordinary browser's user agent for listeners whose ads must count (every context's default now:
 * ./user-agent.ts); headless Chromium's own is a bot's, whose impressions are filtered (ADR 0040).
 */
export const LISTENER_UA = BROWSER_UA;

/** A tone of `seconds` (20 unless told), the length of a real audio ad. */
export function makeAdAudio(seconds = 20): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-ad-')), 'ad.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=660:duration=${seconds}`,
    '-ac',
    '2',
    '-y',
    file,
  ]);
  return file;
}
