import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';

// Counts that feel live (issue 36): a counted play and a changed follower count are announced on the
// bus, for the track's page and the owner's dashboard; nothing is announced when nothing changed.
let t: TestApp;
let listener: TestUser;
let creator: TestUser;
let song: string; // 200 s: threshold 30 s
const heard: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  listener = await signUp(t, { name: 'Listener' });
  creator = await signUp(t, { name: 'Creator', role: 'creator' });
  song = await seedTrack(t.ctx.database.db, creator.id, { title: 'song', duration: 200, isPublic: true });
  t.ctx.bus.subscribe((m) => {
    if (m.event === 'track.played' || m.event === 'user.followers') heard.push(m);
  });
});
afterAll(() => t.close());

const report = (secondsListened: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/plays',
    payload: { trackId: song, secondsListened },
    headers: { cookie: listener.cookie },
  });

const follow = (method: 'POST' | 'DELETE') =>
  t.app.inject({
    method,
    url: `/api/users/${creator.id}/follow`,
    headers: { cookie: listener.cookie, origin: 'http://localhost:3000' },
  });

describe('track.played', () => {
  it('is not announced before the threshold', async () => {
    heard.length = 0;
    expect((await report(12)).json()).toEqual({ counted: false, playCount: 0 });
    expect(heard).toEqual([]);
  });

  it('announces the new count on the track topic and the owner topic once the play counts', async () => {
    heard.length = 0;
    expect((await report(31)).json()).toEqual({ counted: true, playCount: 1 });
    const data = { trackId: song, ownerId: creator.id, playCount: 1 };
    expect(heard).toEqual(
      expect.arrayContaining([
        { topic: `track:${song}`, event: 'track.played', data },
        { topic: `user:${creator.id}`, event: 'track.played', data },
      ]),
    );
    expect(heard).toHaveLength(2);
  });

  it('is not announced for a play not counted again in the window', async () => {
    heard.length = 0;
    expect((await report(60)).json()).toEqual({ counted: false, playCount: 1 });
    expect(heard).toEqual([]);
  });
});

describe('user.followers', () => {
  it('announces the count after a follow and an unfollow, not after a repeat of either', async () => {
    heard.length = 0;
    expect((await follow('POST')).json()).toMatchObject({ following: true, followerCount: 1 });
    expect((await follow('POST')).statusCode).toBe(200);
    expect((await follow('DELETE')).json()).toMatchObject({ following: false, followerCount: 0 });
    expect((await follow('DELETE')).statusCode).toBe(200);
    expect(heard).toEqual([
      { topic: `user:${creator.id}`, event: 'user.followers', data: { userId: creator.id, followerCount: 1 } },
      { topic: `user:${creator.id}`, event: 'user.followers', data: { userId: creator.id, followerCount: 0 } },
    ]);
  });
});
