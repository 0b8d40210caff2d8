import type { TRadioChannel, TRadioChannelDetail, TRadioProgram } from '@wavecast/shared';
import { RADIO_MESSAGES } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { dimensionsOf, testImage } from '../../../test/images';
import { seedTrack } from '../../../test/seed-track';
import { playlists, playlistTracks, radioChannels } from '../../db/schema';
import { billing } from '../billing';
import { radioService } from './service';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Radio Admin' });
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
const db = () => t.ctx.database.db;

async function creatorOn(plan: 'creator' | 'pro' | null, name: string) {
  const u = await signUp(t, { role: 'creator', name });
  if (plan) await billing(t.ctx).subscriptions.grant({ id: u.id, role: 'creator' }, plan, 'test');
  return u;
}

async function playlistOf(owner: TestUser, name: string, titles: string[]) {
  const [pl] = await db().insert(playlists).values({ userId: owner.id, name, isPublic: true }).returning();
  if (!pl) throw new Error('no playlist');
  const ids: string[] = [];
  for (const [position, title] of titles.entries()) {
    const id = await seedTrack(db(), owner.id, { title });
    ids.push(id);
    await db().insert(playlistTracks).values({ playlistId: pl.id, audioId: id, position });
  }
  return { id: pl.id, trackIds: ids };
}

const newChannel = async (u: TestUser, name = 'Night Radio') => {
  const res = await call(u, 'POST', '/api/radio/channels', { name, category: 'Music', description: 'All night' });
  return { res, channel: res.json() as TRadioChannelDetail };
};

const program = (over: Partial<TRadioProgram> = {}): TRadioProgram => ({
  rotations: [],
  slots: [],
  jingleTrackIds: [],
  jingleEverySongs: 4,
  jingleEveryMinutes: null,
  artistSeparation: 2,
  trackSeparationHours: 1,
  djGraceSeconds: 8,
  djOnlyInSlot: false,
  ...over,
});

