import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { audioPart, makeAudio, multipartBody } from '../tracks/testing';
import { hotMediaServed } from './hot-media';
import { SIGNED_LINK_SECONDS, SIGNED_LINK_STEP_SECONDS, secureLinkMd5 } from './signed-link';

// DELIVERY_ACCEL=nginx-signed: a stream answers 302 to a link nginx verifies itself (secure_link);
// following it through a real nginx is checked by the scale-out test (apps/server/test/scale-out).
const SECRET = 'int-test-secret-0123456789';
let t: TestApp;
let owner: TestUser;
let dir: string;
let trackId: string;
let audioKey: string;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_ACCEL: 'nginx-signed', DELIVERY_ACCEL_SECRET: SECRET });
  owner = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-accel-signed-'));
  const { body, contentType } = multipartBody({ title: 'Signed for nginx' }, [
    await audioPart(await makeAudio(dir, 'mp3', 2)),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  trackId = res.json().track.id;
  await t.ctx.jobs.drain();
  const [row] = await t.ctx.database.query<{ audio_key: string }>('SELECT audio_key FROM audio_content WHERE id = $1', [
    trackId,
  ]);
  audioKey = row.audio_key;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Checks a Location as nginx's secure_link will: md5 over expires, the decoded path and the secret. */
function expectSigned(location: string | undefined, key: string, sentAtMs: number) {
  const url = new URL(location ?? '', 'http://nginx');
  expect(decodeURIComponent(url.pathname)).toBe(`/_signed/${key}`);
  const expires = Number(url.searchParams.get('expires'));
  expect(url.searchParams.get('md5')).toBe(secureLinkMd5(expires, `/_signed/${key}`, SECRET));
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
      expectSigned(res.headers.location as string, audioKey, at);
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
    expectSigned(res.headers.get('location') ?? undefined, audioKey, at);
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
    expectSigned(mine.headers.location as string, audioKey, Date.now());
  });
});
