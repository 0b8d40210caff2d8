import type { RealtimeMessage, TComment, TCommentList } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let creator: TestUser;
let track: string;
let privateTrack: string;

async function makeTrack(userId: string, title: string, opts: { isPublic?: boolean } = {}) {
  return seedTrack(t.ctx.database.db, userId, { title, duration: 240, isPublic: opts.isPublic ?? true });
}

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
const post = (user: TestUser | null, trackId: string, payload: object) =>
  call(user, 'POST', `/api/tracks/${trackId}/comments`, payload);

async function commentRows(trackId: string) {
  return t.ctx.database.query('SELECT id FROM comments WHERE audio_id = $1', [trackId]);
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, { name: 'Alice' });
  bob = await signUp(t, { name: 'Bob' });
  creator = await signUp(t, { name: 'Creator', role: 'creator' });
  track = await makeTrack(creator.id, 'Song');
  privateTrack = await makeTrack(creator.id, 'Private', { isPublic: false });
});
afterAll(() => t.close());

describe('posting comments', () => {
  it('stores trimmed text with the position, author and time; publishes it live', async () => {
    const seen: RealtimeMessage[] = [];
    const off = t.ctx.bus.subscribe((m) => seen.push(m));
    const res = await post(alice, track, { content: '  Love this <b>drop</b>  ', positionSeconds: 5 });
    off();
    expect(res.statusCode).toBe(201);
    const c = res.json() as TComment;
    expect(c).toMatchObject({
      trackId: track,
      content: 'Love this <b>drop</b>',
      positionSeconds: 5,
      canDelete: true,
      author: { id: alice.id, displayName: 'Alice' },
    });
    expect(Date.now() - new Date(c.createdAt).getTime()).toBeLessThan(60_000);
    const live = seen.find((m) => m.event === 'comment.created');
    expect(live?.topic).toBe(`track:${track}`);
    expect(live?.data).toMatchObject({
      trackId: track,
      commentId: c.id,
      trackOwnerId: creator.id,
      authorId: alice.id,
      comment: { id: c.id, content: 'Love this <b>drop</b>', positionSeconds: 5, canDelete: false },
    });
  });

  it('rejects blank and too long comments, and positions past the end are clamped', async () => {
    const before = (await commentRows(track)).length;
    const blank = await post(alice, track, { content: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Comment cannot be empty' });
    const long = await post(alice, track, { content: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Comment must be at most 1000 characters');
    expect((await post(alice, track, { content: 'ok', positionSeconds: -1 })).statusCode).toBe(400);
    expect((await commentRows(track)).length).toBe(before);
    expect((await post(alice, track, { content: 'x'.repeat(1000) })).statusCode).toBe(201);
    expect(
      ((await post(alice, track, { content: 'late', positionSeconds: 9999 })).json() as TComment).positionSeconds,
    ).toBe(240);
  });

  it('needs a signed-in user and a visible track', async () => {
    expect((await post(null, track, { content: 'hi' })).statusCode).toBe(401);
    expect((await post(alice, privateTrack, { content: 'hi' })).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/tracks/${privateTrack}/comments`)).statusCode).toBe(404);
    expect((await post(alice, 'nope', { content: 'hi' })).statusCode).toBe(404);
  });

  it('is rate limited per user', async () => {
    const spammer = await signUp(t, { name: 'Spammer' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(spammer, track, { content: `spam ${i}` })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Others are not affected.
    expect((await post(bob, track, { content: 'still here' })).statusCode).toBe(201);
  });
});

describe('listing and deleting', () => {
  it('lists newest first with delete rights for author and track owner only', async () => {
    const t2 = await makeTrack(creator.id, 'Listing');
    const a = (await post(alice, t2, { content: 'first' })).json() as TComment;
    const b = (await post(bob, t2, { content: 'second', positionSeconds: 12.5 })).json() as TComment;
    const asAlice = (await call(alice, 'GET', `/api/tracks/${t2}/comments`)).json() as TCommentList;
    expect(asAlice.items.map((c) => [c.content, c.canDelete])).toEqual([
      ['second', false],
      ['first', true],
    ]);
    const asOwner = (await call(creator, 'GET', `/api/tracks/${t2}/comments`)).json() as TCommentList;
    expect(asOwner.items.every((c) => c.canDelete)).toBe(true);
    const anon = (await call(null, 'GET', `/api/tracks/${t2}/comments`)).json() as TCommentList;
    expect(anon.items.map((c) => c.canDelete)).toEqual([false, false]);
    expect(anon.items[0]?.positionSeconds).toBe(12.5);

    // Bob cannot delete Alice's comment; Alice can; the track owner can delete Bob's.
    const denied = await call(bob, 'DELETE', `/api/comments/${a.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You can only delete your own comments');
    expect((await call(null, 'DELETE', `/api/comments/${a.id}`)).statusCode).toBe(401);
    const seen: RealtimeMessage[] = [];
    const off = t.ctx.bus.subscribe((m) => seen.push(m));
    expect((await call(alice, 'DELETE', `/api/comments/${a.id}`)).statusCode).toBe(204);
    off();
    expect(seen.find((m) => m.event === 'comment.deleted')?.data).toEqual({
      trackId: t2,
      commentId: a.id,
      trackOwnerId: creator.id,
    });
    expect((await call(creator, 'DELETE', `/api/comments/${b.id}`)).statusCode).toBe(204);
    expect(await commentRows(t2)).toHaveLength(0);
    const gone = await call(alice, 'DELETE', `/api/comments/${a.id}`);
    expect(gone.statusCode).toBe(404);
    expect((await call(alice, 'DELETE', '/api/comments/nope')).statusCode).toBe(404);
  });

  it('pages with a cursor', async () => {
    const t3 = await makeTrack(creator.id, 'Busy');
    for (let i = 0; i < 52; i++) {
      await t.ctx.database.query(
        `INSERT INTO comments (audio_id, user_id, content, created_at) VALUES ($1, $2, $3, now() - make_interval(secs => $4))`,
        [t3, alice.id, `c${i}`, i],
      );
    }
    const first = (await call(null, 'GET', `/api/tracks/${t3}/comments`)).json() as TCommentList;
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.content).toBe('c0');
    const second = (
      await call(null, 'GET', `/api/tracks/${t3}/comments?cursor=${first.nextCursor}`)
    ).json() as TCommentList;
    expect(second.items.map((c) => c.content)).toEqual(['c50', 'c51']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('one comment, as the viewer sees it', () => {
  it('carries what this viewer may do: author, track owner and admin may delete; others not', async () => {
    const admin = await signUp(t, { name: 'Mod', role: 'admin' });
    const c = (await post(alice, track, { content: 'Read me live' })).json() as TComment;
    const canDelete = async (user: TestUser | null) => {
      const res = await call(user, 'GET', `/api/comments/${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, content: 'Read me live', author: { id: alice.id } });
      return (res.json() as TComment).canDelete;
    };
    expect(await canDelete(alice)).toBe(true);
    expect(await canDelete(creator)).toBe(true);
    expect(await canDelete(admin)).toBe(true);
    expect(await canDelete(bob)).toBe(false);
    expect(await canDelete(null)).toBe(false);
  });

  it('is hidden where its track is, and unknown ids are 404', async () => {
    const c = (await post(creator, privateTrack, { content: 'Only for me' })).json() as TComment;
    expect((await call(creator, 'GET', `/api/comments/${c.id}`)).statusCode).toBe(200);
    expect((await call(bob, 'GET', `/api/comments/${c.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/comments/${c.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/comments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/comments/nope')).statusCode).toBe(404);
  });
});
