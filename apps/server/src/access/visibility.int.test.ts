import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../test/helpers';
import { seedTrack } from '../../test/seed-track';
import { liveStreams } from '../db/schema';
import type { SessionUser } from '../lib/session';
import { embedService } from '../modules/embeds/service';
import { shareCardFor } from '../modules/embeds/share-cards';
import { insertForUser } from '../modules/notifications/repo';
import { topicAccess } from '../realtime/topic-access';

/**
 * Issue 31: a hidden track (removed by moderation, or its owner suspended) is hidden by every
 * reader, not only by its own page: playlists, feeds, embeds, transcripts, realtime, library.
 */

let t: TestApp;
let admin: TestUser;
let listener: TestUser;
let curator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Root' });
  listener = await signUp(t, { name: 'Lis Tener' });
  curator = await signUp(t, { name: 'Cu Rator' });
});
afterAll(() => t.close());

const call = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  // Each call from its own address: reports are rate limited per client.
  t.app.inject({ method, url, payload, headers: u ? { cookie: u.cookie } : {}, remoteAddress: testClientIp() });
const asSession = (u: TestUser) => ({ id: u.id, role: 'listener' }) as SessionUser;

/** A creator's public track, with a transcript, liked by the listener, in the curator's public playlist. */
async function trackInPlaylist(creator: TestUser, title: string) {
  const track = await seedTrack(t.ctx.database.db, creator.id, { title });
  // Feeds list only episodes whose file exists.
  await t.ctx.storage.put(`audio/${creator.id}/${track}.mp3`, Readable.from([Buffer.alloc(1000, 1)]));
  const playlist = (await call(curator, 'POST', '/api/playlists', { name: `${title} list`, isPublic: true })).json();
  expect((await call(curator, 'POST', `/api/playlists/${playlist.id}/tracks`, { trackId: track })).statusCode).toBe(
    200,
  );
  const transcript = { kind: 'text', content: `${title} words` };
  expect((await call(creator, 'PUT', `/api/tracks/${track}/transcript`, transcript)).statusCode).toBe(200);
  expect((await call(listener, 'PUT', `/api/tracks/${track}/like`)).statusCode).toBe(200);
  // As a follower's "new track" notification (made on upload) would be.
  await insertForUser(t.ctx.database, listener.id, {
    type: 'new_track',
    actorId: creator.id,
    title: `${title} is out`,
    link: `/audio/${track}`,
    dedupeKey: `track:${track}`,
  });
  return { track, playlistId: playlist.id as string };
}

const playlistTrackIds = async (u: TestUser | null, id: string) => {
  const res = await call(u, 'GET', `/api/playlists/${id}`);
  expect(res.statusCode).toBe(200);
  return JSON.stringify(res.json().items);
};

const listenerNotes = async () => JSON.stringify((await call(listener, 'GET', '/api/notifications')).json());

/** Everything someone other than the owner may reach of the track, each checked hidden. */
async function expectHiddenFromOthers(creator: TestUser, track: string, playlistId: string) {
  // The public playlist leaves it out for anyone and for signed-in others.
  expect(await playlistTrackIds(null, playlistId)).not.toContain(track);
  expect(await playlistTrackIds(curator, playlistId)).not.toContain(track);
  // Adding it to a playlist: 404, as for a missing track.
  const other = (await call(listener, 'POST', '/api/playlists', { name: 'Other', isPublic: true })).json();
  expect((await call(listener, 'POST', `/api/playlists/${other.id}/tracks`, { trackId: track })).statusCode).toBe(404);
  // RSS feeds list discoverable tracks only (a suspended creator has no feed at all).
  const creatorFeed = await call(null, 'GET', `/feeds/creators/${creator.id}.xml`);
  expect(creatorFeed.statusCode === 404 || !creatorFeed.body.includes(track)).toBe(true);
  const playlistFeed = await call(null, 'GET', `/feeds/playlists/${playlistId}.xml`);
  expect(playlistFeed.statusCode).toBe(200);
  expect(playlistFeed.body).not.toContain(track);
  // Transcripts: read and edit are 404, never 403.
  expect((await call(null, 'GET', `/api/tracks/${track}/transcript`)).statusCode).toBe(404);
  expect((await call(listener, 'GET', `/api/tracks/${track}/transcript`)).statusCode).toBe(404);
  const edit = { kind: 'text', content: 'not mine' };
  expect((await call(listener, 'PUT', `/api/tracks/${track}/transcript`, edit)).statusCode).toBe(404);
  // Realtime: nobody but the owner joins its topic.
  const may = topicAccess(t.ctx);
  expect(await may(`track:${track}`, null)).toBe(false);
  expect(await may(`track:${track}`, asSession(listener))).toBe(false);
  // Library, embeds, oEmbed, downloads, share cards were right already (loader or SQL fragment): kept as guards.
  expect(JSON.stringify((await call(listener, 'GET', '/api/me/likes')).json())).not.toContain(track);
  expect(JSON.stringify((await call(listener, 'GET', '/api/me/library')).json())).not.toContain(track);
  expect((await call(null, 'GET', `/embed/track/${track}`)).statusCode).toBe(404);
  expect(await embedService(t.ctx).track(track)).toBeNull();
  // (The embed page itself needs the built web app; its data is the service's.)
  expect(JSON.stringify(await embedService(t.ctx).playlist(playlistId))).not.toContain(track);
  const page = encodeURIComponent(`${t.ctx.config.PUBLIC_URL}/audio/${track}`);
  expect((await call(null, 'GET', `/api/oembed?url=${page}`)).statusCode).toBe(404);
  expect((await call(listener, 'GET', `/api/tracks/${track}/download`)).statusCode).toBe(404);
  expect(await shareCardFor(t.ctx, `/audio/${track}`)).toBeNull();
  expect(await listenerNotes()).not.toContain(track);
}

