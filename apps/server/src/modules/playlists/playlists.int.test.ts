import { PLAYLIST_MESSAGES, type TPlaylist, type TPlaylistList } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { dimensionsOf, pngBomb, testImage } from '../../../test/images';
import { seedTrack } from '../../../test/seed-track';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let creator: TestUser;
const tracks: string[] = [];
let privateTrack: string;
let processingTrack: string;
let ownPrivateTrack: string;

async function makeTrack(
  userId: string,
  title: string,
  opts: { isPublic?: boolean; status?: 'ready' | 'processing'; duration?: number } = {},
) {
  return seedTrack(t.ctx.database.db, userId, {
    title,
    coverKey: `covers/${userId}/${title}.jpg`,
    duration: opts.duration ?? 60,
    isPublic: opts.isPublic ?? true,
    status: opts.status ?? 'ready',
  });
}

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

async function createPlaylist(user: TestUser, body: object = { name: 'Road trip' }) {
  const res = await call(user, 'POST', '/api/playlists', body);
  expect(res.statusCode).toBe(201);
  return res.json() as TPlaylist;
}

async function positionsInDb(playlistId: string) {
  return t.ctx.database.query<{ audio_id: string; position: number }>(
    'SELECT audio_id, position FROM playlist_tracks WHERE playlist_id = $1 ORDER BY position',
    [playlistId],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { name: 'Owner' });
  other = await signUp(t, { name: 'Other' });
  creator = await signUp(t, { name: 'Creator', role: 'creator' });
  for (let i = 0; i < 8; i++) tracks.push(await makeTrack(creator.id, `t${i}`, { duration: 60 + i }));
  privateTrack = await makeTrack(creator.id, 'secret', { isPublic: false });
  processingTrack = await makeTrack(creator.id, 'busy', { status: 'processing' });
  ownPrivateTrack = await makeTrack(owner.id, 'my-demo', { isPublic: false, duration: 30 });
});
afterAll(() => t.close());

