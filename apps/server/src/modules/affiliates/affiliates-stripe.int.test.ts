import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../../test/fake-stripe';
import { cookieHeader, createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';

// Commissions from what billing's Stripe webhooks write (their code untouched): invoice.paid → a
// commission, charge.refunded → reversing entries, a redelivery → nothing new.

const DAY = 86_400_000;
let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fakeStripeEnv(fake));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const now = () => t.ctx.clock.now();
const withOrigin = (u: TestUser) => ({ cookie: u.cookie, origin: t.ctx.config.PUBLIC_URL });
const send = (type: string, object: object) => {
  const d = fake.delivery(type, object, { created: now() });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload: d.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
  });
};
let seq = 0;
const invoice = (sub: { id: string; customer: string }, amount: number, reason = 'subscription_create') => ({
  id: `in_aff${++seq}`,
  object: 'invoice',
  customer: sub.customer,
  amount_paid: amount,
  amount_due: amount,
  currency: 'usd',
  billing_reason: reason,
  parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
});

describe('commissions from Stripe payments', () => {
  it('books 15% of each paid invoice and reverses refunds at the same rate, once each', async () => {
    const aff = await signUp(t, { role: 'affiliate' });
    const click = await t.app.inject({ url: `/ref/${aff.id}`, headers: { 'user-agent': 'Mozilla/5.0 Chrome/131' } });
    const ref = String([click.headers['set-cookie']].flat().find((c) => String(c).startsWith('wc_ref='))).split(';')[0];
    const email = `payer-${randomUUID().slice(0, 8)}@test.local`;
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct-horse-battery', name: 'Payer' },
      headers: { cookie: ref },
      remoteAddress: testClientIp(),
    });
    const payer: TestUser = {
      id: up.json().user.id,
      email,
      password: 'x',
      cookie: cookieHeader(up.headers['set-cookie']),
    };

    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { planId: 'premium' },
      headers: withOrigin(payer),
    });
    expect(checkout.statusCode).toBe(200);
    const session = [...fake.sessions.values()].at(-1) as Record<string, unknown> & { customer: string };
    const sub = fake.putSubscription({
      customer: session.customer,
      price: 'price_premium',
      metadata: { userId: payer.id, planId: 'premium' },
      periodStart: now(),
      periodEnd: new Date(now().getTime() + 30 * DAY),
    });
    Object.assign(session, { subscription: sub.id, status: 'complete', payment_status: 'paid' });
    expect((await send('checkout.session.completed', session)).statusCode).toBe(200);
    const first = invoice(sub, 999);
    expect((await send('invoice.paid', first)).statusCode).toBe(200);
    await send('invoice.paid', first); // the same invoice again (a new event id): one payment, one commission
    await send('invoice.paid', invoice(sub, 999, 'subscription_cycle'));

    const dash = async () =>
      (await t.app.inject({ url: '/api/affiliates/me', headers: { cookie: aff.cookie } })).json();
    let d = await dash();
    expect(d.stats).toMatchObject({ totalReferrals: 1, activeReferrals: 1, totalEarningsCents: 300 });
    expect(d.entries.map((e: { amountCents: number }) => e.amountCents)).toEqual([150, 150]);

    fake.addRefund('ch_aff1', 400);
    const charge = { id: 'ch_aff1', object: 'charge', customer: sub.customer, amount: 999, metadata: {} };
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);
    fake.addRefund('ch_aff1', 599);
    await send('charge.refunded', charge);
    await send('charge.refunded', charge);
    d = await dash();
    expect(d.entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents]).sort()).toEqual([
      ['commission', 150],
      ['commission', 150],
      ['reversal', -60], // 15% of $4.00
      ['reversal', -90], // 15% of $5.99 = 89.85 → 90
    ]);
    expect(d.stats.totalEarningsCents).toBe(150);
  });
});
