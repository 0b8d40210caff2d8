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
  it('counts airings apart from on-demand plays, and gives earnings per-listener heard seconds', async () => {
    const db = t.ctx.database.db;
    const radio = radioService(t.ctx);
    const song = await seedTrack(db, artist.id, { title: 'Aired Song', duration: 120 });
    const short = await seedTrack(db, artist.id, { title: 'Short Song', duration: 40 });
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

    const t0 = new Date(t.ctx.clock.now().getTime() - 3_600_000);
    await radio.setStream(channel.id, { listenerCount: 3 });
    await radio.aired(channel.id, {
      trackId: song,
      title: 'Aired Song',
      artist: 'Aired Artist',
      startedAt: t0.toISOString(),
      source: 'autodj',
    });
    await radio.setStream(channel.id, { listenerCount: 2 });
    await radio.aired(channel.id, {
      trackId: short,
      title: 'Short Song',
      artist: 'Aired Artist',
      startedAt: at(t0, 120).toISOString(),
      source: 'autodj',
    });
    // A repeated report of the same start records nothing more.
    await radio.aired(channel.id, {
      trackId: short,
      title: 'Short Song',
      artist: 'Aired Artist',
      startedAt: at(t0, 120).toISOString(),
      source: 'autodj',
    });
    await radio.aired(channel.id, {
      trackId: null,
      title: 'Live set',
      artist: 'DJ',
      startedAt: at(t0, 160).toISOString(),
      source: 'dj',
    });

    // The analytics overview: radio plays apart from on-demand plays (none here).
    const overview = (await get(artist, '/api/analytics?days=7')).json();
    expect(overview.totals.radioPlays).toEqual({ value: 5, previous: 0 });
    expect(overview.totals.plays.value).toBe(0);
    const rows = Object.fromEntries(
      (overview.tracks as { trackId: string; plays: number; radioPlays: number }[]).map((r) => [r.trackId, r]),
    );
    expect(rows[song]).toMatchObject({ plays: 0, radioPlays: 3 });
    expect(rows[short]).toMatchObject({ plays: 0, radioPlays: 2 });
    expect((await get(artist, `/api/analytics/tracks/${song}?days=7`)).json()).toMatchObject({
      plays: 0,
      radioPlays: 3,
    });
    // The station's owner has none of the artist's radio plays; the artist's figures are theirs only.
    expect((await get(owner, '/api/analytics?days=7')).json().totals.radioPlays.value).toBe(0);
    expect((await get(owner, `/api/analytics/tracks/${song}?days=7`)).statusCode).toBe(403);
    // A range before the airings counts none.
    const before = new Date(t0.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await get(artist, `/api/analytics?from=${before}&to=${before}`)).json().totals.radioPlays.value).toBe(0);

    // Per listener, for earnings: the fan's connection from t0−10 s for 150 s heard 120 s of the song
    // and 20 s of the 40 s song (half of it: a play, not a long one); the owner's own listening counts,
    // an anonymous listener's does not (earnings pays for accounts' listening).
    await db.insert(liveListens).values([
      { streamId: stream.id, listenerKey: `u:${fan.id}`, startedAt: at(t0, -10), seconds: 150 },
      { streamId: stream.id, listenerKey: 'a:someone', startedAt: t0, seconds: 200 },
      { streamId: stream.id, listenerKey: `u:${owner.id}`, startedAt: at(t0, 100), seconds: 10 },
    ]);
    const day = t0.toISOString().slice(0, 10);
    const heard = await radioListening(db, at(t0, -60).toISOString(), at(t0, 3600).toISOString());
    expect(heard).toEqual(
      expect.arrayContaining([
        { listenerId: fan.id, audioId: song, creatorId: artist.id, day, plays: 1, longPlays: 1, heardSeconds: 120 },
        { listenerId: fan.id, audioId: short, creatorId: artist.id, day, plays: 1, longPlays: 0, heardSeconds: 20 },
        { listenerId: owner.id, audioId: song, creatorId: artist.id, day, plays: 0, longPlays: 0, heardSeconds: 10 },
      ]),
    );
    expect(heard.filter((r) => r.audioId === song || r.audioId === short)).toHaveLength(3);
    // Airings outside the window are not read.
    expect(await radioListening(db, at(t0, 600).toISOString(), at(t0, 3600).toISOString())).toEqual([]);
  });
});