describe('playlists: creation, editing and visibility', () => {
  it('validates the name and creates a private playlist by default', async () => {
    const bad = await call(owner, 'POST', '/api/playlists', { name: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Playlist name is required' });
    expect((await call(null, 'POST', '/api/playlists', { name: 'x' })).statusCode).toBe(401);

    const p = await createPlaylist(owner, { name: '  Focus  ', description: 'Deep work' });
    expect(p).toMatchObject({
      name: 'Focus',
      description: 'Deep work',
      isPublic: false,
      canManage: true,
      trackCount: 0,
    });
    expect(p.items).toEqual([]);
    expect(p.owner.id).toBe(owner.id);
  });

  it('hides private playlists from everyone but the owner (404 everywhere)', async () => {
    const p = await createPlaylist(owner, { name: 'Hidden' });
    await call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: tracks[0] });
    for (const [method, url, body] of [
      ['GET', `/api/playlists/${p.id}`],
      ['PATCH', `/api/playlists/${p.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/playlists/${p.id}`],
      ['POST', `/api/playlists/${p.id}/tracks`, { trackId: tracks[1] }],
    ] as const) {
      expect((await call(other, method, url, body)).statusCode).toBe(404);
      expect((await call(null, method, url, body)).statusCode).toBe(method === 'GET' ? 404 : 401);
    }
    const list = (await call(other, 'GET', `/api/users/${owner.id}/playlists`)).json() as TPlaylistList;
    expect(list.items.map((i) => i.id)).not.toContain(p.id);
    const mine = (await call(owner, 'GET', `/api/users/${owner.id}/playlists`)).json() as TPlaylistList;
    expect(mine.items.map((i) => i.id)).toContain(p.id);
    const search = (await call(other, 'GET', '/api/search/playlists?q=Hidden')).json() as TPlaylistList;
    expect(search.items).toEqual([]);
  });

  it('lets others view a public playlist but only the owner edit it', async () => {
    const p = await createPlaylist(owner, { name: 'Sunday Chill Mix', isPublic: true });
    await call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: tracks[0] });
    const seen = await call(other, 'GET', `/api/playlists/${p.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ canManage: false, trackCount: 1 });
    expect((await call(other, 'PATCH', `/api/playlists/${p.id}`, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/api/playlists/${p.id}`)).statusCode).toBe(403);
    // The server's policy gives admins no hand in others' playlists, and says so.
    const admin = await signUp(t, { role: 'admin' });
    expect((await call(admin, 'GET', `/api/playlists/${p.id}`)).json()).toMatchObject({ canManage: false });
    expect((await call(admin, 'PATCH', `/api/playlists/${p.id}`, { name: 'Hijacked' })).statusCode).toBe(403);
    const itemId = (seen.json() as TPlaylist).items[0].id;
    expect((await call(other, 'DELETE', `/api/playlists/${p.id}/items/${itemId}`)).statusCode).toBe(403);
    expect(
      (await call(other, 'POST', `/api/playlists/${p.id}/items/${itemId}/move`, { toPosition: 0 })).statusCode,
    ).toBe(403);

    const search = (await call(other, 'GET', '/api/search/playlists?q=chill')).json() as TPlaylistList;
    expect(search.items.map((i) => i.id)).toEqual([p.id]);
    const typo = (await call(null, 'GET', '/api/search/playlists?q=Sunday%20Chil%20Mx')).json() as TPlaylistList;
    expect(typo.items.map((i) => i.id)).toContain(p.id);
    const wildcard = (await call(null, 'GET', '/api/search/playlists?q=%25')).json() as TPlaylistList;
    expect(wildcard.items).toEqual([]);

    const renamed = await call(owner, 'PATCH', `/api/playlists/${p.id}`, {
      name: 'Sunday',
      description: '',
      isPublic: false,
    });
    expect(renamed.json()).toMatchObject({ name: 'Sunday', description: null, isPublic: false });
    expect((await call(other, 'GET', `/api/playlists/${p.id}`)).statusCode).toBe(404);

    expect((await call(owner, 'DELETE', `/api/playlists/${p.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/playlists/${p.id}`)).statusCode).toBe(404);
    expect(await positionsInDb(p.id)).toEqual([]);
  });

  it('adds only public ready tracks or the owner’s own, once each, with the total duration', async () => {
    const p = await createPlaylist(owner, { name: 'Mix', isPublic: true });
    const add = (trackId: string) => call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId });
    expect((await add(privateTrack)).statusCode).toBe(404);
    expect((await add(processingTrack)).statusCode).toBe(404);
    expect((await add('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await add(tracks[1])).statusCode).toBe(200);
    const dup = await add(tracks[1]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This track is already in the playlist');
    const withOwn = (await add(ownPrivateTrack)).json() as TPlaylist;
    expect(withOwn.trackCount).toBe(2);
    expect(withOwn.totalDuration).toBe(61 + 30);
    expect(withOwn.items.map((i) => i.track.title)).toEqual(['t1', 'my-demo']);

    // Others see the public playlist without the owner's private track, and its figures follow.
    const seen = (await call(other, 'GET', `/api/playlists/${p.id}`)).json() as TPlaylist;
    expect(seen.items.map((i) => i.track.title)).toEqual(['t1']);
    expect(seen).toMatchObject({ trackCount: 1, totalDuration: 61 });
  });
});

