import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../../test/fake-stripe';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedDisplayCampaign } from '../../../test/seed-ad';
import { seedTrack } from '../../../test/seed-track';
import { adLedger, adServes, familyMembers } from '../../db/schema';
import { monthBounds, monthOf, nextMonth } from './month';
import { earningsService } from './service';

// The month close through the real database: Premium subscribers pay through billing's Stripe
// webhooks (the local Stripe fake), listen through /api/plays, an ad is charged on a creator's
// content, the month closes on the test clock; then a refund next month is reversed there.

const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestApp;
let fake: FakeStripe;
let x: TestUser; // creator X
let y: TestUser; // creator Y
let trackX: string;
let trackY: string;
let month: string;
const paidInvoice: Record<string, { invoice: string; charge: string; intent: string }> = {};

const now = () => t.ctx.clock.now();
const send = (type: string, object: object, created = now()) => {
  const d = fake.delivery(type, object, { created });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload: d.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
  });
};
const q = async <T>(text: string, params: unknown[] = []) => (await t.ctx.database.query(text, params)) as T[];

/** A Premium subscriber whose first invoice ($9.99) is paid now. */
async function premiumSubscriber(): Promise<TestUser> {
  const u = await signUp(t);
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    payload: { planId: 'premium' },
    headers: { cookie: u.cookie, origin: t.ctx.config.PUBLIC_URL },
  });
  expect(checkout.statusCode).toBe(200);
  const session = [...fake.sessions.values()].at(-1) as Record<string, unknown> & { customer: string };
  const sub = fake.putSubscription({
    customer: session.customer,
    price: 'price_premium',
    metadata: { userId: u.id, planId: 'premium' },
    periodStart: now(),
    periodEnd: new Date(now().getTime() + 30 * DAY),
  });
  Object.assign(session, { subscription: sub.id, status: 'complete', payment_status: 'paid' });
  expect((await send('checkout.session.completed', session)).statusCode).toBe(200);
  const invoice = `in_earn_${randomUUID().slice(0, 8)}`;
  const payment = fake.payInvoice(invoice, 999);
  const paid = {
    id: invoice,
    object: 'invoice',
    customer: sub.customer,
    amount_paid: 999,
    amount_due: 999,
    currency: 'usd',
    billing_reason: 'subscription_create',
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
  };
  expect((await send('invoice.paid', paid)).statusCode).toBe(200);
  paidInvoice[u.id] = { invoice, charge: payment.charge, intent: payment.payment.payment_intent as string };
  return u;
}

/** A play heard for `seconds` (5-second buckets from the start). */
async function listen(u: TestUser, trackId: string, seconds: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plays',
    headers: { cookie: u.cookie, origin: t.ctx.config.PUBLIC_URL },
    payload: {
      trackId,
      secondsListened: seconds,
      listen: { sessionId: randomUUID(), buckets: Array.from({ length: seconds / 5 }, (_, i) => i), source: 'home' },
    },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().counted).toBe(true);
}

