// `npm test`: the whole suite, overlapped where a 2-core machine has room (issue 35, ADR 0083).
//   1. lint, types, unit tests and the e2e web app and data template, side by side;
//   2. integration and e2e (all but the audio-sync specs) side by side: alone, each tier leaves about
//      a third to a half of the machine idle (its tests wait on browsers, ffmpeg, sockets);
//   3. the audio-sync e2e specs alone, as before (two pages' audio within 50 ms needs a quiet machine).
// Each command's lines are prefixed with its name; every stage and command prints its time. A failed
// stage stops the run once all its commands have finished, so one run shows all of a stage's failures.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { machineFactor } from './machine-factor.mjs';

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
// Measured once on the machine as it is now; the tiers that run side by side each get about half of
// it, so their ceilings are doubled (scripts/machine-factor.mjs caps the factor at 4).
const factor = machineFactor();
const sideBySide = { TEST_TIME_FACTOR: String(Math.min(4, factor * 2)) };

stage(`lint, types, unit tests and the e2e build side by side (machine factor ${factor})`);
// The system programs first: installing them and the e2e build's Chromium at once would race for apt.
if ((await run('tools', 'node', ['scripts/system-packages.mjs'])) !== 0) finish(['tools']);
let failed = await together([
  ['lint', 'npm', ['run', 'lint']],
  ['types', 'npm', ['run', 'typecheck']],
  ['unit', 'npx', vitest('unit')],
  ['e2e build', 'node', ['scripts/e2e.mjs', '--prepare']],
]);
if (failed.length) finish(failed);

stage(`integration and e2e side by side (TEST_TIME_FACTOR ${sideBySide.TEST_TIME_FACTOR})`);
failed = await together([
  ['integration', 'npx', vitest('integration'), sideBySide],
  ['e2e', 'node', ['scripts/e2e.mjs', '--project=main'], sideBySide],
]);
if (failed.length) finish(failed);

stage('e2e audio-sync specs alone');
finish(await together([['e2e sync', 'node', ['scripts/e2e.mjs', '--project=sync']]]));
