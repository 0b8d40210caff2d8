import type { THome, TTrackPage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { scaled } from '../../../test/time';
import { notificationsSettled } from '../notifications/subscriber';
import { publicCache } from './public-cache';

let t: TestApp;
let creator: TestUser;
let listener: TestUser;
let trackId: string;
/** One signing secret, so a second app on the same database accepts the same cookies. */
const AUTH_SECRET = 'public-cache-test-secret-0123456789abcdef';

const get = (url: string, user: TestUser | null = null) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const titles = (page: TTrackPage) => page.items.map((i) => i.title);

/** `run`'s result and the SQL statements the app sent while it ran. */
async function recordingStatements<T>(run: () => Promise<T>): Promise<[T, string[]]> {
  const statements: string[] = [];
  const query = t.ctx.database.query;
  t.ctx.database.query = ((text: string, params?: unknown[]) => {
    statements.push(text);
    return query.call(t.ctx.database, text, params);
  }) as typeof query;
  try {
    return [await run(), statements];
  } finally {
    t.ctx.database.query = query;
  }
}

beforeAll(async () => {
  // Long enough that only invalidation, never expiry, can explain a fresh answer.
  t = await createTestApp({ PUBLIC_CACHE_MS: '60000', SESSION_CACHE_MS: '60000', AUTH_SECRET });
  creator = await signUp(t, { role: 'creator' });
  listener = await signUp(t, { role: 'listener' });
  trackId = await seedTrack(t.ctx.database.db, creator.id, { title: 'Cached Song' });
});
afterAll(() => t.close());

describe('public cache of Home and Explore', () => {
  it('answers anonymous visitors from memory after the first request, with the same body', async () => {
    const first = await get('/api/explore/tracks?sort=recent');
    const second = await get('/api/explore/tracks?sort=recent');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    // Security headers are on cached answers too.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/api/home')).headers['x-cache']).toBe('MISS');
    expect((await get('/api/home')).headers['x-cache']).toBe('HIT');
  });

  it('keys by the whole URL', async () => {
    await get('/api/explore/tracks?sort=popular');
    expect((await get('/api/explore/tracks?sort=popular&category=music')).headers['x-cache']).toBe('MISS');
  });

  it('a track made private leaves the lists at once', async () => {
    expect(titles((await get('/api/explore/tracks?sort=recent')).json())).toContain('Cached Song');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: creator.cookie },
      payload: { isPublic: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get('/api/explore/tracks?sort=recent');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(titles(after.json())).not.toContain('Cached Song');
    const home: THome = (await get('/api/home')).json();
    expect(home.recent.map((r) => r.title)).not.toContain('Cached Song');
  });

  it('a stream going live or ending anywhere drops the cache (bus event)', async () => {
    await get('/api/home');
    expect((await get('/api/home')).headers['x-cache']).toBe('HIT');
    await t.ctx.bus.publish('global', 'live.ended', { streamId: 'gone', userId: creator.id });
    expect((await get('/api/home')).headers['x-cache']).toBe('MISS');
  });

  it('signed-in viewers always get their own liked flags and the current like counts', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${trackId}`,
      headers: { cookie: creator.cookie },
      payload: { isPublic: true },
    });
    await get('/api/explore/tracks');
    const like = await t.app.inject({
      method: 'PUT',
      url: `/api/tracks/${trackId}/like`,
      headers: { cookie: listener.cookie },
    });
    expect(like.statusCode, like.body).toBe(200);
    const mine = await get('/api/explore/tracks', listener);
    expect(mine.headers['x-cache']).toBeUndefined();
    const item = (mine.json() as TTrackPage).items.find((i) => i.id === trackId);
    expect(item?.liked).toBe(true);
    expect(item?.likeCount).toBe(1);
  });
});

describe('signed-in pages from the shared rows (ADR 0023)', () => {
  const urls = ['/api/home', '/api/explore/tracks', '/api/explore/tracks?sort=popular&limit=5'];

  it('answer as a fresh computation would, with one query per request once the rows are shared', async () => {
    const other = await seedTrack(t.ctx.database.db, creator.id, { title: 'Second Song' });
    await t.app.inject({ method: 'PUT', url: `/api/tracks/${other}/like`, headers: { cookie: listener.cookie } });
    await notificationsSettled(t.ctx);
    publicCache(t.ctx).forget();
    const fresh = await createTestApp({ PUBLIC_CACHE_MS: '0', AUTH_SECRET }, { share: { database: t.ctx.database } });
    try {
      for (const viewer of [listener, creator, null]) {
        for (const url of urls) {
          await get(url, viewer); // fills the shared rows (and the session cache)
          const [ours, statements] = await recordingStatements(async () => (await get(url, viewer)).body);
          const afresh = await fresh.app.inject({
            method: 'GET',
            url,
            headers: viewer ? { cookie: viewer.cookie } : {},
          });
          expect(JSON.parse(ours), `${url} as ${viewer?.email ?? 'anonymous'}`).toEqual(afresh.json());
          expect(statements.length, statements.join('\n')).toBe(viewer ? 1 : 0);
        }
      }
      const home: THome = (await get('/api/home', listener)).json();
      expect(home.recent.find((r) => r.id === other)).toMatchObject({ liked: true, likeCount: 1 });
      expect(home.recent.find((r) => r.id === trackId)).toMatchObject({ liked: true });
    } finally {
      await fresh.close();
    }
  });

  it('answers viewers who arrive together with one lookup, each with their own flags', async () => {
    const song = await seedTrack(t.ctx.database.db, creator.id, { title: 'Together Song' });
    const other = await signUp(t, { role: 'listener' });
    await t.app.inject({ method: 'PUT', url: `/api/tracks/${song}/like`, headers: { cookie: other.cookie } });
    await notificationsSettled(t.ctx); // the like's notification is written after its answer: not ours to count
    publicCache(t.ctx).forget(); // seeded straight into the database
    for (const viewer of [listener, other]) await get('/api/home', viewer); // shared rows and sessions in memory
    const [pages, statements] = await recordingStatements(async () =>
      (await Promise.all([listener, other, listener].map((v) => get('/api/home', v)))).map((r): THome => r.json()),
    );
    expect(statements, statements.join('\n')).toHaveLength(1);
    const flagsOf = (page: THome) => page.recent.find((r) => r.id === song);
    expect(pages.map(flagsOf)).toEqual([
      expect.objectContaining({ liked: false, likeCount: 1 }),
      expect.objectContaining({ liked: true, likeCount: 1 }),
      expect.objectContaining({ liked: false, likeCount: 1 }),
    ]);
  });
});

describe('public cache expiry', () => {
  it('one request recomputes an expired answer while the others get the old one', async () => {
    // Scaled: the HITs below must come within the lifetime on a busy machine too.
    const lifetime = scaled(300);
    const short = await createTestApp({ PUBLIC_CACHE_MS: String(lifetime) });
    try {
      const cacheOf = async () =>
        (await short.app.inject({ method: 'GET', url: '/api/explore/tracks' })).headers['x-cache'];
      expect(await cacheOf()).toBe('MISS');
      expect(await cacheOf()).toBe('HIT');
      await new Promise((r) => setTimeout(r, lifetime + 50)); // the answer expires
      const crowd = await Promise.all([cacheOf(), cacheOf(), cacheOf()]);
      expect(crowd.sort()).toEqual(['MISS', 'STALE', 'STALE']);
      expect(await cacheOf()).toBe('HIT');
    } finally {
      await short.close();
    }
  });
});
