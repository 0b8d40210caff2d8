import type { PaidPlanId, TBilling } from '@wavecast/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingTestApp } from '../../../test/billing-app';
import type { FakeStripe } from '../../../test/fake-stripe';
import { signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { paymentProvider } from './index';

const DAY = 86_400_000;
const billingApp = billingTestApp();
const { now, call, post, send, invoice } = billingApp;
let t: TestApp;
let fake: FakeStripe;
beforeAll(() => {
  ({ t, fake } = billingApp);
});

const billingOf = async (u: TestUser) => (await call(u, 'GET', '/api/billing')).json() as TBilling;
const planOf = async (u: TestUser) =>
  (await call(u, 'GET', '/api/me')).json().user.plan as { id: string; status: string };

const history = async (userId: string) =>
  (
    await t.ctx.database.query<{ event: string; from_status: string | null; to_status: string }>(
      `SELECT e.event, e.from_status, e.to_status FROM subscription_events e
       JOIN subscriptions s ON s.id = e.subscription_id WHERE s.user_id = $1 ORDER BY e.at, e.id`,
      [userId],
    )
  ).map((r) => `${r.from_status ?? 'none'}-${r.event}->${r.to_status}`);
const ledger = (userId: string) =>
  t.ctx.database.query<{ kind: string; purpose: string; amount_cents: number; description: string; plan_id: string }>(
    'SELECT kind, purpose, amount_cents, description, plan_id FROM payments WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
const localSub = async (userId: string) =>
  (
    await t.ctx.database.query<{ status: string; plan_id: string; source: string; grace_ends_at: Date | null }>(
      `SELECT status, plan_id, source, grace_ends_at FROM subscriptions WHERE user_id = $1 AND status <> 'expired'`,
      [userId],
    )
  )[0];

const lastSession = () =>
  [...fake.sessions.values()].at(-1) as Record<string, unknown> & { id: string; customer: string };

/** Checkout through the API, then Stripe holding the paid subscription (as after the hosted page). */
async function paidCheckout(user: TestUser, planId: PaidPlanId = 'premium') {
  const res = await call(user, 'POST', '/api/billing/checkout', { planId });
  expect(res.statusCode).toBe(200);
  const session = lastSession();
  const sub = fake.putSubscription({
    customer: session.customer,
    price: `price_${planId}`,
    metadata: { userId: user.id, planId },
    periodStart: now(),
    periodEnd: new Date(now().getTime() + 30 * DAY),
  });
  Object.assign(session, { subscription: sub.id, status: 'complete', payment_status: 'paid' });
  return { session, sub };
}

/** A listener paying for Premium: Checkout completed and the first invoice paid. */
async function premiumListener() {
  const user = await signUp(t);
  const { session, sub } = await paidCheckout(user);
  expect((await send('checkout.session.completed', session)).statusCode).toBe(200);
  expect((await send('invoice.paid', invoice(sub, 999, 'subscription_create'))).statusCode).toBe(200);
  return { user, session, sub };
}

describe('checkout', () => {
  it("answers the fake Stripe's Checkout URL, with the plan's price, creating one customer per account", async () => {
    const user = await signUp(t);
    const first = await call(user, 'POST', '/api/billing/checkout', { planId: 'premium' });
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));
    const again = await call(user, 'POST', '/api/billing/checkout', { planId: 'family' });
    expect(again.statusCode).toBe(200);

    const created = fake.calls('POST', '/v1/customers').filter((r) => r.body.email === user.email);
    expect(created).toHaveLength(1);
    expect(created[0].body['metadata[userId]']).toBe(user.id);
    const sessions = fake.calls('POST', '/v1/checkout/sessions').slice(-2);
    expect(sessions.map((r) => r.body['line_items[0][price]'])).toEqual(['price_premium', 'price_family']);
    expect(sessions[0].body).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: user.id,
      'metadata[userId]': user.id,
      'metadata[planId]': 'premium',
      'subscription_data[metadata][planId]': 'premium',
    });
    expect(new Set(sessions.map((r) => r.body.customer)).size).toBe(1);
    expect((await billingOf(user)).payingEnabled).toBe(true);
  });

  it('opens the Customer Portal for an account that has a customer, and refuses one that has none', async () => {
    const none = await signUp(t);
    expect((await call(none, 'POST', '/api/billing/portal')).statusCode).toBe(409);
    const { user } = await premiumListener();
    const portal = await call(user, 'POST', '/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${fake.url}/portal/`));
    expect(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)?.body.return_url).toContain('/settings');
  });

  it('refuses a second Checkout to an account already paying (it changes its plan instead)', async () => {
    const { user } = await premiumListener();
    const before = fake.calls('POST', '/v1/checkout/sessions').length;
    const res = await call(user, 'POST', '/api/billing/checkout', { planId: 'family' });
    expect(res.statusCode).toBe(409);
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(before);
  });
});

