import { randomUUID } from 'node:crypto';
import type { THome, TTrack, TTrackPage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { listenEvents, liveStreams } from '../../db/schema';

let t: TestApp;
let creator: TestUser;
/** Discoverable tracks: id, created_at, play_count, category. */
const visible: { id: string; at: Date; plays: number; category: string; recording: boolean }[] = [];
const hidden: string[] = [];
const CATEGORIES = ['Music', 'Podcast', 'Audiobook', 'Meditation'];

const get = async <T>(url: string, status = 200): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

/** Every page of a listing, following nextCursor. */
async function allPages(query: string): Promise<TTrack[]> {
  const out: TTrack[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page: TTrackPage = await get(`/api/explore/tracks?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('pagination did not end');
}

const byRecent = (a: (typeof visible)[0], b: (typeof visible)[0]) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1);
const byPopular = (a: (typeof visible)[0], b: (typeof visible)[0]) => b.plays - a.plays || (a.id < b.id ? 1 : -1);

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { role: 'creator' });
  const { db } = t.ctx.database;
  const base = Date.now() - 10 * 86_400_000;
  for (let i = 0; i < 31; i++) {
    // Groups of three share an upload time and groups of four a play count: ties must not break paging.
    const at = new Date(base + Math.floor(i / 3) * 3_600_000);
    const plays = Math.floor(i / 4) * 10;
    const category = CATEGORIES[i % CATEGORIES.length] as string;
    const recording = i % 10 === 0;
    const id = await seedTrack(db, creator.id, {
      title: `Track ${i}`,
      category,
      createdAt: at,
      playCount: plays,
      liveStreamId: recording ? randomUUID() : null,
    });
    visible.push({ id, at, plays, category, recording });
  }
  hidden.push(await seedTrack(db, creator.id, { title: 'Hidden private', isPublic: false, createdAt: new Date() }));
  hidden.push(await seedTrack(db, creator.id, { title: 'Hidden processing', status: 'processing', playCount: 9999 }));
  const publisherSeenAt = new Date(Date.now() + 3_600_000);
  await db.insert(liveStreams).values([
    { userId: creator.id, title: 'Jazz Night Live', category: 'Music', viewerCount: 3, publisherSeenAt },
    { userId: creator.id, title: 'Morning Talk', category: 'Talk Shows', viewerCount: 9, publisherSeenAt },
    { userId: creator.id, title: 'Ended Jazz', category: 'Music', isActive: false, viewerCount: 50 },
  ]);
});
afterAll(() => t.close());

describe('explore tracks', () => {
  it('pages newest first with no duplicates or gaps, ties included', async () => {
    const items = await allPages('sort=recent&limit=7');
    expect(items.map((x) => x.id)).toEqual([...visible].sort(byRecent).map((v) => v.id));
    expect(new Set(items.map((x) => x.id)).size).toBe(visible.length);
  });

  it('pages most played first with no duplicates or gaps, ties included', async () => {
    const items = await allPages('sort=popular&limit=5');
    expect(items.map((x) => x.id)).toEqual([...visible].sort(byPopular).map((v) => v.id));
  });

  it('gives 24 a page by default and a cursor only when there is more', async () => {
    const first: TTrackPage = await get('/api/explore/tracks');
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).not.toBeNull();
    const second: TTrackPage = await get(`/api/explore/tracks?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(visible.length - 24);
    expect(second.nextCursor).toBeNull();
  });

  it('never lists private or unprocessed tracks', async () => {
    for (const sort of ['recent', 'popular']) {
      const ids = (await allPages(`sort=${sort}`)).map((x) => x.id);
      for (const h of hidden) expect(ids).not.toContain(h);
    }
  });

  it('maps Explore categories onto upload categories and live recordings', async () => {
    const cat = async (c: string) => (await allPages(`category=${encodeURIComponent(c)}`)).map((x) => x.id).sort();
    const expected = (f: (v: (typeof visible)[0]) => boolean) =>
      visible
        .filter(f)
        .map((v) => v.id)
        .sort();
    expect(await cat('podcasts')).toEqual(expected((v) => v.category === 'Podcast'));
    expect(await cat('Podcast')).toEqual(expected((v) => v.category === 'Podcast'));
    expect(await cat('audiobooks')).toEqual(expected((v) => v.category === 'Audiobook'));
    expect(await cat('live shows')).toEqual(expected((v) => v.recording));
    expect(await cat('educational')).toEqual([]);
    expect(await cat('no such thing')).toEqual([]);
  });

  it('pages a category 12 at a time (the categories page)', async () => {
    const music = visible.filter((v) => v.category === 'Music').sort(byRecent);
    const page: TTrackPage = await get('/api/explore/tracks?category=music&limit=12');
    expect(page.items.map((x) => x.id)).toEqual(music.slice(0, 12).map((v) => v.id));
  });

  it('filters by a search text, typos included', async () => {
    const page: TTrackPage = await get('/api/explore/tracks?q=Track%2030');
    expect(page.items.map((x) => x.title)).toEqual(['Track 30']);
    const typo: TTrackPage = await get('/api/explore/tracks?q=trak&sort=popular&limit=3');
    expect(typo.items).toHaveLength(3);
    expect(typo.nextCursor).not.toBeNull();
    const none: TTrackPage = await get('/api/explore/tracks?q=%25%25');
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a bad cursor, a cursor of another sort, and oversized pages', async () => {
    await get('/api/explore/tracks?cursor=garbage', 400);
    const { nextCursor } = await get<TTrackPage>('/api/explore/tracks?sort=popular&limit=2');
    await get(`/api/explore/tracks?sort=recent&cursor=${nextCursor}`, 400);
    await get('/api/explore/tracks?limit=25', 400);
    await get('/api/explore/tracks?sort=loudest', 400);
  });
});

