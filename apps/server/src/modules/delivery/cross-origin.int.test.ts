// Other sites and our media (issue 34): public audio and live HLS readable from any origin
// (`Access-Control-Allow-Origin: *`), covers and avatars embeddable (`Cross-Origin-Resource-Policy:
// cross-origin`); private media, and media that varies by the viewer's plan, keep same-origin.
// The plan-varying case is in tracks/hd.int.test.ts (it needs an HD rendition).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { testImage } from '../../../test/images';
import { scaled } from '../../../test/time';
import { connectPublisher } from '../../relay/testing/clients';
import { opusPackets, synthesize } from '../../relay/testing/webm-fixtures';
import { audioPart, makeAudio, makeImage, multipartBody } from '../tracks/testing';
import { hotMediaServed } from './hot-media';

let t: TestApp;
let base: string;
let owner: TestUser;
let other: TestUser;
let dir: string;
let pub: { id: string };
let priv: { id: string };

const FOREIGN = { origin: 'https://other.example' };

async function uploadTrack(fields: Record<string, string>, files: Parameters<typeof multipartBody>[1]) {
  const { body, contentType } = multipartBody(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track as { id: string };
}

function imageForm(name: string, data: Buffer) {
  const boundary = '----wavecastcors';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, 'content-type': `multipart/form-data; boundary=${boundary}` };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  owner = await signUp(t, { role: 'creator', name: 'Cora' });
  other = await signUp(t);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-cors-'));
  const mp3 = await makeAudio(dir, 'mp3', 3);
  const cover = {
    name: 'cover',
    filename: 'c.png',
    type: 'image/png',
    data: await fs.readFile(await makeImage(dir, 'png')),
  };
  pub = await uploadTrack({ title: 'Open' }, [await audioPart(mp3), cover]);
  priv = await uploadTrack({ title: 'Closed', isPublic: 'false' }, [await audioPart(mp3), cover]);
  await t.ctx.jobs.drain();
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ url, headers: { ...FOREIGN, ...(user ? { cookie: user.cookie } : {}) } });

function expectPublicMedia(h: Record<string, unknown>) {
  expect(h['access-control-allow-origin']).toBe('*');
  expect(h['cross-origin-resource-policy']).toBe('cross-origin');
  expect(String(h['access-control-expose-headers'])).toContain('Content-Range');
}
function expectSameOrigin(h: Record<string, unknown>) {
  expect(h['access-control-allow-origin']).toBeUndefined();
  expect(h['cross-origin-resource-policy']).toBe('same-origin');
}