describe('webhooks', () => {
  it('checkout.session.completed + invoice.paid: Premium, active, one paid entry of 999 cents', async () => {
    const { user } = await premiumListener();
    expect(await planOf(user)).toMatchObject({ id: 'premium', status: 'active' });
    expect(await localSub(user.id)).toMatchObject({ status: 'active', source: 'stripe', plan_id: 'premium' });
    expect(await ledger(user.id)).toEqual([
      expect.objectContaining({ kind: 'paid', purpose: 'subscription', amount_cents: 999, plan_id: 'premium' }),
    ]);
    expect(await history(user.id)).toEqual(['none-subscribe->active']);
    expect((await billingOf(user)).payments).toHaveLength(1);
  });

  it('applies an event delivered twice once: 200 both times, one entry, one transition', async () => {
    const user = await signUp(t);
    const { session, sub } = await paidCheckout(user);
    const completed = fake.delivery('checkout.session.completed', session, { created: now() });
    const paid = fake.delivery('invoice.paid', invoice(sub, 999, 'subscription_create'), { created: now() });
    for (const d of [completed, completed, paid, paid]) {
      const res = await post(d);
      expect(res.statusCode).toBe(200);
    }
    expect((await post(paid)).json().outcome).toBe('duplicate');
    expect(await ledger(user.id)).toHaveLength(1);
    expect(await history(user.id)).toEqual(['none-subscribe->active']);
  });

  it('ends in the right state whatever the order: invoice.paid or subscription.updated before checkout completes', async () => {
    const a = await signUp(t);
    const { session: sa, sub: subA } = await paidCheckout(a);
    expect((await send('invoice.paid', invoice(subA, 999, 'subscription_create'))).statusCode).toBe(200);
    expect((await send('checkout.session.completed', sa)).statusCode).toBe(200);
    expect(await localSub(a.id)).toMatchObject({ status: 'active', plan_id: 'premium' });
    expect(await ledger(a.id)).toHaveLength(1);
    expect(await history(a.id)).toEqual(['none-subscribe->active']);

    const b = await signUp(t);
    const { session: sb, sub: subB } = await paidCheckout(b, 'family');
    expect((await send('customer.subscription.updated', subB)).statusCode).toBe(200);
    expect((await send('checkout.session.completed', sb)).statusCode).toBe(200);
    expect(await localSub(b.id)).toMatchObject({ status: 'active', plan_id: 'family' });
    expect(await history(b.id)).toEqual(['none-subscribe->active']);
    // The state came from Stripe (retrieved), not from the events' payloads.
    expect(fake.calls('GET', `/v1/subscriptions/${subB.id}`).length).toBeGreaterThan(0);
  });

  it('applies the events Stripe sends at once (and their replays, racing) into one subscription', async () => {
    const user = await signUp(t);
    const { session, sub } = await paidCheckout(user);
    const deliveries = [
      fake.delivery('checkout.session.completed', session, { created: now() }),
      fake.delivery('customer.subscription.created', sub, { created: now() }),
      fake.delivery('invoice.paid', invoice(sub, 999, 'subscription_create'), { created: now() }),
    ];
    const answers = await Promise.all([...deliveries, ...deliveries].map(post));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await localSub(user.id)).toMatchObject({ status: 'active', plan_id: 'premium' });
    expect(await history(user.id)).toEqual(['none-subscribe->active']);
    expect(await ledger(user.id)).toHaveLength(1);
  });

  it('ignores an older subscription.updated arriving after a newer one', async () => {
    const { user, sub } = await premiumListener();
    const older = new Date(now().getTime() - 60_000);
    const stale = structuredClone(sub);
    sub.cancel_at_period_end = true; // canceled in the portal
    expect((await send('customer.subscription.updated', sub)).statusCode).toBe(200);
    expect(await localSub(user.id)).toMatchObject({ status: 'canceled' });
    expect((await send('customer.subscription.updated', stale, older)).statusCode).toBe(200);
    expect(await localSub(user.id)).toMatchObject({ status: 'canceled' });
    expect(await history(user.id)).toEqual(['none-subscribe->active', 'active-cancel->canceled']);
  });

  it('refuses a forged or unsigned delivery with 400 and changes nothing', async () => {
    const user = await signUp(t);
    const { session, sub } = await paidCheckout(user);
    const forged = fake.delivery('checkout.session.completed', session, { created: now(), secret: 'whsec_wrong' });
    const real = fake.delivery('invoice.paid', invoice(sub, 999, 'subscription_create'), { created: now() });
    const tampered = { ...real, payload: real.payload.replace('"amount_paid":999', '"amount_paid":1') };
    for (const d of [
      forged,
      tampered,
      { payload: real.payload, signature: '' },
      { payload: real.payload, signature: 't=1,v1=00' },
    ]) {
      const res = await post(d);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/signature/),
      });
    }
    expect(await localSub(user.id)).toBeUndefined();
    expect(await ledger(user.id)).toHaveLength(0);
  });

  it('answers an unknown event 200 and ignores it (recorded as seen)', async () => {
    const d = fake.delivery('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' }, { created: now() });
    const res = await post(d);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    const seen = await t.ctx.database.query('SELECT type FROM provider_events WHERE id = $1', [d.id]);
    expect(seen).toEqual([{ type: 'customer.tax_id.created' }]);
  });

  it('converts a trialing account that pays', async () => {
    const user = await signUp(t);
    expect((await call(user, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBe(200);
    const { session, sub } = await paidCheckout(user, 'family');
    await send('checkout.session.completed', session);
    await send('invoice.paid', invoice(sub, 1499, 'subscription_create'));
    expect(await localSub(user.id)).toMatchObject({ status: 'active', source: 'stripe', plan_id: 'family' });
    expect(await history(user.id)).toEqual(['none-start_trial->trialing', 'trialing-convert->active']);
  });
});

describe('a failed payment', () => {
  it('gives 7 days of grace (once per invoice), then Free', async () => {
    const { user, sub } = await premiumListener();
    sub.status = 'past_due';
    const failed = invoice(sub, 999, 'subscription_cycle');
    expect((await send('invoice.payment_failed', failed)).statusCode).toBe(200);
    expect((await send('invoice.payment_failed', failed)).statusCode).toBe(200); // Stripe's retry, failing again
    expect((await send('customer.subscription.updated', sub)).statusCode).toBe(200);
    const row = await localSub(user.id);
    expect(row.status).toBe('past_due');
    expect(Math.abs(new Date(row.grace_ends_at ?? 0).getTime() - (now().getTime() + 7 * DAY))).toBeLessThan(5000);
    expect((await ledger(user.id)).map((e) => e.kind)).toEqual(['paid', 'failed']);
    expect(await planOf(user)).toMatchObject({ id: 'premium', status: 'past_due' });

    t.ctx.clock.advance(7 * DAY + 60_000);
    expect((await planOf(user)).id).toBe('free-listener');
    expect((await history(user.id)).slice(-2)).toEqual([
      'active-payment_failed->past_due',
      'past_due-grace_over->expired',
    ]);
  });

  it('is made good by a payment within the grace days', async () => {
    const { user, sub } = await premiumListener();
    sub.status = 'past_due';
    await send('invoice.payment_failed', invoice(sub, 999, 'subscription_cycle'));
    expect((await localSub(user.id)).status).toBe('past_due');
    t.ctx.clock.advance(3 * DAY);
    sub.status = 'active';
    sub.items.data[0].current_period_end += 30 * 86_400;
    await send('invoice.paid', invoice(sub, 999, 'subscription_cycle'));
    expect(await localSub(user.id)).toMatchObject({ status: 'active', grace_ends_at: null });
    expect((await history(user.id)).slice(-1)).toEqual(['past_due-renew->active']);
    expect((await ledger(user.id)).map((e) => e.kind)).toEqual(['paid', 'failed', 'paid']);
  });
});

describe('plan changes and cancel through the API', () => {
  it('cancels at the period end at Stripe, and the period end lapses to Free', async () => {
    const { user, sub } = await premiumListener();
    const res = await call(user, 'POST', '/api/billing/cancel');
    expect(res.statusCode).toBe(200);
    expect(fake.calls('POST', `/v1/subscriptions/${sub.id}`).at(-1)?.body).toMatchObject({
      cancel_at_period_end: 'true',
    });
    expect(await localSub(user.id)).toMatchObject({ status: 'canceled' });
    await send('customer.subscription.updated', sub); // Stripe's echo of the change: nothing more
    expect(await history(user.id)).toEqual(['none-subscribe->active', 'active-cancel->canceled']);
    t.ctx.clock.advance(30 * DAY + 60_000);
    expect((await planOf(user)).id).toBe('free-listener');
  });

  it('ends at once when Stripe deletes the subscription (customer.subscription.deleted)', async () => {
    const { user, sub } = await premiumListener();
    sub.status = 'canceled';
    expect((await send('customer.subscription.deleted', sub)).statusCode).toBe(200);
    expect(await localSub(user.id)).toBeUndefined();
    expect((await planOf(user)).id).toBe('free-listener');
    expect((await history(user.id)).at(-1)).toBe('active-end->expired');
  });

  it('upgrades at once with the new price, prorated (always_invoice); the prorated invoice is in the ledger', async () => {
    const { user, sub } = await premiumListener();
    const res = await call(user, 'POST', '/api/billing/plan', { planId: 'family' });
    expect(res.statusCode).toBe(200);
    expect(fake.calls('POST', `/v1/subscriptions/${sub.id}`).at(-1)?.body).toMatchObject({
      'items[0][id]': sub.items.data[0].id,
      'items[0][price]': 'price_family',
      proration_behavior: 'always_invoice',
    });
    expect(await localSub(user.id)).toMatchObject({ status: 'active', plan_id: 'family' });
    await send('customer.subscription.updated', sub);
    await send('invoice.paid', invoice(sub, 450, 'subscription_update'));
    const entries = await ledger(user.id);
    expect(entries.map((e) => [e.amount_cents, e.plan_id])).toEqual([
      [999, 'premium'],
      [450, 'family'],
    ]);
    expect(entries[1].description).toMatch(/prorated/);
    expect(await history(user.id)).toEqual(['none-subscribe->active', 'active-change_plan->active']);
  });
});

describe('refunds and top-ups', () => {
  it('books each refund once as a negative entry; the balance is the sum', async () => {
    const { user, sub } = await premiumListener();
    fake.addRefund('ch_sub1', 400);
    const charge = { id: 'ch_sub1', object: 'charge', customer: sub.customer, amount: 999, metadata: {} };
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);
    fake.addRefund('ch_sub1', 100);
    const second = fake.delivery('charge.refunded', charge, { created: now() });
    await post(second);
    await post(second);
    await send('charge.refunded', charge); // another delivery naming the same refunds
    const entries = await ledger(user.id);
    expect(entries.map((e) => [e.kind, e.amount_cents])).toEqual([
      ['paid', 999],
      ['refunded', -400],
      ['refunded', -100],
    ]);
    expect(entries.reduce((sum, e) => sum + e.amount_cents, 0)).toBe(499);
  });

  it('books a completed top-up Checkout as a paid ad_topup entry (and its refund as one)', async () => {
    const advertiser = await signUp(t);
    const url = await paymentProvider(t.ctx).checkoutTopUp({
      userId: advertiser.id,
      email: advertiser.email,
      amountCents: 5000,
      description: 'Ad balance top-up',
      successUrl: `${t.ctx.config.PUBLIC_URL}/ads?topup=done`,
      cancelUrl: `${t.ctx.config.PUBLIC_URL}/ads`,
    });
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/`));
    const request = fake.calls('POST', '/v1/checkout/sessions').at(-1)?.body;
    expect(request).toMatchObject({
      mode: 'payment',
      'metadata[purpose]': 'ad_topup',
      'payment_intent_data[metadata][purpose]': 'ad_topup',
      'line_items[0][price_data][unit_amount]': '5000',
    });
    const session = lastSession();
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    const d = fake.delivery('checkout.session.completed', session, { created: now() });
    await post(d);
    await post(d);
    fake.addRefund('ch_topup1', 5000);
    await send('charge.refunded', {
      id: 'ch_topup1',
      object: 'charge',
      customer: session.customer,
      metadata: { purpose: 'ad_topup', userId: advertiser.id },
    });
    expect((await ledger(advertiser.id)).map((e) => [e.kind, e.purpose, e.amount_cents])).toEqual([
      ['paid', 'ad_topup', 5000],
      ['refunded', 'ad_topup', -5000],
    ]);
  });
});

describe('the webhook route under bad input', () => {
  it('never answers 500 to garbage', async () => {
    const bodies: { payload?: string | Buffer; type?: string }[] = [
      {},
      { payload: '', type: 'application/json' },
      { payload: 'not json at all', type: 'application/json' },
      { payload: '{"id":"evt_1","type":"invoice.paid"', type: 'application/json' },
      { payload: Buffer.from([0, 0, 0x7b, 0, 0x7d]), type: 'application/json' },
      { payload: '{"id":"evt_\u0000"}', type: 'text/plain' },
      { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
      { payload: Buffer.alloc(2 * 1024 * 1024, 0x61), type: 'application/json' },
    ];
    for (const b of bodies) {
      for (const signature of [undefined, 't=1,v1=abc', 'garbage\u0000']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          ...(b.payload !== undefined ? { payload: b.payload } : {}),
          headers: {
            ...(b.type ? { 'content-type': b.type } : {}),
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
        });
        expect(res.statusCode, `${b.type} ${String(b.payload).slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().error.code).toBeTruthy();
      }
    }
    // Signed, but not an event.
    const signedGarbage = fake.delivery('x', {}, { created: now() });
    const res = await post({ payload: 'not json', signature: signedGarbage.signature });
    expect(res.statusCode).toBe(400);
  });
});
