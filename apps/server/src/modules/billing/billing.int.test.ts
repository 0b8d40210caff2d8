import { BILLING_MESSAGES, type TBilling } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, droppedMails, signUp, type TestApp, type TestUser } from '../../../test/helpers';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: t.ctx.config.PUBLIC_URL },
  });
const billingOf = async (u: TestUser) => (await call(u, 'GET', '/api/billing')).json() as TBilling;
const me = async (u: TestUser) => (await call(u, 'GET', '/api/me')).json().user;
const history = async (userId: string) =>
  (
    await t.ctx.database.query<{ event: string; from_status: string | null; to_status: string }>(
      `SELECT e.event, e.from_status, e.to_status FROM subscription_events e
       JOIN subscriptions s ON s.id = e.subscription_id WHERE s.user_id = $1 ORDER BY e.at, e.id`,
      [userId],
    )
  ).map((r) => `${r.from_status ?? 'none'}-${r.event}->${r.to_status}`);
/** The token of the family invitation mailed to `email`. */
const inviteToken = async (email: string) => {
  const mail = (await droppedMails(t, email)).find((m) => m.subject.includes('family plan'));
  return /family\/join\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
};
const openCount = async (userId: string) =>
  Number(
    (
      await t.ctx.database.query<{ n: string }>(
        `SELECT count(*) AS n FROM subscriptions WHERE user_id = $1 AND status <> 'expired'`,
        [userId],
      )
    )[0].n,
  );

describe('a free account', () => {
  it('is on the free plan of its role, with ads and the live allowance in /api/me', async () => {
    const listener = await signUp(t);
    const creator = await signUp(t, { role: 'creator' });
    const l = await me(listener);
    expect(l.plan).toMatchObject({ id: 'free-listener', status: null });
    expect(l.entitlements).toMatchObject({ adFree: false, hdListening: false });
    const c = await me(creator);
    expect(c.plan.id).toBe('free');
    expect(c.entitlements).toMatchObject({ liveSecondsPerMonth: 7200, liveSecondsLeft: 7200, hdPublishing: false });
    expect((await billingOf(listener)).payingEnabled).toBe(false);
  });

  it('needs a session, and a same-origin request to change anything', async () => {
    expect((await call(null, 'GET', '/api/billing')).statusCode).toBe(401);
    const u = await signUp(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/billing/trial',
      payload: { planId: 'premium' },
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await openCount(u.id)).toBe(0);
    for (const planId of ['gold', '', null, 7, 'premium\u0000']) {
      expect((await call(u, 'POST', '/api/billing/trial', { planId })).statusCode).toBe(400);
    }
    expect(await openCount(u.id)).toBe(0);
  });
});

