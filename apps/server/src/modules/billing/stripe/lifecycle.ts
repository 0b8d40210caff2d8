import Stripe from 'stripe';

/** What an account's lifecycle asks of its Stripe subscriptions (ADR 0028). */
export type ProviderAction = 'cancel' | 'pause' | 'resume';

/** Statuses in which a subscription bills nobody any more: nothing to cancel. */
const OVER: ReadonlySet<Stripe.Subscription.Status> = new Set(['canceled', 'incomplete_expired']);

/**
 * Stripe refusing the request itself (a 4xx: no such subscription, already canceled, a canceled
 * one cannot be paused): there is nothing left to do there, and asking again would not change it.
 * Anything else (network, 5xx, rate limit) is thrown, for the caller to try again.
 */
const refused = (e: unknown) =>
  e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripePermissionError;

/**
 * Applies one action to one subscription at Stripe, idempotently: true when Stripe did it, false
 * when there was nothing to do (missing, already canceled). Cancelling ends it at once, without
 * proration; pausing voids the invoices it would make (`pause_collection: void`), resuming clears that.
 */
export async function actOnSubscription(stripe: Stripe, action: ProviderAction, id: string): Promise<boolean> {
  try {
    if (action === 'cancel') await stripe.subscriptions.cancel(id);
    else if (action === 'pause') await stripe.subscriptions.update(id, { pause_collection: { behavior: 'void' } });
    else await stripe.subscriptions.update(id, { pause_collection: '' });
    return true;
  } catch (e) {
    if (refused(e)) return false;
    throw e;
  }
}

/**
 * The subscription ids to act on: the ones named, and for a cancellation also every subscription
 * Stripe still bills the customer for (one whose webhook has not reached us yet).
 */
export async function subscriptionsToAct(
  stripe: Stripe,
  action: ProviderAction,
  ids: string[],
  customerId: string | null,
): Promise<string[]> {
  const all = new Set(ids);
  if (action === 'cancel' && customerId) {
    try {
      for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
        if (!OVER.has(sub.status)) all.add(sub.id);
      }
    } catch (e) {
      if (!refused(e)) throw e; // a customer already deleted at Stripe: only the named ones
    }
  }
  return [...all];
}

/** Whether a subscription read from Stripe still bills someone. */
export const stillBilling = (remote: Pick<Stripe.Subscription, 'status'>) => !OVER.has(remote.status);
