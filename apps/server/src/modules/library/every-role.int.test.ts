import { ROLES, type TLibrary } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { listenEvents } from '../../db/schema';

// Every signed-in account has a library (issue 14): affiliates and advertisers listen too, so
// their likes, history and Your Library answer like anyone's.

let t: TestApp;
let trackId: string;
beforeAll(async () => {
  t = await createTestApp();
  const creator = await signUp(t, { name: 'Aurora', role: 'creator' });
  trackId = await seedTrack(t.ctx.database.db, creator.id, { title: 'Night Drive', duration: 600 });
});
afterAll(() => t.close());

describe.each(ROLES)('a signed-in %s', (role) => {
  it('likes a track and reads Your Library, Liked Songs and Recently Played', async () => {
    const user = await signUp(t, { name: `A ${role}`, role });
    const as = (method: 'GET' | 'PUT', url: string) => t.app.inject({ method, url, headers: { cookie: user.cookie } });
    expect((await as('PUT', `/api/tracks/${trackId}/like`)).statusCode).toBe(200);
    await t.ctx.database.db.insert(listenEvents).values({ userId: user.id, audioId: trackId, secondsListened: 120 });

    const library = await as('GET', '/api/me/library');
    expect(library.statusCode).toBe(200);
    const lib = library.json() as TLibrary;
    expect(lib.likedTracks.map((x) => x.id)).toEqual([trackId]);
    expect(lib.recentlyPlayed.map((x) => x.track.id)).toEqual([trackId]);

    const liked = await as('GET', '/api/me/likes');
    expect(liked.statusCode).toBe(200);
    expect(liked.json().items.map((x: { track: { id: string } }) => x.track.id)).toEqual([trackId]);
    expect((await as('GET', '/api/me/likes/ids')).statusCode).toBe(200);

    const history = await as('GET', '/api/me/history');
    expect(history.statusCode).toBe(200);
    expect(history.json().items.map((x: { track: { id: string } }) => x.track.id)).toEqual([trackId]);
    expect((await as('GET', '/api/me/positions')).statusCode).toBe(200);
  });
});