describe('the trial, cancel and the end of the period (the clock moved, not slept)', () => {
  it('trialing → canceled → expired; Premium while it lasts, Free after; one trial per account', async () => {
    const u = await signUp(t);
    const start = await call(u, 'POST', '/api/billing/trial', { planId: 'premium' });
    expect(start.statusCode).toBe(200);
    const b = start.json() as TBilling;
    expect(b.plan).toMatchObject({ id: 'premium', status: 'trialing', source: 'trial', cancelAtPeriodEnd: false });
    const trialDays = (Date.parse(b.plan.trialEndsAt ?? '') - t.ctx.clock.now().getTime()) / DAY;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect((await me(u)).entitlements).toMatchObject({ adFree: true, hdListening: true });

    const again = await call(u, 'POST', '/api/billing/trial', { planId: 'family' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BILLING_MESSAGES.hasPlan);

    const canceled = (await call(u, 'POST', '/api/billing/cancel')).json() as TBilling;
    expect(canceled.plan).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    const twice = await call(u, 'POST', '/api/billing/cancel'); // a replayed request
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(BILLING_MESSAGES.alreadyCanceled);
    expect((await me(u)).entitlements.adFree).toBe(true); // kept until the trial ends

    t.ctx.clock.advance(14 * DAY + 1000);
    const after = await billingOf(u);
    expect(after.plan).toMatchObject({ id: 'free-listener', status: null });
    expect(after.entitlements.adFree).toBe(false);
    expect(after.trialAvailable).toBe(false);
    expect(await history(u.id)).toEqual([
      'none-start_trial->trialing',
      'trialing-cancel->canceled',
      'canceled-lapse->expired',
    ]);

    const second = await call(u, 'POST', '/api/billing/trial', { planId: 'premium' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(BILLING_MESSAGES.trialUsed);
    expect(await openCount(u.id)).toBe(0);
  });

  it('trialing → expired when the trial ends without a payment; a canceled trial resumes', async () => {
    const u = await signUp(t);
    await call(u, 'POST', '/api/billing/trial', { planId: 'premium' });
    await call(u, 'POST', '/api/billing/cancel');
    const resumed = (await call(u, 'POST', '/api/billing/resume')).json() as TBilling;
    expect(resumed.plan.status).toBe('trialing');
    expect((await call(u, 'POST', '/api/billing/resume')).statusCode).toBe(409);
    t.ctx.clock.advance(15 * DAY);
    // The hourly sweep ends it even if nobody reads the account.
    const { subscriptionsService } = await import('./subscriptions');
    const { NO_PROVIDER } = await import('./provider');
    expect(await subscriptionsService(t.ctx, NO_PROVIDER).settle()).toBeGreaterThanOrEqual(1);
    expect(await history(u.id)).toEqual([
      'none-start_trial->trialing',
      'trialing-cancel->canceled',
      'canceled-resume_trial->trialing',
      'trialing-lapse->expired',
    ]);
  });
});

describe('plan changes', () => {
  it('take effect immediately; a listener cannot take a creator plan; the same plan is refused', async () => {
    const u = await signUp(t);
    await call(u, 'POST', '/api/billing/trial', { planId: 'premium' });
    const creatorPlan = await call(u, 'POST', '/api/billing/plan', { planId: 'creator' });
    expect(creatorPlan.statusCode).toBe(403);
    expect(creatorPlan.json().error.message).toBe(BILLING_MESSAGES.creatorPlanNeedsCreator);
    expect((await call(u, 'POST', '/api/billing/trial', { planId: 'pro' })).statusCode).toBe(403);
    expect((await call(u, 'POST', '/api/billing/plan', { planId: 'premium' })).statusCode).toBe(400);
    const family = (await call(u, 'POST', '/api/billing/plan', { planId: 'family' })).json() as TBilling;
    expect(family.plan).toMatchObject({ id: 'family', status: 'trialing' });
    expect(family.family).toEqual({ members: [], seatsLeft: 5 });
    expect((await me(u)).entitlements.familySeats).toBe(5);
  });

  it('two changes at the same moment leave exactly one subscription, changed once', async () => {
    const u = await signUp(t, { role: 'creator' });
    await call(u, 'POST', '/api/billing/trial', { planId: 'creator' });
    const answers = await Promise.all([
      call(u, 'POST', '/api/billing/plan', { planId: 'pro' }),
      call(u, 'POST', '/api/billing/plan', { planId: 'premium' }),
      call(u, 'POST', '/api/billing/plan', { planId: 'pro' }),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409 || c === 400)).toBe(true);
    expect(await openCount(u.id)).toBe(1);
    const changes = (await history(u.id)).filter((h) => h.includes('change_plan'));
    expect(changes.length).toBe(codes.filter((c) => c === 200).length);
    const final = (await billingOf(u)).plan.id;
    expect(['pro', 'premium']).toContain(final);
  });

  it('two trials started at the same moment leave one', async () => {
    const u = await signUp(t);
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(u, 'POST', '/api/billing/trial', { planId: 'premium' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await openCount(u.id)).toBe(1);
  });

  it('a creator on Creator has unlimited live time and HD publishing', async () => {
    const u = await signUp(t, { role: 'creator' });
    await call(u, 'POST', '/api/billing/trial', { planId: 'creator' });
    expect((await me(u)).entitlements).toMatchObject({
      liveSecondsPerMonth: null,
      liveSecondsLeft: null,
      hdPublishing: true,
      adsOnOwnContent: false,
      adFree: false,
    });
  });

  it('checkout and the portal answer that paying is not set up (no provider configured)', async () => {
    const u = await signUp(t);
    const res = await call(u, 'POST', '/api/billing/checkout', { planId: 'premium' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.payingNotSetUp);
    expect((await call(u, 'POST', '/api/billing/portal')).statusCode).toBe(503);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(webhook.statusCode).toBe(503);
  });
});

describe('past_due and the grace period', () => {
  it('active → past_due keeps the plan 7 days, then expires; renew before that restores it', async () => {
    const { billing } = await import('./index');
    const b = billing(t.ctx);
    const u = await signUp(t);
    const v = await signUp(t);
    for (const x of [u, v]) {
      const sub = await b.subscriptions.grant({ id: x.id, role: 'listener' }, 'premium', 'test');
      if (!sub) throw new Error('not granted');
      const row = await b.subscriptions.apply({ ...sub, source: 'stripe' }, 'renew', {
        currentPeriodEnd: new Date(t.ctx.clock.now().getTime() + 30 * DAY),
      });
      await b.subscriptions.paymentFailed(row);
    }
    const pastDue = await billingOf(u);
    expect(pastDue.plan.status).toBe('past_due');
    expect(pastDue.entitlements.adFree).toBe(true);
    expect(Date.parse(pastDue.plan.graceEndsAt ?? '') - t.ctx.clock.now().getTime()).toBeGreaterThan(6.99 * DAY);
    const vSub = await b.subscriptions.current(v.id);
    if (!vSub) throw new Error('no subscription');
    await b.subscriptions.apply(vSub, 'renew');
    t.ctx.clock.advance(7 * DAY + 1000);
    expect((await billingOf(u)).plan).toMatchObject({ id: 'free-listener', status: null });
    expect((await billingOf(v)).plan).toMatchObject({ id: 'premium', status: 'active' });
    expect(await history(u.id)).toEqual([
      'none-grant->active',
      'active-renew->active',
      'active-payment_failed->past_due',
      'past_due-grace_over->expired',
    ]);
  });
});

describe('family plan', () => {
  it('invites up to 5 by email; the invited account gets Premium while the plan lasts', async () => {
    const owner = await signUp(t);
    const invited = await signUp(t);
    const outsider = await signUp(t);
    const notOwner = await call(owner, 'POST', '/api/billing/family/invites', { email: invited.email });
    expect(notOwner.statusCode).toBe(403);
    await call(owner, 'POST', '/api/billing/trial', { planId: 'family' });

    const sent = await call(owner, 'POST', '/api/billing/family/invites', { email: invited.email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect((sent.json() as TBilling).family?.members).toMatchObject([{ status: 'invited' }]);
    const dup = await call(owner, 'POST', '/api/billing/family/invites', { email: invited.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(BILLING_MESSAGES.familyAlreadyMember);
    expect((await call(owner, 'POST', '/api/billing/family/invites', { email: owner.email })).statusCode).toBe(409);
    expect((await call(owner, 'POST', '/api/billing/family/invites', { email: 'not an email' })).statusCode).toBe(400);

    const token = await inviteToken(invited.email.toUpperCase());
    expect(token).not.toBe('');
    const wrong = await call(outsider, 'POST', '/api/billing/family/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect((await call(invited, 'POST', '/api/billing/family/accept', { token: 'nope' })).statusCode).toBe(404);
    const joined = await call(invited, 'POST', '/api/billing/family/accept', { token });
    expect(joined.statusCode).toBe(200);
    expect((joined.json() as TBilling).plan).toMatchObject({ id: 'family', source: 'family' });
    expect((await me(invited)).entitlements).toMatchObject({ adFree: true, hdListening: true, familySeats: 0 });
    expect((await call(invited, 'POST', '/api/billing/family/accept', { token })).statusCode).toBe(404);

    for (let i = 0; i < 4; i++) {
      expect(
        (await call(owner, 'POST', '/api/billing/family/invites', { email: `kid${i}-${owner.id}@test.local` }))
          .statusCode,
      ).toBe(200);
    }
    const seventh = await call(owner, 'POST', '/api/billing/family/invites', { email: `kid9-${owner.id}@test.local` });
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().error.message).toBe(BILLING_MESSAGES.familyFull);
    expect((await billingOf(owner)).family?.seatsLeft).toBe(0);

    // Removing the member ends it for them.
    const memberRow = (await billingOf(owner)).family?.members.find((m) => m.status === 'active');
    expect((await call(owner, 'DELETE', `/api/billing/family/members/${memberRow?.id}`)).statusCode).toBe(200);
    expect((await me(invited)).entitlements.adFree).toBe(false);
    expect((await call(outsider, 'DELETE', `/api/billing/family/members/${memberRow?.id}`)).statusCode).toBe(404);
  });

  it('ending the family plan ends it for the members', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    await call(owner, 'POST', '/api/billing/trial', { planId: 'family' });
    await call(owner, 'POST', '/api/billing/family/invites', { email: member.email });
    const token = await inviteToken(member.email);
    const joined = await call(member, 'POST', '/api/billing/family/accept', { token });
    expect(joined.json()).toMatchObject({ plan: { id: 'family' } });
    expect((await me(member)).entitlements.adFree).toBe(true);
    await call(owner, 'POST', '/api/billing/cancel');
    expect((await me(member)).entitlements.adFree).toBe(true); // until the period ends
    t.ctx.clock.advance(14 * DAY + 1000);
    expect((await me(member)).entitlements.adFree).toBe(false);
    expect((await me(member)).plan.id).toBe('free-listener');
  });
});

describe('the live allowance', () => {
  it('counts on-air time by the wall clock: moving the billing clock does not use it up', async () => {
    const creator = await signUp(t, { role: 'creator' });
    await t.ctx.database.query(
      `INSERT INTO live_streams (user_id, title, category, is_active, on_air_at, created_at)
       VALUES ($1, 'On air', 'music', true, now() - interval '10 minutes', now())`,
      [creator.id],
    );
    const before = (await me(creator)).entitlements.liveSecondsLeft;
    expect(before).toBeGreaterThan(7200 - 600 - 30);
    expect(before).toBeLessThanOrEqual(7200 - 600);
    t.ctx.clock.advance(15 * DAY);
    expect((await me(creator)).entitlements.liveSecondsLeft).toBeGreaterThan(7200 - 600 - 30);
  });
});

describe('admin-granted plans', () => {
  it('an admin gives a plan free of charge and ends it; nobody else can', async () => {
    const admin = await signUp(t, { role: 'admin' });
    const u = await signUp(t);
    const grant = (by: TestUser, planId: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${u.id}/plan`,
        payload: { planId },
        headers: { cookie: by.cookie, origin: t.ctx.config.PUBLIC_URL },
      });
    expect((await grant(u, 'premium')).statusCode).toBe(403);
    expect((await grant(admin, 'pro')).statusCode).toBe(403); // a listener cannot hold a creator plan
    const given = await grant(admin, 'premium');
    expect(given.statusCode).toBe(200);
    expect(given.json().plan).toMatchObject({
      id: 'premium',
      status: 'active',
      source: 'admin',
      currentPeriodEnd: null,
    });
    expect((await me(u)).entitlements.adFree).toBe(true);
    t.ctx.clock.advance(400 * DAY);
    expect((await me(u)).plan.id).toBe('premium'); // no end until revoked
    // 400 days on, the admin's step-up has long run out: revoking needs the password again.
    expect((await grant(admin, null)).json().error.code).toBe('STEP_UP_REQUIRED');
    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/api/admin/step-up',
      payload: { password: admin.password },
      headers: { cookie: admin.cookie, origin: t.ctx.config.PUBLIC_URL },
    });
    expect(stepUp.statusCode).toBe(200);
    expect((await grant(admin, null)).json().plan).toMatchObject({ id: 'free-listener', status: null });
    expect(await history(u.id)).toEqual(['none-grant->active', 'active-end->expired']);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/nobody/plan',
      payload: { planId: 'premium' },
      headers: { cookie: admin.cookie, origin: t.ctx.config.PUBLIC_URL },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the ledger', () => {
  it('refuses updates and deletes', async () => {
    await t.ctx.database.query(
      `INSERT INTO payments (user_id, kind, purpose, amount_cents, external_id, occurred_at) VALUES ('x', 'paid', 'subscription', 999, 'in_test', now())`,
    );
    await expect(
      t.ctx.database.query(`UPDATE payments SET amount_cents = 1 WHERE external_id = 'in_test'`),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.database.query(`DELETE FROM payments WHERE external_id = 'in_test'`)).rejects.toThrow(
      /append-only/,
    );
  });
});
