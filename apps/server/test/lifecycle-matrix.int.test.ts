import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { servingState } from '../src/modules/ads/serving-state';
import { topicAccess } from '../src/realtime/topic-access';
import type { FakeStripe } from './fake-stripe';
import { signInAgain, signUp, type TestApp, type TestUser } from './helpers';
import { lifecyclePair, on, reactsWithin, socketOn } from './lifecycle-pair';
import { seedDisplayCampaign } from './seed-ad';
import { seedTrack } from './seed-track';
import { scaled } from './time';

/**
 * The lifecycle matrix (issue 31): for each lifecycle event × each surface that must react, the
 * change is made on process A and the surface is read on process B, whose caches were warmed
 * first; B must react within 1 s of A's answer (test/lifecycle-pair.ts). The surfaces added since
 * (radio, rooms, premieres, statements, payouts, ads reports, now playing, billing notices) have
 * their rows in lifecycle-matrix-surfaces.int.test.ts.
 */

const pair = lifecyclePair();
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let stripe: FakeStripe;
beforeAll(() => {
  ({ a, b, admin, stripe } = pair);
});
const socketOnB = (user: TestUser) => socketOn(pair, user);

/**
 * A public, ready creator track with its audio stored and a transcript, in a listener's public
 * playlist: shown on Home, search, its page, the feeds, the playlist.
 */
async function publicTrack(title: string) {
  const creator = await signUp(a, { role: 'creator', name: `${title} Maker` });
  const id = await seedTrack(a.ctx.database.db, creator.id, { title, isPublic: true, allowDownloads: true });
  await a.ctx.storage.put(`audio/${creator.id}/${id}.mp3`, Readable.from([Buffer.alloc(1000, 1)]));
  await b.ctx.storage.put(`audio/${creator.id}/${id}.mp3`, Readable.from([Buffer.alloc(1000, 1)]));
  const transcript = { kind: 'text', content: `${title} words` };
  expect((await on(a, creator, 'PUT', `/api/tracks/${id}/transcript`, transcript)).statusCode).toBe(200);
  const curator = await signUp(a);
  const playlist = (await on(a, curator, 'POST', '/api/playlists', { name: `${title} list`, isPublic: true })).json();
  expect((await on(a, curator, 'POST', `/api/playlists/${playlist.id}/tracks`, { trackId: id })).statusCode).toBe(200);
  // Issue 36: reposted by someone a listener follows, released on an EP, related to its sibling.
  const reposter = await signUp(a, { name: `${title} Reposter` });
  expect((await on(a, reposter, 'PUT', `/api/tracks/${id}/repost`)).statusCode).toBe(200);
  const follower = await signUp(a);
  expect((await on(a, follower, 'POST', `/api/users/${reposter.id}/follow`)).statusCode).toBe(200);
  const ep = { title: `${title} EP`, kind: 'ep', releaseDate: '2020-01-01', trackIds: [id] };
  const album = (await on(a, creator, 'POST', '/api/albums', ep)).json() as { id: string };
  const siblingId = await seedTrack(a.ctx.database.db, creator.id, { title: `${title} Sibling`, isPublic: true });
  // As processing does when a track turns ready (the row was written with SQL here).
  await a.ctx.events.publish('track.changed', { trackId: id });
  await a.ctx.events.settled();
  await b.ctx.events.settled();
  return { creator, curator, follower, id, title, playlistId: playlist.id as string, albumId: album.id, siblingId };
}

