import { BILLING_MESSAGES } from '@wavecast/shared';
import Stripe from 'stripe';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import type { PaymentProvider } from '../provider';
import * as repo from '../repo';
import { callStripe, idOf, periodOf, planOfPrice, type StripeBilling } from './client';
import { stillBilling } from './lifecycle';

/** Stripe knowing no such subscription (any more): nothing of it bills. */
const missingAsNull = (e: unknown) => {
  if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
  throw e;
};

/** Stripe refuses a Checkout trial ending within 48 hours: a card added later starts paying now. */
const MIN_TRIAL_END_MS = 48 * 3_600_000 + 60_000;

function trialTerms(trial: { days: number } | { endsAt: Date } | undefined, now = Date.now()) {
  if (!trial) return {};
  if ('days' in trial) return { trial_period_days: trial.days };
  if (trial.endsAt.getTime() - now < MIN_TRIAL_END_MS) return {};
  return { trial_end: Math.floor(trial.endsAt.getTime() / 1000) };
}

/**
 * Paying through Stripe: hosted Checkout pages and the Customer Portal; what was paid arrives by
 * webhook (stripe/webhooks.ts), never from the browser's return.
 */
export function stripeProvider(ctx: AppContext, { stripe, settings }: StripeBilling): PaymentProvider {
  const db = ctx.database.db;

  /**
   * The account's Stripe customer, created once (the idempotency key covers two checkouts at once).
   * After Stripe deleted one, the key names it: Stripe keeps a key's answer 24 hours, and the old
   * key would hand back the deleted customer.
   */
  async function customerFor(userId: string, email: string): Promise<string> {
    const known = await repo.findStripeCustomer(db, userId);
    if (known) return known;
    const previous = await repo.previousStripeCustomer(db, userId);
    const idempotencyKey = previous ? `wavecast-customer-${userId}-after-${previous}` : `wavecast-customer-${userId}`;
    const customer = await callStripe(() =>
      stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey }),
    );
    await repo.saveStripeCustomer(db, userId, customer.id);
    return customer.id;
  }

  const urlOf = (url: string | null) => {
    if (!url) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.paymentServiceDown);
    return url;
  };

  function requireStripeId(sub: repo.SubscriptionRow): string {
    if (!sub.stripeSubscriptionId) throw new AppError('CONFLICT', BILLING_MESSAGES.changedMeanwhile);
    return sub.stripeSubscriptionId;
  }

  return {
    configured: true,

    async checkoutSubscription({ userId, email, planId, successUrl, cancelUrl, trial }) {
      const customer = await customerFor(userId, email);
      const metadata = { userId, planId };
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: userId,
          line_items: [{ price: settings.prices[planId], quantity: 1 }],
          metadata,
          subscription_data: { metadata, ...trialTerms(trial) },
          // A trial costs nothing today, yet the card is what lets it go on: always ask for one.
          ...(trial ? { payment_method_collection: 'always' as const } : {}),
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      return urlOf(session.url);
    },

    async checkoutTopUp({ userId, email, amountCents, description, successUrl, cancelUrl }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('amountCents');
      const customer = await customerFor(userId, email);
      const metadata = { userId, purpose: 'ad_topup', description };
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          customer,
          client_reference_id: userId,
          line_items: [
            {
              price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: description } },
              quantity: 1,
            },
          ],
          metadata,
          // The charge carries them too, so a refund of it is booked as a top-up's.
          payment_intent_data: { metadata, description },
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      return urlOf(session.url);
    },

    async portal({ userId, returnUrl }) {
      const customer = await repo.findStripeCustomer(db, userId);
      if (!customer) throw new AppError('CONFLICT', BILLING_MESSAGES.noPaymentsYet);
      const session = await callStripe(() => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
      return session.url;
    },

    /** Stripe's preview of the change's invoice, prorated as of `at` (what changePlan would invoice). */
    async previewChange(sub, planId, at) {
      const id = requireStripeId(sub);
      const remote = await callStripe(() => stripe.subscriptions.retrieve(id));
      const item = remote.items.data[0];
      if (!item) throw new AppError('CONFLICT', BILLING_MESSAGES.changedMeanwhile);
      const preview = await callStripe(() =>
        stripe.invoices.createPreview({
          customer: idOf(remote.customer) ?? undefined,
          subscription: id,
          subscription_details: {
            items: [{ id: item.id, price: settings.prices[planId] }],
            proration_behavior: 'always_invoice',
            proration_date: Math.floor(at.getTime() / 1000),
          },
        }),
      );
      return { amountCents: preview.total, currency: preview.currency };
    },

    /** The new price now: an upgrade is invoiced prorated at once, a downgrade leaves a credit. */
    async changePlan(sub, planId) {
      const id = requireStripeId(sub);
      const remote = await callStripe(() => stripe.subscriptions.retrieve(id));
      const item = remote.items.data[0];
      if (!item) throw new AppError('CONFLICT', BILLING_MESSAGES.changedMeanwhile);
      await callStripe(() =>
        stripe.subscriptions.update(id, {
          items: [{ id: item.id, price: settings.prices[planId] }],
          proration_behavior: 'always_invoice',
          metadata: { planId },
        }),
      );
    },

    async setCancelAtPeriodEnd(sub, cancel) {
      const id = requireStripeId(sub);
      await callStripe(() => stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    },

    /** Asks Stripe itself: a subscription whose end has not reached it yet still charges the card. */
    async stillBilling(userId) {
      const customer = await repo.findStripeCustomer(db, userId);
      if (!customer) return false;
      // Stripe's default list leaves canceled subscriptions out: what is left is few.
      const list = await callStripe(() => stripe.subscriptions.list({ customer, limit: 100 }));
      return list.data.some(stillBilling);
    },

    async pauseCollection(sub) {
      const id = requireStripeId(sub);
      await callStripe(() => stripe.subscriptions.update(id, { pause_collection: { behavior: 'void' } }));
    },

    async resumeCollection(sub, opts) {
      const id = requireStripeId(sub);
      const remote = await callStripe(() => stripe.subscriptions.retrieve(id).catch(missingAsNull));
      if (!remote || !stillBilling(remote)) return null;
      const resumed = opts?.keepPaused
        ? remote
        : await callStripe(() => stripe.subscriptions.update(id, { pause_collection: '' }));
      const planId = planOfPrice(settings, resumed.items.data[0]?.price?.id);
      if (!planId) return null;
      const period = periodOf(resumed);
      return { planId, periodStart: period.start, periodEnd: period.end };
    },
  };
}
