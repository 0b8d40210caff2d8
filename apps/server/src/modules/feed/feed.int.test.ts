import type { TAlbum, TFeedPage, TNotification, TRelatedList } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { listenEvents } from '../../db/schema';
import { notificationsSettled } from '../notifications/subscriber';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Feed Admin' });
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
const feedOf = async (u: TestUser, query = '') => (await call(u, 'GET', `/api/feed${query}`)).json() as TFeedPage;
const describeFeed = (page: TFeedPage) =>
  page.items.map((i) =>
    i.kind === 'album'
      ? `album:${i.album.title}`
      : i.kind === 'repost'
        ? `repost:${i.reposter.displayName}:${i.track.title}`
        : `upload:${i.track.title}`,
  );
const track = (owner: TestUser, title: string, fields: Partial<Parameters<typeof seedTrack>[2]> = {}) =>
  seedTrack(t.ctx.database.db, owner.id, { title, ...fields });
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe('reposts', () => {
  it('PUT/DELETE are idempotent, keep the count, refuse own and hidden tracks, and notify the creator once', async () => {
    const creator = await signUp(t, { name: 'Rita', role: 'creator' });
    const [ada, bo] = await Promise.all([signUp(t, { name: 'Ada' }), signUp(t, { name: 'Bo' })]);
    const id = await track(creator, 'Shared Song');
    const hidden = await track(creator, 'Hidden Song', { isPublic: false });

    expect((await call(ada, 'PUT', `/api/tracks/${id}/repost`)).json()).toEqual({
      trackId: id,
      reposted: true,
      repostCount: 1,
    });
    expect((await call(ada, 'PUT', `/api/tracks/${id}/repost`)).json().repostCount).toBe(1);
    await Promise.all([1, 2, 3].map(() => call(bo, 'PUT', `/api/tracks/${id}/repost`)));
    expect((await call(bo, 'GET', `/api/tracks/${id}/repost`)).json()).toEqual({
      trackId: id,
      reposted: true,
      repostCount: 2,
    });
    expect((await call(null, 'GET', `/api/tracks/${id}/repost`)).json()).toEqual({
      trackId: id,
      reposted: false,
      repostCount: 2,
    });

    await notificationsSettled(t.ctx);
    const items = (await call(creator, 'GET', '/api/notifications')).json().items as TNotification[];
    expect(items.filter((n) => n.type === 'new_repost')).toMatchObject([
      { title: 'Bo and 1 other reposted "Shared Song"', link: `/audio/${id}` },
    ]);

    expect((await call(ada, 'DELETE', `/api/tracks/${id}/repost`)).json()).toEqual({
      trackId: id,
      reposted: false,
      repostCount: 1,
    });
    expect((await call(ada, 'DELETE', `/api/tracks/${id}/repost`)).json().repostCount).toBe(1);
    expect((await call(creator, 'PUT', `/api/tracks/${id}/repost`)).statusCode).toBe(400);
    expect((await call(ada, 'PUT', `/api/tracks/${hidden}/repost`)).statusCode).toBe(404);
    expect((await call(ada, 'PUT', '/api/tracks/not-a-uuid/repost')).statusCode).toBe(404);
    expect((await call(null, 'PUT', `/api/tracks/${id}/repost`)).statusCode).toBe(401);
  });

  it('respects the newReposts preference', async () => {
    const creator = await signUp(t, { name: 'Quiet', role: 'creator' });
    const fan = await signUp(t, { name: 'Fan' });
    const prefs = (await call(creator, 'GET', '/api/me/settings/notifications')).json().notifications;
    expect(prefs.newReposts).toBe(true);
    expect(
      (await call(creator, 'PUT', '/api/me/settings/notifications', { ...prefs, newReposts: false })).statusCode,
    ).toBe(200);
    const id = await track(creator, 'Quiet Song');
    await call(fan, 'PUT', `/api/tracks/${id}/repost`);
    await notificationsSettled(t.ctx);
    const items = (await call(creator, 'GET', '/api/notifications')).json().items as TNotification[];
    expect(items.filter((n) => n.type === 'new_repost')).toEqual([]);
  });
});

