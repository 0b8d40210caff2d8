import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { findNginx, startNginx } from '../../../test/scale-out/stack';
import { uploadProcessed } from '../tracks/testing';
import { hotMediaServed } from './hot-media';
import { CORS_ANYONE, SIGNED_LINK_SECONDS, SIGNED_LINK_STEP_SECONDS, secureLinkMd5 } from './signed-link';

// DELIVERY_ACCEL=nginx-signed: a stream answers 302 to a link nginx verifies itself (secure_link);
// the last block follows it through a real nginx (skipped without one, except in CI).
const SECRET = 'int-test-secret-0123456789';
let t: TestApp;
let owner: TestUser;
let dir: string;
let trackId: string;
let audioKey: string;
let nginx: ChildProcess | undefined;
let nginxPort = 0;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_ACCEL: 'nginx-signed', DELIVERY_ACCEL_SECRET: SECRET });
  owner = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-accel-signed-'));
  ({ trackId, audioKey } = await uploadProcessed(t, owner, dir, 'Signed for nginx'));
});
afterAll(async () => {
  nginx?.kill('SIGKILL');
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/**
 * Checks a Location as nginx's secure_link will: md5 over expires, `cors` (`any` for media anyone
 * may read from other sites, absent for a private one), the decoded path and the secret.
 */
function expectSigned(location: string | undefined, key: string, sentAtMs: number, anyone: boolean) {
  const url = new URL(location ?? '', 'http://nginx');
  expect(decodeURIComponent(url.pathname)).toBe(`/_signed/${key}`);
  const expires = Number(url.searchParams.get('expires'));
  expect(url.searchParams.get('cors')).toBe(anyone ? CORS_ANYONE : null);
  expect(url.searchParams.get('md5')).toBe(
    secureLinkMd5(expires, `/_signed/${key}`, SECRET, anyone ? CORS_ANYONE : ''),
  );
  const left = expires - sentAtMs / 1000;
  expect(left).toBeGreaterThanOrEqual(SIGNED_LINK_SECONDS - 5);
  expect(left).toBeLessThanOrEqual(SIGNED_LINK_SECONDS + SIGNED_LINK_STEP_SECONDS);
}

describe('delivery through nginx with signed links', () => {
  it('answers a stream with a private, uncacheable redirect to the signed link of its file', async () => {
    for (const range of [undefined, 'bytes=0-99']) {
      const at = Date.now();
      const res = await t.app.inject({
        url: `/api/tracks/${trackId}/stream?format=original`,
        headers: range ? { range } : {},
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-accel-redirect']).toBeUndefined();
      expectSigned(res.headers.location as string, audioKey, at, true);
      // The redirect itself is readable by other sites' players too (they follow it).
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it("keeps X-Accel-Redirect for downloads (their Content-Disposition is the app's)", async () => {
    const download = await t.app.inject({ url: `/api/tracks/${trackId}/download`, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-accel-redirect']).toBe(`/_media/${audioKey}`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Signed for nginx\.mp3"/);
  });

  it('answers the same redirect from the hot-media fast path', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/api/tracks/${trackId}/stream?format=original`;
    await fetch(url, { redirect: 'manual' });
    const before = hotMediaServed(t.ctx);
    const at = Date.now();
    const res = await fetch(url, { redirect: 'manual', headers: { range: 'bytes=10-19' } });
    expect(hotMediaServed(t.ctx)).toBe(before + 1);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expectSigned(res.headers.get('location') ?? undefined, audioKey, at, true);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never signs what the viewer may not have: 404 without a Location', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: owner.cookie },
      payload: { isPublic: false },
    });
    const res = await t.app.inject({ url: `/api/tracks/${trackId}/stream?format=original` });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    const mine = await t.app.inject({
      url: `/api/tracks/${trackId}/stream?format=original`,
      headers: { cookie: owner.cookie },
    });
    expect(mine.statusCode).toBe(302);
    // The owner's link to a private track: no `cors`, so nginx keeps it same-origin.
    expectSigned(mine.headers.location as string, audioKey, Date.now(), false);
    expect(mine.headers['access-control-allow-origin']).toBeUndefined();
  });
});

const nginxBin = findNginx();
describe.skipIf(!nginxBin && !process.env.CI)('signed links through a real nginx (secure_link)', () => {
  let base: string;
  let original: Buffer;
  beforeAll(async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: owner.cookie },
      payload: { isPublic: true },
    });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const root = path.join(t.ctx.config.dataDir, 'storage');
    const listen = await freePort();
    nginx = await startNginx(nginxBin ?? 'nginx', path.join(dir, 'nginx'), {
      listen,
      upstreams: [port],
      accel: { prefix: '/_media/', root },
      signed: { prefix: '/_signed/', root, secret: SECRET },
    });
    base = `http://127.0.0.1:${listen}`;
    nginxPort = listen;
    original = await fs.readFile(path.join(root, audioKey));
  });

  it('follows the redirect to the exact bytes, and Range requests to the exact ranges, from nginx', async () => {
    const full = await fetch(`${base}/api/tracks/${trackId}/stream?format=original`);
    expect(full.status).toBe(200);
    expect(full.redirected).toBe(true);
    expect(new URL(full.url).pathname.startsWith('/_signed/')).toBe(true);
    expect(full.headers.get('content-type')).toBe('audio/mpeg');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(full.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await full.arrayBuffer()).equals(original)).toBe(true);
    // What a media element does next: Range requests straight to the signed URL, no app involved.
    const before = hotMediaServed(t.ctx);
    const ranged = await fetch(full.url, { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${original.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(original.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(full.url, { headers: { range: 'bytes=-100' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(original.subarray(original.length - 100))).toBe(true);
    expect(hotMediaServed(t.ctx)).toBe(before);
  });

  it('refuses a tampered md5 or another object (403) and an expired link (410)', async () => {
    const res = await fetch(`${base}/api/tracks/${trackId}/stream?format=original`, { redirect: 'manual' });
    const link = new URL(res.headers.get('location') ?? '', base);
    const md5 = link.searchParams.get('md5') ?? '';
    const tampered = new URL(link);
    tampered.searchParams.set('md5', (md5[0] === 'A' ? 'B' : 'A') + md5.slice(1));
    expect((await fetch(tampered)).status).toBe(403);
    const later = new URL(link);
    later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    expect((await fetch(later)).status).toBe(403);
    const other = new URL(link);
    other.pathname = link.pathname.replace(/[^/]+$/, 'other.mp3');
    expect((await fetch(other)).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = new URL(link);
    expired.searchParams.set('expires', String(past));
    // The track is public: its link carries `cors=any`, signed with the rest.
    expect(link.searchParams.get('cors')).toBe(CORS_ANYONE);
    expired.searchParams.set('md5', secureLinkMd5(past, `/_signed/${audioKey}`, SECRET, CORS_ANYONE));
    const gone = await fetch(expired);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe.skipIf(!nginxBin && !process.env.CI)('cross-origin headers from nginx (ADR 0048)', () => {
  const base = () => `http://127.0.0.1:${nginxPort}`;
  const setPublic = (isPublic: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: owner.cookie },
      payload: { isPublic },
    });
  const expectAnyones = (res: Response, what: string) => {
    expect(res.status, what).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin'), what).toBe('*');
    expect(res.headers.get('access-control-expose-headers'), what).toBe(
      'Accept-Ranges, Content-Length, Content-Range, ETag',
    );
    expect(res.headers.get('cross-origin-resource-policy'), what).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  };
  const expectOwn = (res: Response, what: string) => {
    expect(res.status, what).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
    expect(res.headers.get('access-control-expose-headers'), what).toBeNull();
    expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  };

  it("public media sent by nginx (signed link, X-Accel-Redirect) is anyone's; private media stays same-origin", async () => {
    await setPublic(true);
    const origin = { origin: 'https://other.example' };
    // A public stream: the signed link nginx serves, its Range requests too.
    const stream = await fetch(`${base()}/api/tracks/${trackId}/stream?format=original`, { headers: origin });
    expect(new URL(stream.url).pathname.startsWith('/_signed/')).toBe(true);
    expectAnyones(stream, 'public stream');
    await stream.arrayBuffer();
    const ranged = await fetch(stream.url, { headers: { ...origin, range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expectAnyones(ranged, 'public stream, a range');
    await ranged.arrayBuffer();
    // A public download (anyone may download): X-Accel-Redirect, nginx's internal location.
    const download = await fetch(`${base()}/api/tracks/${trackId}/download`, { headers: origin });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expectAnyones(download, 'public download');
    await download.arrayBuffer();

    // Private: the owner's stream and download are theirs only.
    await setPublic(false);
    const cookie = { cookie: owner.cookie };
    const mine = await fetch(`${base()}/api/tracks/${trackId}/stream?format=original`, { headers: cookie });
    expect(new URL(mine.url).searchParams.get('cors')).toBeNull();
    expectOwn(mine, 'private stream');
    expect(Buffer.from(await mine.arrayBuffer()).length).toBeGreaterThan(0);
    const myDownload = await fetch(`${base()}/api/tracks/${trackId}/download`, { headers: cookie });
    expectOwn(myDownload, 'private download');
    await myDownload.arrayBuffer();
    // `cors=any` added to a private link breaks its signature.
    const forged = new URL(mine.url);
    forged.searchParams.set('cors', CORS_ANYONE);
    expect((await fetch(forged)).status).toBe(403);
    await setPublic(true);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
