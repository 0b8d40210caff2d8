import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { checkoutService } from './checkout';
import { entitlementsService } from './entitlements';
import { familyService } from './family';
import { NO_PROVIDER, type PaymentProvider } from './provider';
import * as repo from './repo';
import { stripeFor } from './stripe/client';
import { stripeProvider } from './stripe/provider';
import { subscriptionsService } from './subscriptions';

/** The payment provider this server is configured with (none: trials and admin grants only). */
export function paymentProvider(ctx: AppContext): PaymentProvider {
  const stripe = stripeFor(ctx);
  return stripe ? stripeProvider(ctx, stripe) : NO_PROVIDER;
}

/**
 * Billing's services for one app: what other modules use to ask about plans and entitlements.
 * Built once per app with the configured provider (a test may build one with another provider).
 */
export function billing(ctx: AppContext, provider?: PaymentProvider) {
  return provider ? makeBilling(ctx, provider) : configuredBilling(ctx);
}
const configuredBilling = perApp((ctx: AppContext) => makeBilling(ctx, paymentProvider(ctx)));

function makeBilling(ctx: AppContext, provider: PaymentProvider) {
  const subscriptions = subscriptionsService(ctx, provider);
  return {
    provider,
    subscriptions,
    checkout: checkoutService(ctx, provider, subscriptions),
    entitlements: entitlementsService(ctx, subscriptions),
    family: familyService(ctx, subscriptions),
    /** Whether the account has had its one trial. */
    hasUsedTrial: (userId: string) => repo.hasUsedTrial(ctx.database.db, userId),
    /** The account's payments, newest first. */
    payments: (userId: string) => repo.listPayments(ctx.database.db, userId),
  };
}

export type Billing = ReturnType<typeof billing>;