/** The track's surfaces as an anonymous visitor sees them on B: true while the track shows there. */
function trackSurfaces(track: Awaited<ReturnType<typeof publicTrack>>) {
  const body = async (url: string) => (await on(b, null, 'GET', url)).body;
  const shows = async (url: string) => (await body(url)).includes(track.id);
  const ok = async (url: string) => (await on(b, null, 'GET', url)).statusCode === 200;
  const audioUrl = encodeURIComponent(`${b.ctx.config.PUBLIC_URL}/audio/${track.id}`);
  return {
    page: () => ok(`/api/tracks/${track.id}`),
    home: () => shows('/api/home'),
    explore: () => shows('/api/explore/tracks'),
    search: () => shows(`/api/search?q=${encodeURIComponent(track.title)}`),
    'playlist read': () => shows(`/api/playlists/${track.playlistId}`),
    'creator feed': () => shows(`/feeds/creators/${track.creator.id}.xml`),
    'playlist feed': () => shows(`/feeds/playlists/${track.playlistId}.xml`),
    // Without a web build the embed answers 503 for a track it would show, 404 for a hidden one.
    embed: async () => (await on(b, null, 'GET', `/embed/track/${track.id}`)).statusCode !== 404,
    oEmbed: () => ok(`/api/oembed?url=${audioUrl}`),
    transcript: () => ok(`/api/tracks/${track.id}/transcript`),
    stream: () => ok(`/api/tracks/${track.id}/stream`),
    download: () => ok(`/api/tracks/${track.id}/download`),
    'realtime topic': () => topicAccess(b.ctx)(`track:${track.id}`, null),
    'repost count': () => ok(`/api/tracks/${track.id}/repost`),
    'following feed (repost)': async () =>
      (await on(b, track.follower, 'GET', '/api/feed')).body.includes(`:${track.id}`),
    album: () => shows(`/api/albums/${track.albumId}`),
    "creator's albums": async () => (await body(`/api/users/${track.creator.id}/albums`)).includes(track.albumId),
    'related tracks': () => shows(`/api/tracks/${track.siblingId}/related`),
  };
}
type Surfaces = ReturnType<typeof trackSurfaces>;

/**
 * Every surface shows the track on B (which also warms B's caches). Waited for: over Redis, the
 * `track.changed` that made it public may still be on its way to B, whose home was cached before.
 */
async function expectShown(surfaces: Surfaces) {
  for (const [name, shows] of Object.entries(surfaces))
    await expect.poll(shows, { message: `${name} before`, timeout: scaled(5_000) }).toBe(true);
}

/** Every surface stops showing it on B within the deadline, and adding it to a playlist there is 404. */
async function expectHiddenWithin(since: number, event: string, surfaces: Surfaces) {
  for (const [name, shows] of Object.entries(surfaces)) {
    await reactsWithin(since, `${event} × ${name}`, async () => !(await shows()));
  }
}

/** Adding the track to a playlist on B: 404 once hidden (checked after, since adding changes the playlist). */
async function expectAddRefused(track: { id: string }) {
  const adder = await signUp(b);
  const list = (await on(b, adder, 'POST', '/api/playlists', { name: 'Matrix adder', isPublic: true })).json();
  expect((await on(b, adder, 'POST', `/api/playlists/${list.id}/tracks`, { trackId: track.id })).statusCode).toBe(404);
}

