import { BILLING_MESSAGES } from '@wavecast/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingTestApp } from '../../../test/billing-app';
import type { FakeStripe, FakeSubscription } from '../../../test/fake-stripe';
import { signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { RECONCILE_JOB } from './jobs';
import type { ReconcileReport } from './stripe/reconcile';

// Issue 32: billing follows Stripe. Every end we decide reaches Stripe (the fake, over real HTTP,
// driven by the official SDK), a payment after the plan ended is refunded, an admin's grant pauses
// the paid subscription, and a nightly reconciliation repairs or reports what drifted.

const DAY = 86_400_000;
const billingApp = billingTestApp();
const { now, call, send, invoice } = billingApp;
let t: TestApp;
let fake: FakeStripe;
let admin: TestUser;

beforeAll(async () => {
  ({ t, fake } = billingApp);
  admin = await signUp(t, { role: 'admin' });
});

const openSubs = (userId: string) =>
  t.ctx.database.query<{ status: string; plan_id: string; source: string; stripe_subscription_id: string | null }>(
    `SELECT status, plan_id, source, stripe_subscription_id FROM subscriptions WHERE user_id = $1 AND status <> 'expired'`,
    [userId],
  );
const ledger = (userId: string) =>
  t.ctx.database.query<{ kind: string; amount_cents: number; external_id: string }>(
    'SELECT kind, amount_cents, external_id FROM payments WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
const history = async (userId: string) =>
  (
    await t.ctx.database.query<{ event: string; from_status: string | null; to_status: string }>(
      `SELECT e.event, e.from_status, e.to_status FROM subscription_events e
       JOIN subscriptions s ON s.id = e.subscription_id WHERE s.user_id = $1 ORDER BY e.at, e.id`,
      [userId],
    )
  ).map((r) => `${r.from_status ?? 'none'}-${r.event}->${r.to_status}`);
const planOf = async (u: TestUser) =>
  (await call(u.cookie, 'GET', '/api/me')).json().user.plan as { id: string; status: string; source: string };
const stepUp = async () =>
  expect((await call(admin.cookie, 'POST', '/api/admin/step-up', { password: admin.password })).statusCode).toBe(200);
const grant = (userId: string, planId: string | null) =>
  call(admin.cookie, 'PUT', `/api/admin/users/${userId}/plan`, { planId });

/** A listener paying for Premium through Checkout: the subscription at the fake, synced here. */
async function premiumListener() {
  const user = await signUp(t);
  expect((await call(user.cookie, 'POST', '/api/billing/checkout', { planId: 'premium' })).statusCode).toBe(200);
  const session = [...fake.sessions.values()].at(-1) as Record<string, unknown> & { customer: string };
  const sub = fake.putSubscription({
    customer: session.customer,
    price: 'price_premium',
    metadata: { userId: user.id, planId: 'premium' },
    periodStart: now(),
    periodEnd: new Date(now().getTime() + 30 * DAY),
  });
  Object.assign(session, { subscription: sub.id, status: 'complete', payment_status: 'paid' });
  expect((await send('checkout.session.completed', session)).statusCode).toBe(200);
  expect((await send('invoice.paid', invoice(sub, 999, 'subscription_create'))).statusCode).toBe(200);
  expect(await openSubs(user.id)).toEqual([
    { status: 'active', plan_id: 'premium', source: 'stripe', stripe_subscription_id: sub.id },
  ]);
  return { user, sub };
}

/** The renewal fails: past_due here and at Stripe, 7 days of grace. */
async function renewalFailed(sub: FakeSubscription) {
  sub.status = 'past_due';
  const failed = invoice(sub);
  expect((await send('invoice.payment_failed', failed)).statusCode).toBe(200);
  return failed;
}

describe('grace over', () => {
  it('cancels the subscription at Stripe; a payment that still came through is refunded in full, once', async () => {
    const { user, sub } = await premiumListener();
    const failed = await renewalFailed(sub);
    expect((await planOf(user)).status).toBe('past_due');

    t.ctx.clock.advance(7 * DAY + 60_000);
    expect((await planOf(user)).id).toBe('free-listener');
    await t.ctx.events.settled();
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(fake.calls('DELETE', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);

    // Stripe's retry had charged the card just before the cancellation reached it.
    const paid = fake.payInvoice(failed.id, 999);
    const late = { ...failed, status: 'paid' };
    expect((await send('invoice.paid', late)).statusCode).toBe(200);
    expect((await send('invoice.paid', late)).statusCode).toBe(200); // another delivery of the news
    const refunds = fake.refundsCreated();
    expect(refunds.at(-1)?.body).toMatchObject({
      payment_intent: paid.payment.payment_intent,
      'metadata[reason]': 'paid_after_plan_ended',
    });
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`wavecast-late-refund-${paid.id}`]));
    // Stripe's own news of the refund books nothing more.
    expect(
      (await send('charge.refunded', { id: paid.charge, object: 'charge', customer: sub.customer })).statusCode,
    ).toBe(200);

    const entries = await ledger(user.id);
    expect(entries.map((e) => [e.kind, e.amount_cents])).toEqual([
      ['paid', 999],
      ['failed', 999],
      ['paid', 999],
      ['refunded', -999],
    ]);
    // Money moved: the first month kept, the late payment back.
    expect(entries.filter((e) => e.kind !== 'failed').reduce((sum, e) => sum + e.amount_cents, 0)).toBe(999);
    expect((await planOf(user)).id).toBe('free-listener');
    const announced = await t.ctx.database.query<{ payload: { amountCents: number } }>(
      `SELECT payload FROM domain_events WHERE name = 'payment.refunded' AND payload->>'userId' = $1`,
      [user.id],
    );
    expect(announced.map((e) => e.payload.amountCents)).toEqual([999]);
  });

  it('with Stripe down, a job cancels it later; meanwhile a second Checkout is refused with 409', async () => {
    const { user, sub } = await premiumListener();
    await renewalFailed(sub);
    fake.outage.down = true;
    try {
      t.ctx.clock.advance(7 * DAY + 60_000);
      expect((await planOf(user)).id).toBe('free-listener');
      await t.ctx.events.settled();
      expect(fake.subscriptions.get(sub.id)?.status).toBe('past_due');
      const queued = await t.ctx.database.query<{ payload: unknown }>(
        `SELECT payload FROM jobs WHERE type = 'billing.provider-followup' AND status = 'queued'`,
      );
      expect(queued.map((j) => j.payload)).toContainEqual({
        userId: user.id,
        action: 'cancel',
        subscriptionIds: [sub.id],
        customerId: null,
      });
    } finally {
      fake.outage.down = false;
    }

    // Stripe is back but the retry has not run: Stripe still bills, so no second subscription.
    const sessions = fake.calls('POST', '/v1/checkout/sessions').length;
    const refused = await call(user.cookie, 'POST', '/api/billing/checkout', { planId: 'premium' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(BILLING_MESSAGES.stillBilling);
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(sessions);

    await t.ctx.jobs.drain();
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(fake.calls('DELETE', `/v1/subscriptions/${sub.id}`)).toHaveLength(2); // the failed try and the retry
    expect((await call(user.cookie, 'POST', '/api/billing/checkout', { planId: 'premium' })).statusCode).toBe(200);
  });
});

describe("an admin's grant over a paid subscription", () => {
  it('pauses collection at Stripe (audited, step-up kept), survives Stripe events, and hands it back on revoke', async () => {
    const { user, sub } = await premiumListener();
    t.ctx.clock.advance(16 * 60_000);
    expect((await grant(user.id, 'family')).json().error.code).toBe('STEP_UP_REQUIRED');
    await stepUp();

    // Stripe unreachable: refused, nothing written here.
    fake.outage.down = true;
    try {
      expect((await grant(user.id, 'family')).statusCode).toBe(503);
    } finally {
      fake.outage.down = false;
    }
    expect((await openSubs(user.id))[0]).toMatchObject({ plan_id: 'premium', source: 'stripe' });

    const given = await grant(user.id, 'family');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().plan).toMatchObject({ id: 'family', source: 'admin', status: 'active' });
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toEqual({ behavior: 'void' });
    const audit = await t.ctx.database.query<{ actor_id: string; action: string; before: unknown; after: unknown }>(
      `SELECT actor_id, action, before, after FROM audit_log WHERE target_id = $1 ORDER BY at`,
      [user.id],
    );
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        action: 'plan.grant',
        before: { planId: 'premium', status: 'active' },
        after: { planId: 'family', status: 'active', source: 'admin' },
      },
    ]);

    // Stripe's later events (a period rolling over with its invoice voided, collection resumed
    // behind our back) do not revert the grant; an unpaused subscription is paused again.
    sub.items.data[0].current_period_end += 30 * 86_400;
    sub.pause_collection = null;
    expect((await send('customer.subscription.updated', sub)).statusCode).toBe(200);
    expect(await openSubs(user.id)).toEqual([
      { status: 'active', plan_id: 'family', source: 'admin', stripe_subscription_id: sub.id },
    ]);
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toEqual({ behavior: 'void' });
    expect((await send('invoice.payment_failed', invoice(sub))).statusCode).toBe(200);
    expect((await planOf(user)).id).toBe('family');

    // A suspension and its restore leave the grant's pause in place (a restore resumes only what is paid for).
    expect((await call(admin.cookie, 'POST', `/api/admin/users/${user.id}/suspend`)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'POST', `/api/admin/users/${user.id}/restore`)).statusCode).toBe(200);
    await t.ctx.events.settled();
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toEqual({ behavior: 'void' });
    expect(fake.calls('POST', `/v1/subscriptions/${sub.id}`).filter((r) => r.body.pause_collection === '')).toEqual([]);

    const revoked = await grant(user.id, null);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().plan).toMatchObject({ id: 'premium', source: 'stripe', status: 'active' });
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toBeNull();
    expect(fake.subscriptions.get(sub.id)?.status).toBe('active'); // goes on billing, not cancelled
    expect((await history(user.id)).slice(-2)).toEqual(['active-grant->active', 'active-ungrant->active']);
    expect(
      (
        await t.ctx.database.query<{ actor_id: string; action: string }>(
          `SELECT actor_id, action FROM audit_log WHERE target_id = $1 AND action LIKE 'plan.%' ORDER BY at`,
          [user.id],
        )
      ).map((r) => [r.actor_id, r.action]),
    ).toEqual([
      [admin.id, 'plan.grant'],
      [admin.id, 'plan.revoke'],
    ]);
  });

  it('revoked while the account is suspended: handed back but left paused until the restore', async () => {
    const { user, sub } = await premiumListener();
    await stepUp();
    expect((await grant(user.id, 'family')).statusCode).toBe(200);
    expect((await call(admin.cookie, 'POST', `/api/admin/users/${user.id}/suspend`)).statusCode).toBe(200);
    await t.ctx.events.settled();
    const revoked = await grant(user.id, null);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().plan).toMatchObject({ id: 'premium', source: 'stripe' });
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toEqual({ behavior: 'void' });
    expect((await call(admin.cookie, 'POST', `/api/admin/users/${user.id}/restore`)).statusCode).toBe(200);
    await t.ctx.events.settled();
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toBeNull();
  });
});

