import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { HLL_P, SKETCH_MAX_LIST } from './listeners';
import { addDays, dayOf } from './range';
import { analyticsService } from './service';

let t: TestApp;
let creator: TestUser;
let track: string;
let quiet: string;

/** `n` counted sessions on `day` from listeners `a:<from>`…`a:<from + n - 1>`. */
const listen = (trackId: string, day: string, from: number, n: number) =>
  t.ctx.database.query(
    `INSERT INTO listen_sessions (id, audio_id, listener_key, source, device, app, counted, day, created_at)
     SELECT gen_random_uuid(), $1, 'a:' || g, 'home', 'desktop', 'Chrome', true, $2::date, $2::date
     FROM generate_series($3::int, $4::int) g`,
    [trackId, day, from, from + n - 1],
  );

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { name: 'Popular', role: 'creator' });
  track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Hit' });
  quiet = await seedTrack(t.ctx.database.db, creator.id, { title: 'Niche' });
});
afterAll(() => t.close());

describe('unique listeners over a range (day sketches)', () => {
  it('stay exact while every day is a list, and estimate within 3 % once a day outgrows it', async () => {
    const today = dayOf(t.ctx.clock.now());
    const [d1, d2, d3] = [addDays(today, -3), addDays(today, -2), addDays(today, -1)];
    const big = SKETCH_MAX_LIST + 2_000;
    await listen(quiet, d1, 1, 100);
    await listen(quiet, d2, 51, 100); // 50 of them heard it on d1 too
    await listen(track, d2, 1, 300);
    await listen(track, d3, 1, big); // registers
    const analytics = analyticsService(t.ctx);
    for (const d of [d1, d2, d3]) await analytics.rollupDay(d);

    const tags = (await t.ctx.database.query<{ tag: number; len: number }>(
      `SELECT get_byte(listener_hashes, 0) AS tag, length(listener_hashes) AS len FROM track_daily_stats
       WHERE audio_id = $1 ORDER BY day`,
      [track],
    )) as { tag: number; len: number }[];
    expect(tags).toEqual([
      { tag: 0, len: 1 + 300 * 4 },
      { tag: 1, len: 1 + (1 << HLL_P) },
    ]);

    const o = await analytics.overview(creator.id, { days: 7 });
    const row = (id: string) => o.tracks.find((x) => x.trackId === id);
    expect(row(quiet)?.listeners).toBe(150);
    const hit = row(track)?.listeners ?? 0;
    expect(Math.abs(hit - big) / big).toBeLessThan(0.03);
    expect(Math.abs(o.totals.listeners.value - big) / big).toBeLessThan(0.03);
    // The day's own count stays exact.
    expect(o.daily.find((d) => d.day === d3)?.listeners).toBe(big);
    expect(o.daily.find((d) => d.day === d1)?.listeners).toBe(100);
  });

  it("keeps a past period's count once its days are final, and reads it back", async () => {
    const db = t.ctx.database;
    const steady = await signUp(t, { name: 'Steady', role: 'creator' });
    const a = await seedTrack(db.db, steady.id, { title: 'A' });
    const b = await seedTrack(db.db, steady.id, { title: 'B' });
    const today = dayOf(t.ctx.clock.now());
    // In the 7-day overview's previous period (13 to 7 days ago): 40 + 40 listeners, 20 of them on both.
    const [p1, p2] = [addDays(today, -10), addDays(today, -8)];
    await listen(a, p1, 1000, 40);
    await listen(b, p2, 1020, 40);
    const analytics = analyticsService(t.ctx);
    for (const d of [p1, p2]) await analytics.rollupDay(d);
    const previous = async () => (await analytics.overview(steady.id, { days: 7 })).totals.listeners.previous;
    const kept = async () =>
      (await db.query<{ listeners: number }>(`SELECT listeners FROM analytics_past_listeners WHERE creator_id = $1`, [
        steady.id,
      ])) as { listeners: number }[];

    // The previous period's plays are summed in the database (no day rows read).
    expect((await analytics.overview(steady.id, { days: 7 })).totals.plays).toEqual({ value: 0, previous: 80 });
    // Until the hourly job has recorded those days as rolled they may still change: counted, not kept.
    expect(await previous()).toBe(60);
    expect(await kept()).toEqual([]);
    await analytics.rollup();
    expect(await previous()).toBe(60);
    expect(await kept()).toEqual([{ listeners: 60 }]);
    // Read back from then on (a changed kept count shows: it is no longer computed).
    await db.query(`UPDATE analytics_past_listeners SET listeners = 61 WHERE creator_id = $1`, [steady.id]);
    expect(await previous()).toBe(61);
    // Another track list is another key: a deleted track's listeners are gone from the count.
    await db.query(`DELETE FROM audio_content WHERE id = $1`, [b]);
    expect(await previous()).toBe(40);
  });
});
