import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { audioPart, filesUnder, makeAudio, makeImage, multipartBody } from './testing';

let t: TestApp;
let creator: TestUser;
let dir: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-abort-'));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const tempFiles = () => filesUnder(path.join(t.dataDir, 'tmp'));

/** Sends the first `cut` bytes of a multipart upload, then drops the connection like a closed tab. */
async function abortAfter(body: Buffer, contentType: string, cut: number, expectedTemps: number) {
  const req = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: '/api/tracks',
    headers: { cookie: creator.cookie, 'content-type': contentType, 'content-length': body.length },
  });
  req.on('error', () => {});
  req.write(body.subarray(0, cut));
  // The upload is really in flight: its temp file(s) exist on the server.
  expect(await until(async () => (await tempFiles()).length === expectedTemps)).toBe(true);
  req.destroy();
  expect(await until(async () => (await tempFiles()).length === 0)).toBe(true);
  const [{ n }] = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audio_content');
  expect(n).toBe(0);
  expect(await t.ctx.storage.list('')).toEqual([]);
}

describe('an upload cancelled in flight leaves nothing behind', () => {
  it('while the audio streams in', async () => {
    const wav = await audioPart(await makeAudio(dir, 'wav', 20), 'long.wav', 'audio/wav'); // ~3.5 MB
    const { body, contentType } = multipartBody({ title: 'Cancelled' }, [wav]);
    await abortAfter(body, contentType, Math.floor(body.length / 2), 1);
  });

  it('while the cover streams in, after the audio arrived', async () => {
    const mp3 = await audioPart(await makeAudio(dir, 'mp3', 2));
    const png = await fs.readFile(await makeImage(dir, 'png', 1500));
    const { body, contentType } = multipartBody({ title: 'Cancelled' }, [
      mp3,
      { name: 'cover', filename: 'c.png', type: 'image/png', data: png },
    ]);
    await abortAfter(body, contentType, body.length - Math.floor(png.length / 2), 2);
  });
});

describe('a file refused early still gets its answer', () => {
  it('answers 415 to a large non-audio upload without leaving the client waiting', async () => {
    const junk = Buffer.alloc(8 * 1024 * 1024, 'not audio ');
    const { body, contentType } = multipartBody({ title: 'Junk' }, [
      { name: 'audio', filename: 'movie.mp3', type: 'audio/mpeg', data: junk },
    ]);
    const res = await fetch(`http://127.0.0.1:${port}/api/tracks`, {
      method: 'POST',
      headers: { cookie: creator.cookie, 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA');
    expect(await until(async () => (await tempFiles()).length === 0)).toBe(true);
    // The connection is still good for the next request.
    const again = await fetch(`http://127.0.0.1:${port}/api/me/tracks`, { headers: { cookie: creator.cookie } });
    expect(again.status).toBe(200);
  });
});