describe('public media is readable by other sites', () => {
  it('streams of a public track, in every format and for Range requests, and its download', async () => {
    for (const format of ['', '?format=aac', '?format=original', '?format=opus']) {
      const res = await get(`/api/tracks/${pub.id}/stream${format}`);
      expect(res.statusCode, format).toBe(200);
      expectPublicMedia(res.headers);
    }
    const range = await t.app.inject({
      url: `/api/tracks/${pub.id}/stream`,
      headers: { ...FOREIGN, range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expectPublicMedia(range.headers);
    // A signed-in listener of a track without an HD rendition gets the same public answer.
    expectPublicMedia((await get(`/api/tracks/${pub.id}/stream`, other)).headers);
    const download = await get(`/api/tracks/${pub.id}/download`);
    expect(download.statusCode).toBe(200);
    expectPublicMedia(download.headers);
  });

  it('the fast path (ahead of Fastify) answers with the same headers', async () => {
    const url = `${base}/api/tracks/${pub.id}/stream?format=original`;
    const before = hotMediaServed(t.ctx);
    let res: Response | undefined;
    // The first requests warm the memory the fast path reads; it answers once it has it.
    for (let i = 0; i < 100 && hotMediaServed(t.ctx) === before; i++) {
      res = await fetch(url, { headers: { ...FOREIGN, range: 'bytes=0-9' } });
      await res.arrayBuffer();
    }
    expect(hotMediaServed(t.ctx)).toBeGreaterThan(before);
    const h = Object.fromEntries(res?.headers ?? []);
    expect(res?.status).toBe(206);
    expectPublicMedia(h);
  });

  it('covers of public tracks and playlists, and avatars, are embeddable (CORP cross-origin) without ACAO', async () => {
    const cover = await get(`/api/tracks/${pub.id}/cover?size=320`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const png = await testImage(t.dataDir, '400x400', 'png');
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { cookie: owner.cookie, 'content-type': imageForm('avatar', png)['content-type'] },
      payload: imageForm('avatar', png).payload,
    });
    expect(avatar.statusCode, avatar.body).toBeLessThan(300);
    const me = (await t.app.inject({ url: `/api/profiles/${owner.id}` })).json() as { avatarUrl?: string | null };
    const avatarUrl = me.avatarUrl ?? `/api/users/${owner.id}/avatar`;
    const img = await get(avatarUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const made = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload: { name: 'Open mix', isPublic: true },
    });
    const playlist = made.json() as { id: string };
    const form = imageForm('cover', png);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${playlist.id}/cover`,
      headers: { cookie: owner.cookie, 'content-type': form['content-type'] },
      payload: form.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    const pcover = await get((put.json() as { coverUrl: string }).coverUrl);
    expect(pcover.statusCode).toBe(200);
    expect(pcover.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('private media and the rest of the site stay same-origin', () => {
  it("a private track's stream, download and cover, even to its owner", async () => {
    for (const url of [
      `/api/tracks/${priv.id}/stream`,
      `/api/tracks/${priv.id}/stream?format=original`,
      `/api/tracks/${priv.id}/download`,
    ]) {
      const res = await get(url, owner);
      expect(res.statusCode, url).toBe(200);
      expectSameOrigin(res.headers);
    }
    const cover = await get(`/api/tracks/${priv.id}/cover`, owner);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Others: 404, with nothing that would let another site read it.
    const hidden = await get(`/api/tracks/${priv.id}/stream`, other);
    expect(hidden.statusCode).toBe(404);
    expectSameOrigin(hidden.headers);
  });

  it('a public track whose creator forbids downloads: the refusal is not readable cross-origin', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${pub.id}`,
      headers: { cookie: owner.cookie },
      payload: { allowDownloads: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const owned = await get(`/api/tracks/${pub.id}/download`, owner);
    expect(owned.statusCode).toBe(200);
    // The owner's own download of a track others may not download is theirs only.
    expectSameOrigin(owned.headers);
    expect((await get(`/api/tracks/${pub.id}/download`)).statusCode).toBe(403);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${pub.id}`,
      headers: { cookie: owner.cookie },
      payload: { allowDownloads: true },
    });
  });

  it('pages and API answers keep helmet’s same-origin policy and no ACAO', async () => {
    for (const url of [`/api/tracks/${pub.id}`, '/api/me', `/api/live`, `/api/profiles/${owner.id}`]) {
      const res = await get(url, owner);
      expectSameOrigin(res.headers);
    }
  });
});

describe('live audio is readable by other sites', () => {
  it(
    'the HLS playlist and its segments, and the endless WebM',
    async () => {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/live',
        headers: { cookie: owner.cookie },
        payload: { title: 'Open air', category: 'Music' },
      });
      const { id } = made.json() as { id: string };
      const publisher = connectPublisher(base, id, { cookie: owner.cookie });
      const playing = publisher.play(synthesize(opusPackets(8, 60), 'chrome'), 100);
      await publisher.onAir;
      try {
        const pl = await fetch(`${base}/api/live/${id}/hls/index.m3u8`, { headers: FOREIGN });
        expect(pl.status).toBe(200);
        expectPublicMedia(Object.fromEntries(pl.headers));
        const text = await pl.text();
        const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
        expect(map).toBeTruthy();
        const init = await fetch(new URL(map ?? '', `${base}/api/live/${id}/hls/index.m3u8`), { headers: FOREIGN });
        expect(init.status).toBe(200);
        expectPublicMedia(Object.fromEntries(init.headers));
        await init.arrayBuffer();

        const controller = new AbortController();
        const webm = await fetch(`${base}/api/live/${id}/stream`, { headers: FOREIGN, signal: controller.signal });
        expect(webm.status).toBe(200);
        expectPublicMedia(Object.fromEntries(webm.headers));
        controller.abort();
      } finally {
        publisher.close();
        await playing.catch(() => {});
      }
    },
    scaled(60_000),
  );
});
