import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { listenEvents, liveStreams, payments, subscriptions } from '../../db/schema';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'admin', name: 'Root' });
});
afterAll(() => t.close());

const get = (url: string, u: TestUser = admin) => t.app.inject({ url, headers: { cookie: u.cookie } });
const one = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await t.ctx.database.query<Record<string, unknown>>(sql, params))[0])[0] ?? 0);

describe('admin overview', () => {
  it('shows figures equal to counts made with SQL', async () => {
    const creator = await signUp(t, { role: 'creator' });
    const listener = await signUp(t);
    const db = t.ctx.database.db;
    const track = await seedTrack(db, creator.id, {
      title: 'Figures',
      isPublic: true,
      duration: 3600,
      audioBytes: 5_000,
    });
    await seedTrack(db, creator.id, { title: 'Figures 2', isPublic: false, duration: 1800, audioBytes: 7_000 });
    await db.insert(listenEvents).values([
      { audioId: track, userId: listener.id, secondsListened: 40 },
      { audioId: track, userId: null, anonymousId: 'a', secondsListened: 40 },
      { audioId: track, userId: listener.id, secondsListened: 40, createdAt: new Date(Date.now() - 3 * 86_400_000) },
      { audioId: track, userId: listener.id, secondsListened: 40, createdAt: new Date(Date.now() - 9 * 86_400_000) },
    ]);
    // On air with a publisher seen just now (else the live module's sweep ends it on a slow machine).
    await db.insert(liveStreams).values({
      userId: creator.id,
      title: 'On air',
      category: 'music',
      publisherSeenAt: new Date(Date.now() + 60_000),
    });
    const now = new Date();
    await db.insert(subscriptions).values([
      {
        userId: creator.id,
        planId: 'creator',
        status: 'active',
        source: 'stripe',
        currentPeriodStart: now,
        createdAt: now,
        updatedAt: now,
      },
      {
        userId: listener.id,
        planId: 'premium',
        status: 'trialing',
        source: 'trial',
        currentPeriodStart: now,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await db.insert(payments).values([
      {
        userId: creator.id,
        kind: 'paid',
        purpose: 'subscription',
        amountCents: 1900,
        externalId: randomUUID(),
        occurredAt: now,
      },
      {
        userId: creator.id,
        kind: 'refunded',
        purpose: 'subscription',
        amountCents: -500,
        externalId: randomUUID(),
        occurredAt: now,
      },
      {
        userId: creator.id,
        kind: 'failed',
        purpose: 'subscription',
        amountCents: 1900,
        externalId: randomUUID(),
        occurredAt: now,
      },
    ]);

    const res = await get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    const byRole = await t.ctx.database.query<{ user_role: string; n: string }>(
      'SELECT user_role, count(*) AS n FROM users GROUP BY user_role',
    );
    for (const r of byRole) expect(o.accountsByRole[r.user_role]).toBe(Number(r.n));
    expect(o.accountsTotal).toBe(await one('SELECT count(*) FROM users'));
    expect(o.tracks).toBe(await one('SELECT count(*) FROM audio_content'));
    expect(o.tracks).toBeGreaterThanOrEqual(2);
    expect(o.audioHours).toBe(Math.round((await one('SELECT sum(duration) FROM audio_content')) / 360) / 10);
    expect(o.storageBytes).toBe(await one('SELECT sum(audio_bytes) FROM audio_content'));
    expect(o.liveNow).toBe(await one('SELECT count(*) FROM live_streams WHERE is_active AND ended_at IS NULL'));
    expect(o.liveNow).toBe(1);
    expect(o.playsToday).toBe(
      await one(
        "SELECT count(*) FROM listen_events WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
      ),
    );
    expect(o.plays7d).toBe(
      await one("SELECT count(*) FROM listen_events WHERE created_at >= now() - interval '7 days'"),
    );
    expect(o.plays7d).toBe(3);
    expect(o.revenue.mrrCents).toBe(1900);
    expect(o.revenue.activeSubscriptions).toBe(1);
    expect(o.revenue.monthNetCents).toBe(1400);
    expect(o.jobs.waiting).toBe(await one("SELECT count(*) FROM jobs WHERE status = 'queued' AND run_at <= now()"));
    expect(o.jobs.failed).toBe(await one("SELECT count(*) FROM jobs WHERE status = 'failed'"));
    expect(o.signupsPerDay).toHaveLength(30);
    expect(o.signupsPerDay.at(-1)).toEqual({
      day: now.toISOString().slice(0, 10),
      count: await one(
        "SELECT count(*) FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
      ),
    });
    expect(
      o.activity.some((a: { kind: string; targetId: string }) => a.kind === 'upload' && a.targetId === track),
    ).toBe(true);
    expect(
      o.activity.some((a: { kind: string; targetId: string }) => a.kind === 'signup' && a.targetId === listener.id),
    ).toBe(true);
  });

  it("shows affiliates' payouts due and this month's ad spend, as their modules count them", async () => {
    const o = (await get('/api/admin/overview')).json();
    const figure = (key: string) => o.figures.find((f: { key: string }) => f.key === key).value;
    const [due] = await t.ctx.database.query<{ n: string }>(
      `SELECT coalesce(sum(amount_cents), 0) AS n FROM affiliate_payouts WHERE status IN ('requested', 'batched')`,
    );
    const [spend] = await t.ctx.database.query<{ n: string }>(
      `SELECT coalesce(sum(spent_micros), 0) AS n FROM ad_campaign_days WHERE day >= date_trunc('month', now())::date`,
    );
    expect(figure('affiliates.payoutsDue')).toBe(Number(due.n));
    expect(figure('ads.spend')).toBe(Number(spend.n));
  });

  it('is for admins only', async () => {
    const creator = await signUp(t, { role: 'creator' });
    expect((await get('/api/admin/overview', creator)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
  });
});

describe('admin audit log', () => {
  it('lists entries with filters and exports them as CSV', async () => {
    const u = await signUp(t, { name: '=cmd|evil' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/role`,
      payload: { role: 'creator' },
      headers: { cookie: admin.cookie },
    });
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${u.id}/suspend`, headers: { cookie: admin.cookie } });
    const list = (await get(`/api/admin/audit?targetId=${u.id}`)).json();
    expect(list.items.map((e: { action: string }) => e.action)).toEqual(['user.suspend', 'user.role']);
    expect(list.items[1]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      targetType: 'user',
      before: { role: 'listener' },
      after: { role: 'creator' },
    });
    const byAction = (await get(`/api/admin/audit?action=user.role&actorId=${admin.id}`)).json();
    expect(byAction.items.every((e: { action: string }) => e.action === 'user.role')).toBe(true);
    const future = (await get('/api/admin/audit?since=2999-01-01')).json();
    expect(future.items).toEqual([]);
    expect((await get('/api/admin/audit?since=not-a-date')).statusCode).toBe(400);

    const csv = await get(`/api/admin/audit.csv?targetId=${u.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_id,actor_email,action,target_type,target_id,before,after');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`user.role,user,${u.id},"{""role"":""listener""}","{""role"":""creator""}"`);
  });
});
