// HD audio through the HTTP API with real files and the real pipeline: plans with HD publishing get
// an HD rendition at processing time; plans with HD listening are served it, decided on the server.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { scaled } from '../../../test/time';
import { ffmpeg } from '../../media/ffmpeg';
import { probeAudio } from '../../media/probe';
import { connectPublisher } from '../../relay/testing/clients';
import { opusPackets, synthesize } from '../../relay/testing/webm-fixtures';
import { hotMediaServed } from '../delivery/hot-media';
import { audioPart, multipartBody } from './testing';

let t: TestApp;
let dir: string;
let hdCreator: TestUser;
let freeCreator: TestUser;
let premium: TestUser;
let freeListener: TestUser;
type Track = { id: string; hd: boolean; audioUrl: string; sources: { url: string; type: string }[] };
let hdTrack: Track;
let plainTrack: Track;

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: t.ctx.config.PUBLIC_URL },
  });

async function startTrial(user: TestUser, planId: string) {
  const res = await call(user, 'POST', '/api/billing/trial', { planId });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Pink noise, so every encoder spends the bits it is given (a tone would not show the bitrate). */
async function makeNoise(seconds: number): Promise<string> {
  const file = path.join(dir, `noise-${seconds}.mp3`);
  await ffmpeg([
    ...['-v', 'error', '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:r=44100:a=0.3`],
    ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '320k', '-y', file],
  ]);
  return file;
}

async function upload(owner: TestUser, file: string): Promise<Track> {
  const { body, contentType } = multipartBody({ title: 'Noise' }, [await audioPart(file)]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracks',
    headers: { cookie: owner.cookie, 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().track;
}

const mediaOf = async (id: string) =>
  (
    await t.ctx.database.query<{ media: { opusKey?: string; aacKey?: string; hdKey?: string } }>(
      'SELECT media FROM audio_content WHERE id = $1',
      [id],
    )
  )[0].media;

const stored = async (key: string) => buffer(await t.ctx.storage.get(key));

/** Bits per second of a stored rendition: its size over the duration ffmpeg decodes. */
async function bitrateOf(key: string): Promise<{ codec: string; bps: number }> {
  const file = path.join(dir, key.replaceAll('/', '_'));
  await fs.writeFile(file, await stored(key));
  const probe = await probeAudio(file, { ffmpeg: t.ctx.config.FFMPEG_PATH });
  return { codec: probe.codec, bps: ((await fs.stat(file)).size * 8) / probe.durationSeconds };
}

const opusUrl = (track: Track) => {
  const source = track.sources.find((s) => s.url.includes('format=opus'));
  if (!source) throw new Error('no Opus source');
  return source.url;
};

beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-hd-'));
  [hdCreator, freeCreator, premium, freeListener] = await Promise.all([
    signUp(t, { role: 'creator' }),
    signUp(t, { role: 'creator' }),
    signUp(t),
    signUp(t),
  ]);
  await startTrial(hdCreator, 'creator');
  await startTrial(premium, 'premium');
  const noise = await makeNoise(6);
  hdTrack = await upload(hdCreator, noise);
  plainTrack = await upload(freeCreator, noise);
  await t.ctx.jobs.drain();
  hdTrack = (await call(null, 'GET', `/api/tracks/${hdTrack.id}`)).json().track;
  plainTrack = (await call(null, 'GET', `/api/tracks/${plainTrack.id}`)).json().track;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('HD publishing: the rendition is made at processing time for plans that have it', () => {
  it('a Creator-plan upload gets an HD Opus rendition at a measurably higher bitrate', async () => {
    const media = await mediaOf(hdTrack.id);
    expect(media.hdKey).toBeTruthy();
    expect(media.hdKey).not.toBe(media.opusKey);
    const standard = await bitrateOf(media.opusKey ?? '');
    const hd = await bitrateOf(media.hdKey ?? '');
    expect(hd.codec).toMatch(/opus/i);
    expect(standard.bps).toBeLessThan(130_000); // 96 kbit/s target (VBR: about 67 on pink noise)
    expect(hd.bps).toBeGreaterThan(160_000); // 256 kbit/s target (VBR: about 205 on pink noise)
    expect(hd.bps).toBeGreaterThan(standard.bps * 2);
    expect(hdTrack.hd).toBe(true);
  });

  it("a free creator's upload gets none", async () => {
    const media = await mediaOf(plainTrack.id);
    expect(media.opusKey).toBeTruthy();
    expect(media.hdKey).toBeUndefined();
    expect(plainTrack.hd).toBe(false);
    const keys = await t.ctx.storage.list(`audio/${freeCreator.id}/`);
    expect(keys.some((k) => k.endsWith('.hd.webm'))).toBe(false);
  });
});

describe('HD publishing of live recordings', () => {
  it("a Creator-plan creator's recording gets the HD rendition too, when it is processed", async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const created = await call(hdCreator, 'POST', '/api/live', { title: 'HD set', category: 'Education' });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const id = created.json().id as string;
    const pub = connectPublisher(base, id, { cookie: hdCreator.cookie });
    await pub.play(synthesize(opusPackets(4, 60), 'chrome', 120), 0); // 4 s
    await pub.onAir;
    // The relay has taken in the 4 s before End Stream (a shorter broadcast is not recorded).
    await expect
      .poll(() => t.app.live.hub.mediaSeconds(id) ?? 0, { timeout: scaled(10_000), interval: 20 })
      .toBeGreaterThan(3.8);
    await call(hdCreator, 'POST', `/api/live/${id}/end`);
    await t.app.live.recordingSettled(id);
    await t.ctx.jobs.drain();
    const live = (await call(hdCreator, 'GET', `/api/live/${id}`)).json();
    const media = await mediaOf(live.recording.trackId);
    expect(media.opusKey).toBeTruthy();
    expect(media.hdKey).toBeTruthy();
  });
});

describe('HD live ingest: the server tells the publisher its bitrate', () => {
  it('/api/me gives HD publishing plans 256 kbit/s and everyone else the standard 64 kbit/s', async () => {
    const rate = async (u: TestUser) =>
      (await call(u, 'GET', '/api/me')).json().user.entitlements.liveIngestBitsPerSecond as number;
    expect(await rate(hdCreator)).toBe(256_000);
    expect(await rate(freeCreator)).toBe(64_000);
    expect(await rate(premium)).toBe(64_000);
  });
});

describe('HD listening: the server picks the rendition by the viewer’s plan', () => {
  it('a Premium listener receives the HD bytes, a free listener and anonymous the standard bytes, at the same URL', async () => {
    const media = await mediaOf(hdTrack.id);
    const [hdBytes, standardBytes] = await Promise.all([stored(media.hdKey ?? ''), stored(media.opusKey ?? '')]);
    const url = opusUrl(hdTrack);

    const forPremium = await call(premium, 'GET', url);
    expect(forPremium.statusCode).toBe(200);
    expect(forPremium.rawPayload.equals(hdBytes)).toBe(true);
    expect(forPremium.headers['content-type']).toBe('audio/webm');
    expect(forPremium.headers['cache-control']).toBe('private, no-cache');
    expect(forPremium.headers.vary).toMatch(/cookie/i);

    const forFree = await call(freeListener, 'GET', url);
    expect(forFree.statusCode).toBe(200);
    expect(forFree.rawPayload.equals(standardBytes)).toBe(true);
    expect(forFree.headers['cache-control']).toBe('private, no-cache');
    expect(forFree.headers.etag).not.toBe(forPremium.headers.etag);

    const forAnyone = await call(null, 'GET', url);
    expect(forAnyone.rawPayload.equals(standardBytes)).toBe(true);
    expect(forAnyone.headers['cache-control']).toMatch(/^public/);
    expect(forAnyone.headers.vary).toMatch(/cookie/i);

    // Media that varies by plan stays same-origin for everyone (issue 34); the AAC of the same
    // track is the same for all, so other sites may read it.
    for (const res of [forPremium, forFree, forAnyone]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    const aac = await call(null, 'GET', `/api/tracks/${hdTrack.id}/stream?format=aac`);
    expect(aac.headers['access-control-allow-origin']).toBe('*');
  });

  it('Range requests of an HD listener are ranges of the HD file', async () => {
    const media = await mediaOf(hdTrack.id);
    const hdBytes = await stored(media.hdKey ?? '');
    const res = await t.app.inject({
      url: opusUrl(hdTrack),
      headers: { cookie: premium.cookie, range: 'bytes=100-199' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${hdBytes.length}`);
    expect(res.rawPayload.equals(hdBytes.subarray(100, 200))).toBe(true);
  });

  it('a free listener cannot fetch the HD file directly: no URL names it', async () => {
    const media = await mediaOf(hdTrack.id);
    const hdBytes = await stored(media.hdKey ?? '');
    const base = `/api/tracks/${hdTrack.id}/stream`;
    for (const format of ['hd', 'opus-hd', media.hdKey ?? '']) {
      const res = await call(freeListener, 'GET', `${base}?format=${encodeURIComponent(format)}`);
      expect(res.statusCode, format).toBe(400);
    }
    for (const query of ['format=opus&hd=1', 'format=opus&quality=hd', 'format=aac', 'format=original', '']) {
      const res = await call(freeListener, 'GET', `${base}?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.rawPayload.equals(hdBytes), query).toBe(false);
    }
    // Not through the storage folder either: only the delivery routes serve objects.
    const raw = await call(freeListener, 'GET', `/${media.hdKey}`);
    expect(raw.rawPayload.equals(hdBytes)).toBe(false);
  });

  it('a Premium listener hears the standard rendition of a track that has no HD one, and AAC stays standard', async () => {
    const media = await mediaOf(plainTrack.id);
    const res = await call(premium, 'GET', opusUrl(plainTrack));
    expect(res.rawPayload.equals(await stored(media.opusKey ?? ''))).toBe(true);
    expect(res.headers.vary).toBeUndefined();
    const hdMedia = await mediaOf(hdTrack.id);
    const aac = await call(premium, 'GET', `/api/tracks/${hdTrack.id}/stream?format=aac`);
    expect(aac.rawPayload.equals(await stored(hdMedia.aacKey ?? ''))).toBe(true);
  });

  it('over a real socket: anonymous requests stay on the fast path, signed-in ones join it once their plan is known', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const url = `${base}${opusUrl(hdTrack)}`;
    const media = await mediaOf(hdTrack.id);
    const [hdBytes, standardBytes] = await Promise.all([stored(media.hdKey ?? ''), stored(media.opusKey ?? '')]);
    const body = async (res: Response) => Buffer.from(await res.arrayBuffer());
    // Warm the memory the fast path reads, then see it answer.
    let before = hotMediaServed(t.ctx);
    for (let i = 0; i < 100 && hotMediaServed(t.ctx) === before; i++) {
      await (await fetch(url, { headers: { range: 'bytes=0-0' } })).arrayBuffer();
    }
    expect(hotMediaServed(t.ctx)).toBeGreaterThan(before);
    before = hotMediaServed(t.ctx);
    const anonymous = await fetch(url);
    expect((await body(anonymous)).equals(standardBytes)).toBe(true);
    expect(anonymous.headers.get('vary')).toMatch(/cookie/i);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public/);
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
    expect(anonymous.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(hotMediaServed(t.ctx)).toBe(before + 1);

    for (const [user, expected] of [
      [premium, hdBytes],
      [freeListener, standardBytes],
    ] as const) {
      // Every answer is the viewer's rendition, whichever path gives it; the fast path takes over.
      let fast = false;
      for (let i = 0; i < 50 && !fast; i++) {
        const was = hotMediaServed(t.ctx);
        const res = await fetch(url, { headers: { cookie: user.cookie } });
        expect((await body(res)).equals(expected)).toBe(true);
        expect(res.headers.get('cache-control')).toBe('private, no-cache');
        expect(res.headers.get('vary')).toMatch(/cookie/i);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        fast = hotMediaServed(t.ctx) > was;
      }
      expect(fast).toBe(true);
    }
    // A forged session cookie is never taken for a known one.
    const forged = await fetch(url, { headers: { cookie: 'better-auth.session_token=forged' } });
    expect((await body(forged)).equals(standardBytes)).toBe(true);
  });
});
