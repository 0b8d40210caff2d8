import { defineConfig } from '@playwright/test';
import { e2eServer } from './e2e/support/server';
import { BROWSER_UA } from './e2e/support/user-agent';
import { machineFactor } from './scripts/machine-factor';

// Ceilings follow the machine, as in vitest.config.ts: measured once by the runner, inherited by its
// workers (which load this file too) and read by e2e/support/timeouts.ts `scaled()`.
const factor = machineFactor();
process.env.TEST_TIME_FACTOR = String(factor);

const port = Number(process.env.E2E_PORT ?? 3100);
// Each worker talks to a server of its own (own ports, data directory, billing clock): specs never
// see another worker's users, uploads or moved clock. Files are shared out; a file's tests stay in order.
const workers = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number ≥ 1, not "${process.env.E2E_WORKERS}"`);

/** Specs whose assertions are audio timing between browsers (see `projects`). */
const SYNC_SPECS = ['rooms.spec.ts', 'premiere.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  // One output folder per port, so side-by-side runs don't wipe each other's traces.
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000 * factor,
  expect: { timeout: 10_000 * factor },
  fullyParallel: false,
  workers,
  // None: a test that fails now and then has a cause to fix, not a retry to hide it (issue 35, ADR 0060).
  retries: 0,
  // Per test as it ends, then each spec file's time, the slowest named (e2e/support/file-times-reporter.ts).
  reporter: [['list'], ['./e2e/support/file-times-reporter.ts']],
  // The specs that measure what browsers hear against each other (≤ 50 ms between two pages' audio)
  // are a project of their own that runs after the rest, one at a time, on the same servers: beside
  // the whole suite a 2-core machine stalls a page's audio for longer than that (a CI run measured
  // 142 ms at load 11 where a run of its own measured 12 ms).
  projects: [
    { name: 'main', testIgnore: SYNC_SPECS },
    { name: 'sync', testMatch: SYNC_SPECS, workers: 1, dependencies: ['main'] },
  ],
  use: {
    // A failed test keeps its trace with DOM snapshots, and a screenshot of where it stopped. No
    // screencast: recording every test's frames (to keep a failed one's) cost the browsers a third of
    // their CPU (public-pages.spec.ts: 43–47 CPU s and 69–75 s with it, 31 CPU s and 57 s without; ADR 0083).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // A person's browser, not "HeadlessChrome" (a bot whose plays and ad impressions never count).
    userAgent: BROWSER_UA,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  // baseURL is this worker's server's: e2e/support/test.ts.
  webServer: Array.from({ length: workers }, (_, i) => e2eServer(i)).map((server) => ({
    command: 'node scripts/serve-e2e.mjs',
    url: `${server.baseURL}/api/health`,
    reuseExistingServer: false,
    // The first server to start may build the run's data template (scripts/e2e-template.mjs): the
    // demo catalogue transcoded once, ~30 CPU seconds, before both servers start from copies.
    timeout: 240_000 * factor,
    env: {
      E2E_PORT: String(server.port),
      E2E_BASE_PORT: String(port),
      ...(process.env.E2E_WEB_DIST ? { E2E_WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  })),
});
