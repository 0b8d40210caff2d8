import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieHeader } from '../../../test/helpers';
import { scaled } from '../../../test/time';
import { openDatabase } from '../../db/client';
import { audioPart, filesUnder, makeAudio, multipartBody } from './testing';

// A real server / ffmpeg at work: a ceiling scaled to how busy the machine is (test/time.ts).
vi.setConfig({ testTimeout: scaled(240_000) });

// A real server process is killed (SIGKILL) while it transcodes an upload; a new one on the same
// data directory finishes the job.
const main = path.resolve(import.meta.dirname, '../../main.ts');
const children: ChildProcess[] = [];
let dataDir: string;
let port: number;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as net.AddressInfo;
      s.close(() => resolve(p));
    });
  });
}

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const ready = (async () => {
    for (const end = Date.now() + scaled(60_000); Date.now() < end; ) {
      if (output.includes('Wavecast is running')) return;
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  })();
  return { child, ready, exited };
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-restart-'));
  port = await freePort();
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('processing survives a crash', () => {
  it('a server killed mid-transcode finishes the job after a restart', async () => {
    // Five minutes of audio: several seconds of transcoding, time enough to pull the plug.
    const mp3 = await makeAudio(dataDir, 'mp3', 300);
    const first = startServer();
    await first.ready;
    const base = `http://127.0.0.1:${port}`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'crash@test.local',
        password: 'a-good-passphrase',
        name: 'Crash',
        accountType: 'creator',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieHeader(signUp.headers.getSetCookie());
    const { body, contentType } = multipartBody({ title: 'Long take' }, [await audioPart(mp3)]);
    const res = await fetch(`${base}/api/tracks`, {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body,
    });
    expect(res.status).toBe(201);
    const { track } = (await res.json()) as { track: { id: string } };

    // The worker has the file in its work directory: it is transcoding now.
    await until(async () => (await filesUnder(path.join(dataDir, 'tmp', 'jobs'))).length > 0, scaled(30_000));
    const deadWorkDirs = await fs.readdir(path.join(dataDir, 'tmp', 'jobs'));
    first.child.kill('SIGKILL');
    await first.exited;

    const db = await openDatabase({ dataDir });
    const [row] = await db.query<{ status: string }>('SELECT status FROM audio_content WHERE id = $1', [track.id]);
    const [job] = await db.query<{ status: string }>(`SELECT status FROM jobs WHERE type = 'track.process'`);
    await db.close();
    expect(row.status).toBe('processing');
    expect(job.status).toBe('running'); // claimed by the dead worker, its lock still valid

    const second = startServer();
    await second.ready;
    const ready = await until(async () => {
      const r = await fetch(`${base}/api/tracks/${track.id}`, { headers: { cookie } });
      const t = (
        (await r.json()) as { track?: { status: string; duration: number; peaksUrl: string | null; audioUrl: string } }
      ).track;
      return t?.status === 'ready' ? t : null;
    }, scaled(120_000));
    expect(Math.abs(ready.duration - 300)).toBeLessThan(0.1);
    expect(ready.peaksUrl).not.toBeNull();
    const head = await fetch(`${base}${ready.audioUrl}`, { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('audio/mp4');
    // The dead worker's temp files were swept at boot; the new worker removes its own work
    // directory just after it marked the track ready, so that one may take a moment.
    const left = await fs.readdir(path.join(dataDir, 'tmp', 'jobs'));
    expect(left.filter((d) => deadWorkDirs.includes(d))).toEqual([]);
    await until(async () => (await filesUnder(path.join(dataDir, 'tmp'))).length === 0, scaled(10_000));
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
