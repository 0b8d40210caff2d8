import { PAGE_SIZES, type TTrackPage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { reposts } from '../../db/schema';

let t: TestApp;
let creator: TestUser;
let fan: TestUser;

type Method = 'GET' | 'PUT' | 'DELETE' | 'PATCH';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
const repostsOf = async (user: TestUser | null, id: string, cursor?: string) => {
  const res = await call(user, 'GET', `/api/profiles/${id}/reposts${cursor ? `?cursor=${cursor}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as TTrackPage;
};
const titles = (page: TTrackPage) => page.items.map((i) => i.title);

beforeAll(async () => {
  t = await createTestApp();
  creator = await signUp(t, { role: 'creator', name: 'Reposted Creator' });
  fan = await signUp(t, { name: 'Reposting Fan' });
});
afterAll(() => t.close());

describe("a profile's reposts", () => {
  it('lists what the user reposted, newest repost first, to anyone; paged by the spec size', async () => {
    const { db } = t.ctx.database;
    const older: string[] = [];
    // One page and two more, reposted an hour ago and earlier (minute by minute): a keyset page boundary.
    for (let i = 0; i < PAGE_SIZES.profileReposts + 2; i++) {
      const id = await seedTrack(db, creator.id, { title: `Old ${String(i).padStart(2, '0')}` });
      await db
        .insert(reposts)
        .values({ userId: fan.id, audioId: id, createdAt: new Date(Date.now() - (60 + i) * 60_000) });
      older.push(`Old ${String(i).padStart(2, '0')}`);
    }
    const fresh = await seedTrack(db, creator.id, { title: 'Fresh' });
    expect((await call(fan, 'PUT', `/api/tracks/${fresh}/repost`)).statusCode).toBe(200);

    const first = await repostsOf(null, fan.id);
    expect(first.items).toHaveLength(PAGE_SIZES.profileReposts);
    expect(titles(first)).toEqual(['Fresh', ...older.slice(0, PAGE_SIZES.profileReposts - 1)]);
    expect(first.items[0]).toMatchObject({ creator: { id: creator.id, displayName: 'Reposted Creator' } });
    expect(first.nextCursor).toBeTruthy();
    const second = await repostsOf(creator, fan.id, first.nextCursor ?? undefined);
    expect(titles(second)).toEqual(older.slice(PAGE_SIZES.profileReposts - 1));
    expect(second.nextCursor).toBeNull();
    // Unreposting takes it off the list.
    await call(fan, 'DELETE', `/api/tracks/${fresh}/repost`);
    expect(titles(await repostsOf(null, fan.id))[0]).toBe('Old 00');
  });

  it('drops tracks made private or deleted, and answers a bad cursor and a hidden profile clearly', async () => {
    const other = await signUp(t, { name: 'Lifecycle Fan' });
    const { db } = t.ctx.database;
    const [kept, hidden, deleted] = await Promise.all(
      ['Kept', 'Made private', 'Deleted'].map((title) => seedTrack(db, creator.id, { title })),
    );
    for (const id of [kept, hidden, deleted])
      expect((await call(other, 'PUT', `/api/tracks/${id}/repost`)).statusCode).toBe(200);
    expect(titles(await repostsOf(null, other.id)).sort()).toEqual(['Deleted', 'Kept', 'Made private']);

    expect((await call(creator, 'PATCH', `/api/tracks/${hidden}`, { isPublic: false })).statusCode).toBe(200);
    expect((await call(creator, 'DELETE', `/api/tracks/${deleted}`)).statusCode).toBe(204);
    expect(titles(await repostsOf(null, other.id))).toEqual(['Kept']);
    // Nor does the reposter see the hidden one on their own profile (it is not theirs).
    expect(titles(await repostsOf(other, other.id))).toEqual(['Kept']);

    const bad = await call(null, 'GET', `/api/profiles/${other.id}/reposts?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid cursor');
    expect((await call(null, 'GET', '/api/profiles/nobody-here/reposts')).statusCode).toBe(404);
    await call(other, 'PUT', '/api/me/settings/privacy', {
      profileVisibility: 'private',
      showEmail: false,
      showFollowers: true,
      allowMessages: true,
    });
    expect((await call(null, 'GET', `/api/profiles/${other.id}/reposts`)).statusCode).toBe(403);
    expect((await call(other, 'GET', `/api/profiles/${other.id}/reposts`)).statusCode).toBe(200);
  });
});
