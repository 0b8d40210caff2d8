import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { analyticsService } from './service';

let t: TestApp;
let creator: TestUser;
let other: TestUser;
let a: TestUser;
let b: TestUser;
let c: TestUser;
let track: string; // 40 s (a play after 20 s), chapters at 0 and 30
let othersTrack: string;

const UA_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const UA_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function report(
  user: TestUser,
  trackId: string,
  body: { secondsListened: number; sessionId: string; buckets: number[]; source?: string },
  ua = UA_DESKTOP,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/plays',
    headers: { cookie: user.cookie, 'user-agent': ua },
    payload: {
      trackId,
      secondsListened: body.secondsListened,
      listen: { sessionId: body.sessionId, buckets: body.buckets, source: body.source ?? 'home' },
    },
  });
}

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { name: 'Analyst', role: 'creator' });
  other = await signUp(t, { name: 'Rival', role: 'creator' });
  a = await signUp(t, { name: 'A' });
  b = await signUp(t, { name: 'B' });
  c = await signUp(t, { name: 'C' });
  track = await seedTrack(t.ctx.database.db, creator.id, {
    title: 'Episode',
    duration: 40,
    chapterMarkers: [
      { id: 'c1', title: 'Intro', startTime: 0 },
      { id: 'c2', title: 'Interview', startTime: 30 },
    ],
  });
  othersTrack = await seedTrack(t.ctx.database.db, other.id, { title: 'Not yours', duration: 60 });
});
afterAll(() => t.close());

describe('listening reports and the retention curve', () => {
  it('computes known totals and a known retention curve from synthetic listening', async () => {
    // A hears all 40 s, B the first 30 s, C the first 20 s (in two batches, the second replayed).
    const sa = randomUUID();
    const sb = randomUUID();
    const sc = randomUUID();
    expect((await report(a, track, { secondsListened: 40, sessionId: sa, buckets: range(8) })).json().counted).toBe(
      true,
    );
    expect(
      (
        await report(b, track, { secondsListened: 30, sessionId: sb, buckets: range(6), source: 'search' }, UA_PHONE)
      ).json().counted,
    ).toBe(true);
    await report(c, track, { secondsListened: 10, sessionId: sc, buckets: [0, 1] });
    const third = await report(c, track, { secondsListened: 20, sessionId: sc, buckets: [2, 3] });
    expect(third.json().counted).toBe(true);

    // Replays of every report: nothing more counted or heard.
    for (let i = 0; i < 3; i++) {
      const r = await report(c, track, { secondsListened: 20, sessionId: sc, buckets: [0, 1, 2, 3] });
      expect(r.statusCode).toBe(200);
      expect(r.json().counted).toBe(false);
      expect((await report(a, track, { secondsListened: 40, sessionId: sa, buckets: range(8) })).json().counted).toBe(
        false,
      );
    }

    const res = await get(creator, `/api/analytics/tracks/${track}?days=7`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plays).toBe(3);
    expect(body.listeners).toBe(3);
    expect(body.secondsListened).toBe(40 + 30 + 20);
    expect(body.retention.map((p: { share: number }) => Math.round(p.share * 1000) / 1000)).toEqual([
      1, 1, 0.667, 0.333,
    ]);
    expect(body.retention.map((p: { t: number }) => p.t)).toEqual([0, 10, 20, 30]);
    expect(body.medianSeconds).toBe(30);
    expect(body.drops).toEqual([
      { t: 20, drop: 0.333, chapter: 'Intro' },
      { t: 30, drop: 0.333, chapter: 'Interview' },
    ]);
    expect(body.chapters).toEqual([
      { title: 'Intro', startTime: 0 },
      { title: 'Interview', startTime: 30 },
    ]);
    expect(body.sources).toEqual([
      { key: 'home', count: 2 },
      { key: 'search', count: 1 },
    ]);
    expect(body.devices).toEqual([
      { key: 'desktop', count: 2 },
      { key: 'mobile', count: 1 },
    ]);

    const overview = (await get(creator, '/api/analytics?days=7')).json();
    expect(overview.totals.plays).toEqual({ value: 3, previous: 0 });
    expect(overview.totals.listeners).toEqual({ value: 3, previous: 0 });
    expect(overview.totals.hoursListened.value).toBeCloseTo(90 / 3600, 2);
    expect(overview.daily).toHaveLength(7);
    expect(overview.daily.at(-1).plays).toBe(3);
    const row = overview.tracks.find((r: { trackId: string }) => r.trackId === track);
    expect(row).toMatchObject({ plays: 3, listeners: 3, likes: 0, comments: 0, firstDays: { d7: 3, d30: 3, d90: 3 } });
    expect(row.avgListenThrough).toBe(0.75);
  });

  it('a session id of another listener is refused, and buckets past the end are dropped', async () => {
    const s = randomUUID();
    await report(a, track, { secondsListened: 5, sessionId: s, buckets: [0] });
    const stolen = await report(b, track, { secondsListened: 60, sessionId: s, buckets: range(12) });
    expect(stolen.statusCode).toBe(409);
    const big = await report(a, track, { secondsListened: 5, sessionId: randomUUID(), buckets: [0, 5000] });
    expect(big.statusCode).toBe(200);
    const rows = await t.ctx.database.query('SELECT bucket FROM listen_buckets WHERE bucket > 20');
    expect(rows).toHaveLength(0);
  });

  it('refuses oversized and malformed reports', async () => {
    const tooMany = await report(a, track, { secondsListened: 5, sessionId: randomUUID(), buckets: range(721) });
    expect(tooMany.statusCode).toBe(400);
    const badId = await report(a, track, { secondsListened: 5, sessionId: 'nope', buckets: [0] });
    expect(badId.statusCode).toBe(400);
    const badSource = await report(a, track, {
      secondsListened: 5,
      sessionId: randomUUID(),
      buckets: [0],
      source: 'x'.repeat(50),
    });
    expect(badSource.statusCode).toBe(400);
  });

  it('accepts the page-hide beacon (text/plain JSON)', async () => {
    const s = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plays',
      headers: { cookie: a.cookie, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        trackId: track,
        secondsListened: 5,
        listen: { sessionId: s, buckets: [0], source: 'home' },
      }),
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.database.query('SELECT bucket FROM listen_buckets WHERE session_id = $1', [s]);
    expect(rows).toHaveLength(1);
  });
});

