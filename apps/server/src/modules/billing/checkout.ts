import { BILLING_MESSAGES, type PaidPlanId, TRIAL_DAYS } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import type { PaymentProvider } from './provider';
import * as repo from './repo';
import type { SubscriptionsService } from './subscriptions';

const BILLING_TAB = '/settings?tab=billing';

/** A no-card trial a card can still be added to (a canceled one too: the card resumes it). */
export const acceptsCard = (sub: repo.SubscriptionRow | undefined): sub is repo.SubscriptionRow =>
  !!sub && sub.source === 'trial' && (sub.status === 'trialing' || sub.status === 'canceled') && !!sub.trialEndsAt;

/**
 * Paying through the provider's hosted pages (issue 32): a plan's Checkout, with or without the
 * trial; a card added to a running no-card trial; the card and invoice portal; a change's price.
 */
export function checkoutService(ctx: AppContext, provider: PaymentProvider, subscriptions: SubscriptionsService) {
  const db = ctx.database.db;
  const returnUrl = (path: string) => `${ctx.config.PUBLIC_URL}${path}`;
  const pages = (cancelPath: string) => ({
    successUrl: returnUrl(`${BILLING_TAB}&checkout=done`),
    cancelUrl: returnUrl(cancelPath),
  });

  async function addCard(user: SessionUser, sub: repo.SubscriptionRow): Promise<string> {
    return provider.checkoutSubscription({
      userId: user.id,
      email: user.email,
      planId: sub.planId,
      // Its first charge when the trial ends: the days already given are not paid for twice.
      trial: { endsAt: sub.trialEndsAt as Date },
      ...pages(BILLING_TAB),
    });
  }

  return {
    /** Checkout for a plan; `trial`: the 14 days with a card, which then goes on paying. */
    async subscribe(user: SessionUser, planId: PaidPlanId, trial: boolean): Promise<string> {
      subscriptions.checkAudience(user, planId);
      // A paying account changes its plan (prorated); a second subscription would bill twice, and
      // so would one Stripe still bills after our end (ADR 0037).
      await subscriptions.refuseSecondSubscription(user.id);
      const open = await subscriptions.current(user.id);
      if (trial) {
        if (await repo.hasUsedTrial(db, user.id)) throw new AppError('CONFLICT', BILLING_MESSAGES.trialUsed);
        if (open) throw new AppError('CONFLICT', BILLING_MESSAGES.hasPlan);
      }
      return provider.checkoutSubscription({
        userId: user.id,
        email: user.email,
        planId,
        ...(trial ? { trial: { days: TRIAL_DAYS } } : {}),
        ...pages('/pricing'),
      });
    },

    /** "Add a card to keep Premium": Checkout that converts the running trial at its end. */
    async addCardToTrial(user: SessionUser): Promise<string> {
      const sub = await subscriptions.current(user.id);
      if (sub?.source === 'stripe' && sub.trialEndsAt) throw new AppError('CONFLICT', BILLING_MESSAGES.trialHasCard);
      if (!acceptsCard(sub)) throw new AppError('CONFLICT', BILLING_MESSAGES.noTrialToAddCardTo);
      return addCard(user, sub);
    },

    /**
     * "Manage cards and invoices": the provider's portal; during a no-card trial without a
     * customer yet (nothing to manage there), the add-card Checkout instead of a refusal.
     */
    async manageCards(user: SessionUser): Promise<string> {
      const returnTo = returnUrl(BILLING_TAB);
      if (await repo.findStripeCustomer(db, user.id)) return provider.portal({ userId: user.id, returnUrl: returnTo });
      const sub = await subscriptions.current(user.id);
      if (acceptsCard(sub) && provider.configured) return addCard(user, sub);
      return provider.portal({ userId: user.id, returnUrl: returnTo });
    },

    /** What changing to `planId` now costs: the provider's proration for a paying plan; 0 otherwise. */
    async previewChange(user: SessionUser, planId: PaidPlanId) {
      subscriptions.checkAudience(user, planId);
      const sub = await subscriptions.current(user.id);
      if (!sub) throw new AppError('CONFLICT', BILLING_MESSAGES.noPlan);
      if (sub.planId === planId) throw badRequest(BILLING_MESSAGES.samePlan);
      if (sub.source !== 'stripe' || !sub.stripeSubscriptionId) return { planId, amountCents: 0, currency: 'usd' };
      // A card trial is not charged before its end: the change costs nothing today.
      if (sub.trialEndsAt && sub.trialEndsAt > ctx.clock.now()) return { planId, amountCents: 0, currency: 'usd' };
      return { planId, ...(await provider.previewChange(sub, planId, ctx.clock.now())) };
    },
  };
}
