import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { scaled } from './time';

// A real server / ffmpeg at work: a ceiling scaled to how busy the machine is (test/time.ts).
vi.setConfig({ testTimeout: scaled(240_000) });

const main = path.resolve(import.meta.dirname, '../src/main.ts');
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (output.includes(text)) {
          clearInterval(check);
          resolve();
        }
      }, 50);
      exited.then(() => {
        clearInterval(check);
        reject(new Error(`exited before "${text}":\n${output}`));
      });
    });
  return { child, exited, waitFor, output: () => output };
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('the server process', () => {
  it('exits with a message naming a bad config key', async () => {
    const s = startServer({ PORT: 'abc', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'wc-')) });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/Invalid configuration:\s+PORT:/);
  });

  it('refuses a second server on the same DATA_DIR without touching the data, and shuts down on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-'));
    const first = startServer({ DATA_DIR: dataDir, PORT: '0' });
    await first.waitFor('Wavecast is running');
    const lockBefore = fs.readFileSync(path.join(dataDir, '.lock'), 'utf8');

    const second = startServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Wavecast process');
    expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(lockBefore);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
  }); // a brand-new embedded database runs initdb: seconds, or minutes on a loaded machine

  it('on another PORT without PUBLIC_URL, prints where it serves and accepts a sign-up from that origin', async () => {
    const port = await freePort();
    const s = startServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'wc-')),
      PORT: String(port),
      PUBLIC_URL: '', // unset, whatever the runner's environment says
    });
    const url = `http://localhost:${port}`;
    await s.waitFor('Wavecast is running');
    expect(s.output()).toContain(`Wavecast is running at ${url} (`);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `port${port}@example.com`,
        password: 'Sturdy-Horse-91',
        name: 'Port',
        accountType: 'listener',
      }),
    });
    expect(res.status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
