import type { AppContext } from '../../context';
import { entitlementsService } from './entitlements';
import { familyService } from './family';
import { NO_PROVIDER, type PaymentProvider } from './provider';
import { stripeFor } from './stripe/client';
import { stripeProvider } from './stripe/provider';
import { subscriptionsService } from './subscriptions';

/** The payment provider this server is configured with (none: trials and admin grants only). */
export function paymentProvider(ctx: AppContext): PaymentProvider {
  const stripe = stripeFor(ctx);
  return stripe ? stripeProvider(ctx, stripe) : NO_PROVIDER;
}

/** Billing's services for one app: what other modules use to ask about plans and entitlements. */
export function billing(ctx: AppContext, provider = paymentProvider(ctx)) {
  const subscriptions = subscriptionsService(ctx, provider);
  return {
    provider,
    subscriptions,
    entitlements: entitlementsService(ctx, subscriptions),
    family: familyService(ctx, subscriptions),
  };
}

export type Billing = ReturnType<typeof billing>;
