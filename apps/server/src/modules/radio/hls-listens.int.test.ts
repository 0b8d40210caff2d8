import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TRadioChannel } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { rotationProgram } from '../../../test/radio-program';
import { seedTrack } from '../../../test/seed-track';
import { scaled } from '../../../test/time';
import { liveListens, playlists, playlistTracks } from '../../db/schema';
import { findFfmpeg } from '../../media/ffmpeg';
import { radioListening } from '../analytics/radio-repo';
import { billing } from '../billing';
import { HLS_LISTEN_IDLE_MS } from '../live/hls-listeners';

// Issue 38, ADR 0069: a listener playing a channel over HLS (no WebM connection to close) is a
// listening session from their playlist and segment requests, recorded once they stop, so their
// listening reaches radio plays (`radioListening`) as a WebM listener's does.
const POLL = { timeout: scaled(30_000), interval: 100 };
let t: TestApp;
let owner: TestUser;
let fan: TestUser;
let bot: TestUser; // an account whose "listening" is a script's (ADR 0072)
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'creator', name: 'HLS Station' });
  fan = await signUp(t, { name: 'HLS Fan' });
  bot = await signUp(t, { name: 'HLS Script' });
  await billing(t.ctx).subscriptions.grant({ id: owner.id, role: 'creator' }, 'pro', 'test');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-radio-hls-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: user.cookie, ...(user === bot && { 'user-agent': 'curl/8.0' }) },
  });

async function channelOnAir(): Promise<{ id: string; streamId: string; trackId: string }> {
  const file = path.join(dir, 'tone.webm');
  execFileSync(findFfmpeg(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=8', '-ac', '2', '-c:a', 'libopus', '-b:a', '64k', file],
  ]);
  const key = `audio/${owner.id}/tone.webm`;
  await t.ctx.storage.put(key, fs.createReadStream(file), { contentType: 'audio/webm' });
  const trackId = await seedTrack(t.ctx.database.db, owner.id, {
    title: 'Tone',
    audioKey: key,
    audioMime: 'audio/webm',
    duration: 8,
    media: { opusKey: key },
  });
  const [pl] = await t.ctx.database.db
    .insert(playlists)
    .values({ userId: owner.id, name: 'L', isPublic: true })
    .returning();
  await t.ctx.database.db
    .insert(playlistTracks)
    .values({ playlistId: pl?.id as string, audioId: trackId, position: 0 });
  const c = (
    await call(owner, 'POST', '/api/radio/channels', { name: 'HLS FM', category: 'Music' })
  ).json() as TRadioChannel;
  const program = rotationProgram(pl?.id as string, { djGraceSeconds: 1 });
  expect((await call(owner, 'PUT', `/api/radio/channels/${c.id}/program`, program)).statusCode).toBe(200);
  expect((await call(owner, 'POST', `/api/radio/channels/${c.id}/on-air`)).statusCode).toBe(200);
  const page = async () => (await call(owner, 'GET', `/api/radio/channels/${c.id}`)).json() as TRadioChannel;
  await expect.poll(async () => (await page()).nowPlaying?.source, POLL).toBe('autodj');
  return { id: c.id, streamId: (await page()).streamId as string, trackId };
}

describe('HLS listeners in radio plays', () => {
  it(
    'a listener’s playlist and segment requests make one session, recorded once idle, in radio listening',
    async () => {
      const { id, streamId, trackId } = await channelOnAir();
      const rows = () => t.ctx.database.db.select().from(liveListens).where(eq(liveListens.streamId, streamId));
      const hls = `/api/live/${streamId}/hls`;
      t.ctx.clock.freeze();
      const startedAt = t.ctx.clock.now();
      // The first playlist waits for the packager's first part.
      let playlist = '';
      await expect
        .poll(async () => {
          const r = await call(fan, 'GET', `${hls}/index.m3u8`);
          playlist = r.body;
          return r.statusCode;
        }, POLL)
        .toBe(200);
      const uri = playlist.split('\n').find((l) => /\.m4s$/.test(l.trim())) as string;
      expect(uri).toBeTruthy();
      const media = uri.startsWith('/') ? uri : `${hls}/${uri}`;
      // Requests again and again at one moment, a segment among them: nothing more than one session.
      for (let i = 0; i < 5; i++) {
        expect((await call(fan, 'GET', `${hls}/index.m3u8`)).statusCode).toBe(200);
        expect((await call(fan, 'GET', media)).statusCode).toBe(200);
      }
      // A script fetching the same, as long: its session is kept as invalid traffic.
      expect((await call(bot, 'GET', `${hls}/index.m3u8`)).statusCode).toBe(200);
      // A stream that is not there counts nothing.
      expect((await call(fan, 'GET', '/api/live/00000000-0000-4000-8000-000000000000/hls/index.m3u8')).statusCode).toBe(
        404,
      );
      t.ctx.clock.advance(20_000);
      expect((await call(fan, 'GET', `${hls}/index.m3u8`)).statusCode).toBe(200);
      expect((await call(bot, 'GET', `${hls}/index.m3u8`)).statusCode).toBe(200);
      t.ctx.clock.advance(HLS_LISTEN_IDLE_MS - 1000);
      await new Promise((r) => setImmediate(r));
      expect(await rows()).toEqual([]);
      // Idle past the limit: the session is recorded, once, by its span on the clock.
      t.ctx.clock.advance(2000);
      await expect.poll(async () => (await rows()).length, POLL).toBe(2);
      const byKey = new Map((await rows()).map((r) => [r.listenerKey, r]));
      expect(byKey.get(`u:${fan.id}`)).toMatchObject({ seconds: 20, startedAt, ivtReason: null });
      expect(byKey.get(`u:${bot.id}`)).toMatchObject({ seconds: 20, startedAt, ivtReason: 'known-bot' });

      // In radio listening (earnings' rows): what the channel aired while the fan listened.
      const heard = await radioListening(
        t.ctx.database.db,
        new Date(startedAt.getTime() - 3_600_000).toISOString(),
        new Date(startedAt.getTime() + 3_600_000).toISOString(),
      );
      // Never the script's (the same span on air; earnings pays nothing for it).
      expect(heard.filter((r) => r.listenerId === bot.id)).toEqual([]);
      const fans = heard.filter((r) => r.listenerId === fan.id);
      expect(fans.map((r) => r.audioId)).toEqual([trackId]);
      expect(fans[0].heardSeconds).toBeGreaterThan(0);
      expect(fans[0].heardSeconds).toBeLessThanOrEqual(20);
      t.ctx.clock.freeze(false);
      expect((await call(owner, 'POST', `/api/radio/channels/${id}/off-air`)).statusCode).toBe(200);
    },
    scaled(90_000),
  );
});
