#!/usr/bin/env node
// Tests per tier, as the runners see them (`vitest list`, `playwright test --list`): the figure an
// issue's "no coverage lost" is checked against. `--json` prints the counts per file too.
// It imports every test file (no test runs, no database is opened beyond the integration global setup).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-counts-'));
const run = (args) => execFileSync('npx', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const tiers = {};
const perFile = {};
try {
  for (const project of ['unit', 'integration', 'integration-embedded']) {
    const out = path.join(tmp, `${project}.json`);
    run(['vitest', 'list', '--project', project, `--json=${out}`]);
    tiers[project] = 0;
    for (const t of JSON.parse(fs.readFileSync(out, 'utf8'))) {
      tiers[project] += 1;
      const key = `${project} ${path.relative(root, t.file)}`;
      perFile[key] = (perFile[key] ?? 0) + 1;
    }
  }
  const list = run(['playwright', 'test', '--list', '--reporter=list']);
  for (const line of list.split('\n')) {
    const m = /^\s*(\S+\.spec\.ts):\d+:\d+ ›/.exec(line);
    if (m) perFile[`e2e e2e/${m[1]}`] = (perFile[`e2e e2e/${m[1]}`] ?? 0) + 1;
  }
  tiers.e2e = Number(/Total: (\d+) tests?/.exec(list)?.[1] ?? Number.NaN);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (process.argv.includes('--json')) console.log(JSON.stringify({ tiers, perFile }, null, 1));
else {
  console.log('Tests per tier (integration-embedded is the PGlite subset, also counted in integration):');
  for (const [tier, n] of Object.entries(tiers)) console.log(`  ${tier.padEnd(22)} ${n}`);
}
