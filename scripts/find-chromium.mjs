// Finds a Chromium for the e2e tests, installing one if it can; prints its path.
// Order: CHROME_PATH, the system's chromium, Playwright's cache; else apt-get (root on Debian)
// or `npx playwright install chromium`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrograms } from './system-packages.mjs';

const candidates = () => [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  ...playwrightCache(),
];

function playwrightCache() {
  const dir = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  try {
    return fs
      .readdirSync(dir)
      .filter((d) => d.startsWith('chromium'))
      .flatMap((d) => [path.join(dir, d, 'chrome-linux', 'chrome'), path.join(dir, d, 'chrome-linux64', 'chrome')]);
  } catch {
    return [];
  }
}

const found = () => candidates().find((p) => p && fs.existsSync(p));

export function findChromium() {
  let exe = found();
  if (exe) return exe;
  if (process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) ensurePrograms({ chromium: 'chromium' });
  else {
    console.error('Chromium not found: trying `npx playwright install chromium`...');
    try {
      execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    } catch {
      // reported below
    }
  }
  exe = found();
  if (!exe) {
    throw new Error(
      'No Chromium for the e2e tests. Install the "chromium" package (apt-get install -y chromium) ' +
        'or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return exe;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium());
