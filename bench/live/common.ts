// Shared by the live benchmarks: our real server as a child process, a creator and a stream on it,
// CPU time of a process from /proc, and cleanup of everything started.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/relay/testing/icecast-server';
import { stopChildren } from '../processes';

export const root = path.resolve(import.meta.dirname, '../..');
export const children: ChildProcess[] = [];
export const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-bench-live-'));
const cleanups: (() => Promise<void> | void)[] = [];

export function onCleanup(fn: () => Promise<void> | void) {
  cleanups.push(fn);
}

let cleaning = false;
export async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  await stopChildren(children);
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

export interface OurServer {
  port: number;
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Our server as in production: one Node process, embedded PGlite, its own data directory.
 * `nodeArgs` go to Node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startOurServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<OurServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ...env,
    },
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error('our server exited during start');
    // Under load (8 agents' suites on 2 cores) a cold start with PGlite's migrations took 74 s.
    if (i > 3000) throw new Error('our server did not start within 5 minutes');
    await sleep(100);
  }
  return {
    port,
    base,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(12_000)]);
    },
  };
}

/** Signs up a creator (cookie) and creates a stream; returns both. */
export async function creatorWithStream(base: string, title = 'Bench stream') {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@bench.local`;
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'bench-password-long', name: 'Bench', accountType: 'creator' }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const cookie = up.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/live`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ title, category: 'Music' }),
  });
  if (!res.ok) throw new Error(`create stream failed: ${res.status} ${await res.text()}`);
  const stream = (await res.json()) as { id: string };
  return { cookie, email, password: 'bench-password-long', streamId: stream.id };
}

export function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}