describe('explore live and home', () => {
  it('lists active streams, mapped through the Explore category', async () => {
    const titles = async (q: string) =>
      (await get<{ items: { title: string }[] }>(`/api/explore/live?${q}`)).items.map((s) => s.title);
    expect(await titles('')).toEqual(['Morning Talk', 'Jazz Night Live']);
    expect(await titles('category=music')).toEqual(['Jazz Night Live']);
    expect(await titles('category=podcasts')).toEqual(['Morning Talk']);
    expect(await titles('category=audiobooks')).toEqual([]);
    expect(await titles('category=live%20shows')).toEqual(['Morning Talk', 'Jazz Night Live']);
    expect(await titles('q=jazz')).toEqual(['Jazz Night Live']);
  });

  it('home falls back to all-time plays while the week has too few listens', async () => {
    const home: THome = await get('/api/home');
    expect(home.live.map((s) => s.title)).toEqual(['Morning Talk', 'Jazz Night Live']);
    expect(home.recent.map((x) => x.id)).toEqual(
      [...visible]
        .sort(byRecent)
        .slice(0, 6)
        .map((v) => v.id),
    );
    expect(home.popularWindow).toBe('all');
    expect(home.popular.map((x) => x.id)).toEqual(
      [...visible]
        .sort(byPopular)
        .slice(0, 6)
        .map((v) => v.id),
    );
  });

  it('home ranks Popular This Week by the last 7 days of listens', async () => {
    const { db } = t.ctx.database;
    // The least played tracks of all time are this week's favourites; old listens do not count.
    const weekly = [...visible].sort(byPopular).reverse().slice(0, 7);
    const rows = weekly.flatMap((v, i) =>
      Array.from({ length: 10 - i }, () => ({ audioId: v.id, createdAt: new Date(Date.now() - 86_400_000) })),
    );
    const old = [...visible].sort(byPopular)[0] as (typeof visible)[0];
    rows.push(
      ...Array.from({ length: 50 }, () => ({ audioId: old.id, createdAt: new Date(Date.now() - 9 * 86_400_000) })),
    );
    rows.push(...Array.from({ length: 50 }, () => ({ audioId: hidden[1] as string, createdAt: new Date() })));
    await db.insert(listenEvents).values(rows);
    const home: THome = await get('/api/home');
    expect(home.popularWindow).toBe('week');
    expect(home.popular.map((x) => x.id)).toEqual(weekly.slice(0, 6).map((v) => v.id));
  });
});
