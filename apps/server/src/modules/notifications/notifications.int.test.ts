import type { RealtimeMessage, TNotificationPage } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { comments, follows, liveStreams, type NotificationPrefs, users } from '../../db/schema';
import { DIGEST_JOB, nextDigestTime } from './digest';
import { notificationsSettled } from './subscriber';

let t: TestApp;
const events: RealtimeMessage<'notification.created'>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.bus.subscribe((m) => {
    if (m.event === 'notification.created') events.push(m as RealtimeMessage<'notification.created'>);
  });
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;

/** A signed-up user whose welcome/verification mail is already out of the way. */
async function newUser(opts: Parameters<typeof signUp>[1] = {}) {
  const user = await signUp(t, opts);
  await t.ctx.jobs.drain();
  await t.ctx.database.query('DELETE FROM mail_outbox WHERE "to" = $1', [user.email]);
  return user;
}

async function setPrefs(user: TestUser, prefs: Partial<NotificationPrefs>) {
  const [row] = await db().select({ p: users.notificationPrefs }).from(users).where(eq(users.id, user.id));
  await db()
    .update(users)
    .set({ notificationPrefs: { ...row.p, ...prefs } })
    .where(eq(users.id, user.id));
}

async function follow(follower: TestUser, following: TestUser) {
  await db().insert(follows).values({ followerId: follower.id, followingId: following.id });
}

async function makeTrack(owner: TestUser, title: string, isPublic = true) {
  return seedTrack(db(), owner.id, { title, isPublic });
}

/** Rows of a user's notifications, once the bus handlers have settled. */
async function notificationsOf(user: TestUser) {
  await notificationsSettled(t.ctx);
  return t.ctx.database.query<{ type: string; title: string; link: string; actor_id: string; read: boolean }>(
    'SELECT type, title, link, actor_id, read FROM notifications WHERE user_id = $1 ORDER BY created_at',
    [user.id],
  );
}

async function mailsTo(user: TestUser) {
  await t.ctx.jobs.drain();
  return t.ctx.database.query<{ subject: string; text: string }>(
    'SELECT subject, text FROM mail_outbox WHERE "to" = $1',
    [user.email],
  );
}

