import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { scaled } from '../../../test/time';
import { audioPart, makeAudio, makeImage, multipartBody } from '../tracks/testing';
import { hotMediaServed } from './hot-media';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let dir: string;
let original: Buffer;
let track: { id: string; audioUrl: string; downloadUrl: string; coverUrl: string };
let objectPath: string;

async function uploadTrack(fields: Record<string, string>, files: Parameters<typeof multipartBody>[1]) {
  const { body, contentType } = multipartBody(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'creator' });
  other = await signUp(t);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-delivery-'));
  const mp3 = await makeAudio(dir, 'mp3', 4);
  original = await fs.readFile(mp3);
  track = await uploadTrack({ title: 'Café "Ranges" / Test' }, [
    await audioPart(mp3),
    { name: 'cover', filename: 'c.png', type: 'image/png', data: await fs.readFile(await makeImage(dir, 'png')) },
  ]);
  await t.ctx.jobs.drain();
  track = (await t.app.inject({ url: `/api/tracks/${track.id}` })).json().track;
  const [row] = await t.ctx.database.query<{ audio_key: string }>('SELECT audio_key FROM audio_content WHERE id = $1', [
    track.id,
  ]);
  objectPath = row.audio_key;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const originalUrl = () => `/api/tracks/${track.id}/stream?format=original`;
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('Range on the audio endpoint', () => {
  it('bytes=0-0 is the first byte', async () => {
    const res = await get(originalUrl(), { range: 'bytes=0-0' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-0/${original.length}`);
    expect(res.headers['content-length']).toBe('1');
    expect(res.rawPayload).toEqual(original.subarray(0, 1));
  });

  it('bytes=-500 is the last 500 bytes', async () => {
    const res = await get(originalUrl(), { range: 'bytes=-500' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(
      `bytes ${original.length - 500}-${original.length - 1}/${original.length}`,
    );
    expect(res.rawPayload).toEqual(original.subarray(-500));
  });

  it('bytes=5-1 and ranges past the end are 416 with bytes */size', async () => {
    for (const range of [
      'bytes=5-1',
      `bytes=${original.length}-`,
      `bytes=${original.length + 10}-${original.length + 20}`,
    ]) {
      const res = await get(originalUrl(), { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-range']).toBe(`bytes */${original.length}`);
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('an end past the last byte is clamped', async () => {
    const res = await get(originalUrl(), { range: 'bytes=100-999999999' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-${original.length - 1}/${original.length}`);
    expect(res.rawPayload).toEqual(original.subarray(100));
  });

  it('If-Range with a stale validator gets the whole file; a current one gets the range', async () => {
    const full = await get(originalUrl());
    const { etag, 'last-modified': lastModified } = full.headers as Record<string, string>;
    const stale = await get(originalUrl(), { range: 'bytes=0-9', 'if-range': '"stale-etag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(original);
    const staleDate = await get(originalUrl(), {
      range: 'bytes=0-9',
      'if-range': new Date(Date.parse(lastModified) - 60_000).toUTCString(),
    });
    expect(staleDate.statusCode).toBe(200);
    const fresh = await get(originalUrl(), { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload).toEqual(original.subarray(0, 10));
    const freshDate = await get(originalUrl(), { range: 'bytes=0-9', 'if-range': lastModified });
    expect(freshDate.statusCode).toBe(206);
  });

  it('If-Match and If-Unmodified-Since are checked before the range: 412 when they fail', async () => {
    const { etag, 'last-modified': lastModified } = (await get(originalUrl())).headers as Record<string, string>;
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const failing: Record<string, string>[] = [
      { 'if-match': '"stale"' },
      { 'if-match': `W/${etag}` },
      { 'if-unmodified-since': earlier },
    ];
    for (const headers of failing) {
      const res = await get(originalUrl(), { range: 'bytes=0-9', ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(412);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.length).toBe(0);
    }
    const holding: Record<string, string>[] = [
      { 'if-match': etag },
      { 'if-match': '*' },
      { 'if-unmodified-since': lastModified },
    ];
    for (const headers of holding) {
      const res = await get(originalUrl(), { range: 'bytes=0-9', ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(206);
      expect(res.rawPayload).toEqual(original.subarray(0, 10));
    }
  });

  it('HEAD answers the headers and length without a body; conditional GET answers 304', async () => {
    const head = await get(originalUrl(), {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(original.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['x-content-type-options']).toBe('nosniff');
    expect(head.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // A public track's media may be read by other sites (ADR 0048).
    expect(head.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(head.headers['access-control-allow-origin']).toBe('*');
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(head.rawPayload.length).toBe(0);
    const headRange = await get(originalUrl(), { range: 'bytes=10-19' }, 'HEAD');
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('10');
    const again = await get(originalUrl(), { 'if-none-match': head.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('a versioned rendition URL is immutable; an unversioned one revalidates', async () => {
    const versioned = await get(track.audioUrl, {}, 'HEAD');
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['content-type']).toBe('audio/mp4');
    const plain = await get(`/api/tracks/${track.id}/stream`, {}, 'HEAD');
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    const staleVersion = await get(`/api/tracks/${track.id}/stream?v=old`, {}, 'HEAD');
    expect(staleVersion.headers['cache-control']).toBe('public, no-cache');
  });

  it('downloads the original with a safe Content-Disposition', async () => {
    const res = await get(track.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cafe Ranges Test.mp3"; filename*=UTF-8''Caf%C3%A9%20%22Ranges%22%20%2F%20Test.mp3`,
    );
    expect(res.rawPayload).toEqual(original);
  });

  it('serves the cover resized and redirects to the default cover when there is none', async () => {
    const cover = await get(`${track.coverUrl}&size=96`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(cover.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const none = await uploadTrack({ title: 'No cover' }, [await audioPart(await makeAudio(dir, 'mp3', 1))]);
    expect(none.coverUrl).toBe('/default-cover.svg');
    const res = await get(`/api/tracks/${none.id}/cover`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/default-cover.svg');
  });
});

describe('large files over a real socket', () => {
  it('a client dropping a response mid-file does not break the next ones', async () => {
    const wav = await makeAudio(dir, 'wav', 10); // ~1.7 MB: streamed, not buffered
    const bytes = await fs.readFile(wav);
    const big = await uploadTrack({ title: 'Big' }, [await audioPart(wav, 'big.wav', 'audio/wav')]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const url = `http://127.0.0.1:${port}/api/tracks/${big.id}/stream?format=original`;
    for (let i = 0; i < 3; i++) {
      // Read one chunk, then hang up.
      await new Promise<void>((resolve) => {
        const req = http.get(url, { headers: { cookie: owner.cookie } }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => resolve());
      });
    }
    // Lets the server see the hang-ups first; the requests below must work either way.
    await new Promise((r) => setTimeout(r, 100));
    const whole = await fetch(url, { headers: { cookie: owner.cookie } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(url, { headers: { cookie: owner.cookie, range: 'bytes=300000-1299999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(300000, 1300000))).toBe(true);
    await t.ctx.jobs.drain();
  });
});

describe('who may be served', () => {
  it('a private track answers 404 to others, ranges and HEAD included, and plays for its owner', async () => {
    const priv = await uploadTrack({ title: 'Secret', isPublic: 'false' }, [
      await audioPart(await makeAudio(dir, 'mp3', 1)),
    ]);
    await t.ctx.jobs.drain();
    const urls = [
      `/api/tracks/${priv.id}`,
      priv.audioUrl,
      `/api/tracks/${priv.id}/download`,
      `/api/tracks/${priv.id}/peaks`,
    ];
    for (const url of urls) {
      for (const cookie of ['', other.cookie]) {
        const plain = await get(url, { cookie });
        expect(plain.statusCode, url).toBe(404);
        const ranged = await get(url, { cookie, range: 'bytes=0-0' });
        expect(ranged.statusCode, url).toBe(404);
        const head = await get(url, { cookie }, 'HEAD');
        expect(head.statusCode, url).toBe(404);
      }
    }
    expect((await get(`/api/tracks/${priv.id}`)).json().error.message).toBe('Audio not found');
    const mine = await get(priv.audioUrl, { cookie: owner.cookie, range: 'bytes=0-0' });
    expect(mine.statusCode).toBe(206);
    expect(mine.headers['cache-control']).toMatch(/^private,/);
  });

  it('a track still processing plays from the original for its owner only', async () => {
    const mp3 = await makeAudio(dir, 'mp3', 1);
    const pending = await uploadTrack({ title: 'Pending' }, [await audioPart(mp3)]);
    expect(pending.status).toBe('processing');
    expect((await get(pending.audioUrl, { cookie: other.cookie })).statusCode).toBe(404);
    const mine = await get(pending.audioUrl, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('audio/mpeg');
    expect(mine.rawPayload).toEqual(await fs.readFile(mp3));
    await t.ctx.jobs.drain();
  });

  it('download follows the per-track permission', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: { cookie: owner.cookie },
      payload: { allowDownloads: false },
    });
    expect(res.json().track.downloadUrl).toBeNull();
    expect((await get(`/api/tracks/${track.id}/download`, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await get(`/api/tracks/${track.id}/download`, { cookie: owner.cookie })).statusCode).toBe(200);
  });
});

// The same file through nginx (when installed): our answers must match its status and ranges.
const nginxBin = (() => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return 'nginx';
  } catch {
    return null;
  }
})();

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!nginxBin)('side by side with nginx', () => {
  let nginx: ChildProcess;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-nginx-'));
    await fs.writeFile(
      path.join(prefix, 'nginx.conf'),
      `daemon off; worker_processes 1; ${process.getuid?.() === 0 ? 'user root;' : ''} error_log ${prefix}/error.log; pid ${prefix}/nginx.pid;
       events {} http { access_log off; sendfile on; tcp_nopush off;
         client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix};
         uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
         server { listen 127.0.0.1:${port}; root ${path.join(t.dataDir, 'storage')}; } }`,
    );
    nginx = spawn(nginxBin as string, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    // nginx listening: a busy machine can take seconds to start it.
    for (const deadline = Date.now() + scaled(10_000); ; ) {
      try {
        await fetch(`${base}/`);
        break;
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  afterAll(() => {
    nginx?.kill();
  });

  it.each([
    'bytes=0-0',
    'bytes=-500',
    'bytes=5-1',
    'bytes=100-',
    'bytes=0-99999999',
    'bytes=-0',
    'bytes=abc',
    'bytes=',
  ])('%s answers like nginx', async (range) => {
    const theirs = await fetch(`${base}/${objectPath}`, { headers: { range } });
    const ours = await get(originalUrl(), { range });
    expect(ours.statusCode).toBe(theirs.status);
    expect(ours.headers['content-range'] ?? null).toBe(theirs.headers.get('content-range'));
    if (theirs.status !== 416) {
      expect(ours.rawPayload).toEqual(Buffer.from(await theirs.arrayBuffer()));
    }
  });

  it.each([
    [{ range: 'bytes=0-9', 'if-match': '"stale"' }],
    [{ range: 'bytes=0-9', 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }],
    [{ 'if-match': '"stale"' }],
  ] as Record<string, string>[][])('%j answers 412 like nginx', async (headers) => {
    const theirs = await fetch(`${base}/${objectPath}`, { headers });
    const ours = await get(originalUrl(), headers);
    expect(theirs.status).toBe(412);
    expect(ours.statusCode).toBe(412);
    expect(ours.headers['content-range']).toBeUndefined();
    expect(ours.rawPayload.length).toBe(0);
  });

  it('If-Range stale answers like nginx', async () => {
    const theirs = await fetch(`${base}/${objectPath}`, { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    const ours = await get(originalUrl(), { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(ours.statusCode).toBe(theirs.status);
    expect(ours.headers['content-length']).toBe(theirs.headers.get('content-length'));
  });
});

describe('the hot-media fast path (public, ready, in memory)', () => {
  let base: string;
  const DROP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headersOf = (h: Headers | Record<string, unknown>) =>
    Object.fromEntries(
      (h instanceof Headers ? [...h.entries()] : Object.entries(h).map(([k, v]) => [k, String(v)])).filter(
        ([k]) => !DROP.has(k),
      ),
    );

  beforeAll(async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    // Asked for twice within a minute, the object is loaded into memory; then the fast path serves it.
    const before = hotMediaServed(t.ctx);
    for (let i = 0; i < 100 && hotMediaServed(t.ctx) === before; i++) {
      await (await fetch(`${base}${originalUrl()}`, { headers: { range: 'bytes=0-0' } })).arrayBuffer();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(hotMediaServed(t.ctx)).toBeGreaterThan(before);
  });

  it('answers exactly what the full route answers: statuses, headers and bytes', async () => {
    const etag = (await get(originalUrl())).headers.etag as string;
    const cases: [Record<string, string>, 'GET' | 'HEAD'][] = [
      [{}, 'GET'],
      [{}, 'HEAD'],
      [{ range: 'bytes=0-0' }, 'GET'],
      [{ range: 'bytes=-500' }, 'GET'],
      [{ range: 'bytes=100-' }, 'HEAD'],
      [{ range: 'bytes=5-1' }, 'GET'],
      [{ range: 'bytes=0-9', 'if-range': '"stale"' }, 'GET'],
      [{ range: 'bytes=0-9', 'if-range': etag }, 'GET'],
      [{ 'if-none-match': etag }, 'GET'],
      [{ range: 'bytes=0-9', 'if-range': '' }, 'GET'],
      [{ range: 'bytes=0-1,5-6' }, 'GET'],
      [{ range: `bytes=${original.length}-` }, 'GET'],
      [{ range: 'items=0-9' }, 'GET'],
      [{ range: 'bytes=0-9', 'if-match': '"stale"' }, 'GET'],
      [{ range: 'bytes=0-9', 'if-match': etag }, 'GET'],
      [{ range: 'bytes=0-9', 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }, 'HEAD'],
      [{ range: 'bytes=0-9', 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }, 'GET'],
    ];
    for (const url of [originalUrl(), `${originalUrl()}&v=nope`, `/api/tracks/${track.id}/stream?format=opus`]) {
      for (const [headers, method] of cases) {
        const label = `${method} ${url} ${JSON.stringify(headers)}`;
        const fast = await fastPathAnswer(url, method, headers, label);
        const full = await get(url, headers, method); // inject() never reaches the fast path
        expect(fast.res.status, label).toBe(full.statusCode);
        expect(headersOf(fast.res.headers), label).toEqual(headersOf(full.headers));
        expect(fast.body.equals(full.rawPayload), label).toBe(true);
      }
    }
  });

  /**
   * A request answered by the fast path itself. It answers only while the track row (kept 3 s),
   * the stat and the bytes are all in memory; a busy machine can take longer than that between
   * two requests, and a rendition is loaded into memory after its second request. A request the
   * full route answered instead warms what it read, so the next one is the fast path's.
   */
  async function fastPathAnswer(url: string, method: string, headers: Record<string, string>, label: string) {
    for (let attempt = 1; ; attempt++) {
      const before = hotMediaServed(t.ctx);
      const res = await fetch(`${base}${url}`, { method, headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (hotMediaServed(t.ctx) === before + 1) return { res, body };
      expect(attempt, `the fast path never answered ${label}`).toBeLessThan(20);
      await new Promise((r) => setTimeout(r, 50)); // a rendition's bytes load in the background
    }
  }

  it('leaves what it cannot answer to the full route, and a track made private is private at once', async () => {
    let before = hotMediaServed(t.ctx);
    const bad = await fetch(`${base}/api/tracks/${track.id}/stream?format=flac`);
    expect(bad.status).toBe(400);
    expect(hotMediaServed(t.ctx)).toBe(before);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: { cookie: owner.cookie },
      payload: { isPublic: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    before = hotMediaServed(t.ctx);
    const anon = await fetch(`${base}${originalUrl()}`, { headers: { range: 'bytes=0-0' } });
    expect(anon.status).toBe(404);
    const mine = await fetch(`${base}${originalUrl()}`, { headers: { range: 'bytes=0-0', cookie: owner.cookie } });
    expect(mine.status).toBe(206);
    expect(mine.headers.get('cache-control')).toMatch(/^private,/);
    expect(hotMediaServed(t.ctx)).toBe(before);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${track.id}`,
      headers: { cookie: owner.cookie },
      payload: { isPublic: true },
    });
  });
});
