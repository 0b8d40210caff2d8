import type { TContinueList, THistoryList } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let creator: TestUser;
let podcast: string; // 1 hour
let audiobook: string; // 2 hours
let song: string; // 3 minutes: no resume

async function makeTrack(userId: string, title: string, opts: { isPublic?: boolean; duration?: number } = {}) {
  return seedTrack(t.ctx.database.db, userId, {
    title,
    duration: opts.duration ?? 3600,
    isPublic: opts.isPublic ?? true,
  });
}

const call = (user: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
const save = (user: TestUser, trackId: string, positionSeconds: number) =>
  call(user, 'PUT', `/api/me/positions/${trackId}`, { positionSeconds });

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, { name: 'Alice' });
  bob = await signUp(t, { name: 'Bob' });
  creator = await signUp(t, { name: 'Creator Real Name', role: 'creator' });
  podcast = await makeTrack(creator.id, 'Podcast');
  audiobook = await makeTrack(creator.id, 'Audiobook', { duration: 7200 });
  song = await makeTrack(creator.id, 'Song', { duration: 180 });
});
afterAll(() => t.close());

describe('resume positions', () => {
  it('are saved per user and read back on any device', async () => {
    expect((await save(alice, podcast, 754.5)).statusCode).toBe(204);
    expect((await save(bob, podcast, 12)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/me/positions/${podcast}`)).json()).toEqual({ positionSeconds: 754.5 });
    expect((await call(bob, 'GET', `/api/me/positions/${podcast}`)).json()).toEqual({ positionSeconds: 12 });
    // Saving again moves it (one row per user and track).
    await save(alice, podcast, 800);
    expect((await call(alice, 'GET', `/api/me/positions/${podcast}`)).json()).toEqual({ positionSeconds: 800 });
    const rows = await t.ctx.database.query('SELECT 1 FROM playback_positions WHERE user_id = $1', [alice.id]);
    expect(rows).toHaveLength(1);
  });

  it('is null for a track never played, and clamps past the end', async () => {
    expect((await call(alice, 'GET', `/api/me/positions/${audiobook}`)).json()).toEqual({ positionSeconds: null });
    await save(bob, audiobook, 99_999);
    expect((await call(bob, 'GET', `/api/me/positions/${audiobook}`)).json()).toEqual({ positionSeconds: 7200 });
  });

  it('are kept only for tracks longer than 10 minutes', async () => {
    const res = await save(alice, song, 60);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Positions are kept only for tracks longer than 10 minutes');
  });

  it('need a signed-in user and a visible track', async () => {
    expect((await call(null, 'PUT', `/api/me/positions/${podcast}`, { positionSeconds: 5 })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/me/positions')).statusCode).toBe(401);
    const hidden = await makeTrack(creator.id, 'Hidden', { isPublic: false });
    expect((await save(alice, hidden, 700)).statusCode).toBe(404);
    expect((await save(alice, 'nope', 700)).statusCode).toBe(404);
    expect((await call(alice, 'PUT', `/api/me/positions/${podcast}`, { positionSeconds: -3 })).statusCode).toBe(400);
  });

  it('GET /api/me/positions lists unfinished tracks for Continue listening, newest first', async () => {
    await save(alice, audiobook, 100);
    const list = (await call(alice, 'GET', '/api/me/positions')).json() as TContinueList;
    expect(list.items.map((i) => [i.track.title, i.positionSeconds])).toEqual([
      ['Audiobook', 100],
      ['Podcast', 800],
    ]);
    expect(list.items[0]?.track.creator.displayName).toBe('Creator Real Name');
    // Finished (within 30 s of the end) drops out; so does a position at the very start.
    await save(alice, audiobook, 7190);
    await save(alice, podcast, 2);
    expect(((await call(alice, 'GET', '/api/me/positions')).json() as TContinueList).items).toEqual([]);
  });
});

describe('GET /api/me/history', () => {
  it('lists recently played tracks once each, newest first, private to the user', async () => {
    const carol = await signUp(t, { name: 'Carol' });
    await call(carol, 'POST', '/api/plays', { trackId: song, secondsListened: 40 });
    await call(carol, 'POST', '/api/plays', { trackId: podcast, secondsListened: 40 });
    await t.ctx.database.query(
      `UPDATE listen_events SET created_at = now() - interval '40 minutes' WHERE user_id = $1 AND audio_id = $2`,
      [carol.id, song],
    );
    await call(carol, 'POST', '/api/plays', { trackId: song, secondsListened: 40 }); // a second play of the song
    await save(carol, audiobook, 300);
    const history = (await call(carol, 'GET', '/api/me/history')).json() as THistoryList;
    expect(history.items.map((i) => i.track.title)).toEqual(['Audiobook', 'Song', 'Podcast']);
    expect(new Date(history.items[0]?.playedAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const bobs = (await call(bob, 'GET', '/api/me/history')).json() as THistoryList;
    expect(bobs.items.map((i) => i.track.title)).toEqual(['Audiobook', 'Podcast']);
    expect((await call(null, 'GET', '/api/me/history')).statusCode).toBe(401);
  });

  it('leaves out tracks that became private', async () => {
    const dave = await signUp(t, { name: 'Dave' });
    const soon = await makeTrack(creator.id, 'Soon private', { duration: 100 });
    await call(dave, 'POST', '/api/plays', { trackId: soon, secondsListened: 50 });
    expect(((await call(dave, 'GET', '/api/me/history')).json() as THistoryList).items).toHaveLength(1);
    await t.ctx.database.query('UPDATE audio_content SET is_public = false WHERE id = $1', [soon]);
    expect(((await call(dave, 'GET', '/api/me/history')).json() as THistoryList).items).toHaveLength(0);
  });
});
