import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { LISTENER_COOKIE } from './listener-cookie';

let t: TestApp;
let listener: TestUser;
let other: TestUser;
let creator: TestUser;
let song: string; // 200 s: threshold 30 s
let jingle: string; // 20 s: threshold 10 s (half the track)
let privateTrack: string;

async function makeTrack(userId: string, title: string, opts: { isPublic?: boolean; duration?: number } = {}) {
  return seedTrack(t.ctx.database.db, userId, {
    title,
    duration: opts.duration ?? 200,
    isPublic: opts.isPublic ?? true,
  });
}

const report = (cookie: string | null, trackId: string, secondsListened: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/plays',
    payload: { trackId, secondsListened },
    headers: cookie ? { cookie } : {},
  });

async function playCount(trackId: string) {
  const [row] = await t.ctx.database.query<{ play_count: number }>(
    'SELECT play_count FROM audio_content WHERE id = $1',
    [trackId],
  );
  return row?.play_count;
}

async function events(trackId: string) {
  return t.ctx.database.query<{ user_id: string | null; anonymous_id: string | null; seconds_listened: number }>(
    'SELECT user_id, anonymous_id, seconds_listened FROM listen_events WHERE audio_id = $1',
    [trackId],
  );
}

/** Moves a track's listen events back in time, as if `minutes` had passed. */
async function age(trackId: string, minutes: number) {
  await t.ctx.database.query(
    `UPDATE listen_events SET created_at = created_at - make_interval(mins => $2) WHERE audio_id = $1`,
    [trackId, minutes],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await signUp(t, { name: 'Listener' });
  other = await signUp(t, { name: 'Other' });
  creator = await signUp(t, { name: 'Creator', role: 'creator' });
  song = await makeTrack(creator.id, 'song');
  jingle = await makeTrack(creator.id, 'jingle', { duration: 20 });
  privateTrack = await makeTrack(creator.id, 'secret', { isPublic: false });
});
afterAll(() => t.close());

describe('POST /api/plays (signed in)', () => {
  it('does not count before the threshold (min of 30 s and half the track)', async () => {
    const res = await report(listener.cookie, song, 29.5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counted: false, playCount: 0 });
    expect((await report(listener.cookie, jingle, 9.9)).json().counted).toBe(false);
    expect(await playCount(song)).toBe(0);
    expect(await events(song)).toHaveLength(0);
  });

  it('counts once the threshold is reached, stores a listen event, and only once per 30 minutes', async () => {
    const first = await report(listener.cookie, song, 30);
    expect(first.json()).toEqual({ counted: true, playCount: 1 });
    expect(await events(song)).toEqual([{ user_id: listener.id, anonymous_id: null, seconds_listened: 30 }]);

    const again = await report(listener.cookie, song, 120);
    expect(again.json()).toEqual({ counted: false, playCount: 1 });
    await age(song, 29);
    expect((await report(listener.cookie, song, 60)).json().counted).toBe(false);
    expect(await playCount(song)).toBe(1);

    // After the window the same listener counts again.
    await age(song, 2);
    expect((await report(listener.cookie, song, 60)).json()).toEqual({ counted: true, playCount: 2 });
    expect(await events(song)).toHaveLength(2);
  });

  it('half of a short track is enough, and another listener counts separately', async () => {
    expect((await report(listener.cookie, jingle, 10)).json()).toEqual({ counted: true, playCount: 1 });
    expect((await report(other.cookie, jingle, 10)).json()).toEqual({ counted: true, playCount: 2 });
    expect((await report(other.cookie, jingle, 20)).json()).toEqual({ counted: false, playCount: 2 });
  });

  it('caps the stored listening at the track length', async () => {
    const fresh = await makeTrack(creator.id, 'short-cap', { duration: 20 });
    await report(listener.cookie, fresh, 5000);
    expect((await events(fresh))[0]?.seconds_listened).toBe(25);
  });

  it('answers 404 for private, missing and malformed tracks, 400 for bad bodies', async () => {
    expect((await report(listener.cookie, privateTrack, 60)).statusCode).toBe(404);
    expect((await report(listener.cookie, '00000000-0000-4000-8000-000000000000', 60)).statusCode).toBe(404);
    expect((await report(listener.cookie, 'not-a-uuid', 60)).statusCode).toBe(404);
    expect((await report(listener.cookie, song, -1)).statusCode).toBe(400);
    const noTrack = await t.app.inject({ method: 'POST', url: '/api/plays', payload: { secondsListened: 40 } });
    expect(noTrack.statusCode).toBe(400);
    expect(noTrack.json().error.code).toBe('VALIDATION_FAILED');
    expect(await playCount(privateTrack)).toBe(0);
  });

  it('the owner of a private track can play it and it counts', async () => {
    expect((await report(creator.cookie, privateTrack, 60)).json()).toEqual({ counted: true, playCount: 1 });
  });

  it('refuses cross-origin reports', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plays',
      payload: { trackId: song, secondsListened: 60 },
      headers: { cookie: other.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/plays (anonymous)', () => {
  it('gives a browser an id cookie first, then counts once per id per window', async () => {
    const track = await makeTrack(creator.id, 'anon-song');
    const start = await report(null, track, 0);
    expect(start.json()).toMatchObject({ counted: false, playCount: 0 });
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toContain(`${LISTENER_COOKIE}=`);
    expect(setCookie).toContain('HttpOnly');
    const cookie = cookieHeader(start.headers['set-cookie']);

    expect((await report(cookie, track, 31)).json()).toEqual({ counted: true, playCount: 1 });
    expect((await report(cookie, track, 31)).json()).toEqual({ counted: false, playCount: 1 });
    const [ev] = await events(track);
    expect(ev?.user_id).toBeNull();
    expect(ev?.anonymous_id).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    // A second browser is a second listener.
    const cookie2 = cookieHeader((await report(null, track, 0)).headers['set-cookie']);
    expect((await report(cookie2, track, 31)).json()).toEqual({ counted: true, playCount: 2 });
  });

  it('does not count without an id, nor with a forged one', async () => {
    const track = await makeTrack(creator.id, 'anon-forged');
    const res = await report(null, track, 60);
    expect(res.json()).toMatchObject({ counted: false, playCount: 0 });
    expect(res.headers['set-cookie']).toBeDefined();
    const forged = await report(`${LISTENER_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA.forgedsignature`, track, 60);
    expect(forged.json().counted).toBe(false);
    expect(await playCount(track)).toBe(0);
  });
});