describe('playlists: ordering', () => {
  it('moves an entry and keeps positions dense after removals', async () => {
    const p = await createPlaylist(owner, { name: 'Order' });
    for (const id of tracks.slice(0, 5)) await call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: id });
    let pl = (await call(owner, 'GET', `/api/playlists/${p.id}`)).json() as TPlaylist;
    const titles = () => pl.items.map((i) => i.track.title);
    expect(titles()).toEqual(['t0', 't1', 't2', 't3', 't4']);

    // Move t0 to the end, then t3 to the front, then past the end (clamped).
    pl = (await call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[0].id}/move`, { toPosition: 4 })).json();
    expect(titles()).toEqual(['t1', 't2', 't3', 't4', 't0']);
    pl = (await call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[2].id}/move`, { toPosition: 0 })).json();
    expect(titles()).toEqual(['t3', 't1', 't2', 't4', 't0']);
    pl = (await call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[1].id}/move`, { toPosition: 99 })).json();
    expect(titles()).toEqual(['t3', 't2', 't4', 't0', 't1']);
    expect(pl.items.map((i) => i.position)).toEqual([0, 1, 2, 3, 4]);

    pl = (await call(owner, 'DELETE', `/api/playlists/${p.id}/items/${pl.items[1].id}`)).json();
    expect(titles()).toEqual(['t3', 't4', 't0', 't1']);
    expect((await positionsInDb(p.id)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
    const bad = await call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[0].id}/move`, { toPosition: -1 });
    expect(bad.statusCode).toBe(400);
  });

  it('renumbers when a track deleted elsewhere leaves a gap', async () => {
    const gone = await makeTrack(creator.id, 'soon-gone');
    const p = await createPlaylist(owner, { name: 'Gap' });
    for (const id of [tracks[0], gone, tracks[1]])
      await call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: id });
    await t.ctx.database.query('DELETE FROM audio_content WHERE id = $1', [gone]);
    let pl = (await call(owner, 'GET', `/api/playlists/${p.id}`)).json() as TPlaylist;
    expect(pl.items.map((i) => i.position)).toEqual([0, 1]);
    pl = (await call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[1].id}/move`, { toPosition: 0 })).json();
    expect(pl.items.map((i) => i.track.title)).toEqual(['t1', 't0']);
    expect((await positionsInDb(p.id)).map((r) => r.position)).toEqual([0, 1]);
  });

  it('loses and duplicates nothing under concurrent adds, moves and removals', async () => {
    const p = await createPlaylist(owner, { name: 'Busy' });
    // Eight adds at once: every track lands exactly once, positions 0..7.
    const adds = await Promise.all(
      tracks.map((id) => call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: id })),
    );
    expect(adds.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    let rows = await positionsInDb(p.id);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(rows.map((r) => r.audio_id))).toEqual(new Set(tracks));

    // The same track added twice at once: one wins, one conflicts.
    const again = await Promise.all(
      [0, 1].map(() => call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: ownPrivateTrack })),
    );
    expect(again.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // Moves, removals and adds racing each other.
    const pl = (await call(owner, 'GET', `/api/playlists/${p.id}`)).json() as TPlaylist;
    const extra = await makeTrack(creator.id, 'late');
    const ops = await Promise.all([
      call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[0].id}/move`, { toPosition: 8 }),
      call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[5].id}/move`, { toPosition: 1 }),
      call(owner, 'DELETE', `/api/playlists/${p.id}/items/${pl.items[3].id}`),
      call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[7].id}/move`, { toPosition: 0 }),
      call(owner, 'POST', `/api/playlists/${p.id}/tracks`, { trackId: extra }),
      call(owner, 'DELETE', `/api/playlists/${p.id}/items/${pl.items[6].id}`),
      call(owner, 'POST', `/api/playlists/${p.id}/items/${pl.items[2].id}/move`, { toPosition: 3 }),
    ]);
    expect(ops.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    rows = await positionsInDb(p.id);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const expected = new Set([...tracks, ownPrivateTrack, extra]);
    expected.delete(pl.items[3].track.id);
    expected.delete(pl.items[6].track.id);
    expect(new Set(rows.map((r) => r.audio_id))).toEqual(expected);
    expect(rows).toHaveLength(expected.size);
  });
});

