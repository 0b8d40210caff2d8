import type { AppContext } from '../../context';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import * as repo from './repo';
import { stripeFor } from './stripe/client';
import { actOnSubscription, type ProviderAction, subscriptionsToAct } from './stripe/lifecycle';

export const FOLLOWUP_JOB = 'billing.provider-followup';

/** Runs an action on the subscriptions at Stripe; throws when Stripe could not be reached. */
async function act(ctx: AppContext, action: ProviderAction, ids: string[], customerId: string | null) {
  const stripe = stripeFor(ctx);
  if (!stripe) return; // NO_PROVIDER: nothing is billed outside
  for (const id of await subscriptionsToAct(stripe.stripe, action, ids, customerId)) {
    await actOnSubscription(stripe.stripe, action, id);
  }
}

/**
 * Tries at once (the request that suspended or deleted answers after it, on this process); when
 * Stripe cannot be reached, a job retries it, so the subscription is not left billing.
 */
async function actOrQueue(
  ctx: AppContext,
  userId: string,
  action: ProviderAction,
  ids: string[],
  customerId: string | null,
) {
  if (!stripeFor(ctx) || (ids.length === 0 && !customerId)) return;
  try {
    await act(ctx, action, ids, customerId);
  } catch {
    await ctx.jobs.enqueue(FOLLOWUP_JOB, { userId, action, subscriptionIds: ids, customerId }, { maxAttempts: 8 });
  }
}

/**
 * Billing's part of an account's lifecycle (issue 31, ADR 0028), once per event (`once`: calls to
 * Stripe): a deleted account's subscriptions are cancelled at once; a suspended account's are
 * paused (their invoices voided) and resumed when it is restored; a plan we ended is cancelled
 * there. The local subscription is left to its state machine: Stripe's webhooks about these
 * changes sync it as any other.
 */
export function subscribeBilling(ctx: AppContext): void {
  // Without Stripe configured (NO_PROVIDER) nothing is billed outside: no subscriber at all, so the
  // dispatch of these events waits on nothing of billing's.
  if (!stripeFor(ctx)) return;
  const openIds = (userId: string, paidOnly = false) =>
    repo.openStripeSubscriptionIds(ctx.database.db, userId, paidOnly);
  ctx.events.once('account.deleted', ({ payload }) =>
    actOrQueue(ctx, payload.userId, 'cancel', payload.stripeSubscriptionIds, payload.stripeCustomerId),
  );
  ctx.events.once('account.suspended', async ({ payload }) =>
    actOrQueue(ctx, payload.userId, 'pause', await openIds(payload.userId), null),
  );
  // A subscription an admin's grant holds paused stays paused (ADR 0037).
  ctx.events.once('account.restored', async ({ payload }) =>
    actOrQueue(ctx, payload.userId, 'resume', await openIds(payload.userId, true), null),
  );
  // An end we decided (grace over, a revoke): Stripe stops billing too (issue 32, ADR 0037).
  ctx.events.once('plan.ended', async ({ payload }) => {
    if (payload.stripeSubscriptionId) {
      await actOrQueue(ctx, payload.userId, 'cancel', [payload.stripeSubscriptionId], null);
    }
  });
}

/**
 * The retried follow-up (backing off up to about an hour between tries). A pause or resume that
 * the account's standing has overtaken meanwhile (restored before the pause got through, suspended
 * again before the resume did) is dropped: the later event's own call decides.
 */
export const billingFollowupJobs: ModuleJobs = (ctx) => [
  defineJob(
    FOLLOWUP_JOB,
    async ({ userId, action, subscriptionIds, customerId }) => {
      if (action !== 'cancel') {
        const suspended = await repo.isSuspended(ctx.database.db, userId);
        if (suspended === null || suspended !== (action === 'pause')) return;
      }
      await act(ctx, action, subscriptionIds, customerId);
    },
    { retryDelaySeconds: (n) => Math.min(3600, 30 * 2 ** n) },
  ),
];