describe('notifications from events, as the settings decide', () => {
  it('tells a user about a new follower once, live over the bus and by email', async () => {
    const ada = await newUser({ name: 'Ada' });
    const bo = await newUser({ name: 'Bo', role: 'creator' });
    await follow(ada, bo);
    // Two processes receive the same event: still one notification, one push, one email.
    await t.ctx.bus.publish(`user:${bo.id}`, 'user.followed', { followerId: ada.id, followingId: bo.id });
    await t.ctx.bus.publish(`user:${bo.id}`, 'user.followed', { followerId: ada.id, followingId: bo.id });
    const rows = await notificationsOf(bo);
    expect(rows).toEqual([
      {
        type: 'new_follower',
        title: 'Ada started following you',
        link: `/profile/listener/${ada.id}`,
        actor_id: ada.id,
        read: false,
      },
    ]);
    const pushed = events.filter((e) => e.topic === `user:${bo.id}`);
    expect(pushed).toHaveLength(1);
    expect(pushed[0].data).toMatchObject({
      userId: bo.id,
      push: true,
      notification: {
        type: 'new_follower',
        title: 'Ada started following you',
        read: false,
        actor: { id: ada.id, displayName: 'Ada' },
      },
    });
    const mails = await mailsTo(bo);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Ada started following you');
    expect(mails[0].text).toContain(`/profile/listener/${ada.id}`);
  });

  it('respects newFollowers, emailNotifications and pushNotifications', async () => {
    const fan = await newUser({ name: 'Fan' });
    const quiet = await newUser({ name: 'Quiet' });
    const noMail = await newUser({ name: 'NoMail' });
    const noPush = await newUser({ name: 'NoPush' });
    await setPrefs(quiet, { newFollowers: false });
    await setPrefs(noMail, { emailNotifications: false });
    await setPrefs(noPush, { pushNotifications: false });
    for (const u of [quiet, noMail, noPush]) {
      await follow(fan, u);
      await t.ctx.bus.publish(`user:${u.id}`, 'user.followed', { followerId: fan.id, followingId: u.id });
    }
    expect(await notificationsOf(quiet)).toEqual([]);
    expect(await mailsTo(quiet)).toEqual([]);
    expect(await notificationsOf(noMail)).toHaveLength(1);
    expect(await mailsTo(noMail)).toEqual([]);
    expect(await notificationsOf(noPush)).toHaveLength(1);
    expect(events.find((e) => e.data.userId === noPush.id)?.data.push).toBe(false);
    expect(await mailsTo(noPush)).toHaveLength(1);
  });

  it('ignores a follow that no longer exists', async () => {
    const a = await newUser();
    const b = await newUser();
    await t.ctx.bus.publish(`user:${b.id}`, 'user.followed', { followerId: a.id, followingId: b.id });
    expect(await notificationsOf(b)).toEqual([]);
  });

  it('tells a track owner about comments by others, if newComments is on', async () => {
    const owner = await newUser({ name: 'Owner', role: 'creator' });
    const fan = await newUser({ name: 'Fan' });
    const trackId = await makeTrack(owner, 'Night Drive');
    const comment = async (author: TestUser) => {
      const [c] = await db()
        .insert(comments)
        .values({ audioId: trackId, userId: author.id, content: 'Nice' })
        .returning();
      await t.ctx.bus.publish(`track:${trackId}`, 'comment.created', {
        trackId,
        commentId: c.id,
        trackOwnerId: owner.id,
        authorId: author.id,
      });
    };
    await comment(fan);
    await comment(owner);
    expect(await notificationsOf(owner)).toEqual([
      {
        type: 'new_comment',
        title: 'Fan commented on "Night Drive"',
        link: `/audio/${trackId}`,
        actor_id: fan.id,
        read: false,
      },
    ]);
    await setPrefs(owner, { newComments: false });
    await comment(fan);
    expect(await notificationsOf(owner)).toHaveLength(1);
  });

  it('tells followers about a new public track, and those with liveStreamAlerts about a live stream', async () => {
    const creator = await newUser({ name: 'Aurora', role: 'creator' });
    const f1 = await newUser();
    const f2 = await newUser();
    const stranger = await newUser();
    await follow(f1, creator);
    await follow(f2, creator);
    await setPrefs(f2, { liveStreamAlerts: false });

    const hidden = await makeTrack(creator, 'Draft', false);
    await t.ctx.bus.publish(`user:${creator.id}`, 'track.uploaded', { trackId: hidden, userId: creator.id });
    const trackId = await makeTrack(creator, 'Sunrise');
    await t.ctx.bus.publish(`user:${creator.id}`, 'track.uploaded', { trackId, userId: creator.id });
    for (const f of [f1, f2]) {
      expect(await notificationsOf(f)).toEqual([
        {
          type: 'new_track',
          title: 'Aurora uploaded "Sunrise"',
          link: `/audio/${trackId}`,
          actor_id: creator.id,
          read: false,
        },
      ]);
    }
    expect(await notificationsOf(stranger)).toEqual([]);

    const [stream] = await db()
      .insert(liveStreams)
      .values({ userId: creator.id, title: 'Morning set', category: 'Music', isActive: true })
      .returning();
    await t.ctx.bus.publish(`live:${stream.id}`, 'live.started', { streamId: stream.id, userId: creator.id });
    await t.ctx.bus.publish('global', 'live.started', { streamId: stream.id, userId: creator.id });
    expect((await notificationsOf(f1)).map((n) => [n.type, n.title, n.link])).toEqual([
      ['new_track', 'Aurora uploaded "Sunrise"', `/audio/${trackId}`],
      ['live_started', 'Aurora is live: "Morning set"', `/live/${stream.id}`],
    ]);
    expect((await notificationsOf(f2)).map((n) => n.type)).toEqual(['new_track']);
  });
});