describe('rollups', () => {
  it('the page re-rolls only the track-days that changed since it last looked', async () => {
    // On the other creator's track, so the figures the next tests expect stay as they are.
    const dirty = async () =>
      (
        await t.ctx.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM analytics_dirty WHERE audio_id = $1',
          [othersTrack],
        )
      )[0].n;
    const plays = async () => (await get(other, '/api/analytics?days=7')).json().totals.plays.value as number;
    const listen = async () => {
      const r = await report(await signUp(t), othersTrack, {
        secondsListened: 40,
        sessionId: randomUUID(),
        buckets: [],
      });
      expect(r.json().counted).toBe(true);
    };
    await listen();
    expect(await dirty()).toBe(1);
    const before = await plays();
    expect(before).toBeGreaterThan(0);
    expect(await dirty()).toBe(0);
    // Nothing new: the rollup rows stay exactly as they were (not rewritten).
    const stamp = () =>
      t.ctx.database.query('SELECT xmin::text AS x FROM track_daily_stats WHERE audio_id = $1', [othersTrack]);
    const rows = await stamp();
    expect(await plays()).toBe(before);
    expect(await stamp()).toEqual(rows);
    // A new listen marks its track-day; the next page view rolls it and shows it.
    await listen();
    expect(await dirty()).toBe(1);
    expect(await plays()).toBe(before + 1);
    expect(await dirty()).toBe(0);
  });

  it('are idempotent: rolling a day again gives the same figures', async () => {
    const svc = analyticsService(t.ctx);
    const day = t.ctx.clock.now().toISOString().slice(0, 10);
    const snapshot = () =>
      t.ctx.database.query(
        'SELECT audio_id, day::text, plays, listeners, seconds_listened, heard, sources, devices FROM track_daily_stats ORDER BY audio_id, day',
      );
    await svc.rollupDay(day);
    const first = await snapshot();
    expect(first.length).toBeGreaterThan(0);
    await svc.rollupDay(day);
    await svc.rollup();
    await svc.rollup();
    expect(await snapshot()).toEqual(first);
  });

  it('raw sessions past the retention are deleted after rollup; the rolled figures stay', async () => {
    const svc = analyticsService(t.ctx);
    const before = (await get(creator, `/api/analytics/tracks/${track}?days=90`)).json();
    // 40 days later (retention 30): the job rolls and prunes.
    t.ctx.clock.advance(40 * 86_400_000);
    const { deleted } = await svc.rollup();
    expect(deleted).toBeGreaterThan(0);
    expect(await t.ctx.database.query('SELECT 1 FROM listen_sessions')).toHaveLength(0);
    const after = (await get(creator, `/api/analytics/tracks/${track}?days=90`)).json();
    expect(after.plays).toBe(before.plays);
    expect(after.retention).toEqual(before.retention);
    expect(after.listeners).toBe(before.listeners);

    // Day 41 after upload: a new play counts in the first 90 days, not the first 7 or 30.
    const d = await signUp(t, { name: 'D' });
    expect(
      (await report(d, track, { secondsListened: 40, sessionId: randomUUID(), buckets: range(8) })).json().counted,
    ).toBe(true);
    const overview = (await get(creator, '/api/analytics?days=90')).json();
    const row = overview.tracks.find((r: { trackId: string }) => r.trackId === track);
    expect(row.firstDays).toEqual({ d7: 3, d30: 3, d90: 4 });
  });
});

describe('access and ranges', () => {
  it("another creator's track is 403, a missing one 404", async () => {
    expect((await get(other, `/api/analytics/tracks/${track}`)).statusCode).toBe(403);
    expect((await get(creator, `/api/analytics/tracks/${othersTrack}`)).statusCode).toBe(403);
    expect((await get(creator, `/api/analytics/tracks/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(creator, '/api/analytics/tracks/not-a-uuid')).statusCode).toBe(404);
  });

  it('listeners cannot read analytics', async () => {
    expect((await get(a, '/api/analytics')).statusCode).toBe(403);
  });

  it('refuses a range ending before it starts or longer than 2 years', async () => {
    const bad = [
      '/api/analytics?from=2026-05-10&to=2026-05-01',
      '/api/analytics?from=2024-01-01&to=2026-03-01',
      '/api/analytics?from=2026-02-30&to=2026-03-01',
      '/api/analytics?from=2026-01-01',
      '/api/analytics?days=0',
      '/api/analytics?days=9999',
      '/api/analytics?from=2026-01-01%00&to=2026-01-02',
    ];
    for (const url of bad) {
      const res = await get(creator, url);
      expect(res.statusCode, url).toBe(400);
    }
    const ok = await get(creator, '/api/analytics?from=2025-01-01&to=2026-01-01');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().range.days).toBe(366);
  });
});
