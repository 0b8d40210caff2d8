import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An ordinary browser's user agent for listeners whose ads must count: headless Chromium says
 * "HeadlessChrome", a bot by the OPAWG list, whose impressions are filtered (ADR 0040).
 */
export const LISTENER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

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