describe('notifications API', () => {
  it('lists newest first in pages, counts unread and marks read (own notifications only)', async () => {
    const me = await newUser({ name: 'Me' });
    const other = await newUser();
    // Profiles without sign-in are enough to follow (and much faster to make).
    const fans = Array.from({ length: 23 }, (_, i) => ({
      id: `fan-${i}-${me.id}`,
      email: `fan${i}-${me.id}@test.local`,
      displayName: `Fan ${i}`,
    }));
    await db().insert(users).values(fans);
    for (const fan of fans) {
      await db().insert(follows).values({ followerId: fan.id, followingId: me.id });
      await t.ctx.bus.publish(`user:${me.id}`, 'user.followed', { followerId: fan.id, followingId: me.id });
      await notificationsSettled(t.ctx);
    }
    await notificationsOf(me);
    const get = (url: string, user = me) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    const first = (await get('/api/notifications')).json() as TNotificationPage;
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(23);
    expect(first.items[0].title).toBe('Fan 22 started following you');
    const second = (await get(`/api/notifications?cursor=${first.nextCursor}`)).json() as TNotificationPage;
    expect(second.items.map((n) => n.title)).toEqual(
      ['Fan 2', 'Fan 1', 'Fan 0'].map((n) => `${n} started following you`),
    );
    expect(second.nextCursor).toBeNull();
    expect((await get('/api/notifications?cursor=garbage')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);

    const id = first.items[0].id;
    const post = (url: string, user = me) => t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });
    expect((await post(`/api/notifications/${id}/read`, other)).statusCode).toBe(404);
    expect((await post(`/api/notifications/${id}/read`)).statusCode).toBe(204);
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 22 });
    expect((await post('/api/notifications/read-all')).statusCode).toBe(204);
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect(fans).toHaveLength(23);
  });
});

describe('weekly digest', () => {
  it('is scheduled for Mondays 09:00 UTC', () => {
    expect(nextDigestTime(new Date('2025-06-04T12:00:00Z')).toISOString()).toBe('2025-06-09T09:00:00.000Z');
    expect(nextDigestTime(new Date('2025-06-09T08:59:00Z')).toISOString()).toBe('2025-06-09T09:00:00.000Z');
    expect(nextDigestTime(new Date('2025-06-09T09:00:00Z')).toISOString()).toBe('2025-06-16T09:00:00.000Z');
  });

  it('mails users with weeklyDigest on who have news, once per week, and queues next week’s run', async () => {
    const queued = () =>
      t.ctx.database.query<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE type = $1 AND status = 'queued'`, [
        DIGEST_JOB,
      ]);
    // The module scheduled one run at start.
    expect(await queued()).toHaveLength(1);

    const creator = await newUser({ name: 'Calm', role: 'creator' });
    const wants = await newUser({ name: 'Wants' });
    const optedOut = await newUser({ name: 'OptedOut' });
    const nothingNew = await newUser({ name: 'Nothing' });
    await setPrefs(optedOut, { weeklyDigest: false });
    await follow(wants, creator);
    await follow(optedOut, creator);
    await makeTrack(creator, 'Ocean Waves');

    await t.ctx.database.query('UPDATE jobs SET run_at = now() WHERE type = $1', [DIGEST_JOB]);
    await t.ctx.jobs.drain();
    const mails = await mailsTo(wants);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your weekly Wavecast digest');
    expect(mails[0].text).toContain('1 new track');
    expect(mails[0].text).toContain('Ocean Waves by Calm');
    expect(await mailsTo(optedOut)).toEqual([]);
    expect(await mailsTo(nothingNew)).toEqual([]);
    // The creator hears about their two new followers.
    expect((await mailsTo(creator)).map((m) => m.subject)).toEqual(['Your weekly Wavecast digest']);

    const next = await queued();
    expect(next).toHaveLength(1);
    expect(new Date(next[0].run_at).toISOString()).toBe(nextDigestTime(new Date()).toISOString());

    // The same week's run again (a retry) mails no one twice.
    const week = (
      await t.ctx.database.query<{ payload: { week: string } }>(
        `SELECT payload FROM jobs WHERE type = $1 AND status = 'done'`,
        [DIGEST_JOB],
      )
    )[0].payload.week;
    await t.ctx.jobs.enqueue(DIGEST_JOB, { week });
    await t.ctx.jobs.drain();
    expect(await mailsTo(wants)).toHaveLength(1);
    expect(await queued()).toHaveLength(1);
  });
});