describe('a track removed by moderation', () => {
  it('is hidden from others by every reader, and still seen by its owner', async () => {
    const creator = await signUp(t, { role: 'creator', name: 'Removed Creator' });
    const { track, playlistId } = await trackInPlaylist(creator, 'Removed Song');
    const may = topicAccess(t.ctx);
    // Before: every reader shows it.
    expect(await playlistTrackIds(null, playlistId)).toContain(track);
    expect((await call(null, 'GET', `/feeds/creators/${creator.id}.xml`)).body).toContain(track);
    expect((await call(null, 'GET', `/feeds/playlists/${playlistId}.xml`)).body).toContain(track);
    expect(await may(`track:${track}`, null)).toBe(true);
    expect(JSON.stringify(await embedService(t.ctx).playlist(playlistId))).toContain(track);
    expect(await embedService(t.ctx).track(track)).not.toBeNull();

    await call(listener, 'POST', '/api/reports', { targetType: 'track', targetId: track, reason: 'spam' });
    const group = (await call(admin, 'GET', '/api/admin/reports'))
      .json()
      .items.find((g: { targetId: string }) => g.targetId === track);
    expect((await call(admin, 'POST', `/api/admin/reports/${group.reportId}/remove`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);

    await expectHiddenFromOthers(creator, track, playlistId);
    // Its owner still has it: in the playlist, its transcript, its topic.
    expect(await playlistTrackIds(creator, playlistId)).toContain(track);
    expect((await call(creator, 'GET', `/api/tracks/${track}/transcript`)).statusCode).toBe(200);
    expect(await may(`track:${track}`, asSession(creator))).toBe(true);
  });
});

describe('a track whose owner is suspended', () => {
  it('is hidden from others by every reader', async () => {
    const creator = await signUp(t, { role: 'creator', name: 'Suspended Creator' });
    const { track, playlistId } = await trackInPlaylist(creator, 'Suspended Song');
    const [stream] = await t.ctx.database.db
      .insert(liveStreams)
      .values({ userId: creator.id, title: 'Suspended Show', category: 'Music', isActive: true })
      .returning();
    expect(await playlistTrackIds(null, playlistId)).toContain(track);
    expect(await listenerNotes()).toContain(track);
    expect(await topicAccess(t.ctx)(`track:${track}`, null)).toBe(true);
    expect((await call(null, 'GET', `/api/live/${stream.id}/chat`)).statusCode).toBe(200);
    expect(await shareCardFor(t.ctx, `/live/${stream.id}`)).not.toBeNull();

    expect((await call(admin, 'POST', `/api/admin/users/${creator.id}/suspend`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/tracks/${track}`)).statusCode).toBe(404);

    await expectHiddenFromOthers(creator, track, playlistId);
    expect((await call(null, 'GET', `/feeds/creators/${creator.id}.xml`)).statusCode).toBe(404);
    // The profile and live streams follow the same suspension: 404, never 403.
    expect((await call(listener, 'GET', `/api/profiles/${creator.id}`)).statusCode).toBe(404);
    expect(await shareCardFor(t.ctx, `/profile/${creator.id}`)).toBeNull();
    expect((await call(listener, 'GET', `/api/live/${stream.id}`)).statusCode).toBe(404);
    expect((await call(listener, 'GET', `/api/live/${stream.id}/chat`)).statusCode).toBe(404);
    expect((await call(listener, 'POST', `/api/live/${stream.id}/chat`, { content: 'hi' })).statusCode).toBe(404);
    expect(await shareCardFor(t.ctx, `/live/${stream.id}`)).toBeNull();
    expect((await call(admin, 'GET', `/api/live/${stream.id}/chat`)).statusCode).toBe(200);
  });
});
