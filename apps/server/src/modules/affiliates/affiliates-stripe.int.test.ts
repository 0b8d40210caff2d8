import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../../test/fake-stripe';
import { FOLLOWED } from '../../../test/followed-link';
import { cookieHeader, createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { affiliatesService } from './service';

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
const send = (type: string, object: object, created = now()) => {
  const d = fake.delivery(type, object, { created });
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
    const click = await t.app.inject({
      url: `/ref/${aff.id}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131', ...FOLLOWED },
    });
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

  /** An affiliate and a referred account subscribed to Premium (Checkout done, no invoice yet). */
  async function referredSubscriber() {
    const aff = await signUp(t, { role: 'affiliate' });
    const click = await t.app.inject({
      url: `/ref/${aff.id}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131', ...FOLLOWED },
    });
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
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/billing/checkout',
          payload: { planId: 'premium' },
          headers: withOrigin(payer),
        })
      ).statusCode,
    ).toBe(200);
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
    const dash = async () =>
      (await t.app.inject({ url: '/api/affiliates/me', headers: { cookie: aff.cookie } })).json();
    return { aff, payer, sub, dash };
  }
  const kinds = (d: { entries: { kind: string; amountCents: number; rateBps: number }[] }) =>
    d.entries.map((e) => [e.kind, e.amountCents, e.rateBps]).sort();

  it('a refund delivered before its (delayed) payment is held, then reverses the whole commission: nothing is paid', async () => {
    const { aff, sub, dash } = await referredSubscriber();
    // Stripe took the payment an hour ago; its invoice.paid is being retried. The refund's webhook
    // (the charge refunded in full now) arrives first.
    const paidAt = new Date(now().getTime() - 60 * 60_000);
    fake.addRefund('ch_early', 999);
    const charge = { id: 'ch_early', object: 'charge', customer: sub.customer, amount: 999, metadata: {} };
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);
    let d = await dash();
    expect(d.stats.totalEarningsCents).toBe(0);
    expect(d.entries).toEqual([]); // held: nothing to take back yet
    // The delayed invoice.paid (created when Stripe took the payment), then a redelivery of each.
    const late = invoice(sub, 999);
    expect((await send('invoice.paid', late, paidAt)).statusCode).toBe(200);
    await send('invoice.paid', late, paidAt);
    await send('charge.refunded', charge);
    d = await dash();
    expect(kinds(d)).toEqual([
      ['commission', 150, 1500],
      ['reversal', -150, 1500],
    ]);
    // The reversal nets at once (payable −150) what the commission would pay after its window (pending 150).
    expect(d.stats).toMatchObject({ totalEarningsCents: 0, pendingCents: 150, payableCents: -150 });
    // Whatever is booked later, nothing of it is ever payable.
    await affiliatesService(t.ctx).bookCommissions();
    expect((await dash()).stats.totalEarningsCents).toBe(0);
    // Append-only: the held refund's 0, then the difference once its payment arrived.
    const rows = await t.ctx.database.query<{ kind: string; amount_cents: number }>(
      `SELECT kind, amount_cents FROM affiliate_ledger WHERE affiliate_id = $1 ORDER BY kind, amount_cents`,
      [aff.id],
    );
    expect(rows.map((r) => [r.kind, r.amount_cents])).toEqual([
      ['commission', 150],
      ['reversal', -150],
      ['reversal', 0],
    ]);
  });

  it('a refund takes back at the refunded invoice’s recorded rate, not the tier of today', async () => {
    const { aff, sub, dash } = await referredSubscriber();
    expect((await send('invoice.paid', invoice(sub, 2000))).statusCode).toBe(200); // Bronze: 15% → 300
    await dash();
    // The affiliate moves to Gold (25%) before the refund arrives.
    await t.ctx.database.query(`UPDATE affiliates SET tier = 'gold' WHERE user_id = $1`, [aff.id]);
    fake.addRefund('ch_rate', 1000);
    await send('charge.refunded', {
      id: 'ch_rate',
      object: 'charge',
      customer: sub.customer,
      amount: 2000,
      metadata: {},
    });
    let d = await dash();
    expect(kinds(d)).toEqual([
      ['commission', 300, 1500],
      ['reversal', -150, 1500], // 15% of $10.00, not 25%
    ]);
    // A later invoice earns Gold's rate. (Stripe's times are whole seconds: it is dated after the
    // refund, as a later invoice is, not in the refund's own second.)
    await send('invoice.paid', invoice(sub, 2000, 'subscription_cycle'), new Date(Date.now() + 5000));
    d = await dash();
    expect(d.stats.totalEarningsCents).toBe(300 - 150 + 500);
  });

  it('a refund of an older invoice after a newer one was paid reverses at the older invoice’s own rate (ADR 0044)', async () => {
    const { aff, payer, sub, dash } = await referredSubscriber();
    const sec = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
    const t1 = Date.now();
    // January's invoice at Bronze (15% of $20.00 = 300); its card payment at Stripe.
    const jan = invoice(sub, 2000);
    const janPay = fake.payInvoice(jan.id, 2000);
    expect((await send('invoice.paid', jan, sec(t1))).statusCode).toBe(200);
    await dash();
    // The affiliate reaches Gold; February's invoice earns 25% (500).
    await t.ctx.database.query(`UPDATE affiliates SET tier = 'gold' WHERE user_id = $1`, [aff.id]);
    const feb = invoice(sub, 2000, 'subscription_cycle');
    const febPay = fake.payInvoice(feb.id, 2000);
    expect((await send('invoice.paid', feb, sec(t1 + 5000))).statusCode).toBe(200);
    // Then January's charge is refunded in full (after February was paid), and February's partly.
    const chargeOf = (p: typeof janPay, amount: number) => ({
      id: p.charge,
      object: 'charge',
      customer: sub.customer,
      amount,
      payment_intent: p.payment.payment_intent,
      metadata: {},
    });
    Object.assign(fake.addRefund(janPay.charge, 2000), { created: Math.floor((t1 + 10_000) / 1000) });
    expect((await send('charge.refunded', chargeOf(janPay, 2000), sec(t1 + 10_000))).statusCode).toBe(200);
    Object.assign(fake.addRefund(febPay.charge, 333), { created: Math.floor((t1 + 11_000) / 1000) });
    expect((await send('charge.refunded', chargeOf(febPay, 2000), sec(t1 + 11_000))).statusCode).toBe(200);
    await send('charge.refunded', chargeOf(janPay, 2000), sec(t1 + 12_000)); // a redelivery: nothing new

    // Billing's refund entries name the refunded invoice (Stripe's charge → payment intent → invoice).
    const rows = await t.ctx.database.query<{ kind: string; amount_cents: number; invoice_id: string | null }>(
      `SELECT kind, amount_cents, invoice_id FROM payments WHERE user_id = $1 ORDER BY occurred_at, kind`,
      [payer.id],
    );
    expect(rows.map((r) => [r.kind, r.amount_cents, r.invoice_id])).toEqual([
      ['paid', 2000, jan.id],
      ['paid', 2000, feb.id],
      ['refunded', -2000, jan.id],
      ['refunded', -333, feb.id],
    ]);
    const d = await dash();
    expect(kinds(d)).toEqual([
      ['commission', 300, 1500],
      ['commission', 500, 2500],
      ['reversal', -300, 1500], // January's own 15%, exactly what it earned (not 25% of $20.00)
      ['reversal', -83, 2500], // 500 × 333 / 2000 = 83.25 → 83
    ]);
    expect(d.stats.totalEarningsCents).toBe(300 + 500 - 300 - 83);
  });

  it('a lost dispute (chargeback) of the rest after a partial refund takes back exactly what the invoice earned', async () => {
    const { payer, sub, dash } = await referredSubscriber();
    const inv = invoice(sub, 999); // 15% of $9.99 = 150
    const pay = fake.payInvoice(inv.id, 999);
    expect((await send('invoice.paid', inv)).statusCode).toBe(200);
    const charge = {
      id: pay.charge,
      object: 'charge',
      customer: sub.customer,
      amount: 999,
      payment_intent: pay.payment.payment_intent,
      metadata: {},
    };
    fake.addRefund(pay.charge, 333);
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);
    const dispute = {
      id: `dp_aff${++seq}`,
      object: 'dispute',
      charge: pay.charge,
      payment_intent: pay.payment.payment_intent,
      amount: 666,
      currency: 'usd',
      status: 'lost',
    };
    expect((await send('charge.dispute.closed', { ...dispute, status: 'under_review' })).json().outcome).toBe(
      'ignored',
    );
    expect((await send('charge.dispute.closed', dispute)).statusCode).toBe(200);
    await send('charge.dispute.closed', dispute); // a redelivery: nothing more
    const rows = await t.ctx.database.query<{ kind: string; amount_cents: number; invoice_id: string | null }>(
      `SELECT kind, amount_cents, invoice_id FROM payments WHERE user_id = $1 ORDER BY amount_cents`,
      [payer.id],
    );
    expect(rows.map((r) => [r.kind, r.amount_cents, r.invoice_id])).toEqual([
      ['refunded', -666, inv.id],
      ['refunded', -333, inv.id],
      ['paid', 999, inv.id],
    ]);
    const d = await dash();
    expect(kinds(d)).toEqual([
      ['commission', 150, 1500],
      ['reversal', -100, 1500], // 150 × 666 / 999
      ['reversal', -50, 1500], // 150 × 333 / 999
    ]);
    expect(d.stats.totalEarningsCents).toBe(0);
    // A dispute of an invoice whose payment is not booked here yet: 503, delivered again later.
    const early = fake.payInvoice(`in_aff_early${++seq}`, 999);
    const waiting = await send('charge.dispute.closed', {
      ...dispute,
      id: `dp_aff${++seq}`,
      charge: early.charge,
      payment_intent: early.payment.payment_intent,
    });
    expect(waiting.statusCode).toBe(503);
  });

  it('pays a batch through Stripe Connect transfers: the transfer id is the reference, a refused one stays batched, a retry never pays twice', async () => {
    const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.ctx.database.query<T>(text, params);
    const withPayable = async (accountId: string) => {
      const { aff } = await referredSubscriber();
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/affiliates/me/settings',
        payload: { schedule: 'monthly', method: { kind: 'stripe', accountId } },
        headers: { cookie: aff.cookie },
      });
      expect(put.json().settings.method).toEqual({
        kind: 'stripe',
        masked: `Stripe account ••••${accountId.slice(-4)}`,
      });
      await q(
        `INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, occurred_at, payable_at, created_at)
         SELECT affiliate_id, 'commission', 6000, id, $2, $2, $2 FROM affiliate_referrals WHERE affiliate_id = $1`,
        [aff.id, new Date(now().getTime() - DAY)],
      );
      const req = await t.app.inject({
        method: 'POST',
        url: '/api/affiliates/me/payouts',
        headers: { cookie: aff.cookie },
      });
      expect(req.statusCode).toBe(200);
      return req.json().payout as { id: string };
    };
    const good = await withPayable('acct_goodAcct4242');
    const bad = await withPayable('acct_badAcct0000');
    const root = await signUp(t, { role: 'admin' });
    const batch = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/affiliate-payout-batches',
        headers: { cookie: root.cookie },
      })
    ).json().batch;
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/affiliate-payout-batches/${batch.id}/transfers`,
        headers: { cookie: root.cookie },
      });
    const first = await pay();
    expect(first.statusCode).toBe(200);
    const { paid, failed } = first.json();
    expect(paid).toEqual([{ payoutId: good.id, transferId: expect.stringMatching(/^tr_/) }]);
    expect(failed).toEqual([{ payoutId: bad.id, message: 'No such destination' }]);
    expect(fake.transfers).toEqual([
      expect.objectContaining({
        amount: 6000,
        destination: 'acct_goodAcct4242',
        metadata: expect.objectContaining({ payoutId: good.id }),
      }),
    ]);
    expect(fake.calls('POST', '/v1/transfers').map((c) => c.idempotencyKey)).toContain(`wavecast-payout-${good.id}`);
    const rows = await q<{ id: string; status: string; reference: string | null }>(
      'SELECT id, status, reference FROM affiliate_payouts WHERE id = ANY($1) ORDER BY status',
      [[good.id, bad.id]],
    );
    expect(rows).toEqual([
      { id: bad.id, status: 'batched', reference: null },
      { id: good.id, status: 'paid', reference: paid[0].transferId },
    ]);
    // Again: the paid one is not sent again; the refused one is tried again and refused again.
    const again = (await pay()).json();
    expect(again.paid).toEqual([]);
    expect(again.failed.map((f: { payoutId: string }) => f.payoutId)).toEqual([bad.id]);
    expect(fake.transfers).toHaveLength(1);
    const audit = await q<{ action: string }>('SELECT action FROM audit_log WHERE target_id = $1 ORDER BY action', [
      batch.id,
    ]);
    expect(audit.map((a) => a.action)).toEqual([
      'payout_batch.create',
      'payout_batch.transfers',
      'payout_batch.transfers',
    ]);
  });
});