describe('webhooks about customers we do not know', () => {
  it('answers 200 for an unknown customer and cancels its subscription to our price', async () => {
    const stranger = fake.putSubscription({
      customer: 'cus_stranger',
      price: 'price_premium',
      periodStart: now(),
      periodEnd: new Date(now().getTime() + 30 * DAY),
    });
    const renewal = invoice(stranger);
    const res = await send('invoice.paid', renewal);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.subscriptions.get(stranger.id)?.status).toBe('canceled');
    expect((await send('customer.subscription.updated', stranger)).statusCode).toBe(200);
    const booked = await t.ctx.database.query('SELECT 1 FROM payments WHERE external_id = $1', [`${renewal.id}:paid`]);
    expect(booked).toEqual([]);

    // Another app's subscription on the same Stripe account (a price that is not ours) is left alone.
    const other = fake.putSubscription({
      customer: 'cus_other_app',
      price: 'price_not_ours',
      periodStart: now(),
      periodEnd: new Date(now().getTime() + 30 * DAY),
    });
    expect((await send('customer.subscription.updated', other)).statusCode).toBe(200);
    expect(fake.subscriptions.get(other.id)?.status).toBe('active');
  });

  it('answers 200 for a customer deleted at Stripe: our subscription ends, the customer is forgotten', async () => {
    const { user, sub } = await premiumListener();
    sub.status = 'canceled'; // Stripe cancels a deleted customer's subscriptions
    const res = await send('customer.deleted', { id: sub.customer, object: 'customer', deleted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('applied');
    expect(await openSubs(user.id)).toEqual([]);
    expect((await history(user.id)).at(-1)).toBe('active-end->expired');
    const [account] = await t.ctx.database.query<{ stripe_customer_id: string | null }>(
      'SELECT stripe_customer_id FROM billing_accounts WHERE user_id = $1',
      [user.id],
    );
    expect(account.stripe_customer_id).toBeNull();

    // A new Checkout the same day gets a new customer: Stripe answers a reused idempotency key with
    // its first answer for 24 hours (the deleted customer), so the new key names the deleted one.
    expect((await call(user.cookie, 'POST', '/api/billing/checkout', { planId: 'premium' })).statusCode).toBe(200);
    const [again] = await t.ctx.database.query<{ stripe_customer_id: string | null }>(
      'SELECT stripe_customer_id FROM billing_accounts WHERE user_id = $1',
      [user.id],
    );
    expect(again.stripe_customer_id).toMatch(/^cus_/);
    expect(again.stripe_customer_id).not.toBe(sub.customer);
    expect(([...fake.sessions.values()].at(-1) as { customer: string }).customer).toBe(again.stripe_customer_id);
    const keys = fake
      .calls('POST', '/v1/customers')
      .filter((c) => c.body['metadata[userId]'] === user.id)
      .map((c) => c.idempotencyKey);
    expect(keys).toEqual([`wavecast-customer-${user.id}`, `wavecast-customer-${user.id}-after-${sub.customer}`]);

    const unknown = await send('customer.deleted', { id: 'cus_never_ours', object: 'customer', deleted: true });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().outcome).toBe('ignored');
  });
});

