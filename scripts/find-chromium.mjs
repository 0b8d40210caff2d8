// Finds a Chromium for the e2e tests, installing one if it can; prints its path.
// Order: CHROME_PATH, the system's chromium, Playwright's cache; else apt-get (root on Debian)
// or `npx playwright install chromium`. `{ headlessShell: true }` (the e2e suite) prefers Chromium's
// headless shell, found or installed the same way, and falls back to a full Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrograms } from './system-packages.mjs';

const shells = () => ['/usr/bin/chromium-headless-shell', ...playwrightCache('chromium_headless_shell', 'headless')];

const candidates = () => [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  ...playwrightCache('chromium-', 'full'),
];

/** Playwright's downloaded browsers whose folder starts with `prefix`. */
function playwrightCache(prefix, kind) {
  const dir = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  const inside =
    kind === 'headless'
      ? ['chrome-headless-shell-linux64/chrome-headless-shell', 'chrome-linux/headless_shell']
      : ['chrome-linux/chrome', 'chrome-linux64/chrome'];
  try {
    return fs
      .readdirSync(dir)
      .filter((d) => d.startsWith(prefix))
      .flatMap((d) => inside.map((exe) => path.join(dir, d, exe)));
  } catch {
    return [];
  }
}

const exists = (p) => p && fs.existsSync(p);
const found = () => candidates().find(exists);

/**
 * The headless shell is Chromium's old headless mode as a program of its own: no browser UI
 * compositing every frame. The e2e pages cost it half the CPU of a full Chromium's headless mode
 * (ADR 0084). An explicit CHROME_PATH still wins.
 */
function findHeadlessShell() {
  if (process.env.CHROME_PATH) return undefined;
  let exe = shells().find(exists);
  if (!exe && process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) {
    ensurePrograms({ 'chromium-headless-shell': 'chromium-headless-shell' });
    exe = shells().find(exists);
  }
  return exe;
}

export function findChromium({ headlessShell = false } = {}) {
  let exe = (headlessShell && findHeadlessShell()) || found();
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

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(findChromium({ headlessShell: process.argv.includes('--headless-shell') }));
