import type { TSearchResults } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { liveStreams, users } from '../../db/schema';

let t: TestApp;
let calm: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};

const search = async (q: string, type = 'all', user?: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}&type=${type}`,
    headers: user ? { cookie: user.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSearchResults;
};
const titles = (r: TSearchResults) => r.tracks.map((x) => x.title);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.ctx.database;
  calm = await signUp(t, { name: 'Calm Collective', role: 'creator' });
  other = await signUp(t, { name: 'Zoë Quinn', role: 'creator' });
  await db.update(users).set({ displayName: 'Calm Collective' }).where(eq(users.id, calm.id));
  await db.update(users).set({ displayName: 'Zoë Quinn' }).where(eq(users.id, other.id));
  ids.title = await seedTrack(db, calm.id, { title: 'Morning Meditation', description: 'Ten breaths.' });
  ids.desc = await seedTrack(db, other.id, {
    title: 'Evening Walk',
    description: 'A slow meditation on the city at dusk, a meditation in steps.',
    playCount: 999,
  });
  ids.tag = await seedTrack(db, other.id, { title: 'Quiet Hours', tags: ['meditation'], playCount: 500 });
  ids.cafe = await seedTrack(db, other.id, { title: 'Café Sessions', description: 'Live at the corner' });
  ids.private = await seedTrack(db, calm.id, { title: 'Secret Meditation', isPublic: false });
  ids.processing = await seedTrack(db, calm.id, { title: 'Unfinished Meditation', status: 'processing' });
  ids.failed = await seedTrack(db, calm.id, { title: 'Broken Meditation', status: 'failed' });
  // A publisher heartbeat in the future keeps the live module from ending the stream as abandoned.
  const publisherSeenAt = new Date(Date.now() + 3_600_000);
  await db.insert(liveStreams).values([
    { userId: calm.id, title: 'Live meditation circle', category: 'Education', viewerCount: 5, publisherSeenAt },
    { userId: calm.id, title: 'Old meditation stream', category: 'Education', isActive: false },
  ]);
});
afterAll(() => t.close());

describe('track search', () => {
  it('ranks a title match above tag and description matches', async () => {
    const r = await search('meditation', 'audio');
    expect(titles(r)).toEqual(['Morning Meditation', 'Quiet Hours', 'Evening Walk']);
  });

  it('tolerates typos and partial words through trigram matching', async () => {
    expect(titles(await search('meditaton'))).toContain('Morning Meditation');
    expect(titles(await search('mornin meditaton'))).toContain('Morning Meditation');
    expect(titles(await search('medit'))[0]).toBe('Morning Meditation');
    expect(titles(await search('medi'))).toContain('Morning Meditation');
  });

  it('ignores accents both ways and finds tracks by their creator name', async () => {
    expect(titles(await search('cafe'))).toEqual(['Café Sessions']);
    expect(titles(await search('CAFÉ'))).toEqual(['Café Sessions']);
    expect(titles(await search('zoe quinn'))).toEqual(expect.arrayContaining(['Café Sessions', 'Quiet Hours']));
    expect(titles(await search('calm collective'))).toEqual(['Morning Meditation']);
  });

  it('never returns private, processing or failed tracks', async () => {
    for (const q of ['secret', 'unfinished', 'broken', 'meditation', 'meditaton']) {
      const found = (await search(q)).tracks.map((x) => x.id);
      expect(found).not.toContain(ids.private);
      expect(found).not.toContain(ids.processing);
      expect(found).not.toContain(ids.failed);
    }
  });

  it('follows a creator rename', async () => {
    await t.ctx.database.db.update(users).set({ displayName: 'Stillwater Sound' }).where(eq(users.id, calm.id));
    expect(titles(await search('stillwater'))).toEqual(['Morning Meditation']);
    expect(titles(await search('calm collective'))).toEqual([]);
    await t.ctx.database.db.update(users).set({ displayName: 'Calm Collective' }).where(eq(users.id, calm.id));
  });

  it('treats wildcards and tsquery syntax as plain text', async () => {
    for (const q of ['%', '_', '%%%', '*', "'", '"', '!', '&', '|', ':*', '(', 'a & | !b', '" OR 1=1 --', '\\']) {
      const r = await search(q);
      expect(r.tracks.length, q).toBe(0);
    }
    expect(titles(await search('"morning meditation"'))).toEqual(['Morning Meditation']);
    expect(titles(await search('meditation -morning', 'audio'))).not.toContain('Morning Meditation');
  });

  it('refuses a blank query and cuts a very long one', async () => {
    const blank = await t.app.inject({ method: 'GET', url: '/api/search?q=%20%20' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('VALIDATION_FAILED');
    const long = await t.app.inject({ method: 'GET', url: `/api/search?q=${'meditation '.repeat(150)}` });
    expect(long.statusCode).toBe(200);
  });
});

describe('users and live search', () => {
  it('finds users by display name, typos included, and shows email only where allowed', async () => {
    const r = await search('calm', 'users');
    expect(r.users.map((u) => u.displayName)).toEqual(['Calm Collective']);
    expect(r.users[0]?.email).toBeNull();
    expect(r.users[0]?.trackCount).toBe(1);
    expect((await search('colective', 'users')).users.map((u) => u.id)).toEqual([calm.id]);
    expect((await search(calm.email, 'users')).users).toEqual([]);
    const { db } = t.ctx.database;
    await db
      .update(users)
      .set({
        privacyPrefs: { profileVisibility: 'public', showEmail: true, showFollowers: false, allowMessages: true },
      })
      .where(eq(users.id, calm.id));
    const byEmail = await search(calm.email, 'users');
    expect(byEmail.users.map((u) => u.id)).toEqual([calm.id]);
    expect(byEmail.users[0]?.email).toBe(calm.email);
    expect(byEmail.users[0]?.followerCount).toBeNull();
  });

  it('leaves out private profiles, and followers-only ones for non-followers', async () => {
    const { db } = t.ctx.database;
    const prefs = (v: 'private' | 'followers') => ({
      profileVisibility: v,
      showEmail: false,
      showFollowers: true,
      allowMessages: true,
    });
    await db
      .update(users)
      .set({ privacyPrefs: prefs('private') })
      .where(eq(users.id, other.id));
    expect((await search('quinn', 'users')).users).toEqual([]);
    expect((await search('quinn', 'users', other)).users.map((u) => u.id)).toEqual([other.id]);
    await db
      .update(users)
      .set({ privacyPrefs: prefs('followers') })
      .where(eq(users.id, other.id));
    const fan = await signUp(t);
    expect((await search('quinn', 'users', fan)).users).toEqual([]);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/users/${other.id}/follow`,
      headers: { cookie: fan.cookie },
    });
    expect(follow.statusCode).toBe(200);
    expect((await search('quinn', 'users', fan)).users.map((u) => u.id)).toEqual([other.id]);
  });

  it('lists only active live streams', async () => {
    const r = await search('meditation', 'live');
    expect(r.live.map((s) => s.title)).toEqual(['Live meditation circle']);
    expect(r.tracks).toEqual([]);
    expect(r.users).toEqual([]);
  });
});
