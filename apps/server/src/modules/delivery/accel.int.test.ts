import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { uploadProcessed } from '../tracks/testing';
import { hotMediaServed } from './hot-media';

// DELIVERY_ACCEL=nginx: the app checks access, nginx sends the bytes (the bytes and Range through a
// real nginx are checked by the scale-out test, apps/server/test/scale-out).
let t: TestApp;
let owner: TestUser;
let dir: string;
let trackId: string;
let audioKey: string;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_ACCEL: 'nginx', DELIVERY_ACCEL_PREFIX: '/_media/' });
  owner = await signUp(t, { role: 'creator' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-accel-'));
  ({ trackId, audioKey } = await uploadProcessed(t, owner, dir, 'Sent by nginx'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('delivery through nginx (X-Accel-Redirect)', () => {
  it('answers a visible track with the internal location of its file, its headers and no body', async () => {
    for (const range of [undefined, 'bytes=0-99']) {
      const res = await t.app.inject({
        url: `/api/tracks/${trackId}/stream?format=original`,
        headers: range ? { range } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-accel-redirect']).toBe(`/_media/${audioKey}`);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['cache-control']).toBe('public, no-cache'); // unversioned URL: revalidate
      // nginx's internal location reads the app's cross-origin answer from these (README, ADR 0048).
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.rawPayload.length).toBe(0);
    }
    const download = await t.app.inject({ url: `/api/tracks/${trackId}/download`, headers: { cookie: owner.cookie } });
    expect(download.headers['x-accel-redirect']).toBe(`/_media/${audioKey}`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Sent by nginx\.mp3"/);
  });

  it('answers the same from the hot-media fast path, before Fastify, once the track is known', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/api/tracks/${trackId}/stream?format=original`;
    const first = await fetch(url);
    const before = hotMediaServed(t.ctx);
    const second = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(hotMediaServed(t.ctx)).toBe(before + 1);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    for (const h of [
      'x-accel-redirect',
      'content-type',
      'cache-control',
      'x-content-type-options',
      'access-control-allow-origin',
      'cross-origin-resource-policy',
    ]) {
      expect(second.headers.get(h), h).toBe(first.headers.get(h));
    }
    expect(second.headers.get('x-accel-redirect')).toBe(`/_media/${audioKey}`);
  });

  it('never redirects what the viewer may not have: 404 without the header', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: owner.cookie },
      payload: { isPublic: false },
    });
    const res = await t.app.inject({ url: `/api/tracks/${trackId}/stream?format=original` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    const unknown = await t.app.inject({ url: `/api/tracks/${crypto.randomUUID()}/stream` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-accel-redirect']).toBeUndefined();
  });
});