/** Moves the clock to `hours` into the month after `m`. */
const moveInto = (m: string, hours: number) => {
  const target = monthBounds(m).end.getTime() + hours * HOUR;
  t.ctx.clock.advance(Math.max(0, target - now().getTime()));
};

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fakeStripeEnv(fake));
  t.ctx.clock.freeze();
  month = monthOf(now());
  x = await signUp(t, { name: 'Creator X', role: 'creator' });
  y = await signUp(t, { name: 'Creator Y', role: 'creator' });
  trackX = await seedTrack(t.ctx.database.db, x.id, { title: 'X one', duration: 300 });
  trackY = await seedTrack(t.ctx.database.db, y.id, { title: 'Y one', duration: 300 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the month close', () => {
  it('refuses a month that has not ended, and a malformed one', async () => {
    await expect(earningsService(t.ctx).closeMonth(month)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(earningsService(t.ctx).closeMonth('2026-13')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await q('SELECT 1 FROM earnings_months')).toHaveLength(0);
  });

  it('splits each subscriber’s net by their own listening, ads to the creator, and keeps the pro-rata counterfactual', async () => {
    const a = await premiumSubscriber();
    const b = await premiumSubscriber();
    const free = await signUp(t);
    await listen(a, trackX, 120);
    await listen(a, trackY, 30);
    await listen(b, trackY, 60);
    await listen(free, trackX, 90); // pays nothing this month: earns nobody anything
    await listen(x, trackX, 90); // a creator's own plays earn nothing
    // An ad charged on X's content ($1.234567 → 123 cents), and one filtered as invalid traffic.
    const advertiser = await signUp(t, { role: 'advertiser' });
    const campaign = await seedDisplayCampaign(t.ctx.database.db, advertiser.id, { at: now(), cpmMicros: 1_000_000 });
    for (const [micros, ivt] of [
      [1_234_567, null],
      [5_000_000, 'known-bot'],
    ] as const) {
      const [serve] = await t.ctx.database.db
        .insert(adServes)
        .values({
          campaignId: campaign,
          format: 'display',
          placement: 'home',
          creatorId: x.id,
          priceMicros: micros,
          servedAt: now(),
          impressedAt: now(),
          ivtReason: ivt,
        })
        .returning({ id: adServes.id });
      await t.ctx.database.db.insert(adLedger).values({
        advertiserId: advertiser.id,
        kind: 'spend',
        amountMicros: -micros,
        campaignId: campaign,
        serveId: serve?.id,
        at: now(),
      });
    }

    moveInto(month, 3);
    const s = earningsService(t.ctx);
    const [closed, ...more] = await s.closeDueMonths();
    expect(more).toEqual([]);
    // Each $9.99 − fee (2.9 % + 30¢ = 59¢) = 940¢; 30 % to the platform: 282 + 658.
    // a: 658 by 120 s / 30 s heard → X 526, Y 132; b: 658 → Y. Ads: 123 → X 86, platform 37.
    expect(closed).toMatchObject({
      month,
      closed: true,
      rule: 'user-centric',
      subscriptionNetCents: 1880,
      adNetCents: 123,
      creatorsCents: 1402,
      platformCents: 601,
      subscribers: 2,
      listeningSubscribers: 2,
      creators: 2,
    });
    const entries = await q<{
      creator_id: string;
      source: string;
      audio_id: string | null;
      amount_cents: string;
      subscribers: number;
    }>(
      'SELECT creator_id, source, audio_id, amount_cents, subscribers FROM earnings_ledger WHERE month = $1 ORDER BY amount_cents',
      [month],
    );
    expect(entries.map((e) => [e.creator_id, e.source, e.audio_id, Number(e.amount_cents), e.subscribers])).toEqual([
      [x.id, 'ads', null, 86, 0],
      [x.id, 'subscriptions', trackX, 526, 1],
      [y.id, 'subscriptions', trackY, 790, 2],
    ]);
    // Pro-rata of the same 2003¢: 601 platform, 1402 by plays (X 1, Y 2) → 467 / 935.
    const mx = await s.creatorMonth(x.id, month);
    expect(mx).toMatchObject({
      earnedCents: 612,
      subscriptionCents: 526,
      adCents: 86,
      proRataCents: 467,
      subscribers: 1,
      plays: 1,
      heardSeconds: 120,
      state: 'pending',
    });
    expect(await s.creatorMonth(y.id, month)).toMatchObject({
      earnedCents: 790,
      proRataCents: 935,
      subscribers: 2,
      plays: 2,
      heardSeconds: 90,
    });
    expect(await s.trackBreakdown(y.id, month)).toEqual([
      { audioId: trackY, subscriptionCents: 790, reversalCents: 0, subscribers: 2, plays: 2, heardSeconds: 90 },
    ]);
    expect(await s.balance(x.id)).toEqual({ pendingCents: 612, availableCents: 0, paidCents: 0 });
    const report = await s.distributionReport(month);
    expect(report).toMatchObject({ month, creators: 2, totalCents: 1402, betterOffShare: 0.5, worseOffShare: 0.5 });
    expect(report?.gini).toBeCloseTo((790 - 612) / (2 * 1402), 6);

    // Running the close again writes nothing.
    const again = await s.closeMonth(month);
    expect(again).toMatchObject({ closed: false, creatorsCents: 1402, entries: 0 });
    expect(await q('SELECT 1 FROM earnings_ledger')).toHaveLength(3);
    expect(await s.closeDueMonths()).toEqual([]);
    // The ledger refuses changes.
    await expect(t.ctx.database.db.execute(sql`UPDATE earnings_ledger SET amount_cents = 0`)).rejects.toThrow();
  });

  it('reverses a refunded subscription’s share in the month of the refund; holds allocations 30 days', async () => {
    const s = earningsService(t.ctx);
    const [a] = await q<{ user_id: string }>(
      `SELECT user_id FROM payments WHERE kind = 'paid' ORDER BY occurred_at, created_at LIMIT 1`,
    );
    const paid = paidInvoice[a?.user_id as string] as { charge: string; intent: string };
    const refund = fake.addRefund(paid.charge, 999);
    refund.created = Math.floor(now().getTime() / 1000); // refunded now: the next month
    const charge = {
      id: paid.charge,
      object: 'charge',
      customer: 'x',
      amount: 999,
      payment_intent: paid.intent,
      metadata: { userId: a?.user_id },
    };
    expect((await send('charge.refunded', charge)).statusCode).toBe(200);

    const december = nextMonth(month);
    moveInto(december, 3);
    const [closed] = await s.closeDueMonths();
    // −$9.99 moved; the creators give back their 658 (X 526, Y 132), the platform bears the rest with the fee.
    expect(closed).toMatchObject({
      month: december,
      subscriptionNetCents: -999,
      adNetCents: 0,
      creatorsCents: -658,
      platformCents: -341,
    });
    const rev = await q<{ creator_id: string; kind: string; amount_cents: string }>(
      'SELECT creator_id, kind, amount_cents FROM earnings_ledger WHERE month = $1 ORDER BY amount_cents',
      [december],
    );
    expect(rev.map((r) => [r.creator_id, r.kind, Number(r.amount_cents)])).toEqual([
      [x.id, 'reversal', -526],
      [y.id, 'reversal', -132],
    ]);
    expect(await s.creatorMonth(x.id, december)).toMatchObject({ earnedCents: -526, reversalCents: -526 });
    // November's hold ended with December 30 days after November: X's 612 less the reversal.
    expect(await s.balance(x.id)).toEqual({ pendingCents: 0, availableCents: 86, paidCents: 0 });
    expect((await s.payableEntries(x.id)).map((e) => e.amountCents).sort((p, q2) => p - q2)).toEqual([-526, 86, 526]);
    expect((await s.creatorMonths(x.id)).map((m) => m.month)).toEqual([december, month]);
  });

  it('counts a family seat’s listening for the owner who pays; an unlistened payment stays with the platform', async () => {
    const s = earningsService(t.ctx);
    const january = nextMonth(nextMonth(month));
    const owner = await premiumSubscriber();
    const member = await signUp(t);
    const idle = await premiumSubscriber();
    // The seat as an accepted invitation leaves it (family.ts).
    await t.ctx.database.db.insert(familyMembers).values({
      ownerId: owner.id,
      email: member.email,
      memberId: member.id,
      status: 'active',
      tokenHash: 'accepted',
      invitedAt: now(),
      acceptedAt: now(),
    });
    await listen(member, trackX, 60);
    await listen(owner, trackY, 60);
    void idle;
    moveInto(january, 3);
    const [closed] = await s.closeDueMonths();
    // Two payments of 940 net: the owner's 658 split 60 s / 60 s; the idle one's 658 kept.
    expect(closed).toMatchObject({
      month: january,
      subscriptionNetCents: 1880,
      creatorsCents: 658,
      platformCents: 1222,
      subscribers: 2,
      listeningSubscribers: 1,
    });
    expect(await s.creatorMonth(x.id, january)).toMatchObject({ subscriptionCents: 329, subscribers: 1, plays: 1 });
    expect(await s.creatorMonth(y.id, january)).toMatchObject({ subscriptionCents: 329, subscribers: 1, plays: 1 });
  });
});