describe('the following feed', () => {
  it('shows uploads and reposts of followed people newest first, pages, and drops what becomes hidden', async () => {
    const me = await signUp(t, { name: 'Me' });
    const creator = await signUp(t, { name: 'Cleo', role: 'creator' });
    const curator = await signUp(t, { name: 'Curt' });
    const stranger = await signUp(t, { name: 'Stranger', role: 'creator' });
    const other = await signUp(t, { name: 'Other', role: 'creator' });
    await track(creator, 'Cleo One', { createdAt: at(50) });
    const two = await track(creator, 'Cleo Two', { createdAt: at(40) });
    await track(creator, 'Cleo Private', { createdAt: at(30), isPublic: false });
    await track(stranger, 'Not Followed', { createdAt: at(20) });
    const picked = await track(other, 'Picked By Curt', { createdAt: at(90) });
    expect((await call(me, 'GET', '/api/feed')).json()).toEqual({ items: [], nextCursor: null });

    for (const u of [creator, curator])
      expect((await call(me, 'POST', `/api/users/${u.id}/follow`)).statusCode).toBe(200);
    expect((await call(curator, 'PUT', `/api/tracks/${picked}/repost`)).statusCode).toBe(200);
    expect(describeFeed(await feedOf(me))).toEqual([
      'repost:Curt:Picked By Curt',
      'upload:Cleo Two',
      'upload:Cleo One',
    ]);

    const first = await feedOf(me, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await feedOf(me, `?limit=2&cursor=${first.nextCursor}`);
    expect(describeFeed(second)).toEqual(['upload:Cleo One']);
    expect(second.nextCursor).toBeNull();
    expect((await call(me, 'GET', '/api/feed?cursor=garbage')).statusCode).toBe(400);
    expect((await call(me, 'GET', '/api/feed?limit=0')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/feed')).statusCode).toBe(401);

    // Made private, the upload leaves; the reposter suspended, the repost leaves.
    expect((await call(creator, 'PATCH', `/api/tracks/${two}`, { isPublic: false })).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/admin/users/${curator.id}/suspend`)).statusCode).toBe(200);
    expect(describeFeed(await feedOf(me))).toEqual(['upload:Cleo One']);
    // The reposted track's creator deleted: gone too (rows cascade).
    expect((await call(admin, 'POST', `/api/admin/users/${curator.id}/restore`)).statusCode).toBe(200);
    expect(describeFeed(await feedOf(me))).toEqual(['repost:Curt:Picked By Curt', 'upload:Cleo One']);
    expect((await call(admin, 'DELETE', `/api/admin/users/${other.id}`)).statusCode).toBe(200);
    expect(describeFeed(await feedOf(me))).toEqual(['upload:Cleo One']);
  });
});

describe('albums', () => {
  it('a creator releases their own tracks in order; others see it from its release date, with visible tracks only', async () => {
    const creator = await signUp(t, { name: 'Alba', role: 'creator' });
    const fan = await signUp(t, { name: 'Fan' });
    const ids = [await track(creator, 'A1'), await track(creator, 'A2'), await track(creator, 'A3')];
    const someoneElse = await track(await signUp(t, { role: 'creator' }), 'Not Mine');
    const create = (body: object, user = creator) => call(user, 'POST', '/api/albums', body);

    expect((await create({ title: '', releaseDate: '2026-01-01', trackIds: ids })).json().error.message).toBe(
      'Album title is required',
    );
    expect((await create({ title: 'X', releaseDate: '2026-02-30', trackIds: ids })).statusCode).toBe(400);
    expect((await create({ title: 'X', releaseDate: '2026-01-01', trackIds: [] })).statusCode).toBe(400);
    expect((await create({ title: 'X', releaseDate: '2026-01-01', trackIds: [ids[0], ids[0]] })).statusCode).toBe(400);
    expect(
      (await create({ title: 'X', releaseDate: '2026-01-01', trackIds: [someoneElse] })).json().error.message,
    ).toBe('An album holds only your own tracks');
    expect((await create({ title: 'X', releaseDate: '2026-01-01', trackIds: ids }, fan)).statusCode).toBe(403);

    const res = await create({
      title: 'First Light',
      kind: 'ep',
      releaseDate: '2026-01-01',
      trackIds: [ids[2], ids[0], ids[1]],
    });
    expect(res.statusCode).toBe(201);
    const album = res.json() as TAlbum;
    expect(album).toMatchObject({ title: 'First Light', kind: 'ep', released: true, trackCount: 3, canEdit: true });
    expect(album.tracks.map((x) => x.title)).toEqual(['A3', 'A1', 'A2']);
    expect((await create({ title: 'Again', releaseDate: '2026-01-01', trackIds: [ids[0]] })).json().error.message).toBe(
      'A track is already in another album',
    );

    const seen = (await call(fan, 'GET', `/api/albums/${album.id}`)).json() as TAlbum;
    expect(seen.canEdit).toBe(false);
    expect((await call(null, 'GET', `/api/users/${creator.id}/albums`)).json().items).toMatchObject([
      { id: album.id, trackCount: 3 },
    ]);
    expect((await call(fan, 'PATCH', `/api/albums/${album.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    const reordered = await call(creator, 'PATCH', `/api/albums/${album.id}`, { trackIds: [ids[0], ids[1]] });
    expect((reordered.json() as TAlbum).tracks.map((x) => x.title)).toEqual(['A1', 'A2']);

    // A track made private leaves the album for others.
    await call(creator, 'PATCH', `/api/tracks/${ids[1]}`, { isPublic: false });
    expect(((await call(fan, 'GET', `/api/albums/${album.id}`)).json() as TAlbum).tracks.map((x) => x.title)).toEqual([
      'A1',
    ]);

    // Scheduled: only the creator sees it before its day.
    const later = await create({ title: 'Soon', releaseDate: '2999-01-01', trackIds: [ids[2]] });
    expect(later.json().released).toBe(false);
    expect((await call(fan, 'GET', `/api/albums/${later.json().id}`)).statusCode).toBe(404);
    expect((await call(creator, 'GET', `/api/users/${creator.id}/albums`)).json().items).toHaveLength(2);
    expect((await call(fan, 'GET', `/api/users/${creator.id}/albums`)).json().items).toHaveLength(1);

    // In the feed: the release, not its uploads one by one.
    await call(fan, 'POST', `/api/users/${creator.id}/follow`);
    expect(describeFeed(await feedOf(fan))).toEqual(['album:First Light']);

    // The creator suspended: the album is not found for others.
    await call(admin, 'POST', `/api/admin/users/${creator.id}/suspend`);
    expect((await call(fan, 'GET', `/api/albums/${album.id}`)).statusCode).toBe(404);
    expect(describeFeed(await feedOf(fan))).toEqual([]);
    await call(admin, 'POST', `/api/admin/users/${creator.id}/restore`);

    expect((await call(fan, 'DELETE', `/api/albums/${album.id}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/albums/nope')).statusCode).toBe(404);
  });
});

describe('probes: bad input is a clear 4xx and changes nothing', () => {
  it('albums refuse wrong types, NUL bytes, huge titles, other creators and foreign origins', async () => {
    const creator = await signUp(t, { name: 'Prober', role: 'creator' });
    const rival = await signUp(t, { name: 'Rival', role: 'creator' });
    const id = await track(creator, 'Probe Track');
    const base = { title: 'Probe EP', releaseDate: '2026-01-01', trackIds: [id] };
    for (const body of [
      { ...base, title: 42 },
      { ...base, title: 'x'.repeat(201) },
      { ...base, title: 'a\u0000b' },
      { ...base, kind: 'single' },
      { ...base, trackIds: 'nope' },
      { ...base, trackIds: ['not-a-uuid'] },
      { ...base, releaseDate: '01/01/2026' },
    ]) {
      const res = await call(creator, 'POST', '/api/albums', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/albums',
      payload: base,
      headers: { cookie: creator.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call(creator, 'GET', `/api/users/${creator.id}/albums`)).json().items).toEqual([]);

    const made = (await call(creator, 'POST', '/api/albums', { ...base, title: 'Ünïcødé ✨ EP' })).json() as TAlbum;
    expect(made.title).toBe('Ünïcødé ✨ EP');
    expect((await call(null, 'GET', `/api/tracks/${id}/album`)).json().album.id).toBe(made.id);
    // Another creator's album does not exist for them (404, not 403); their tracks cannot join it.
    expect((await call(rival, 'PATCH', `/api/albums/${made.id}`, { title: 'Taken' })).statusCode).toBe(404);
    expect((await call(rival, 'DELETE', `/api/albums/${made.id}`)).statusCode).toBe(404);
    expect(
      (await call(creator, 'PATCH', `/api/albums/${made.id}`, { trackIds: [await track(rival, 'Theirs')] })).statusCode,
    ).toBe(400);
    expect((await call(creator, 'PUT', `/api/albums/${made.id}/cover`)).statusCode).toBe(400);
    expect(((await call(creator, 'GET', `/api/albums/${made.id}`)).json() as TAlbum).title).toBe('Ünïcødé ✨ EP');
    expect((await call(creator, 'DELETE', `/api/albums/${made.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/albums/${made.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/tracks/${id}/album`)).json()).toEqual({ album: null });
  });
});

describe('related tracks', () => {
  it('rank co-listening, same creator, category and tags; never the seed, excluded or hidden tracks', async () => {
    const c1 = await signUp(t, { name: 'Rel One', role: 'creator' });
    const c2 = await signUp(t, { name: 'Rel Two', role: 'creator' });
    const seed = await track(c1, 'Seed', { category: 'Meditation', tags: ['calm', 'rain'] });
    const sameCreator = await track(c1, 'Same Creator', { category: 'Podcast' });
    const sameTags = await track(c2, 'Same Tags', { category: 'Podcast', tags: ['calm', 'rain'] });
    const coListened = await track(c2, 'Co Listened', { category: 'Audiobook' });
    const hidden = await track(c1, 'Hidden One', { isPublic: false, category: 'Meditation' });
    await track(c2, 'Unrelated', { category: 'Audiobook' });
    const db = t.ctx.database.db;
    for (const who of ['l1', 'l2', 'l3'])
      await db.insert(listenEvents).values([
        { audioId: seed, anonymousId: who, secondsListened: 60 },
        { audioId: coListened, anonymousId: who, secondsListened: 60 },
      ]);

    const related = async (q = '') =>
      ((await call(null, 'GET', `/api/tracks/${seed}/related${q}`)).json() as TRelatedList).items.map((x) => x.title);
    expect(await related()).toEqual(['Co Listened', 'Same Creator', 'Same Tags']);
    expect(await related(`?exclude=${coListened},${sameCreator}`)).toEqual(['Same Tags']);
    expect(await related('?limit=1')).toEqual(['Co Listened']);
    expect(await related('?exclude=garbage,x')).toHaveLength(3);
    expect((await call(null, 'GET', `/api/tracks/${seed}/related?exclude=%00`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/tracks/${hidden}/related`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/tracks/${seed}/related?limit=1000`)).statusCode).toBe(400);
    void sameTags;
  });
});

describe('playback setting', () => {
  it('autoplay of related tracks is on by default and can be turned off', async () => {
    const u = await signUp(t);
    expect((await call(u, 'GET', '/api/me/settings/playback')).json()).toEqual({ autoplayRelated: true });
    expect((await call(u, 'PUT', '/api/me/settings/playback', { autoplayRelated: false })).json()).toEqual({
      autoplayRelated: false,
    });
    expect((await call(u, 'GET', '/api/me/settings/playback')).json()).toEqual({ autoplayRelated: false });
    // The player's question at a queue's end is answered with nothing; a page's question still is.
    const c = await signUp(t, { role: 'creator' });
    const seed = await track(c, 'Autoplay Seed', { category: 'Podcast' });
    await track(c, 'Autoplay Next', { category: 'Podcast' });
    expect((await call(u, 'GET', `/api/tracks/${seed}/related?autoplay=1`)).json().items).toEqual([]);
    const titles = async (user: TestUser | null, q: string) =>
      ((await call(user, 'GET', `/api/tracks/${seed}/related${q}`)).json() as TRelatedList).items.map((x) => x.title);
    expect((await titles(u, ''))[0]).toBe('Autoplay Next');
    expect((await titles(null, '?autoplay=1'))[0]).toBe('Autoplay Next');
    expect((await call(u, 'GET', `/api/tracks/${seed}/related?autoplay=yes`)).statusCode).toBe(400);
    expect((await call(u, 'PUT', '/api/me/settings/playback', { autoplayRelated: 'no' })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/me/settings/playback')).statusCode).toBe(401);
  });
});
