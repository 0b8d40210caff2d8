import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Each spec file's time once the run ends (the e2e twin of scripts/file-times-reporter.ts): the
 * slowest files, each worker's busy time, and every file over its budget named in the log. CI reads
 * it; nothing fails on time (a busy machine is not a broken test). `E2E_FILE_TIMES=path.json` also
 * writes every file's figures there. A file's time is its tests' durations added up (its beforeAll
 * hooks are in its first test's), so it does not depend on what the other worker was doing.
 */
const BUDGET_MS = 90_000;
const SLOWEST = 10;

interface FileRow {
  file: string;
  ms: number;
  tests: number;
  slowestTest: { title: string; ms: number };
  worker: number;
}

export default class E2eFileTimesReporter implements Reporter {
  private readonly rows = new Map<string, FileRow>();
  private readonly started = Date.now();
  private readonly load = os.loadavg()[0];
  private firstTestAt = 0;

  onTestBegin(): void {
    this.firstTestAt ||= Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const row = this.rows.get(file) ?? {
      file,
      ms: 0,
      tests: 0,
      slowestTest: { title: '', ms: -1 },
      worker: result.parallelIndex,
    };
    row.ms += result.duration;
    row.tests++;
    if (result.duration > row.slowestTest.ms) row.slowestTest = { title: test.title, ms: result.duration };
    this.rows.set(file, row);
  }

  onEnd(result: FullResult): void {
    const rows = [...this.rows.values()].sort((a, b) => b.ms - a.ms);
    if (rows.length === 0) return;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const line = (r: FileRow) =>
      `  ${s(r.ms).padStart(8)}  ${r.file} (${r.tests} tests, worker ${r.worker}; slowest ${s(r.slowestTest.ms)} "${r.slowestTest.title}")`;
    const busy = new Map<number, number>();
    for (const r of rows) busy.set(r.worker, (busy.get(r.worker) ?? 0) + r.ms);
    const out = [
      `\nSpec file times: ${rows.length} files, ${rows.reduce((n, r) => n + r.tests, 0)} tests, wall ${s(Date.now() - this.started)} (${result.status}); load average ${this.load.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
      `The first test began ${s(this.firstTestAt - this.started)} after the run (the servers' start)`,
      `Busy time per worker: ${[...busy.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([w, ms]) => `worker ${w} ${s(ms)}`)
        .join(', ')}`,
      'Slowest:',
      ...rows.slice(0, SLOWEST).map(line),
    ];
    const over = rows.filter((r) => r.ms > BUDGET_MS);
    if (over.length > 0) out.push(`Over budget (${over.length}; ${BUDGET_MS / 1000} s a file):`, ...over.map(line));
    console.log(out.join('\n'));
    const file = process.env.E2E_FILE_TIMES;
    if (file) fs.writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
  }
}