describe('lifecycle matrix: a change on one process, every surface on the other within 1 s', () => {
  it('account.suspended: content, sessions and sockets', async () => {
    const track = await publicTrack('Matrix Suspended Song');
    const surfaces = trackSurfaces(track);
    await expectShown(surfaces);
    expect((await on(b, track.creator, 'GET', '/api/me/profile')).statusCode).toBe(200); // cached on B
    const socket = await socketOnB(track.creator);
    const tokenWorks = await apiToken(track.creator);
    expect(await tokenWorks()).toBe(true);

    expect((await on(a, admin, 'POST', `/api/admin/users/${track.creator.id}/suspend`)).statusCode).toBe(200);
    const since = Date.now();
    await reactsWithin(since, 'account.suspended × API token', async () => !(await tokenWorks()));
    await expectHiddenWithin(since, 'account.suspended', surfaces);
    await expectAddRefused(track);
    await reactsWithin(
      since,
      'account.suspended × session',
      async () => (await on(b, track.creator, 'GET', '/api/me/profile')).statusCode === 401,
    );
    await reactsWithin(since, 'account.suspended × socket', async () => socket.closed === 4401);
  });

  it('account.restored: the content shows again', async () => {
    const track = await publicTrack('Matrix Restored Song');
    await on(a, admin, 'POST', `/api/admin/users/${track.creator.id}/suspend`);
    const surfaces = trackSurfaces(track);
    await expectHiddenWithin(Date.now(), 'account.suspended', surfaces); // warms B's caches hidden
    expect((await on(a, admin, 'POST', `/api/admin/users/${track.creator.id}/restore`)).statusCode).toBe(200);
    const since = Date.now();
    for (const [name, shows] of Object.entries(surfaces))
      await reactsWithin(since, `account.restored × ${name}`, shows);
  });

  it('account.deleted: content, sessions and sockets', async () => {
    const track = await publicTrack('Matrix Deleted Song');
    const surfaces = trackSurfaces(track);
    await expectShown(surfaces);
    expect((await on(b, track.creator, 'GET', '/api/me/profile')).statusCode).toBe(200);
    const socket = await socketOnB(track.creator);
    expect((await on(a, admin, 'DELETE', `/api/admin/users/${track.creator.id}`)).statusCode).toBe(200);
    const since = Date.now();
    await expectHiddenWithin(since, 'account.deleted', surfaces);
    await reactsWithin(
      since,
      'account.deleted × session',
      async () => (await on(b, track.creator, 'GET', '/api/me/profile')).statusCode === 401,
    );
    await reactsWithin(since, 'account.deleted × socket', async () => socket.closed === 4401);
  });

  it('session.revoked (sign-out): that session and its socket end on the other process, another session stays', async () => {
    const user = await signUp(a);
    const other = await signInAgain(a, user);
    expect((await on(b, user, 'GET', '/api/me/profile')).statusCode).toBe(200);
    const socket = await socketOnB(user);
    const otherSocket = await socketOnB(other);
    expect((await on(a, user, 'POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    const since = Date.now();
    await reactsWithin(
      since,
      'session.revoked × session',
      async () => (await on(b, user, 'GET', '/api/me/profile')).statusCode === 401,
    );
    await reactsWithin(since, 'session.revoked × socket', async () => socket.closed === 4401);
    expect((await on(b, other, 'GET', '/api/me/profile')).statusCode).toBe(200);
    expect(otherSocket.closed).toBeNull();
  });

  it('password.changed: every other session and socket ends on the other process', async () => {
    const user = await signUp(a);
    const other = await signInAgain(a, user);
    expect((await on(b, other, 'GET', '/api/me/profile')).statusCode).toBe(200);
    const otherSocket = await socketOnB(other);
    const tokenWorks = await apiToken(user);
    expect(await tokenWorks()).toBe(true);
    const res = await on(a, user, 'POST', '/api/me/password', {
      currentPassword: user.password,
      newPassword: 'a much newer passphrase',
      confirmPassword: 'a much newer passphrase',
    });
    expect(res.statusCode).toBe(200);
    const since = Date.now();
    await reactsWithin(
      since,
      'password.changed × session',
      async () => (await on(b, other, 'GET', '/api/me/profile')).statusCode === 401,
    );
    await reactsWithin(since, 'password.changed × socket', async () => otherSocket.closed === 4401);
    await reactsWithin(since, 'password.changed × API token', async () => !(await tokenWorks()));
  });

  it('role.changed: the new role applies on the other process, its sockets reconnect', async () => {
    const user = await signUp(a);
    // The session's role decides creator routes (the session is cached on B).
    expect((await on(b, user, 'GET', '/api/creator/stats')).statusCode).toBe(403);
    const socket = await socketOnB(user);
    expect((await on(a, admin, 'PUT', `/api/admin/users/${user.id}/role`, { role: 'creator' })).statusCode).toBe(200);
    const since = Date.now();
    await reactsWithin(
      since,
      'role.changed × session',
      async () => (await on(b, user, 'GET', '/api/creator/stats')).statusCode === 200,
    );
    await reactsWithin(since, 'role.changed × socket', async () => socket.closed === 4409);
  });

  it('track.hidden (made private): every surface', async () => {
    const track = await publicTrack('Matrix Private Song');
    const surfaces = trackSurfaces(track);
    await expectShown(surfaces);
    expect((await on(a, track.creator, 'PATCH', `/api/tracks/${track.id}`, { isPublic: false })).statusCode).toBe(200);
    await expectHiddenWithin(Date.now(), 'track.hidden (private)', surfaces);
    await expectAddRefused(track);
  });

  it('track.shown (made public): every surface', async () => {
    const track = await publicTrack('Matrix Public Again Song');
    await on(a, track.creator, 'PATCH', `/api/tracks/${track.id}`, { isPublic: false });
    const surfaces = trackSurfaces(track);
    await expectHiddenWithin(Date.now(), 'track.hidden (private)', surfaces);
    expect((await on(a, track.creator, 'PATCH', `/api/tracks/${track.id}`, { isPublic: true })).statusCode).toBe(200);
    const since = Date.now();
    for (const [name, shows] of Object.entries(surfaces)) await reactsWithin(since, `track.shown × ${name}`, shows);
  });

  it('track.hidden (removed by moderation): every surface', async () => {
    const track = await publicTrack('Matrix Removed Song');
    const surfaces = trackSurfaces(track);
    await expectShown(surfaces);
    const reporter = await signUp(a);
    expect(
      (await on(a, reporter, 'POST', '/api/reports', { targetType: 'track', targetId: track.id, reason: 'spam' }))
        .statusCode,
    ).toBe(200);
    const queue = (await on(a, admin, 'GET', '/api/admin/reports')).json().items as {
      reportId: string;
      targetId: string;
    }[];
    const report = queue.find((r) => r.targetId === track.id);
    expect((await on(a, admin, 'POST', `/api/admin/reports/${report?.reportId}/remove`)).statusCode).toBe(200);
    await expectHiddenWithin(Date.now(), 'track.hidden (removed)', surfaces);
    await expectAddRefused(track);
  });

  it('track.hidden (deleted): every surface', async () => {
    const track = await publicTrack('Matrix Deleted Track');
    const surfaces = trackSurfaces(track);
    await expectShown(surfaces);
    expect((await on(a, track.creator, 'DELETE', `/api/tracks/${track.id}`)).statusCode).toBe(204);
    await expectHiddenWithin(Date.now(), 'track.hidden (deleted)', surfaces);
    await expectAddRefused(track);
  });
});

/** A personal access token of the user, made on A; `works` asks B with it. */
async function apiToken(user: TestUser) {
  const res = await on(a, user, 'POST', '/api/tokens', { name: 'Matrix', scope: 'read' });
  expect(res.statusCode).toBe(201);
  const token = res.json().secret as string;
  return async () =>
    (await b.app.inject({ url: '/api/me/profile', headers: { authorization: `Bearer ${token}` } })).statusCode === 200;
}

describe('lifecycle matrix: outside services', () => {
  /** A listener paying for Premium at the (fake) Stripe, synced on A through its webhooks. */
  async function payingListener() {
    const user = await signUp(a);
    expect((await on(a, user, 'POST', '/api/billing/checkout', { planId: 'premium' })).statusCode).toBe(200);
    const session = [...stripe.sessions.values()].at(-1) as Record<string, unknown> & { customer: string };
    const now = a.ctx.clock.now();
    const sub = stripe.putSubscription({
      customer: session.customer,
      price: 'price_premium',
      metadata: { userId: user.id, planId: 'premium' },
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
    Object.assign(session, { subscription: sub.id, status: 'complete', payment_status: 'paid' });
    const d = stripe.delivery('checkout.session.completed', session, { created: now });
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: d.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
    });
    expect(res.statusCode).toBe(200);
    return { user, subId: sub.id };
  }

  it('account.suspended / restored / deleted × Stripe subscription: paused, resumed, cancelled', async () => {
    const { user, subId } = await payingListener();
    const atStripe = () => stripe.subscriptions.get(subId);
    expect(atStripe()?.pause_collection).toBeNull();
    await on(a, admin, 'POST', `/api/admin/users/${user.id}/suspend`);
    await reactsWithin(
      Date.now(),
      'account.suspended × Stripe',
      async () => atStripe()?.pause_collection?.behavior === 'void',
    );
    await on(a, admin, 'POST', `/api/admin/users/${user.id}/restore`);
    await reactsWithin(Date.now(), 'account.restored × Stripe', async () => atStripe()?.pause_collection === null);
    await on(a, admin, 'DELETE', `/api/admin/users/${user.id}`);
    await reactsWithin(Date.now(), 'account.deleted × Stripe', async () => atStripe()?.status === 'canceled');
  });

  it('account.suspended × ad serving: the advertiser is served on neither process', async () => {
    const advertiser = await signUp(a, { role: 'advertiser' });
    const campaignId = await seedDisplayCampaign(a.ctx.database.db, advertiser.id, {
      at: a.ctx.clock.now(),
      cpmMicros: 9_000_000,
    });
    // As the admin's approval does: every process reloads its index.
    for (const t of [a, b]) servingState(t.ctx).changed();
    const servedOnB = async () =>
      (await on(b, null, 'GET', '/api/ads/serve?format=display&placement=home&size=300x250')).json().ad?.campaignId ===
      campaignId;
    await reactsWithin(Date.now(), 'ads index', servedOnB);
    await on(a, admin, 'POST', `/api/admin/users/${advertiser.id}/suspend`);
    await reactsWithin(Date.now(), 'account.suspended × ad serving', async () => !(await servedOnB()));
  });
});
