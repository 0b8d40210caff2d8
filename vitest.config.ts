import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './scripts/long-first-sequencer';
import { machineFactor } from './scripts/machine-factor';

// Measured once here; the workers inherit it (apps/server/test/time.ts `scaled`).
const factor = machineFactor();
process.env.TEST_TIME_FACTOR = String(factor);
console.log(
  `Machine factor ${factor} (load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores)`,
);

// Each file's CPU seconds, for the file-times report.
const setupFiles = ['./scripts/file-cpu-setup.ts'];

const integration = {
  setupFiles,
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 60_000 * factor,
  hookTimeout: 120_000 * factor,
  // Each file opens its own database; two at once. Three ran integration in 360 s instead of 519, but
  // twice failed hidden-at-once.int.test.ts on pool connection timeouts (ADR 0084): back to two
  // until that is understood.
  maxWorkers: 2,
  // Each file's heap after it ran, in the file-times report: a worker that grows is seen before it dies.
  logHeapUsage: true,
  // One module graph per worker, not per file: importing the server cost each file ~1.3 CPU s
  // (a third of a typical file's CPU; ADR 0066). Safe because test files share no module state:
  // each opens its own app, database and bus through createTestApp and closes them; the server's
  // module-level maps are registries filled identically at import, or bounded memo caches.
  isolate: process.env.VITEST_INTEGRATION_ISOLATE === '1',
};

/**
 * Where the embedded database (PGlite) behaves differently from PostgreSQL: its data-directory
 * lock and crash recovery in a real process, migrations and the demo seed at first start, its
 * extensions (search), numeric and date types (ledgers, analytics), the job queue's locking, the
 * event spine, and one socket's cost on a single-threaded database. CI runs the whole integration
 * suite on PostgreSQL + Redis and these files again on PGlite; without TEST_DATABASE_URL the whole
 * suite runs on PGlite.
 */
const EMBEDDED_SUBSET = [
  'apps/server/test/process.int.test.ts',
  'apps/server/src/modules/tracks/restart.int.test.ts',
  'apps/server/src/db/seed/seed.int.test.ts',
  'apps/server/src/modules/health/health.int.test.ts',
  'apps/server/src/modules/discovery/search.int.test.ts',
  'apps/server/src/modules/billing/billing.int.test.ts',
  'apps/server/src/modules/analytics/analytics.int.test.ts',
  'apps/server/src/jobs/queue.int.test.ts',
  'apps/server/src/jobs/schedule.int.test.ts',
  'apps/server/src/events/spine.int.test.ts',
  'apps/server/src/modules/auth/session.int.test.ts',
  'apps/server/src/realtime/flood.int.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/file-times-reporter.ts'],
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Unit tests share no state worth isolating: one module graph per thread, imported once
          // (per-file isolation made imports 48 of a run's 57 s).
          pool: 'threads',
          isolate: false,
          setupFiles,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          ...integration,
        },
      },
      { test: { name: 'integration-embedded', include: EMBEDDED_SUBSET, ...integration } },
    ],
  },
});
