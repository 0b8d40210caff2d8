import type { TRadioChannelDetail } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { liveListens, liveStreams, radioChannels } from '../../db/schema';
import { radioListening } from '../analytics/radio-repo';
import { billing } from '../billing';
import { radioService } from './service';

// Issue 38: a track heard on a channel counts for its creator as radio plays, apart from on-demand
// plays, on the analytics pages (API) and, per listener, for the earnings ledger.
let t: TestApp;
let owner: TestUser;
let artist: TestUser;
let fan: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'creator', name: 'Station Owner' });
  artist = await signUp(t, { role: 'creator', name: 'Aired Artist' });
  fan = await signUp(t, { name: 'Radio Fan' });
  await billing(t.ctx).subscriptions.grant({ id: owner.id, role: 'creator' }, 'pro', 'test');
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });
const at = (base: Date, s: number) => new Date(base.getTime() + s * 1000);

describe('radio plays in analytics and earnings data', () => {
  it('counts a play per listener and airing heard enough, apart from on-demand plays, the same for earnings', async () => {
    const db = t.ctx.database.db;
    const radio = radioService(t.ctx);
    const song = await seedTrack(db, artist.id, { title: 'Aired Song', duration: 120 });
    const short = await seedTrack(db, artist.id, { title: 'Short Song', duration: 40 });
    const own = await seedTrack(db, owner.id, { title: 'Station Ident Song', duration: 60 });
    const channel = (
      await t.app.inject({
        method: 'POST',
        url: '/api/radio/channels',
        headers: { cookie: owner.cookie },
        payload: { name: 'Plays FM', category: 'Music' },
      })
    ).json() as TRadioChannelDetail;
    // On air under a relay stream of its own (what going on air leaves, without an engine here).
    const [stream] = await db
      .insert(liveStreams)
      .values({ userId: owner.id, title: 'Plays FM', category: 'Music', radioChannelId: channel.id })
      .returning();
    if (!stream) throw new Error('no stream');
    await db.update(radioChannels).set({ onAir: true, streamId: stream.id }).where(eq(radioChannels.id, channel.id));

    // song [t0, t0+120), short [t0+120, t0+160), own [t0+160, t0+220), then a DJ set.
    const t0 = new Date(t.ctx.clock.now().getTime() - 3_600_000);
    const air = (trackId: string | null, title: string, s: number) =>
      radio.aired(channel.id, {
        trackId,
        title,
        artist: trackId === own ? 'Station Owner' : 'Aired Artist',
        startedAt: at(t0, s).toISOString(),
        source: trackId ? 'autodj' : 'dj',
      });
    // The hub's counts at each start (the old rule's figures: 6, 5 and 3 plays) are not plays.
    await radio.setStream(channel.id, { listenerCount: 6 });
    await air(song, 'Aired Song', 0);
    await radio.setStream(channel.id, { listenerCount: 5 });
    await air(short, 'Short Song', 120);
    // A repeated report of the same start records nothing more.
    await air(short, 'Short Song', 120);
    await radio.setStream(channel.id, { listenerCount: 3 });
    await air(own, 'Station Ident Song', 160);
    await air(null, 'Live set', 220);

    const listen = (listenerKey: string, s: number, seconds: number, ivtReason?: 'known-bot') => ({
      streamId: stream.id,
      listenerKey,
      startedAt: at(t0, s),
      seconds,
      endedAt: at(t0, s + seconds),
      ivtReason: ivtReason ?? null,
    });
    await db.insert(liveListens).values([
      // Heard 120 s of the song and 20 s of the 40 s song (half of it: a play, not a long one).
      listen(`u:${fan.id}`, -10, 150),
      // Joined mid-song and heard its last 60 s, all of the short song and of the owner's song.
      listen('a:late-joiner', 60, 200),
      // Left after 2 s.
      listen('a:leaver', 0, 2),
      // A bot (the connection was judged invalid traffic when it was recorded, ADR 0072).
      listen('a:crawler', 0, 300, 'known-bot'),
      // Reconnected: 20 s + 15 s of the song are one play, not two and not none.
      listen('a:flaky', 10, 20),
      listen('a:flaky', 40, 15),
      // The artist hearing their own songs on someone's channel.
      listen(`u:${artist.id}`, 0, 130),
      // The channel's owner on their own station: 10 s of the short song, all of their own song.
      listen(`u:${owner.id}`, 150, 100),
    ]);

    // The analytics overview: radio plays apart from on-demand plays (none here).
    const overview = (await get(artist, '/api/analytics?days=7')).json();
    expect(overview.totals.radioPlays).toEqual({ value: 5, previous: 0 });
    expect(overview.totals.plays.value).toBe(0);
    const rows = Object.fromEntries(
      (overview.tracks as { trackId: string; plays: number; radioPlays: number }[]).map((r) => [r.trackId, r]),
    );
    // song: the fan, the late joiner, the reconnecting listener; short: the fan, the late joiner.
    expect(rows[song]).toMatchObject({ plays: 0, radioPlays: 3 });
    expect(rows[short]).toMatchObject({ plays: 0, radioPlays: 2 });
    expect((await get(artist, `/api/analytics/tracks/${song}?days=7`)).json()).toMatchObject({
      plays: 0,
      radioPlays: 3,
    });
    // /creator/radio's figure is the same count.
    expect((await get(artist, '/api/radio/plays')).json()).toEqual({
      total: 5,
      items: [
        { trackId: song, plays: 3 },
        { trackId: short, plays: 2 },
      ],
    });
    // The owner's own song: the late joiner only, not the owner listening to it.
    expect((await get(owner, '/api/analytics?days=7')).json().totals.radioPlays.value).toBe(1);
    expect((await get(owner, '/api/radio/plays')).json()).toEqual({ total: 1, items: [{ trackId: own, plays: 1 }] });
    expect((await get(owner, `/api/analytics/tracks/${song}?days=7`)).statusCode).toBe(403);
    // A range before the airings counts none.
    const before = new Date(t0.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await get(artist, `/api/analytics?from=${before}&to=${before}`)).json().totals.radioPlays.value).toBe(0);

    // Per listener, for earnings, from the same rows: signed-in listeners only (earnings pays for
    // accounts' listening), the creator's own listening left out; the owner's 10 s of the short song
    // is a row without a play.
    const day = t0.toISOString().slice(0, 10);
    const heard = await radioListening(db, at(t0, -60).toISOString(), at(t0, 3600).toISOString());
    const ours = heard.filter((r) => [song, short, own].includes(r.audioId));
    expect(ours).toEqual(
      expect.arrayContaining([
        { listenerId: fan.id, audioId: song, creatorId: artist.id, day, plays: 1, longPlays: 1, heardSeconds: 120 },
        { listenerId: fan.id, audioId: short, creatorId: artist.id, day, plays: 1, longPlays: 0, heardSeconds: 20 },
        { listenerId: owner.id, audioId: short, creatorId: artist.id, day, plays: 0, longPlays: 0, heardSeconds: 10 },
      ]),
    );
    expect(ours).toHaveLength(3);
    // Airings outside the window are not read.
    expect(await radioListening(db, at(t0, 600).toISOString(), at(t0, 3600).toISOString())).toEqual([]);
  });
});
