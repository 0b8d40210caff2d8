// Start time and memory of the server, from source through tsx and compiled (apps/server/dist):
// process spawn → first 200 from /api/health, and the process's RSS then. Each run gets a copy of
// one migrated data directory, so migrations are not what is timed. `npx tsx bench/start/run.ts [runs]`
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, SERVER_MAIN } from '../../scripts/build-server.mjs';
import { stopChildren } from '../processes';

const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 3);
const PORT = 4390;
const variants = {
  tsx: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  compiled: ['--enable-source-maps', SERVER_MAIN],
};

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function startOnce(args: string[], dataDir: string): Promise<{ ms: number; rss: number; child: ChildProcess }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
  });
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { ms: performance.now() - t0, rss: rssMiB(child.pid as number), child };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no 200 from /api/health within 180 s');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await buildServerIfStale();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-start-'));
const template = path.join(work, 'template');
try {
  await stopChildren([(await startOnce(variants.compiled, template)).child]);
  // Alternated, so a change in the machine's load falls on both alike.
  const results: Record<string, { ms: number; rss: number }[]> = { tsx: [], compiled: [] };
  for (let i = 0; i < runs; i++) {
    for (const [name, args] of Object.entries(variants)) {
      const dir = path.join(work, `${name}-${i}`);
      fs.cpSync(template, dir, { recursive: true });
      const r = await startOnce(args, dir);
      await stopChildren([r.child]);
      results[name].push(r);
      console.log(`${name} run ${i + 1}: ${Math.round(r.ms)} ms, RSS ${r.rss.toFixed(0)} MiB`);
    }
  }
  for (const [name, rs] of Object.entries(results)) {
    const ms = median(rs.map((r) => r.ms));
    const rss = median(rs.map((r) => r.rss));
    console.log(`${name}: median ${Math.round(ms)} ms to a healthy server, RSS ${rss.toFixed(0)} MiB`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
