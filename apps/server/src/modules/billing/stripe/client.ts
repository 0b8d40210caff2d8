import { BILLING_MESSAGES, type PaidPlanId, type SubscriptionStatus } from '@wavecast/shared';
import Stripe from 'stripe';
import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { perApp } from '../../../lib/per-app';

/** What paying through Stripe needs; null when it is not configured (trials and grants only). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each paid plan (and back). */
  prices: Record<PaidPlanId, string>;
  apiUrl?: string;
}

export function stripeSettings(config: Config): StripeSettings | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
  const creator = config.STRIPE_PRICE_CREATOR;
  const pro = config.STRIPE_PRICE_PRO;
  const premium = config.STRIPE_PRICE_PREMIUM;
  const family = config.STRIPE_PRICE_FAMILY;
  // loadConfig refuses a partial set, so one missing means none is set.
  if (!secretKey || !webhookSecret || !creator || !pro || !premium || !family) return null;
  return { secretKey, webhookSecret, prices: { creator, pro, premium, family }, apiUrl: config.STRIPE_API_URL };
}

export interface StripeBilling {
  stripe: Stripe;
  settings: StripeSettings;
}

/** The app's one Stripe client and its settings (made on first use), or null without Stripe configured. */
export const stripeFor = perApp((ctx: AppContext): StripeBilling | null => {
  const settings = stripeSettings(ctx.config);
  return settings ? { stripe: newClient(settings), settings } : null;
});

function newClient(s: StripeSettings): Stripe {
  const api = s.apiUrl ? new URL(s.apiUrl) : null;
  return new Stripe(s.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

export function planOfPrice(settings: StripeSettings, priceId: string | undefined): PaidPlanId | undefined {
  return (Object.keys(settings.prices) as PaidPlanId[]).find((p) => settings.prices[p] === priceId);
}

/** Our status for Stripe's: a subscription set to cancel at the period's end is 'canceled' here. */
export function localStatus(remote: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>): SubscriptionStatus {
  switch (remote.status) {
    case 'trialing':
    case 'active':
      return remote.cancel_at_period_end ? 'canceled' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'expired';
    default:
      return 'expired'; // incomplete, paused: nothing paid for (yet)
  }
}

const fromUnix = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000) : null);

/**
 * The subscription's current period. Newer API versions keep it on the subscription item; older
 * ones on the subscription itself: read either.
 */
export function periodOf(remote: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = remote.items?.data?.[0] as Partial<Stripe.SubscriptionItem> | undefined;
  const legacy = remote as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    start: fromUnix(item?.current_period_start ?? legacy.current_period_start),
    end: fromUnix(item?.current_period_end ?? legacy.current_period_end),
  };
}

/** An id from a field that may be expanded into its object. */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** Stripe failing (network, its API) as our error: 503, so a client (or Stripe's retries) tries again. */
export async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Stripe.errors.StripeError) {
      throw new AppError('UNAVAILABLE', BILLING_MESSAGES.paymentServiceDown, { stripe: e.type });
    }
    throw e;
  }
}
