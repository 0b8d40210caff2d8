// `npm test`: the whole suite (issue 35, ADR 0083).
//   1. lint, types, unit tests and the e2e web app and data template, side by side (short, CPU-bound);
//   2. integration, then e2e (the audio-sync specs last and alone: playwright.config.ts), one after
//      the other: side by side they saturated a 2-core machine (load 13–17), real-time tests failed
//      and each tier took longer than both in a row (ADR 0083).
// Each command's lines are prefixed with its name; every stage and command prints its time. A failed
// stage stops the run once all its commands have finished, so one run shows all of a stage's failures.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const minutes = () => ((performance.now() - started) / 60_000).toFixed(1);
const load = () => os.loadavg()[0].toFixed(1);

/** Runs `npm run <script>` or `node <file>`, its output line by line behind `[name]`; resolves to its exit code. */
function run(name, command, args, env = {}) {
  const began = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const s = ((performance.now() - began) / 1000).toFixed(0);
      console.log(`== ${name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${s} s`);
      resolve(code ?? 1);
    });
  });
}

function stage(title) {
  console.log(`== [${minutes()} min, load ${load()}] ${title}`);
}

function finish(failed) {
  stage(failed.length ? `npm test FAILED: ${failed.join(', ')}` : 'npm test passed');
  process.exit(failed.length ? 1 : 0);
}

/** Runs `[name, command, args, env]`s side by side; resolves to the names of those that failed. */
async function together(commands) {
  const codes = await Promise.all(commands.map((c) => run(...c)));
  return commands.map(([name]) => name).filter((_, i) => codes[i] !== 0);
}

const vitest = (project) => ['vitest', 'run', '--project', project];

stage('lint, types, unit tests and the e2e build side by side');
// The system programs first: installing them and the e2e build's Chromium at once would race for apt.
if ((await run('tools', 'node', ['scripts/system-packages.mjs'])) !== 0) finish(['tools']);
let failed = await together([
  ['lint', 'npm', ['run', 'lint']],
  ['types', 'npm', ['run', 'typecheck']],
  ['unit', 'npx', vitest('unit')],
  ['e2e build', 'node', ['scripts/e2e.mjs', '--prepare']],
]);
if (failed.length) finish(failed);

stage('integration');
failed = await together([['integration', 'npx', vitest('integration')]]);
if (failed.length) finish(failed);

stage('e2e');
finish(await together([['e2e', 'node', ['scripts/e2e.mjs']]]));
