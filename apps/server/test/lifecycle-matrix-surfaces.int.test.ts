import { randomUUID } from 'node:crypto';
import type { TRadioChannel, TRoom, TRoomQueueItem } from '@wavecast/shared';
import { roomTopic } from '@wavecast/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { billing } from '../src/modules/billing';
import { radioService } from '../src/modules/radio/service';
import { saveAutomatic } from '../src/modules/transcripts/auto-repo';
import { signInAgain, signUp, type TestApp, type TestUser } from './helpers';
import { lifecyclePair, on, reactsWithin, socketOn } from './lifecycle-pair';
import { rotationProgram } from './radio-program';
import { seedDisplayCampaign } from './seed-ad';
import { seedTrack } from './seed-track';

/**
 * The lifecycle matrix, continued (issue 31's rule for the surfaces added since): radio channels
 * and their stream, rooms and their socket topic, premieres, creator statements and payouts,
 * affiliate payouts and batches, ads reports, the now-playing topics, billing notices, and the
 * per-creator surfaces (podcast show and playlist art, a channel's cover, the transcript editor). As in
 * lifecycle-matrix.int.test.ts: the change is made on A, the surface read on B (caches warmed
 * first), which must react within 1 s of A's answer.
 */

const pair = lifecyclePair({ embeds: true });
let a: TestApp;
let b: TestApp;
let admin: TestUser;
beforeAll(() => {
  ({ a, b, admin } = pair);
});

const suspend = async (user: TestUser) =>
  expect((await on(a, admin, 'POST', `/api/admin/users/${user.id}/suspend`)).statusCode).toBe(200);
const restore = async (user: TestUser) =>
  expect((await on(a, admin, 'POST', `/api/admin/users/${user.id}/restore`)).statusCode).toBe(200);
