// The programs the test suites and benchmarks run beside our code, and the Debian packages that
// bring them. Missing ones are installed with apt-get when we are root on Debian; otherwise we say
// which are missing and go on (the tests that need one then fail or skip with its name).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Program on PATH → Debian package. ffmpeg's package also brings ffprobe. */
export const TEST_PROGRAMS = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  chromium: 'chromium',
  // The e2e suite's browser (scripts/find-chromium.mjs): half the CPU of a full Chromium's headless mode.
  'chromium-headless-shell': 'chromium-headless-shell',
  icecast2: 'icecast2',
  nginx: 'nginx',
  // Automatic transcripts: the recogniser, and a voice to give it speech (transcripts/auto.int.test.ts).
  pocketsphinx_continuous: 'pocketsphinx pocketsphinx-en-us',
  flite: 'flite',
};

export function onPath(bin) {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Installs the packages of the programs not on PATH; returns the programs still missing. */
export function ensurePrograms(programs = TEST_PROGRAMS) {
  const missing = () => Object.keys(programs).filter((b) => !onPath(b));
  const before = missing();
  if (before.length === 0) return [];
  const packages = [...new Set(before.flatMap((b) => programs[b].split(' ')))];
  if (process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) {
    console.error(`Installing Debian packages for the tests: ${packages.join(' ')}...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    } catch (e) {
      console.error(`apt-get failed: ${e.message}`);
    }
  }
  const after = missing();
  if (after.length) console.error(`Not available: ${after.join(', ')} (Debian packages: ${packages.join(' ')}).`);
  return after;
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePrograms();
