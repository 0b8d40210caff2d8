import { randomUUID } from 'node:crypto';
import type { TRadioChannelDetail } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { liveStreams } from '../../db/schema';
import { billing } from '../billing';
import { closeMonth } from './close';
import { earningsService } from './service';

// What the fold of a day's listening brings to the close besides on-demand plays: radio listening
// (ADR 0065: what a signed-in listener heard of the tracks a channel aired), and listening reported
// after its day was folded, found by the re-fold of the last days and re-split by the next close
// as adjusting entries (ADR 0068).

const DAY = 86_400_000;
let t: TestApp;
let artist: TestUser;
let other: TestUser;
let fan: TestUser;
let song: string;
let otherSong: string;
const q = async <T>(text: string, params: unknown[] = []) => (await t.ctx.database.query(text, params)) as T[];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.freeze();
  artist = await signUp(t, { role: 'creator', name: 'Fold Artist' });
  other = await signUp(t, { role: 'creator', name: 'Other Artist' });
  fan = await signUp(t, { name: 'Fold Fan' });
  const db = t.ctx.database.db;
  song = await seedTrack(db, artist.id, { title: 'Radio Song', duration: 120 });
  otherSong = await seedTrack(db, other.id, { title: 'Other Song', duration: 600 });
}, 120_000);
afterAll(async () => t?.close());

/** A $9.99 Premium payment of `userId` at `at`. */
const pay = (userId: string, at: string) =>
  q(
    `INSERT INTO payments (user_id, kind, purpose, amount_cents, plan_id, external_id, invoice_id, occurred_at)
     VALUES ($1, 'paid', 'subscription', 999, 'premium', $2, $3, $4)`,
    [userId, `fold-${randomUUID()}:paid`, `fold-in-${randomUUID()}`, at],
  );

