import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Each test file's time, once the run ends: the slowest files, and every file over its project's
 * budget named in the log (CI reads it; nothing fails on time, a busy machine is not a broken test).
 * `VITEST_FILE_TIMES=path.json` also writes every file's figures there, and each file's as it ends to
 * `path.json.partial` (one JSON line a file): a run stopped half-way still leaves its figures.
 */
const BUDGET_MS: Record<string, number> = { unit: 5_000, integration: 45_000, 'integration-embedded': 45_000 };
const SLOWEST = 8;

function figures(m: TestModule) {
  const d = m.diagnostic();
  return {
    project: m.project.name,
    file: m.relativeModuleId,
    // Its whole cost to a worker: preparing, importing, setting up and running.
    ms: Math.round(d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
    importMs: Math.round(d.collectDuration),
    // CPU seconds of the worker (and the processes it waited for) on this file: load-independent.
    cpuMs: m.meta().cpuMs ?? null,
    tests: [...m.children.allTests()].length,
    heapMb: d.heap ? Math.round(d.heap / 2 ** 20) : null,
  };
}

export default class FileTimesReporter implements Reporter {
  onTestRunStart(): void {
    const file = process.env.VITEST_FILE_TIMES;
    if (file) fs.writeFileSync(`${file}.partial`, '');
  }

  onTestModuleEnd(m: TestModule): void {
    const file = process.env.VITEST_FILE_TIMES;
    if (file) fs.appendFileSync(`${file}.partial`, `${JSON.stringify(figures(m))}\n`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map(figures);
    if (rows.length === 0) return;
    rows.sort((a, b) => b.ms - a.ms);
    const line = (r: (typeof rows)[number]) =>
      `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file} (${r.tests} tests, import ${(r.importMs / 1000).toFixed(1)} s${r.cpuMs === null ? '' : `, CPU ${(r.cpuMs / 1000).toFixed(1)} s`}${r.heapMb ? `, heap ${r.heapMb} MB` : ''})`;
    const total = rows.reduce((s, r) => s + r.ms, 0);
    const cpu = rows.reduce((s, r) => s + (r.cpuMs ?? 0), 0);
    const out = [
      `\nFile times: ${rows.length} files, ${(total / 1000).toFixed(0)} s of worker time, ${(cpu / 1000).toFixed(0)} CPU s; slowest:`,
    ];
    out.push(...rows.slice(0, SLOWEST).map(line));
    const over = rows.filter((r) => r.ms > (BUDGET_MS[r.project] ?? Number.POSITIVE_INFINITY));
    if (over.length > 0) {
      out.push(
        `Over budget (${over.length}; unit ${BUDGET_MS.unit / 1000} s, integration ${BUDGET_MS.integration / 1000} s a file):`,
      );
      out.push(...over.map(line));
    }
    const heaviest = rows.reduce((a, b) => ((b.heapMb ?? 0) > (a.heapMb ?? 0) ? b : a));
    if (heaviest.heapMb) out.push(`Largest worker heap after a file: ${heaviest.heapMb} MB (${heaviest.file})`);
    console.log(out.join('\n'));
    const file = process.env.VITEST_FILE_TIMES;
    if (file) fs.writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
  }
}