const remove = async (user: TestUser) =>
  expect((await on(a, admin, 'DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(200);
const status = async (t: TestApp, user: TestUser | null, url: string) => (await on(t, user, 'GET', url)).statusCode;

describe('lifecycle matrix × radio channels, their stream and now-playing topic', () => {
  /** A Creator-plan creator's channel on air, rotating a playlist of two of their tracks. */
  async function channelOnAir(name: string) {
    const creator = await signUp(a, { role: 'creator', name: `${name} Maker` });
    await billing(a.ctx).subscriptions.grant({ id: creator.id, role: 'creator' }, 'creator', 'test');
    const trackIds = [
      await seedTrack(a.ctx.database.db, creator.id, { title: `${name} One` }),
      await seedTrack(a.ctx.database.db, creator.id, { title: `${name} Two` }),
    ];
    const playlist = (await on(a, creator, 'POST', '/api/playlists', { name: `${name} list`, isPublic: true })).json();
    for (const trackId of trackIds)
      expect((await on(a, creator, 'POST', `/api/playlists/${playlist.id}/tracks`, { trackId })).statusCode).toBe(200);
    const created = await on(a, creator, 'POST', '/api/radio/channels', { name, category: 'Music' });
    expect(created.statusCode, created.body).toBe(201);
    const channelId = created.json().id as string;
    const program = rotationProgram(playlist.id, { jingleEverySongs: 4 });
    const put = await on(a, creator, 'PUT', `/api/radio/channels/${channelId}/program`, program);
    expect(put.statusCode, put.body).toBe(200);
    const aired = await on(a, creator, 'POST', `/api/radio/channels/${channelId}/on-air`);
    expect(aired.statusCode, aired.body).toBe(200);
    await a.ctx.events.settled();
    return { creator, channelId, trackIds };
  }

  /** The channel's surfaces for a visitor on B: true while it shows there. */
  function channelSurfaces(channelId: string) {
    const listed = async () =>
      ((await on(b, null, 'GET', '/api/radio/channels')).json().items as TRadioChannel[]).some(
        (c) => c.id === channelId,
      );
    return {
      page: async () => (await status(b, null, `/api/radio/channels/${channelId}`)) === 200,
      listed,
      'on air': async () => (await on(b, null, 'GET', `/api/radio/channels/${channelId}`)).json().onAir === true,
      'M3U entry': async () => (await status(b, null, `/api/radio/channels/${channelId}/listen.m3u`)) === 200,
      'RSS feed': async () => (await status(b, null, `/api/radio/channels/${channelId}/feed.rss`)) === 200,
      embed: async () => (await status(b, null, `/embed/radio/${channelId}`)) === 200,
      // Not refused while on air (302 to its relay stream once the engine airs it).
      stream: async () => (await status(b, null, `/api/radio/channels/${channelId}/stream`)) !== 404,
    };
  }
  type Surfaces = ReturnType<typeof channelSurfaces>;
  const shown = async (surfaces: Surfaces) => {
    for (const [name, shows] of Object.entries(surfaces))
      await expect.poll(shows, { message: `${name} before`, timeout: 5_000 }).toBe(true);
  };
  const goneWithin = async (since: number, event: string, surfaces: Surfaces) => {
    for (const [name, shows] of Object.entries(surfaces))
      await reactsWithin(since, `${event} × channel ${name}`, async () => !(await shows()));
  };

  it('account.suspended: the channel goes off air, unlisted, its stream refused; its now-playing topic is told', async () => {
    const { creator, channelId } = await channelOnAir('Matrix Suspended FM');
    const surfaces = channelSurfaces(channelId);
    await shown(surfaces);
    const listener = await socketOn(pair, null, [`radio:${channelId}`]);
    await suspend(creator);
    const since = Date.now();
    await goneWithin(since, 'account.suspended', surfaces);
    await reactsWithin(since, 'account.suspended × now-playing topic', async () =>
      listener.events.some(
        (e) =>
          e.topic === `radio:${channelId}` && e.event === 'radio.air' && (e.data as { onAir: boolean }).onAir === false,
      ),
    );
    listener.close();
    // Restored, the channel is seen again (off air: its owner puts it back on air).
    await restore(creator);
    await reactsWithin(Date.now(), 'account.restored × channel page', surfaces.page);
  });

  it('account.deleted: the channel is gone', async () => {
    const { creator, channelId } = await channelOnAir('Matrix Deleted FM');
    const surfaces = channelSurfaces(channelId);
    await shown(surfaces);
    await remove(creator);
    await goneWithin(Date.now(), 'account.deleted', surfaces);
  });

  it('track.hidden (private, removed, deleted): the track leaves the rotation on the other process', async () => {
    const { creator, channelId, trackIds } = await channelOnAir('Matrix Rotation FM');
    const [first, second] = trackIds as [string, string];
    const pool = async () => ((await radioService(b.ctx).program(channelId))?.pool ?? []).map((p) => p.track_id);
    expect(await pool()).toEqual(expect.arrayContaining([first, second]));
    expect((await on(a, creator, 'PATCH', `/api/tracks/${first}`, { isPublic: false })).statusCode).toBe(200);
    await reactsWithin(Date.now(), 'track.hidden (private) × rotation', async () => !(await pool()).includes(first));
    expect((await on(a, creator, 'DELETE', `/api/tracks/${second}`)).statusCode).toBe(204);
    await reactsWithin(Date.now(), 'track.hidden (deleted) × rotation', async () => (await pool()).length === 0);
  });
});

describe('lifecycle matrix × rooms, their socket topic and premieres', () => {
  /** A listener's public room playing a creator's track, with a second track queued. */
  async function roomWithQueue(name: string) {
    const creator = await signUp(a, { role: 'creator', name: `${name} Maker` });
    const playing = await seedTrack(a.ctx.database.db, creator.id, { title: `${name} Playing`, duration: 180 });
    const queued = await seedTrack(a.ctx.database.db, creator.id, { title: `${name} Queued`, duration: 180 });
    const host = await signUp(a, { name: `${name} Host` });
    const res = await on(a, host, 'POST', '/api/rooms', {
      source: { kind: 'track', id: playing },
      visibility: 'public',
    });
    expect(res.statusCode, res.body).toBe(201);
    const room = res.json() as TRoom;
    expect((await on(a, host, 'POST', `/api/rooms/${room.id}/queue`, { trackId: queued })).statusCode).toBe(200);
    return { creator, host, room, playing, queued };
  }
  const queueOnB = async (roomId: string) =>
    ((await on(b, null, 'GET', `/api/rooms/${roomId}/queue`)).json().items as TRoomQueueItem[]).map((i) => i.trackId);

  it("track.hidden (private, removed): the track leaves rooms' queues on the other process", async () => {
    const { creator, room, playing, queued } = await roomWithQueue('Matrix Queue');
    expect(await queueOnB(room.id)).toEqual([playing, queued]);
    expect((await on(a, creator, 'PATCH', `/api/tracks/${queued}`, { isPublic: false })).statusCode).toBe(200);
    await reactsWithin(
      Date.now(),
      'track.hidden (private) × room queue',
      async () => !(await queueOnB(room.id)).includes(queued),
    );
    const reporter = await signUp(a);
    const report = { targetType: 'track', targetId: playing, reason: 'spam' };
    expect((await on(a, reporter, 'POST', '/api/reports', report)).statusCode).toBe(200);
    const queue = (await on(a, admin, 'GET', '/api/admin/reports')).json().items as {
      reportId: string;
      targetId: string;
    }[];
    const found = queue.find((r) => r.targetId === playing);
    expect((await on(a, admin, 'POST', `/api/admin/reports/${found?.reportId}/remove`)).statusCode).toBe(200);
    await reactsWithin(
      Date.now(),
      'track.hidden (removed) × room queue',
      async () => !(await queueOnB(room.id)).includes(playing),
    );
  });

  it('account.suspended / deleted: the member leaves the room, a host hands over', async () => {
    const { host, room } = await roomWithQueue('Matrix Members');
    const guest = (await on(a, null, 'POST', `/api/rooms/${room.id}/join`, { guestName: 'Stays' })).json();
    expect(guest.guestToken).toEqual(expect.any(String));
    const member = await signUp(a, { name: 'Matrix Member' });
    expect((await on(a, member, 'POST', `/api/rooms/${room.id}/join`, {})).statusCode).toBe(200);
    const members = async () =>
      ((await on(b, null, 'GET', `/api/rooms/${room.id}/members`)).json().items as { name: string }[]).map(
        (m) => m.name,
      );
    const roomOnB = async () => (await on(b, null, 'GET', `/api/rooms/${room.id}`)).json() as TRoom;
    expect(await members()).toEqual(expect.arrayContaining(['Matrix Members Host', 'Stays', 'Matrix Member']));
    await suspend(member);
    await reactsWithin(
      Date.now(),
      'account.suspended × room members',
      async () => !(await members()).includes('Matrix Member'),
    );
    await remove(host);
    await reactsWithin(Date.now(), 'account.deleted × room host', async () => {
      const r = await roomOnB();
      return !(await members()).includes('Matrix Members Host') && r.status === 'open' && r.memberCount === 1;
    });
  });

  for (const [event, end] of [
    ['session.revoked', async (u: TestUser) => on(a, u, 'POST', '/api/auth/sign-out', {})],
    [
      'password.changed',
      async (u: TestUser) =>
        on(a, u, 'POST', '/api/me/password', {
          currentPassword: u.password,
          newPassword: 'a much newer passphrase',
          confirmPassword: 'a much newer passphrase',
        }),
    ],
  ] as const)
    it(`${event}: the session's socket holding a room's topic is closed on the other process`, async () => {
      const { room } = await roomWithQueue(`Matrix ${event}`);
      const user = await signUp(a, { name: `${event} member` });
      expect((await on(a, user, 'POST', `/api/rooms/${room.id}/join`, {})).statusCode).toBe(200);
      // password.changed keeps the session that changed it: the socket is another session's.
      const held = event === 'password.changed' ? await signInAgain(a, user) : user;
      const socket = await socketOn(pair, held, [roomTopic(room.id)]);
      expect((await end(user)).statusCode).toBe(200);
      await reactsWithin(Date.now(), `${event} × room topic socket`, async () => socket.closed === 4401);
    });

  /** A creator's private track with a premiere in ten minutes. */
  async function premiere(name: string) {
    const creator = await signUp(a, { role: 'creator', name: `${name} Maker` });
    const trackId = await seedTrack(a.ctx.database.db, creator.id, { title: name, isPublic: false, duration: 120 });
    const startsAt = new Date(a.ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    const res = await on(a, creator, 'POST', `/api/tracks/${trackId}/premiere`, { startsAt });
    expect(res.statusCode, res.body).toBe(201);
    const premiereOnB = async () => (await status(b, null, `/api/tracks/${trackId}/premiere`)) === 200;
    expect(await premiereOnB()).toBe(true);
    return { creator, trackId, premiereOnB };
  }

  it('track.hidden (deleted) and track.shown (made public early): the premiere is canceled; made private it stays', async () => {
    const deleted = await premiere('Matrix Premiere Deleted');
    expect((await on(a, deleted.creator, 'DELETE', `/api/tracks/${deleted.trackId}`)).statusCode).toBe(204);
    await reactsWithin(Date.now(), 'track.hidden (deleted) × premiere', async () => !(await deleted.premiereOnB()));

    const early = await premiere('Matrix Premiere Early');
    const patch = { isPublic: true };
    expect((await on(a, early.creator, 'PATCH', `/api/tracks/${early.trackId}`, patch)).statusCode).toBe(200);
    await reactsWithin(Date.now(), 'track.shown (public) × premiere', async () => !(await early.premiereOnB()));
    // Private again (a premiere's track is private until it starts): nothing more to cancel, no error.
    expect((await on(a, early.creator, 'PATCH', `/api/tracks/${early.trackId}`, { isPublic: false })).statusCode).toBe(
      200,
    );
  });

  it('account.suspended: the creator’s premiere is canceled', async () => {
    const p = await premiere('Matrix Premiere Suspended');
    await suspend(p.creator);
    await reactsWithin(Date.now(), 'account.suspended × premiere', async () => !(await p.premiereOnB()));
  });
});

describe('lifecycle matrix × statements, payouts and batches', () => {
  const DAY = 86_400_000;
  const q = (text: string, params?: unknown[]) => a.ctx.database.query(text, params);

  /** A creator with $80.00 of available earnings who requested their payout (PayPal) on A. */
  async function creatorPayout(name: string) {
    const creator = await signUp(a, { role: 'creator', name });
    const past = new Date(a.ctx.clock.now().getTime() - 40 * DAY);
    await q(
      `INSERT INTO earnings_ledger (creator_id, month, kind, source, rule, amount_cents, subscribers, occurred_at, available_at, created_at)
       VALUES ($1, $2, 'allocation', 'subscriptions', 'user-centric', 8000, 1, $3, $3, $3)`,
      [creator.id, past.toISOString().slice(0, 7), past],
    );
    const method = { kind: 'paypal', email: `${creator.id}@example.org` };
    expect((await on(a, creator, 'PUT', `/api/creators/${creator.id}/payout-method`, method)).statusCode).toBe(200);
    const res = await on(a, creator, 'POST', `/api/creators/${creator.id}/payouts`);
    expect(res.statusCode, res.body).toBe(200);
    return { payee: creator, payoutId: res.json().payout.id as string };
  }

  /** An affiliate with $60.00 of payable commission who requested their payout (PayPal) on A. */
  async function affiliatePayout(name: string) {
    const affiliate = await signUp(a, { role: 'affiliate', name });
    const settings = { schedule: 'monthly', method: { kind: 'paypal', email: `${affiliate.id}@example.org` } };
    expect((await on(a, affiliate, 'PUT', '/api/affiliates/me/settings', settings)).statusCode).toBe(200);
    const referred = await signUp(a);
    const at = new Date(a.ctx.clock.now().getTime() - DAY);
    await q(
      'INSERT INTO affiliate_referrals (affiliate_id, referred_user_id, clicked_at, created_at) VALUES ($1, $2, $3, $3)',
      [affiliate.id, referred.id, at],
    );
    await q(
      `INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, occurred_at, payable_at, created_at)
       SELECT affiliate_id, 'commission', 6000, id, $2, $2, $2 FROM affiliate_referrals WHERE affiliate_id = $1`,
      [affiliate.id, at],
    );
    const res = await on(a, affiliate, 'POST', '/api/affiliates/me/payouts');
    expect(res.statusCode, res.body).toBe(200);
    return { payee: affiliate, payoutId: res.json().payout.id as string };
  }

  /** The admin on B gathers a batch (after step-up); the payout's status in the admin's lists then. */
  async function batchOnB() {
    expect((await on(b, admin, 'POST', '/api/admin/step-up', { password: admin.password })).statusCode).toBe(200);
    const res = await on(b, admin, 'POST', '/api/admin/affiliate-payout-batches');
    expect([200, 400]).toContain(res.statusCode); // 400: nothing to batch (every payout held)
  }
  const dueOnB = async () =>
    ((await on(b, admin, 'GET', '/api/admin/affiliate-payouts')).json().items as { id: string; status: string }[]).map(
      (p) => p.id,
    );
  const statusOf = async (payoutId: string) =>
    (
      await a.ctx.database.query<{ status: string }>('SELECT status FROM affiliate_payouts WHERE id = $1', [payoutId])
    )[0]?.status;

  for (const [kind, requested] of [
    ['creator', creatorPayout],
    ['affiliate', affiliatePayout],
  ] as const) {
    it(`account.suspended / restored × ${kind} payout: held out of batches while suspended, batched once restored`, async () => {
      const { payee, payoutId } = await requested(`Matrix Held ${kind}`);
      expect(await dueOnB()).toContain(payoutId);
      await suspend(payee);
      await batchOnB();
      expect(await statusOf(payoutId)).toBe('requested');
      expect(await dueOnB()).toContain(payoutId); // still due: held, not lost
      if (kind === 'creator') {
        // The statement stays readable by admins, the payout's amount still processing.
        const statement = (await on(b, admin, 'GET', `/api/creators/${payee.id}/earnings`)).json();
        expect(statement.balance).toMatchObject({ processingCents: 8000, availableCents: 0 });
      }
      await restore(payee);
      await batchOnB();
      expect(await statusOf(payoutId)).toBe('batched');
    });

    it(`account.deleted × ${kind} payout: never batched`, async () => {
      const { payee, payoutId } = await requested(`Matrix Gone ${kind}`);
      await remove(payee);
      await batchOnB();
      expect(await statusOf(payoutId)).toBe('requested');
    });
  }
});

describe('lifecycle matrix × ads reports and billing notices', () => {
  it("account.deleted × ads reports: the advertiser's reported campaign leaves the admin's queue", async () => {
    const advertiser = await signUp(a, { role: 'advertiser' });
    const campaignId = await seedDisplayCampaign(a.ctx.database.db, advertiser.id, {
      at: a.ctx.clock.now(),
      cpmMicros: 5_000_000,
    });
    await a.ctx.database.query(
      `INSERT INTO ad_reports (campaign_id, serve_id, reporter_key, reason, details, created_at)
       VALUES ($1, $2, 'anon:matrix', 'offensive', 'Matrix report', now())`,
      [campaignId, randomUUID()],
    );
    const queued = async () =>
      ((await on(b, admin, 'GET', '/api/admin/ads/reports')).json().items as { campaignId: string }[]).some(
        (r) => r.campaignId === campaignId,
      );
    expect(await queued()).toBe(true);
    await remove(advertiser);
    await reactsWithin(Date.now(), 'account.deleted × ads reports', async () => !(await queued()));
  });

  it('account.deleted × billing notices: a late notice for the deleted account writes nothing and mails no one', async () => {
    const user = await signUp(a);
    const notice = (key: string) => ({
      userId: user.id,
      kind: 'receipt' as const,
      key,
      title: 'Matrix receipt',
      link: '/settings/billing',
      text: 'Thanks',
    });
    const notices = async (t: TestApp) =>
      (
        await t.ctx.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND dedupe_key LIKE 'billing:matrix-%'`,
          [user.id],
        )
      )[0]?.n;
    await a.ctx.events.publish('billing.notice', notice(`matrix-${user.id}-before`));
    await a.ctx.events.settled();
    expect(await notices(b)).toBe(1);
    await remove(user);
    const since = Date.now();
    await reactsWithin(since, 'account.deleted × billing notices', async () => (await notices(b)) === 0);
    await a.ctx.events.publish('billing.notice', notice(`matrix-${user.id}-after`));
    await a.ctx.events.settled();
    expect(await notices(b)).toBe(0);
    const mails = await a.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE payload->>'to' = $1 AND payload->>'subject' = 'Matrix receipt'`,
      [user.email],
    );
    expect(mails[0]?.n).toBe(1); // the receipt before the deletion only
  });
});

describe('lifecycle matrix × per-creator surfaces: podcast channel art, radio cover, transcript editor', () => {
  /** PNG bytes (a 1×1 pixel image, re-encoded by the server). */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  const coverPut = (user: TestUser, channelId: string) => {
    const boundary = '----matrixcover';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return a.app.inject({
      method: 'PUT',
      url: `/api/radio/channels/${channelId}/cover`,
      headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };
  const MACHINE = [
    { start: 0, end: 2, text: 'welcome to the matrix show' },
    { start: 2, end: 4, text: 'where every surface reacts' },
  ];

  /**
   * A creator with a public playlist (a podcast show of its own), a radio channel with a cover,
   * and a track with an automatic transcript the creator may correct.
   */
  async function creatorWithShows(name: string) {
    const creator = await signUp(a, { role: 'creator', name: `${name} Maker` });
    await billing(a.ctx).subscriptions.grant({ id: creator.id, role: 'creator' }, 'creator', 'test');
    const trackId = await seedTrack(a.ctx.database.db, creator.id, { title: `${name} Talk`, isPublic: true });
    await saveAutomatic(a.ctx.database, trackId, MACHINE, a.ctx.clock.now());
    const playlist = (await on(a, creator, 'POST', '/api/playlists', { name: `${name} list`, isPublic: true })).json();
    expect((await on(a, creator, 'POST', `/api/playlists/${playlist.id}/tracks`, { trackId })).statusCode).toBe(200);
    const created = await on(a, creator, 'POST', '/api/radio/channels', { name: `${name} FM`, category: 'Music' });
    expect(created.statusCode, created.body).toBe(201);
    const channelId = created.json().id as string;
    const cover = await coverPut(creator, channelId);
    expect(cover.statusCode, cover.body).toBe(200);
    // Each app has its own storage here (processes share one in production): B gets the cover too.
    for (const key of await a.ctx.storage.list(`radio-covers/${channelId}`))
      await b.ctx.storage.put(key, await a.ctx.storage.get(key));
    await a.ctx.events.settled();
    return {
      creator,
      trackId,
      playlistId: playlist.id as string,
      channelId,
      coverUrl: cover.json().coverUrl as string,
    };
  }
  type Shows = Awaited<ReturnType<typeof creatorWithShows>>;

  /** The creator's surfaces for a visitor on B: true while each shows there. */
  function creatorSurfaces(s: Shows) {
    const ok = async (url: string) => (await status(b, null, url)) === 200;
    return {
      'podcast show art': () => ok(`/api/podcasts/show-art/${s.creator.id}.jpg`),
      'podcast playlist art': () => ok(`/api/podcasts/playlist-art/${s.playlistId}.jpg`),
      'radio channel page': () => ok(`/api/radio/channels/${s.channelId}`),
      'radio channel cover': () => ok(s.coverUrl),
      'radio channel cover (unversioned)': () => ok(`/api/radio/channels/${s.channelId}/cover`),
    };
  }
  const shown = async (surfaces: Record<string, () => Promise<boolean>>) => {
    for (const [name, shows] of Object.entries(surfaces))
      await expect.poll(shows, { message: `${name} before`, timeout: 5_000 }).toBe(true);
  };
  const goneWithin = async (since: number, event: string, surfaces: Record<string, () => Promise<boolean>>) => {
    for (const [name, shows] of Object.entries(surfaces))
      await reactsWithin(since, `${event} × ${name}`, async () => !(await shows()));
  };

  /** The transcript editor on B: the creator's correction of the first cue; its status. */
  const correct = async (who: TestUser, trackId: string, text: string) => {
    const current = (await on(a, who, 'GET', `/api/tracks/${trackId}/transcript`)).json().transcript;
    const basedOn = (current?.updatedAt as string | undefined) ?? new Date().toISOString();
    return (
      await on(b, who, 'PATCH', `/api/tracks/${trackId}/transcript`, {
        basedOn,
        cues: [
          { index: 0, text },
          { index: 1, text: 'x' },
        ],
      })
    ).statusCode;
  };
  const storedCue = async (trackId: string, who: TestUser | null = null) =>
    ((await on(a, who, 'GET', `/api/tracks/${trackId}/transcript`)).json().transcript?.cues?.[0]?.text as
      | string
      | undefined) ?? null;

  it("transcript editor: another user's track (public or private) is 404 and unchanged", async () => {
    const s = await creatorWithShows('Matrix Editor');
    const other = await signUp(a, { role: 'creator' });
    expect(await correct(other, s.trackId, 'taken over')).toBe(404);
    expect((await on(a, s.creator, 'PATCH', `/api/tracks/${s.trackId}`, { isPublic: false })).statusCode).toBe(200);
    expect(await correct(other, s.trackId, 'taken over')).toBe(404);
    expect(await storedCue(s.trackId)).toBe(null); // private: not shown to a visitor either
    expect(await storedCue(s.trackId, s.creator)).toBe(MACHINE[0]?.text);
    // The owner still corrects their private track.
    expect(await correct(s.creator, s.trackId, 'welcome to the matrix show, corrected')).toBe(200);
  });

  it('account.suspended / restored: channel art and radio cover hidden, the transcript editor refused', async () => {
    const s = await creatorWithShows('Matrix Suspended Shows');
    const surfaces = creatorSurfaces(s);
    await shown(surfaces);
    expect(await correct(s.creator, s.trackId, 'welcome to the matrix show!')).toBe(200);
    await suspend(s.creator);
    const since = Date.now();
    await goneWithin(since, 'account.suspended', surfaces);
    await reactsWithin(since, 'account.suspended × transcript editor', async () =>
      [401, 403, 404].includes(await correct(s.creator, s.trackId, 'edited while suspended')),
    );
    expect(await storedCue(s.trackId)).not.toBe('edited while suspended');
    await restore(s.creator);
    const restored = Date.now();
    for (const [name, shows] of Object.entries(surfaces))
      await reactsWithin(restored, `account.restored × ${name}`, shows);
  });

  it('account.deleted: channel art and radio cover gone, the transcript editor refused', async () => {
    const s = await creatorWithShows('Matrix Deleted Shows');
    const surfaces = creatorSurfaces(s);
    await shown(surfaces);
    // A read-write API token of the creator's edits through the same route until the deletion.
    const token = await on(a, s.creator, 'POST', '/api/tokens', { name: 'Editor', scope: 'read-write' });
    expect(token.statusCode, token.body).toBe(201);
    const byToken = async (text: string) => {
      const current = (await on(a, s.creator, 'GET', `/api/tracks/${s.trackId}/transcript`)).json().transcript;
      const res = await b.app.inject({
        method: 'PATCH',
        url: `/api/tracks/${s.trackId}/transcript`,
        headers: { authorization: `Bearer ${token.json().secret}` },
        payload: {
          basedOn: current?.updatedAt ?? new Date().toISOString(),
          cues: [
            { index: 0, text },
            { index: 1, text: 'x' },
          ],
        },
      });
      return res.statusCode;
    };
    expect(await byToken('edited by token')).toBe(200);
    await remove(s.creator);
    const since = Date.now();
    await goneWithin(since, 'account.deleted', surfaces);
    await reactsWithin(since, 'account.deleted × transcript editor', async () =>
      [401, 403, 404].includes(await correct(s.creator, s.trackId, 'edited after deletion')),
    );
    await reactsWithin(since, 'account.deleted × transcript editor (API token)', async () =>
      [401, 403, 404].includes(await byToken('by token after deletion')),
    );
  });

  it('playlist made private, then deleted: its podcast art is 404', async () => {
    const s = await creatorWithShows('Matrix Private List');
    const art = () => status(b, null, `/api/podcasts/playlist-art/${s.playlistId}.jpg`);
    await expect.poll(art, { timeout: 5_000 }).toBe(200);
    expect((await on(a, s.creator, 'PATCH', `/api/playlists/${s.playlistId}`, { isPublic: false })).statusCode).toBe(
      200,
    );
    await reactsWithin(Date.now(), 'playlist private × podcast playlist art', async () => (await art()) === 404);
    expect((await on(a, s.creator, 'PATCH', `/api/playlists/${s.playlistId}`, { isPublic: true })).statusCode).toBe(
      200,
    );
    await reactsWithin(Date.now(), 'playlist public × podcast playlist art', async () => (await art()) === 200);
    expect((await on(a, s.creator, 'DELETE', `/api/playlists/${s.playlistId}`)).statusCode).toBe(204);
    await reactsWithin(Date.now(), 'playlist deleted × podcast playlist art', async () => (await art()) === 404);
  });
});