/** A counted on-demand listen of `seconds` (5-second buckets) on `day`; returns its id. */
async function listen(userId: string, audioId: string, day: string, seconds: number, id = randomUUID()) {
  await q(
    `INSERT INTO listen_sessions (id, audio_id, listener_key, user_id, source, device, app, counted, day, created_at)
     VALUES ($1, $2, $3, $4, 'track', 'desktop', 'web', true, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [id, audioId, `u:${userId}`, userId, day, `${day}T12:00:00Z`],
  );
  await q(
    `INSERT INTO listen_buckets (session_id, bucket) SELECT $1, g FROM generate_series(0, $2::int - 1) g
     ON CONFLICT DO NOTHING`,
    [id, seconds / 5],
  );
  return id;
}

const entries = (month: string) =>
  q<{ creator: string; kind: string; cents: number }>(
    `SELECT creator_id AS creator, kind, amount_cents::float8 AS cents FROM earnings_ledger
      WHERE month = $1 AND source = 'subscriptions' ORDER BY creator_id = $2 DESC`,
    [month, artist.id],
  );

describe('the fold of listening', () => {
  it('folds radio listening beside on-demand plays, in the same key, and the close pays for it', async () => {
    // The station's channel aired the artist's 120 s song on 2026-06-10 10:00 UTC; the fan's
    // connection heard all of it, and the same day the fan played 60 s of it and 360 s of the other
    // artist's track on demand. An anonymous radio listener is not paid for.
    const owner = await signUp(t, { role: 'creator', name: 'Fold Station' });
    await billing(t.ctx).subscriptions.grant({ id: owner.id, role: 'creator' }, 'pro', 'test');
    const channel = (
      await t.app.inject({
        method: 'POST',
        url: '/api/radio/channels',
        headers: { cookie: owner.cookie },
        payload: { name: 'Fold FM', category: 'Music' },
      })
    ).json() as TRadioChannelDetail;
    const [stream] = await t.ctx.database.db
      .insert(liveStreams)
      .values({ userId: owner.id, title: 'Fold FM', category: 'Music', radioChannelId: channel.id })
      .returning();
    const aired = '2026-06-10T10:00:00Z';
    await q(
      `INSERT INTO radio_airings (channel_id, audio_id, title, artist, source, started_at, listeners)
       VALUES ($1, $2, 'Radio Song', 'Fold Artist', 'autodj', $3, 2)`,
      [channel.id, song, aired],
    );
    await q(
      `INSERT INTO live_listens (stream_id, listener_key, started_at, seconds, ended_at)
       VALUES ($1, $2, '2026-06-10T09:59:00Z', 300, '2026-06-10T10:04:00Z'),
              ($1, 'a:anonymous', '2026-06-10T09:59:00Z', 300, '2026-06-10T10:04:00Z')`,
      [stream?.id, `u:${fan.id}`],
    );
    await listen(fan.id, song, '2026-06-10', 60);
    await listen(fan.id, otherSong, '2026-06-10', 360);
    await pay(fan.id, '2026-06-05T12:00:00Z');

    const june = await closeMonth(t.ctx, '2026-06', { rule: 'user-centric' });
    const rows = await q<{ audio: string; plays: number; long: number; heard: number }>(
      `SELECT audio_id::text AS audio, plays, long_plays AS long, heard_seconds AS heard FROM earnings_listening
        WHERE month = '2026-06' AND listener_id = $1 ORDER BY heard_seconds`,
      [fan.id],
    );
    // One row for the song: the on-demand play and the radio play summed (60 s + 120 s).
    expect(rows).toEqual([
      { audio: song, plays: 2, long: 2, heard: 180 },
      { audio: otherSong, plays: 1, long: 1, heard: 360 },
    ]);
    // 999 − the fee (59) = 940; creators 70 %: 658, split 180:360 (the odd cent to the larger remainder).
    expect(june).toMatchObject({ subscriptionNetCents: 940, creatorsCents: 658, listeningSubscribers: 1 });
    expect(await entries('2026-06')).toEqual([
      { creator: artist.id, kind: 'allocation', cents: 219 },
      { creator: other.id, kind: 'allocation', cents: 439 },
    ]);
    expect((await earningsService(t.ctx).creatorMonth(artist.id, '2026-06'))?.plays).toBe(2);
  }, 120_000);

  it('re-splits a closed month in the next close when listening was reported after its day was folded, once', async () => {
    // The clock just past November: the month closes with the fan's 60 s of the song on the 30th.
    const now = t.ctx.clock.now();
    t.ctx.clock.advance(Date.parse('2026-12-01T02:00:00Z') - now.getTime());
    await pay(fan.id, '2026-11-05T12:00:00Z');
    // Nothing was heard from July to 27 November: those days marked folded (the test's time goes to what follows).
    await q(`INSERT INTO earnings_folded_days (day, folded_at)
             SELECT d::date, now() FROM generate_series(date '2026-07-01', date '2026-11-27', interval '1 day') d`);
    const session = await listen(fan.id, song, '2026-11-30', 60);
    const november = await closeMonth(t.ctx, '2026-11', { rule: 'user-centric' });
    expect(november).toMatchObject({ subscriptionNetCents: 940, creatorsCents: 658 });
    expect(await entries('2026-11')).toEqual([{ creator: artist.id, kind: 'allocation', cents: 658 }]);

    // Reports after the fold: the session heard 60 s more, and a play of the other track that
    // day arrives late (a beacon retried). The next day's fold re-folds the days before it and finds both.
    t.ctx.clock.advance(3_600_000);
    await listen(fan.id, song, '2026-11-30', 120, session);
    await listen(fan.id, otherSong, '2026-11-30', 120);
    expect(await earningsService(t.ctx).foldListening()).toEqual([]); // no new day yet: no re-fold
    expect(await q('SELECT 1 FROM earnings_late_listening')).toHaveLength(0);
    t.ctx.clock.advance(DAY);
    expect(await earningsService(t.ctx).foldListening()).toEqual(['2026-12-01']);
    const late = await q<{ audio: string; plays: number; heard: number }>(
      `SELECT audio_id::text AS audio, plays, heard_seconds AS heard FROM earnings_late_listening ORDER BY heard_seconds`,
    );
    expect(late).toEqual([
      { audio: song, plays: 0, heard: 60 },
      { audio: otherSong, plays: 1, heard: 120 },
    ]);
    // Folding again finds nothing more.
    t.ctx.clock.advance(DAY);
    expect(await earningsService(t.ctx).foldListening()).toEqual(['2026-12-02']);
    expect(await q('SELECT 1 FROM earnings_late_listening')).toHaveLength(2);

    // December's close: November's 658 now split 120:120 (329 each) instead of all to the song.
    t.ctx.clock.advance(Date.parse('2027-01-01T02:00:00Z') - t.ctx.clock.now().getTime());
    const december = await closeMonth(t.ctx, '2026-12', { rule: 'user-centric' });
    expect(await entries('2026-12')).toEqual([
      { creator: artist.id, kind: 'reversal', cents: -329 },
      { creator: other.id, kind: 'reversal', cents: 329 },
    ]);
    expect(december).toMatchObject({ subscriptionNetCents: 0, creatorsCents: 0, platformCents: 0 });
    // Nothing new since: January adjusts nothing.
    t.ctx.clock.advance(31 * DAY);
    expect(await closeMonth(t.ctx, '2027-01', { rule: 'user-centric' })).toMatchObject({ entries: 0 });
  }, 120_000);
});
