import type { TLibrary } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { comments, follows, likes, listenEvents, playbackPositions, playlists } from '../../db/schema';

let t: TestApp;
let me: TestUser;
let someoneElse: TestUser;
let creator: TestUser;
const ids: Record<string, string> = {};
const db = () => t.ctx.database.db;
const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600 * 1000);

async function makeTrack(title: string, opts: { isPublic?: boolean; duration?: number } = {}) {
  ids[title] = await seedTrack(db(), creator.id, {
    title,
    isPublic: opts.isPublic ?? true,
    duration: opts.duration ?? 1200,
  });
  return ids[title];
}

async function library(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/library', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as TLibrary;
}

beforeAll(async () => {
  t = await createTestApp();
  me = await signUp(t, { name: 'Me' });
  someoneElse = await signUp(t, { name: 'Else' });
  creator = await signUp(t, { name: 'Aurora', role: 'creator' });
  for (const title of ['A', 'B', 'C', 'D']) await makeTrack(title);
  await makeTrack('Private', { isPublic: false });
});
afterAll(() => t.close());

describe('Your Library', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/library' })).statusCode).toBe(401);
  });

  it('starts at zero for a new listener', async () => {
    const lib = await library(someoneElse);
    expect(lib.stats).toEqual({ likedCount: 0, playlistCount: 0, hoursListened: 0, recentlyPlayedCount: 0 });
    expect(lib.activity).toEqual([]);
  });

  it('computes Hours Listened from listen events, and the other cards from real rows', async () => {
    // 1800 + 2700 + 90 = 4590 s = 1.275 h -> 1.3; another user's listening does not count.
    await db()
      .insert(listenEvents)
      .values([
        { audioId: ids.A, userId: me.id, secondsListened: 1800, createdAt: daysAgo(1) },
        { audioId: ids.B, userId: me.id, secondsListened: 2700, createdAt: daysAgo(3) },
        { audioId: ids.A, userId: me.id, secondsListened: 90, createdAt: daysAgo(2) },
        { audioId: ids.C, userId: me.id, secondsListened: 0, createdAt: daysAgo(45) },
        { audioId: ids.D, userId: someoneElse.id, secondsListened: 36000 },
      ]);
    // A saved position counts as recently played too (the Recently Played page shows it).
    await db().insert(playbackPositions).values({ userId: me.id, audioId: ids.D, positionSeconds: 300 });
    // Played, then made private by its creator: no longer shown or counted.
    await db().insert(listenEvents).values({ audioId: ids.Private, userId: me.id, secondsListened: 360 });
    await db()
      .insert(likes)
      .values([
        { userId: me.id, audioId: ids.C, createdAt: daysAgo(0.5) },
        { userId: me.id, audioId: ids.Private },
      ]);
    await db()
      .insert(playlists)
      .values([
        { userId: me.id, name: 'One' },
        { userId: me.id, name: 'Two' },
        { userId: someoneElse.id, name: 'X' },
      ]);

    const lib = await library(me);
    // Seconds: 1800 + 2700 + 90 + 0 + 360 = 4950 s = 1.375 h -> 1.4 (listening time is history, kept).
    expect(lib.stats).toEqual({ likedCount: 1, playlistCount: 2, hoursListened: 1.4, recentlyPlayedCount: 3 });
    expect(lib.likedTracks.map((tr) => tr.title)).toEqual(['C']);
    expect(lib.recentlyPlayed.map((r) => r.track.title)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('lists the user’s likes, comments and follows newest first, and who they follow', async () => {
    await db()
      .insert(comments)
      .values({ audioId: ids.B, userId: me.id, content: 'Lovely pads', createdAt: daysAgo(0.25) });
    await db().insert(comments).values({ audioId: ids.B, userId: someoneElse.id, content: 'Not mine' });
    await db()
      .insert(follows)
      .values({ followerId: me.id, followingId: creator.id, createdAt: daysAgo(0.1) });
    await db().insert(follows).values({ followerId: someoneElse.id, followingId: creator.id });

    const lib = await library(me);
    expect(lib.activity).toEqual([
      {
        type: 'follow',
        at: expect.any(String),
        user: { id: creator.id, displayName: 'Aurora', avatarUrl: null, role: 'creator' },
      },
      { type: 'comment', at: expect.any(String), track: { id: ids.B, title: 'B' }, content: 'Lovely pads' },
      { type: 'like', at: expect.any(String), track: { id: ids.C, title: 'C' } },
    ]);
    expect(lib.following.map((f) => [f.displayName, f.role])).toEqual([['Aurora', 'creator']]);
  });
});