describe('radio channels', () => {
  it('creates, reads, edits and deletes a channel; validation answers clearly and writes nothing', async () => {
    const rita = await creatorOn('creator', 'Rita');
    const { res, channel } = await newChannel(rita);
    expect(res.statusCode).toBe(201);
    expect(channel).toMatchObject({
      name: 'Night Radio',
      category: 'Music',
      description: 'All night',
      onAir: false,
      listenerCount: 0,
      owner: { id: rita.id, displayName: 'Rita' },
      nowPlaying: null,
      streamId: null,
      keyPrefix: null,
      program: {
        rotations: [],
        slots: [],
        jingles: [],
        djGraceSeconds: 8,
        artistSeparation: 3,
        trackSeparationHours: 2,
      },
    });

    const bad = await call(rita, 'POST', '/api/radio/channels', { name: '  ', category: 'Polka' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(RADIO_MESSAGES.nameRequired);
    expect(
      (await call(rita, 'POST', '/api/radio/channels', { name: 'x'.repeat(101), category: 'Music' })).body,
    ).toContain(RADIO_MESSAGES.nameTooLong);
    expect((await call(rita, 'GET', '/api/radio/mine')).json().items).toHaveLength(1);

    const edited = await call(rita, 'PATCH', `/api/radio/channels/${channel.id}`, { name: 'Day Radio' });
    expect(edited.json()).toMatchObject({ name: 'Day Radio', category: 'Music' });
    expect((await call(null, 'GET', `/api/radio/channels/${channel.id}`)).json()).toMatchObject({
      id: channel.id,
      name: 'Day Radio',
      onAir: false,
    });
    expect((await call(rita, 'DELETE', `/api/radio/channels/${channel.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/radio/channels/${channel.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/radio/channels/not-a-uuid')).statusCode).toBe(404);
  });

  it("permissions: listeners and signed-out visitors cannot create; another creator's channel is not found", async () => {
    const owner = await creatorOn('pro', 'Owner');
    const other = await creatorOn('pro', 'Other');
    const listener = await signUp(t, { name: 'Lis' });
    const { channel } = await newChannel(owner);
    expect((await call(null, 'POST', '/api/radio/channels', { name: 'A', category: 'Music' })).statusCode).toBe(401);
    expect((await call(listener, 'POST', '/api/radio/channels', { name: 'A', category: 'Music' })).statusCode).toBe(
      403,
    );
    for (const [m, url, body] of [
      ['PATCH', `/api/radio/channels/${channel.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/radio/channels/${channel.id}`, undefined],
      ['PUT', `/api/radio/channels/${channel.id}/program`, program()],
      ['POST', `/api/radio/channels/${channel.id}/on-air`, undefined],
      ['POST', `/api/radio/channels/${channel.id}/key`, undefined],
      ['GET', `/api/radio/channels/${channel.id}/manage`, undefined],
    ] as const)
      expect((await call(other, m, url, body)).statusCode, `${m} ${url}`).toBe(404);
    const [row] = await db().select().from(radioChannels).where(eq(radioChannels.id, channel.id));
    expect(row).toMatchObject({ name: 'Night Radio', keyHash: null, onAir: false });
  });

  it('plan rules: the free plan holds one channel, Creator and Pro more; a free channel airs within the live allowance', async () => {
    const free = await creatorOn(null, 'Freda');
    expect((await newChannel(free, 'One')).res.statusCode).toBe(201);
    const second = await newChannel(free, 'Two');
    expect(second.res.statusCode).toBe(403);
    expect(second.res.json().error.message).toBe(RADIO_MESSAGES.freeTooMany);
    expect((await call(free, 'GET', '/api/radio/mine')).json().items).toHaveLength(1);

    const paid = await creatorOn('creator', 'Paula');
    for (const name of ['A', 'B', 'C']) expect((await newChannel(paid, name)).res.statusCode).toBe(201);

    // On air: an empty program is refused; with a rotation it goes; the free allowance used up refuses.
    const { channel } = (await call(free, 'GET', '/api/radio/mine'))
      .json()
      .items.map((c: TRadioChannel) => ({ channel: c }))[0];
    const onAir = () => call(free, 'POST', `/api/radio/channels/${channel.id}/on-air`);
    expect((await onAir()).json().error.message).toBe(RADIO_MESSAGES.emptyProgram);
    const pl = await playlistOf(free, 'Free hits', ['F1', 'F2']);
    expect(
      (
        await call(
          free,
          'PUT',
          `/api/radio/channels/${channel.id}/program`,
          program({ rotations: [{ playlistId: pl.id, weight: 1 }] }),
        )
      ).statusCode,
    ).toBe(200);
    const used = await t.ctx.database.db.execute(
      // The month's two free hours spent on a broadcast (as live streams count them).
      `INSERT INTO live_streams (user_id, title, category, is_active, on_air_at, ended_at) VALUES ('${free.id}', 'old', 'Music', false, now() - interval '3 hours', now() - interval '50 minutes')` as never,
    );
    expect(used).toBeTruthy();
    const refused = await onAir();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(RADIO_MESSAGES.allowanceUsed);
  });

  it('program: only own playlists and tracks, no overlapping slots, a slot playlist required; replaced whole', async () => {
    const rita = await creatorOn('creator', 'Rita P');
    const bo = await creatorOn('creator', 'Bo P');
    const { channel } = await newChannel(rita);
    const mine = await playlistOf(rita, 'Mine', ['M1', 'M2', 'M3']);
    const mine2 = await playlistOf(rita, 'Mine 2', ['N1']);
    const theirs = await playlistOf(bo, 'Theirs', ['T1']);
    const jingle = await seedTrack(db(), rita.id, { title: 'Station ID' });
    const put = (p: TRadioProgram) => call(rita, 'PUT', `/api/radio/channels/${channel.id}/program`, p);

    const other = await put(program({ rotations: [{ playlistId: theirs.id, weight: 1 }] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(RADIO_MESSAGES.notOwnPlaylist);
    expect((await put(program({ jingleTrackIds: [theirs.trackIds[0] as string] }))).json().error.message).toBe(
      RADIO_MESSAGES.notOwnJingle,
    );
    // The going-live jingle too is an own track.
    expect((await put(program({ goingLiveJingleTrackId: theirs.trackIds[0] as string }))).json().error.message).toBe(
      RADIO_MESSAGES.notOwnJingle,
    );
    expect((await put(program({ goingLiveJingleTrackId: 'not-a-uuid' }))).statusCode).toBe(400);
    const overlap = await put(
      program({
        slots: [
          { title: 'Late', day: 6, startMinute: 23 * 60, durationMinutes: 120, kind: 'dj' },
          { title: 'Early', day: 0, startMinute: 30, durationMinutes: 60, kind: 'dj' },
        ],
      }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.body).toContain(RADIO_MESSAGES.slotOverlap);
    expect(
      (await put(program({ slots: [{ title: 'S', day: 1, startMinute: 0, durationMinutes: 60, kind: 'playlist' }] })))
        .body,
    ).toContain(RADIO_MESSAGES.slotPlaylistRequired);
    expect((await put(program({ rotations: [{ playlistId: mine.id, weight: 0 }] }))).statusCode).toBe(400);
    expect((await put(program({ djGraceSeconds: -1 }))).statusCode).toBe(400);

    const ok = await put(
      program({
        rotations: [
          { playlistId: mine.id, weight: 3 },
          { playlistId: mine2.id, weight: 1 },
        ],
        slots: [
          {
            title: 'Morning show',
            day: 1,
            startMinute: 480,
            durationMinutes: 120,
            kind: 'playlist',
            playlistId: mine2.id,
          },
          { title: 'Live set', day: 5, startMinute: 1200, durationMinutes: 60, kind: 'dj' },
        ],
        jingleTrackIds: [jingle],
        djOnlyInSlot: true,
        goingLiveJingleTrackId: jingle,
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as TRadioChannelDetail).program).toMatchObject({
      rotations: [
        { playlistId: mine.id, weight: 3, playlistName: 'Mine', trackCount: 3 },
        { playlistId: mine2.id, weight: 1, playlistName: 'Mine 2', trackCount: 1 },
      ],
      slots: [
        { title: 'Morning show', day: 1, kind: 'playlist', playlistId: mine2.id },
        { title: 'Live set', day: 5, kind: 'dj', playlistId: null },
      ],
      jingles: [{ trackId: jingle, title: 'Station ID' }],
      jingleEverySongs: 4,
      djOnlyInSlot: true,
      goingLiveJingleTrackId: jingle,
    });
    // A failed replacement leaves the program as it was.
    await put(program({ rotations: [{ playlistId: theirs.id, weight: 1 }] }));
    expect((await call(rita, 'GET', `/api/radio/channels/${channel.id}/manage`)).json().program.rotations).toHaveLength(
      2,
    );
    const pool = await radioService(t.ctx).program(channel.id);
    expect(pool?.pool.map((p) => p.title).sort()).toEqual(['M1', 'M2', 'M3', 'N1']);
  });

  it('DJ key: shown once, hashed, regenerated; opens the channel only on air, and only in a DJ slot when so set', async () => {
    const rita = await creatorOn('creator', 'Rita K');
    const { channel } = await newChannel(rita);
    const pl = await playlistOf(rita, 'K', ['K1']);
    const radio = radioService(t.ctx);
    const created = (await call(rita, 'POST', `/api/radio/channels/${channel.id}/key`)).json();
    expect(created.secret).toMatch(/^wrk_[\w-]{43}$/);
    expect(created.message).toBe(RADIO_MESSAGES.keyCreated);
    const [row] = await db().select().from(radioChannels).where(eq(radioChannels.id, channel.id));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect((await call(rita, 'GET', `/api/radio/channels/${channel.id}/manage`)).json().keyPrefix).toBe(created.prefix);

    expect(await radio.authenticateKey(created.secret)).toBeNull(); // off air
    await call(
      rita,
      'PUT',
      `/api/radio/channels/${channel.id}/program`,
      program({ rotations: [{ playlistId: pl.id, weight: 1 }] }),
    );
    expect((await call(rita, 'POST', `/api/radio/channels/${channel.id}/on-air`)).json()).toMatchObject({
      onAir: true,
    });
    expect(await radio.authenticateKey(created.secret)).toMatchObject({ channel: { id: channel.id }, refused: null });
    expect(await radio.authenticateKey('wrk_wrong')).toBeNull();

    const again = (await call(rita, 'POST', `/api/radio/channels/${channel.id}/key`)).json();
    expect(await radio.authenticateKey(created.secret)).toBeNull();
    expect(await radio.authenticateKey(again.secret)).not.toBeNull();

    // DJs only in their slot: Friday 20:00–21:00 UTC.
    await call(
      rita,
      'PUT',
      `/api/radio/channels/${channel.id}/program`,
      program({
        rotations: [{ playlistId: pl.id, weight: 1 }],
        slots: [{ title: 'Live set', day: 5, startMinute: 1200, durationMinutes: 60, kind: 'dj' }],
        djOnlyInSlot: true,
      }),
    );
    const friday = (h: number, m: number) => new Date(Date.UTC(2026, 10, 27, h, m)); // 2026-11-27 is a Friday
    expect((await radio.authenticateKey(again.secret, friday(20, 30)))?.refused).toBeNull();
    expect((await radio.authenticateKey(again.secret, friday(21, 0)))?.refused).toBe(RADIO_MESSAGES.djOutsideSlot);
  });

  it('cover: a square image re-encoded and served; a non-image refused; another creator changes nothing; removed', async () => {
    const rita = await creatorOn('pro', 'Rita Cover');
    const other = await creatorOn('pro', 'Otto Cover');
    const { channel } = await newChannel(rita, 'Covered FM');
    expect(channel.coverUrl).toBeNull();
    const png = await testImage(t.dataDir, '800x600', 'png');
    const put = (user: TestUser, data: Buffer, id = channel.id) => {
      const boundary = '----radiocover';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/radio/channels/${id}/cover`,
        headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const stored = () => t.ctx.storage.list(`radio-covers/${channel.id}`);

    const bad = await put(rita, Buffer.from('GIF89a not a png at all'));
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error.message).toBe(RADIO_MESSAGES.coverInvalid);
    expect(await stored()).toEqual([]);
    // Not multipart at all: a clear 400.
    const plain = await call(rita, 'PUT', `/api/radio/channels/${channel.id}/cover`, { cover: 'x' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.message).toBe(RADIO_MESSAGES.coverRequired);

    const res = await put(rita, png);
    expect(res.statusCode).toBe(200);
    const coverUrl = (res.json() as TRadioChannelDetail).coverUrl ?? '';
    expect(coverUrl).toMatch(new RegExp(`^/api/radio/channels/${channel.id}/cover\\?v=`));
    const img = await call(null, 'GET', coverUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // Never the uploaded bytes: a fresh 640 px square.
    expect(img.rawPayload.equals(png)).toBe(false);
    expect(await dimensionsOf(t.dataDir, img.rawPayload, 'png')).toEqual({ width: 640, height: 640 });
    // The public page carries the same address.
    expect(((await call(null, 'GET', `/api/radio/channels/${channel.id}`)).json() as TRadioChannel).coverUrl).toBe(
      coverUrl,
    );
    const [key] = await stored();

    // Another creator can neither replace nor remove it: not found, nothing changed.
    expect((await put(other, png)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/radio/channels/${channel.id}/cover`)).statusCode).toBe(404);
    expect(await stored()).toEqual([key]);
    expect((await call(null, 'GET', coverUrl)).rawPayload.equals(img.rawPayload)).toBe(true);
    // Nor can a listener (creators only), nor for a channel that does not exist.
    const fan = await signUp(t, { name: 'Cover Fan' });
    expect((await put(fan, png)).statusCode).toBe(403);
    expect((await put(rita, png, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // Replacing keeps one stored object; removing goes back to none.
    await put(rita, png);
    expect(await stored()).toHaveLength(1);
    expect(await stored()).not.toEqual([key]);
    const removed = await call(rita, 'DELETE', `/api/radio/channels/${channel.id}/cover`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as TRadioChannelDetail).coverUrl).toBeNull();
    expect(await stored()).toEqual([]);
    expect((await call(null, 'GET', `/api/radio/channels/${channel.id}/cover`)).statusCode).toBe(404);
  });

  it('on air: listed for Explore and search, by category too, with M3U and PLS entries; off air it leaves the list', async () => {
    const rita = await creatorOn('pro', 'Rita Air');
    const { channel } = await newChannel(rita, 'Zebra Beats FM');
    const pl = await playlistOf(rita, 'Z', ['Z1']);
    await call(
      rita,
      'PUT',
      `/api/radio/channels/${channel.id}/program`,
      program({ rotations: [{ playlistId: pl.id, weight: 1 }] }),
    );
    const listed = async (q = '') =>
      ((await call(null, 'GET', `/api/radio/channels${q}`)).json().items as TRadioChannel[]).map((c) => c.id);
    expect(await listed()).not.toContain(channel.id);
    await call(rita, 'POST', `/api/radio/channels/${channel.id}/on-air`);
    expect(await listed()).toContain(channel.id);
    expect(await listed('?q=zebra')).toEqual([channel.id]);
    expect(await listed('?q=%25')).not.toContain(channel.id);
    // The category filter, as Explore's live lists apply it: a live category, or an Explore one
    // mapped to live ones (Podcasts → Talk Shows, News); an unknown one selects nothing.
    expect(await listed('?category=Music')).toContain(channel.id);
    expect(await listed('?category=music')).toContain(channel.id);
    expect(await listed('?category=Sports')).not.toContain(channel.id);
    expect(await listed('?category=podcasts')).not.toContain(channel.id);
    expect(await listed('?category=Nonsense')).toEqual([]);
    await call(rita, 'PATCH', `/api/radio/channels/${channel.id}`, { category: 'Talk Shows' });
    expect(await listed('?category=podcasts&q=zebra')).toEqual([channel.id]);
    expect(await listed('?category=Talk%20Shows')).toContain(channel.id);
    expect(await listed('?category=Music')).not.toContain(channel.id);
    expect((await call(null, 'GET', `/api/radio/channels?category=${'x'.repeat(51)}`)).statusCode).toBe(400);

    const m3u = await call(null, 'GET', `/api/radio/channels/${channel.id}/listen.m3u`);
    expect(m3u.headers['content-type']).toContain('audio/x-mpegurl');
    expect(m3u.body).toBe(
      `#EXTM3U\n#EXTINF:-1,Zebra Beats FM\n${t.ctx.config.PUBLIC_URL}/api/radio/channels/${channel.id}/stream\n`,
    );
    const pls = await call(null, 'GET', `/api/radio/channels/${channel.id}/listen.pls`);
    expect(pls.body).toContain(`File1=${t.ctx.config.PUBLIC_URL}/api/radio/channels/${channel.id}/stream`);
    expect(pls.body).toContain('NumberOfEntries=1');

    await call(rita, 'POST', `/api/radio/channels/${channel.id}/off-air`);
    expect(await listed()).not.toContain(channel.id);
    expect((await call(null, 'GET', `/api/radio/channels/${channel.id}/stream`)).statusCode).toBe(404);
  });

  it('airings: history once per start; radio plays are not the listener count and not on-demand plays', async () => {
    const rita = await creatorOn('pro', 'Rita Plays');
    const { channel } = await newChannel(rita);
    const pl = await playlistOf(rita, 'P', ['P1', 'P2']);
    await call(
      rita,
      'PUT',
      `/api/radio/channels/${channel.id}/program`,
      program({ rotations: [{ playlistId: pl.id, weight: 1 }] }),
    );
    await call(rita, 'POST', `/api/radio/channels/${channel.id}/on-air`);
    const radio = radioService(t.ctx);
    await radio.setStream(channel.id, { listenerCount: 3 });
    const [p1, p2] = pl.trackIds as [string, string];
    const first = {
      trackId: p1,
      title: 'P1',
      artist: 'Rita Plays',
      startedAt: '2026-11-27T10:00:00.000Z',
      source: 'autodj' as const,
    };
    expect(await radio.aired(channel.id, first)).toBe(true);
    expect(await radio.aired(channel.id, first)).toBe(false); // the engine repeating itself counts once
    await radio.setStream(channel.id, { listenerCount: 5 });
    expect(
      await radio.aired(channel.id, { ...first, trackId: p2, title: 'P2', startedAt: '2026-11-27T10:03:00.000Z' }),
    ).toBe(true);

    const page = (await call(null, 'GET', `/api/radio/channels/${channel.id}`)).json() as TRadioChannel;
    expect(page.nowPlaying).toMatchObject({ trackId: p2, title: 'P2', artworkUrl: `/api/tracks/${p2}/cover` });
    expect(page.listenerCount).toBe(5);
    const history = (await call(null, 'GET', `/api/radio/channels/${channel.id}/history`)).json().items;
    expect(history.map((h: { title: string }) => h.title)).toEqual(['P2', 'P1']);

    // Radio plays are listeners who heard an airing (radio-plays.int.test.ts): the hub's count when
    // it started (3, 5) is not one, and nobody's connection was recorded here.
    expect(await radio.radioPlaysOf(rita.id, new Date('2026-11-01T00:00:00Z'))).toEqual([]);
    expect((await call(rita, 'GET', '/api/radio/plays')).json()).toEqual({ total: 0, items: [] });
    // On-demand play counts are untouched.
    const track = (await call(null, 'GET', `/api/tracks/${p1}`)).json();
    expect(track.playCount ?? track.track?.playCount).toBe(0);
  });
});

describe('radio lifecycle', () => {
  it('a suspended creator goes off air and their channel answers 404; a hidden track leaves rotations and jingles', async () => {
    const rita = await creatorOn('creator', 'Rita Life');
    const { channel } = await newChannel(rita);
    const pl = await playlistOf(rita, 'L', ['L1', 'L2']);
    const jingle = await seedTrack(db(), rita.id, { title: 'Jingle L' });
    await call(
      rita,
      'PUT',
      `/api/radio/channels/${channel.id}/program`,
      program({
        rotations: [{ playlistId: pl.id, weight: 1 }],
        jingleTrackIds: [jingle],
        goingLiveJingleTrackId: jingle,
      }),
    );
    await call(rita, 'POST', `/api/radio/channels/${channel.id}/on-air`);

    const [l1] = pl.trackIds as [string];
    expect((await call(rita, 'PATCH', `/api/tracks/${l1}`, { isPublic: false })).statusCode).toBe(200);
    expect((await call(rita, 'DELETE', `/api/tracks/${jingle}`)).statusCode).toBeLessThan(300);
    await t.ctx.events.settled();
    const program2 = await radioService(t.ctx).program(channel.id);
    expect(program2?.pool.map((p) => p.title)).toEqual(['L2']);
    expect(program2?.jingles).toEqual([]);
    const manage = (await call(rita, 'GET', `/api/radio/channels/${channel.id}/manage`)).json() as TRadioChannelDetail;
    expect(manage.program.goingLiveJingleTrackId).toBeNull();

    expect((await call(admin, 'POST', `/api/admin/users/${rita.id}/suspend`)).statusCode).toBe(200);
    await t.ctx.events.settled();
    const [row] = await db().select().from(radioChannels).where(eq(radioChannels.id, channel.id));
    expect(row?.onAir).toBe(false);
    expect((await call(null, 'GET', `/api/radio/channels/${channel.id}`)).statusCode).toBe(404);
    expect(
      ((await call(null, 'GET', '/api/radio/channels')).json().items as TRadioChannel[]).map((c) => c.id),
    ).not.toContain(channel.id);
  });
});
