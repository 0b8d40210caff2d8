import type { TLikedList } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let creator: TestUser;
const tracks: string[] = [];
let privateTrack: string;

async function makeTrack(userId: string, title: string, opts: { isPublic?: boolean } = {}) {
  return seedTrack(t.ctx.database.db, userId, { title, duration: 120, isPublic: opts.isPublic ?? true });
}

const call = (user: TestUser | null, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {} });

async function likeCount(trackId: string) {
  const [row] = await t.ctx.database.query<{ like_count: number }>(
    'SELECT like_count FROM audio_content WHERE id = $1',
    [trackId],
  );
  return row?.like_count;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, { name: 'Alice' });
  bob = await signUp(t, { name: 'Bob' });
  creator = await signUp(t, { name: 'Creator', role: 'creator' });
  for (let i = 0; i < 3; i++) tracks.push(await makeTrack(creator.id, `Track ${i}`));
  privateTrack = await makeTrack(creator.id, 'Private', { isPublic: false });
});
afterAll(() => t.close());

describe('likes', () => {
  it('PUT is idempotent and keeps like_count in step', async () => {
    const track = tracks[0] as string;
    const first = await call(alice, 'PUT', `/api/tracks/${track}/like`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ trackId: track, liked: true, likeCount: 1 });
    expect((await call(alice, 'PUT', `/api/tracks/${track}/like`)).json()).toEqual({
      trackId: track,
      liked: true,
      likeCount: 1,
    });
    expect((await call(bob, 'PUT', `/api/tracks/${track}/like`)).json().likeCount).toBe(2);
    expect(await likeCount(track)).toBe(2);
  });

  it('DELETE is idempotent and never goes below zero', async () => {
    const track = tracks[0] as string;
    expect((await call(alice, 'DELETE', `/api/tracks/${track}/like`)).json()).toEqual({
      trackId: track,
      liked: false,
      likeCount: 1,
    });
    expect((await call(alice, 'DELETE', `/api/tracks/${track}/like`)).json()).toEqual({
      trackId: track,
      liked: false,
      likeCount: 1,
    });
    expect(await likeCount(track)).toBe(1);
    const other = tracks[2] as string;
    expect((await call(alice, 'DELETE', `/api/tracks/${other}/like`)).json().likeCount).toBe(0);
  });

  it('parallel likes of the same user count once', async () => {
    const track = tracks[1] as string;
    await Promise.all([1, 2, 3, 4].map(() => call(bob, 'PUT', `/api/tracks/${track}/like`)));
    expect(await likeCount(track)).toBe(1);
  });

  it('need a signed-in user and a visible track', async () => {
    expect((await call(null, 'PUT', `/api/tracks/${tracks[0]}/like`)).statusCode).toBe(401);
    expect((await call(alice, 'PUT', `/api/tracks/${privateTrack}/like`)).statusCode).toBe(404);
    expect((await call(alice, 'PUT', '/api/tracks/nope/like')).statusCode).toBe(404);
    expect((await call(creator, 'PUT', `/api/tracks/${privateTrack}/like`)).statusCode).toBe(200);
    expect(await likeCount(privateTrack)).toBe(1);
  });

  it('unliking a private track is not found for others and reveals no count', async () => {
    const res = await call(alice, 'DELETE', `/api/tracks/${privateTrack}/like`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Audio not found' } });
    expect(await likeCount(privateTrack)).toBe(1);
    expect((await call(creator, 'DELETE', `/api/tracks/${privateTrack}/like`)).json().likeCount).toBe(0);
  });

  it('GET /api/me/likes lists liked tracks newest first and pages; /ids lists ids', async () => {
    const carol = await signUp(t, { name: 'Carol' });
    for (const id of tracks) await call(carol, 'PUT', `/api/tracks/${id}/like`);
    const first = (await call(carol, 'GET', '/api/me/likes?limit=2')).json() as TLikedList;
    expect(first.items.map((i) => i.track.title)).toEqual(['Track 2', 'Track 1']);
    expect(first.items[0]?.track.liked).toBe(true);
    expect(first.nextCursor).toBeTruthy();
    const second = (await call(carol, 'GET', `/api/me/likes?limit=2&cursor=${first.nextCursor}`)).json() as TLikedList;
    expect(second.items.map((i) => i.track.title)).toEqual(['Track 0']);
    expect(second.nextCursor).toBeNull();
    const ids = (await call(carol, 'GET', '/api/me/likes/ids')).json().ids as string[];
    expect([...ids].sort()).toEqual([...tracks].sort());
    expect((await call(carol, 'GET', '/api/me/likes?cursor=garbage')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/me/likes')).statusCode).toBe(401);
  });
});