describe('the nightly reconciliation', () => {
  const lastReport = async () => {
    const [row] = await t.ctx.database.query<{ after: ReconcileReport; actor_id: string | null }>(
      `SELECT after, actor_id FROM audit_log WHERE action = 'billing.reconcile' ORDER BY at DESC, id DESC LIMIT 1`,
    );
    return row;
  };
  const runReconcile = async () => {
    await t.ctx.jobs.enqueue(RECONCILE_JOB, { at: now().toISOString() });
    await t.ctx.jobs.drain();
    return lastReport();
  };

  it('repairs drift from Stripe’s answer, cancels what we ended, and reports what it cannot settle', async () => {
    // A: changed to Family at Stripe behind our back (no webhook), its period moved on.
    const a = await premiumListener();
    a.sub.items.data[0].price = { id: 'price_family' };
    a.sub.items.data[0].current_period_end += 30 * 86_400;
    // B: cancelled at Stripe, its webhook lost.
    const b = await premiumListener();
    b.sub.status = 'canceled';
    // C: a second subscription billing the same account (made in Stripe's dashboard).
    const c = await premiumListener();
    const second = fake.putSubscription({
      customer: c.sub.customer,
      price: 'price_premium',
      metadata: { userId: c.user.id, planId: 'premium' },
      periodStart: now(),
      periodEnd: new Date(now().getTime() + 30 * DAY),
    });

    const { after: report, actor_id } = await runReconcile();
    expect(actor_id).toBeNull();
    const repaired = (id: string) => report.repaired.find((r) => r.stripeSubscriptionId === id);
    expect(repaired(a.sub.id)).toEqual({
      stripeSubscriptionId: a.sub.id,
      userId: a.user.id,
      drift: ['plan premium here, family at Stripe', expect.stringMatching(/^period end .* here, .* at Stripe$/)],
    });
    expect(repaired(b.sub.id)).toEqual({
      stripeSubscriptionId: b.sub.id,
      userId: b.user.id,
      drift: ['open here, over at Stripe'],
    });
    expect(report.unresolved).toContainEqual({
      stripeSubscriptionId: second.id,
      userId: c.user.id,
      reason: 'a second subscription bills this account',
    });
    expect(repaired(c.sub.id)).toBeUndefined();
    expect(report.checked).toBeGreaterThanOrEqual(4);

    const [rowA] = await t.ctx.database.query<{ plan_id: string; current_period_end: Date }>(
      `SELECT plan_id, current_period_end FROM subscriptions WHERE stripe_subscription_id = $1`,
      [a.sub.id],
    );
    expect(rowA.plan_id).toBe('family');
    expect(new Date(rowA.current_period_end).getTime()).toBe(a.sub.items.data[0].current_period_end * 1000);
    expect(await openSubs(b.user.id)).toEqual([]);
    expect(fake.subscriptions.get(second.id)?.status).toBe('active'); // reported, not guessed at

    // A second run finds A and B in line: nothing repaired again, the unresolved one reported again.
    const { after: again } = await runReconcile();
    expect(again.repaired.map((r) => r.stripeSubscriptionId)).not.toContain(a.sub.id);
    expect(again.repaired.map((r) => r.stripeSubscriptionId)).not.toContain(b.sub.id);
    expect(again.unresolved.map((r) => r.stripeSubscriptionId)).toContain(second.id);
  });

  it('cancels at Stripe a subscription we ended whose cancellation never got there', async () => {
    const { user, sub } = await premiumListener();
    await renewalFailed(sub);
    fake.outage.down = true;
    try {
      t.ctx.clock.advance(7 * DAY + 60_000);
      expect((await planOf(user)).id).toBe('free-listener');
      await t.ctx.events.settled();
    } finally {
      fake.outage.down = false;
    }
    // The follow-up job gave up (say): only the reconciliation is left to notice.
    await t.ctx.database.query(`DELETE FROM jobs WHERE type = 'billing.provider-followup'`);
    const { after: report } = await runReconcile();
    expect(report.repaired).toContainEqual({
      stripeSubscriptionId: sub.id,
      userId: user.id,
      drift: ['billing at Stripe, ended here'],
    });
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
  });
});
