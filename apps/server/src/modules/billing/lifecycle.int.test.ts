import { beforeAll, describe, expect, it } from 'vitest';
import { billingTestApp } from '../../../test/billing-app';
import type { FakeStripe } from '../../../test/fake-stripe';
import { signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { billing } from './index';

// Issue 31: an account's suspension, restore and deletion reach its subscription at Stripe (the
// fake, over real HTTP, driven by the official SDK), and webhooks about a deleted account's
// subscription are answered 200 instead of failing until Stripe disables the endpoint.

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
  t.ctx.database.query<{ status: string; stripe_subscription_id: string | null }>(
    `SELECT status, stripe_subscription_id FROM subscriptions WHERE user_id = $1 AND status <> 'expired'`,
    [userId],
  );
const eventsNamed = (name: string) =>
  t.ctx.database.query<{ payload: Record<string, unknown> }>(
    'SELECT payload FROM domain_events WHERE name = $1 ORDER BY created_at',
    [name],
  );

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
  expect((await send('invoice.paid', invoice(sub))).statusCode).toBe(200);
  expect(await openSubs(user.id)).toEqual([{ status: 'active', stripe_subscription_id: sub.id }]);
  return { user, sub };
}

describe('an account deleted', () => {
  it('has its Stripe subscription cancelled at once, and a later renewal webhook answered 200', async () => {
    const { user, sub } = await premiumListener();
    const res = await call(user.cookie, 'DELETE', '/api/me', { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.events.settled();
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(fake.calls('DELETE', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);

    // Stripe's late deliveries about it: acknowledged, nothing recorded for the gone account.
    expect((await send('invoice.paid', invoice(sub))).statusCode).toBe(200);
    expect((await send('customer.subscription.updated', sub)).statusCode).toBe(200);
    expect((await send('invoice.payment_failed', invoice(sub))).statusCode).toBe(200);
    expect(await openSubs(user.id)).toEqual([]);
  });

  it('answers a renewal for a subscription still billing a deleted account 200, and cancels it there', async () => {
    // Stripe holds a subscription of ours for an account that no longer exists (its Checkout
    // finished after the deletion, or Stripe was down when the account went).
    const gone = await signUp(t);
    await call(gone.cookie, 'DELETE', '/api/me', { password: gone.password });
    await t.ctx.events.settled();
    const sub = fake.putSubscription({
      customer: 'cus_orphan1',
      price: 'price_premium',
      metadata: { userId: gone.id, planId: 'premium' },
      periodStart: now(),
      periodEnd: new Date(now().getTime() + 30 * DAY),
    });
    // The renewal was charged (a period the account will never use): refunded in full, once (ADR 0044).
    const paid = invoice(sub);
    const payment = fake.payInvoice(paid.id, 999);
    const renewal = await send('invoice.paid', paid);
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(fake.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(await openSubs(gone.id)).toEqual([]);
    expect((await send('invoice.paid', paid)).statusCode).toBe(200); // a redelivery: nothing more
    // Asked again on the redelivery under the same idempotency key: one refund at Stripe.
    const refunds = fake.refundsCreated().filter((r) => r.body.payment_intent === payment.payment.payment_intent);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`wavecast-late-refund-${payment.id}`]));
    expect(refunds[0]?.body['metadata[reason]']).toBe('paid_after_account_deleted');
    const entries = await t.ctx.database.query<{ user_id: string | null; kind: string; amount_cents: number }>(
      'SELECT user_id, kind, amount_cents FROM payments WHERE invoice_id = $1 ORDER BY kind',
      [paid.id],
    );
    expect(entries).toEqual([
      { user_id: null, kind: 'paid', amount_cents: 999 },
      { user_id: null, kind: 'refunded', amount_cents: -999 },
    ]);
  });

  it('answers 200 for a subscription Stripe no longer has', async () => {
    const res = await send('customer.subscription.updated', { id: 'sub_never_here', object: 'subscription' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('an account suspended', () => {
  it('has collection paused (invoices voided) at Stripe, resumed when restored; the plan stays active here', async () => {
    const { user, sub } = await premiumListener();
    const suspended = await call(admin.cookie, 'POST', `/api/admin/users/${user.id}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    await t.ctx.events.settled();
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toEqual({ behavior: 'void' });
    expect(fake.subscriptions.get(sub.id)?.status).toBe('active');
    expect(await openSubs(user.id)).toEqual([{ status: 'active', stripe_subscription_id: sub.id }]);

    const restored = await call(admin.cookie, 'POST', `/api/admin/users/${user.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    await t.ctx.events.settled();
    expect(fake.subscriptions.get(sub.id)?.pause_collection).toBeNull();
    expect(fake.calls('POST', `/v1/subscriptions/${sub.id}`).map((r) => r.body)).toEqual([
      { 'pause_collection[behavior]': 'void' },
      { pause_collection: '' },
    ]);
  });
});

describe('lifecycle events billing publishes', () => {
  it('records plan.ended when an admin grant ends, in the transition', async () => {
    const u = await signUp(t);
    const subs = billing(t.ctx).subscriptions;
    await subs.grant({ id: u.id, role: 'listener' }, 'premium', admin.id);
    expect((await eventsNamed('plan.ended')).filter((e) => e.payload.userId === u.id)).toEqual([]);
    await subs.grant({ id: u.id, role: 'listener' }, null, admin.id);
    expect((await eventsNamed('plan.ended')).filter((e) => e.payload.userId === u.id)).toEqual([
      { payload: { userId: u.id, plan: 'premium' } },
    ]);
  });

  it('records plan.ended when a cancelled period lapses', async () => {
    const u = await signUp(t);
    expect((await call(u.cookie, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBe(200);
    expect((await call(u.cookie, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    await billing(t.ctx).subscriptions.settle(u.id);
    expect((await eventsNamed('plan.ended')).filter((e) => e.payload.userId === u.id)).toEqual([]);
    t.ctx.clock.advance(15 * DAY);
    await billing(t.ctx).subscriptions.settle(u.id);
    expect((await eventsNamed('plan.ended')).filter((e) => e.payload.userId === u.id)).toEqual([
      { payload: { userId: u.id, plan: 'premium' } },
    ]);
  });

  it('records payment.refunded once per refund booked in the ledger', async () => {
    const { user, sub } = await premiumListener();
    fake.addRefund('ch_life1', 400);
    const charge = { id: 'ch_life1', object: 'charge', customer: sub.customer, amount: 999, metadata: {} };
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);
    const [entry] = await t.ctx.database.query<{ id: string }>(
      `SELECT id FROM payments WHERE user_id = $1 AND kind = 'refunded'`,
      [user.id],
    );
    expect((await eventsNamed('payment.refunded')).filter((e) => e.payload.userId === user.id)).toEqual([
      { payload: { userId: user.id, paymentId: entry.id, amountCents: 400 } },
    ]);
  });
});
