// `npm run test:e2e`: finds (or installs) Chromium's headless shell (else a full Chromium), builds
// the web app and the servers' data template side by side, runs Playwright. `--prepare` only builds
// (npm test does it while the unit tests run: scripts/test.mjs).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale } from './build-web.mjs';
import { e2eServerEnv } from './e2e-env.mjs';
import { ensureDemoTemplate } from './e2e-template.mjs';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chrome = findChromium({ headlessShell: true });
// A broadcaster's page needs a full Chromium: the shell has no microphone prompt, so it refuses a
// microphone the context was granted (e2e/support/live-browser.ts launches this one).
const fullChrome = findChromium();
// Each E2E_PORT gets its own build and data directory, so parallel runs do not collide.
const port = process.env.E2E_PORT ?? '3100';
const outDir = port === '3100' ? path.join(root, 'apps/web/dist') : path.join(root, `apps/web/dist-${port}`);
// The servers start from a data template (scripts/e2e-template.mjs): its worker (PGlite, ffmpeg, one
// core) runs while Vite builds, instead of after it when the first server starts.
const template = ensureDemoTemplate(Number(port), e2eServerEnv(Number(port))).then(
  () => null,
  (e) => e,
);
buildWebIfStale({ outDir });
const failed = await template;
if (failed) {
  console.error(failed.message);
  process.exit(1);
}
if (process.argv.includes('--prepare')) process.exit(0);
// The whole suite: the audio-sync specs after the rest, alone (playwright.config.ts `projects`). With
// arguments, only what they name (not the rest first).
const args = process.argv.slice(2);
try {
  execFileSync('npx', ['playwright', 'test', ...(args.length > 0 ? ['--no-deps', ...args] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chrome, CHROME_FULL_PATH: fullChrome, E2E_WEB_DIST: outDir },
  });
} catch {
  process.exit(1);
}
