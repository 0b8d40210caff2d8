import type { TBilling, TChangePreview, TNotificationPage } from '@wavecast/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingTestApp } from '../../../test/billing-app';
import type { FakeStripe } from '../../../test/fake-stripe';
import { droppedMails, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { remindEndingTrials } from './jobs';

// Issue 32: trials with a card, a card added to a no-card trial, billing mails and notices (each
// once, whatever the webhook redeliveries), and the proration preview. Stripe is the local fake,
// driven over HTTP through the official SDK; its webhooks are signed deliveries to the real route.
const DAY = 86_400_000;
const PRICES = { price_premium: 999, price_family: 1499, price_creator: 1900, price_pro: 4900 };
const billingApp = billingTestApp({ amounts: PRICES });
const { now, call, post } = billingApp;
let t: TestApp;
let fake: FakeStripe;
beforeAll(() => {
  ({ t, fake } = billingApp);
});

const billingOf = async (u: TestUser) => (await call(u, 'GET', '/api/billing')).json() as TBilling;
/** Delivers the fake's events (each twice when `twice`: the same event id, as Stripe retries). */
async function deliver(events: { type: string; object: object }[], { twice = false } = {}) {
  for (const e of events) {
    const d = fake.delivery(e.type, e.object, { created: now() });
    expect((await post(d)).statusCode).toBe(200);
    if (twice) expect((await post(d)).json().outcome).toBe('duplicate');
  }
}
const ledger = (userId: string) =>
  t.ctx.database.query<{ kind: string; amount_cents: number }>(
    'SELECT kind, amount_cents FROM payments WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
const sessionOf = (url: string) => {
  const id = /\/checkout\/([\w-]+)$/.exec(url)?.[1] ?? '';
  return fake.sessions.get(id) as Record<string, unknown> & { id: string };
};
const mails = async (u: TestUser, subject: string | RegExp) =>
  (await droppedMails(t, u.email)).filter((m) =>
    typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
  );
const billingNotices = async (u: TestUser) =>
  ((await call(u, 'GET', '/api/notifications')).json() as TNotificationPage).items.filter((n) => n.type === 'billing');
const unix = (d: Date | string | number) => Math.floor(new Date(d).getTime() / 1000);

/** A listener who paid for Premium (no trial): a 30-day period, half of it used when `half`. */
async function payingListener(planId: 'premium' | 'creator' = 'premium') {
  const user = await signUp(t, planId === 'creator' ? { role: 'creator' } : {});
  const res = await call(user, 'POST', '/api/billing/checkout', { planId });
  expect(res.statusCode).toBe(200);
  const session = sessionOf(res.json().url);
  await deliver(fake.pay(session.id, now()));
  const subId = String(session.subscription);
  return { user, subId };
}

describe('a trial begun with a card', () => {
  it('asks Stripe for the card now and 14 trial days, charges nothing, then converts at the end', async () => {
    const user = await signUp(t);
    const res = await call(user, 'POST', '/api/billing/checkout', { planId: 'premium', trial: true });
    expect(res.statusCode).toBe(200);
    const request = fake.calls('POST', '/v1/checkout/sessions').at(-1);
    expect(request?.body).toMatchObject({
      mode: 'subscription',
      payment_method_collection: 'always',
      'subscription_data[trial_period_days]': '14',
      'line_items[0][price]': 'price_premium',
    });

    const session = sessionOf(res.json().url);
    const paidAt = now();
    await deliver(fake.pay(session.id, paidAt), { twice: true });
    const during = await billingOf(user);
    expect(during.plan).toMatchObject({ id: 'premium', source: 'stripe', status: 'active' });
    expect(unix(during.plan.trialEndsAt ?? 0)).toBe(unix(new Date(paidAt.getTime() + 14 * DAY)));
    expect(during.trialAvailable).toBe(false); // the account's one trial
    expect(during.canAddCard).toBe(false);
    expect(during.nextCharge).toEqual({ amountCents: 999, at: during.plan.currentPeriodEnd });
    expect(unix(during.nextCharge?.at ?? 0)).toBe(unix(during.plan.trialEndsAt ?? 0));
    expect(await ledger(user.id)).toEqual([]); // the $0 trial invoice books nothing
    expect(await mails(user, /^Receipt/)).toEqual([]);

    // Another trial with a card, or a no-card one, is refused.
    expect((await call(user, 'POST', '/api/billing/checkout', { planId: 'family', trial: true })).statusCode).toBe(409);
    expect((await call(user, 'POST', '/api/billing/trial', { planId: 'family' })).statusCode).toBe(409);

    // The trial ends at Stripe: the card pays the first month, once, with one receipt.
    await deliver(fake.endTrial(String(session.subscription)), { twice: true });
    expect(await ledger(user.id)).toEqual([{ kind: 'paid', amount_cents: 999 }]);
    const after = await billingOf(user);
    expect(after.plan).toMatchObject({ id: 'premium', status: 'active', source: 'stripe' });
    expect(unix(after.plan.currentPeriodEnd ?? 0)).toBe(unix(during.plan.trialEndsAt ?? 0) + 30 * 86_400);
    const receipts = await mails(user, 'Receipt: $9.99 for Premium Listener');
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain('Amount: $9.99');
    expect(receipts[0].text).toContain('Plan: Premium Listener');
    expect(receipts[0].text).toMatch(/Period: \w+ \d+, \d{4} – \w+ \d+, \d{4}/);
  });

  it('refuses a trial checkout to an account whose trial is used', async () => {
    const user = await signUp(t);
    expect((await call(user, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBe(200);
    await call(user, 'POST', '/api/billing/cancel');
    const res = await call(user, 'POST', '/api/billing/checkout', { planId: 'premium', trial: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You have already used your free trial');
  });
});

describe('a card added to a no-card trial', () => {
  it('opens Checkout from "Manage cards and invoices" (no 409) and converts the trial at its end, charged once', async () => {
    const user = await signUp(t);
    expect((await call(user, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBe(200);
    const trial = await billingOf(user);
    expect(trial.plan).toMatchObject({ status: 'trialing', source: 'trial' });
    expect(trial.canAddCard).toBe(true);
    const trialEnd = unix(trial.plan.trialEndsAt ?? 0);

    // No customer yet: the portal button leads to the add-card Checkout instead of refusing.
    const portal = await call(user, 'POST', '/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));

    const res = await call(user, 'POST', '/api/billing/trial/card');
    expect(res.statusCode).toBe(200);
    expect(fake.calls('POST', '/v1/checkout/sessions').at(-1)?.body).toMatchObject({
      mode: 'subscription',
      payment_method_collection: 'always',
      'subscription_data[trial_end]': String(trialEnd),
      'line_items[0][price]': 'price_premium',
    });
    const session = sessionOf(res.json().url);
    await deliver(fake.pay(session.id, now()), { twice: true });

    const carded = await billingOf(user);
    expect(carded.plan).toMatchObject({ id: 'premium', status: 'active', source: 'stripe' });
    expect(unix(carded.plan.trialEndsAt ?? 0)).toBe(trialEnd); // the same trial, not a new one
    expect(carded.canAddCard).toBe(false);
    expect(carded.nextCharge).toMatchObject({ amountCents: 999 });
    expect(unix(carded.nextCharge?.at ?? 0)).toBe(trialEnd);
    expect(await ledger(user.id)).toEqual([]);
    expect((await call(user, 'POST', '/api/billing/trial/card')).json().error.message).toBe(
      'Your trial already has a card: it continues on it when the trial ends.',
    );
    // Now there is a customer: the portal itself.
    expect((await call(user, 'POST', '/api/billing/portal')).json().url).toMatch(new RegExp(`^${fake.url}/portal/`));

    await deliver(fake.endTrial(String(session.subscription)), { twice: true });
    expect(await ledger(user.id)).toEqual([{ kind: 'paid', amount_cents: 999 }]);
    expect((await billingOf(user)).plan).toMatchObject({ status: 'active', source: 'stripe' });
  });

  it('refuses the add-card path without a trial', async () => {
    const user = await signUp(t);
    const res = await call(user, 'POST', '/api/billing/trial/card');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('A card is added to a free trial: you have no trial running.');
    expect((await call(user, 'POST', '/api/billing/portal')).statusCode).toBe(409);
  });
});

describe('billing mails and notices, once each', () => {
  it('trial ending: one mail and one notice per trial, however often the daily job runs', async () => {
    const user = await signUp(t);
    expect((await call(user, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBe(200);
    const ends = (await billingOf(user)).plan.trialEndsAt ?? '';
    await remindEndingTrials(t.ctx);
    expect(await mails(user, /free trial/)).toEqual([]); // 14 days left: not yet

    t.ctx.clock.advance(11 * DAY + 60_000); // now under 3 days before the end
    expect(await remindEndingTrials(t.ctx)).toBeGreaterThanOrEqual(1);
    await remindEndingTrials(t.ctx);
    t.ctx.clock.advance(DAY);
    await remindEndingTrials(t.ctx);
    const sent = await mails(user, /^Your free trial of Premium Listener ends on /);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Add a card to keep Premium Listener ($9.99 a month');
    expect((await billingNotices(user)).map((n) => n.link)).toEqual(['/settings?tab=billing']);
    expect(sent[0].subject).toContain(new Date(ends).getUTCFullYear().toString());
  });

  it('payment failed: one mail with the grace end date, and one receipt per paid invoice', async () => {
    const { user, subId } = await payingListener();
    expect(await mails(user, 'Receipt: $9.99 for Premium Listener')).toHaveLength(1);
    const failed = fake.failRenewal(subId);
    await deliver([failed], { twice: true });
    await deliver([failed]); // the same invoice in another event: the ledger knows it
    const sent = await mails(user, 'Your payment of $9.99 did not go through');
    expect(sent).toHaveLength(1);
    const grace = (await billingOf(user)).plan.graceEndsAt ?? '';
    expect(grace).not.toBe('');
    const graceDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(grace));
    expect(sent[0].text).toContain(`You keep Premium Listener until ${graceDay}`);
    expect(await ledger(user.id)).toEqual([
      { kind: 'paid', amount_cents: 999 },
      { kind: 'failed', amount_cents: 999 },
    ]);
    expect((await billingNotices(user)).map((n) => n.title).sort()).toEqual([
      'Receipt: $9.99 for Premium Listener',
      'Your payment of $9.99 did not go through',
    ]);
  });

  it('plan changed and canceled: one mail each, not repeated by the webhooks that follow', async () => {
    const { user, subId } = await payingListener();
    expect((await call(user, 'POST', '/api/billing/plan', { planId: 'family' })).statusCode).toBe(200);
    const updated = { type: 'customer.subscription.updated', object: fake.subscriptions.get(subId) as object };
    await deliver([updated], { twice: true });
    expect((await call(user, 'POST', '/api/billing/cancel')).statusCode).toBe(200);
    await deliver([{ ...updated }], { twice: true });

    expect(await mails(user, 'Your plan is now Family Plan')).toHaveLength(1);
    const canceled = await mails(user, 'Your Family Plan subscription has been canceled');
    expect(canceled).toHaveLength(1);
    expect(canceled[0].text).toMatch(/You keep it until \w+ \d+, \d{4}/);
    expect(await billingNotices(user)).toHaveLength(3); // receipt, plan changed, canceled
  });
});

describe('billing notices from webhooks alone', () => {
  it('a change made in the Customer Portal, delivered twice (and again in a later event): one mail', async () => {
    const { user, subId } = await payingListener();
    const remote = fake.subscriptions.get(subId);
    if (!remote) throw new Error('no subscription at the fake');
    remote.items.data[0].price = { id: 'price_family' }; // what the portal does
    await deliver([{ type: 'customer.subscription.updated', object: remote }], { twice: true });
    await deliver([{ type: 'customer.subscription.updated', object: remote }]);
    remote.cancel_at_period_end = true;
    await deliver([{ type: 'customer.subscription.updated', object: remote }], { twice: true });
    await deliver([{ type: 'customer.subscription.updated', object: remote }]);

    expect((await billingOf(user)).plan).toMatchObject({ id: 'family', status: 'canceled' });
    expect(await mails(user, 'Your plan is now Family Plan')).toHaveLength(1);
    expect(await mails(user, 'Your Family Plan subscription has been canceled')).toHaveLength(1);
  });
});

describe('the proration preview', () => {
  const preview = async (u: TestUser, plan: string) => call(u, 'GET', `/api/billing/change-preview?plan=${plan}`);

  it("answers Stripe's upcoming invoice for the change: a charge up, a credit down", async () => {
    const { user, subId } = await payingListener('creator');
    // Half the period used: the fake prorates (new - old) x 1/2.
    const item = (fake.subscriptions.get(subId) as NonNullable<ReturnType<typeof fake.subscriptions.get>>).items
      .data[0];
    item.current_period_start = unix(new Date(now().getTime() - 15 * DAY));
    item.current_period_end = unix(new Date(now().getTime() + 15 * DAY));

    const up = await preview(user, 'pro');
    expect(up.statusCode).toBe(200);
    expect(up.json() as TChangePreview).toEqual({ planId: 'pro', amountCents: 1500, currency: 'usd' });
    const asked = fake.calls('POST', '/v1/invoices/create_preview').at(-1);
    expect(asked?.body).toMatchObject({
      subscription: subId,
      'subscription_details[items][0][price]': 'price_pro',
      'subscription_details[proration_behavior]': 'always_invoice',
    });

    expect((await call(user, 'POST', '/api/billing/plan', { planId: 'pro' })).statusCode).toBe(200);
    expect((await preview(user, 'creator')).json()).toEqual({ planId: 'creator', amountCents: -1500, currency: 'usd' });
  });

  it('is free for a trial, and refuses what is not a change', async () => {
    const user = await signUp(t);
    expect((await preview(user, 'family')).statusCode).toBe(409); // no plan
    expect((await call(user, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBe(200);
    expect((await preview(user, 'family')).json()).toEqual({ planId: 'family', amountCents: 0, currency: 'usd' });
    expect((await preview(user, 'premium')).statusCode).toBe(400);
    expect((await preview(user, 'gold')).statusCode).toBe(400);
    expect((await preview(user, 'pro')).statusCode).toBe(403); // a creator plan for a listener
  });
});