describe('playlists: cover and lists', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await testImage(t.dataDir, '800x600', 'png');
  });

  function multipart(name: string, filename: string, data: Buffer) {
    const boundary = '----wavecastboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('stores a cover checked and re-encoded as avatars are, and serves it only to who may see the playlist', async () => {
    const p = await createPlaylist(owner, { name: 'Covered' });
    const refuse = async (data: Buffer, message: string) => {
      const form = multipart('cover', 'x.png', data);
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/playlists/${p.id}/cover`,
        headers: { cookie: owner.cookie, 'content-type': form.contentType },
        payload: form.body,
      });
      expect(refused.statusCode).toBe(415);
      expect(refused.json().error.message).toBe(message);
      expect(await t.ctx.storage.list(`playlist-covers/${p.id}`)).toEqual([]);
    };
    await refuse(Buffer.from('GIF89a not a png at all'), PLAYLIST_MESSAGES.coverInvalid);
    // A pixel bomb: an 875 KB-class PNG declaring 30000×30000 px.
    await refuse(pngBomb(30_000, 30_000), PLAYLIST_MESSAGES.coverUnreadable);

    const good = multipart('cover', 'x.png', png);
    const put = (user: TestUser) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/playlists/${p.id}/cover`,
        headers: { cookie: user.cookie, 'content-type': good.contentType },
        payload: good.body,
      });
    expect((await put(other)).statusCode).toBe(404);
    const res = await put(owner);
    expect(res.statusCode).toBe(200);
    const coverUrl = (res.json() as TPlaylist).coverUrl;
    expect(coverUrl).toMatch(new RegExp(`^/api/playlists/${p.id}/cover\\?v=`));
    const img = await call(owner, 'GET', coverUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // Never the uploaded bytes: a fresh 640 px square.
    expect(img.rawPayload.equals(png)).toBe(false);
    expect(await dimensionsOf(t.dataDir, img.rawPayload, 'png')).toEqual({ width: 640, height: 640 });
    expect((await call(other, 'GET', coverUrl)).statusCode).toBe(404);

    // Replacing keeps one stored object; deleting the playlist removes it.
    await put(owner);
    expect(await t.ctx.storage.list(`playlist-covers/${p.id}`)).toHaveLength(1);
    await call(owner, 'DELETE', `/api/playlists/${p.id}`);
    expect(await t.ctx.storage.list(`playlist-covers/${p.id}`)).toEqual([]);
  });

  it('lists the user’s own playlists newest first, with figures', async () => {
    const u = await signUp(t);
    const a = await createPlaylist(u, { name: 'A' });
    const b = await createPlaylist(u, { name: 'B', isPublic: true });
    await call(u, 'POST', `/api/playlists/${b.id}/tracks`, { trackId: tracks[2] });
    const mine = (await call(u, 'GET', '/api/playlists/mine')).json() as TPlaylistList;
    expect(mine.items.map((i) => [i.name, i.trackCount, i.totalDuration])).toEqual([
      ['B', 1, 62],
      ['A', 0, 0],
    ]);
    expect(mine.items[0].coverUrl).toBe(`/api/tracks/${tracks[2]}/cover`);
    expect(mine.items[1].coverUrl).toBe('/default-cover.svg');
    expect((await call(null, 'GET', '/api/playlists/mine')).statusCode).toBe(401);
    const holding = (await call(u, 'GET', `/api/playlists/mine?trackId=${tracks[2]}`)).json() as TPlaylistList;
    expect(holding.items.map((i) => [i.name, i.containsTrack])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    const theirs = (await call(other, 'GET', `/api/users/${u.id}/playlists`)).json() as TPlaylistList;
    expect(theirs.items.map((i) => i.id)).toEqual([b.id]);
    expect(a.id).toBeTruthy();
  });
});

describe("a suspended owner's playlists", () => {
  it('answer 404 everywhere while the owner is suspended, and come back on restore', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const dj = await signUp(t, { role: 'creator', name: 'Suspended Dj' });
    const list = await createPlaylist(dj, { name: 'Quarantined Quokka Mix', isPublic: true });
    expect((await call(dj, 'POST', `/api/playlists/${list.id}/tracks`, { trackId: tracks[0] })).statusCode).toBe(200);
    const surfaces = {
      playlist: `/api/playlists/${list.id}`,
      ofUser: `/api/users/${dj.id}/playlists`,
      feed: `/feeds/playlists/${list.id}.xml`,
      oembed: `/api/oembed?url=${encodeURIComponent(`${t.ctx.config.PUBLIC_URL}/playlist/${list.id}`)}`,
    };
    const found = () => call(other, 'GET', '/api/search/playlists?q=Quarantined%20Quokka');
    const statuses = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(surfaces).map(async ([name, url]) => [name, (await call(other, 'GET', url)).statusCode]),
        ),
      );
    const allOk = Object.fromEntries(Object.keys(surfaces).map((name) => [name, 200]));
    const allGone = Object.fromEntries(Object.keys(surfaces).map((name) => [name, 404]));

    expect(await statuses()).toEqual(allOk);
    expect((await found()).json().items.map((p: { id: string }) => p.id)).toEqual([list.id]);

    expect((await call(admin, 'POST', `/api/admin/users/${dj.id}/suspend`)).statusCode).toBe(200);
    expect(await statuses()).toEqual(allGone);
    expect((await found()).json().items).toEqual([]);

    expect((await call(admin, 'POST', `/api/admin/users/${dj.id}/restore`)).statusCode).toBe(200);
    expect(await statuses()).toEqual(allOk);
  });
});
