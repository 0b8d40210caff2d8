import type { PaidPlanId } from '@wavecast/shared';
import Stripe from 'stripe';
import type { AppContext } from '../../../context';
import { recordAudit } from '../../admin/audit';
import * as repo from '../repo';
import type { SubscriptionsService } from '../subscriptions';
import { callStripe, idOf, localStatus, periodOf, planOfPrice, type StripeBilling } from './client';
import { actOnSubscription, stillBilling } from './lifecycle';
import { subscriptionSync } from './sync';

export const RECONCILE_AUDIT_ACTION = 'billing.reconcile';

export interface ReconcileReport {
  /** Subscriptions compared: open here with a Stripe id, or billing at Stripe. */
  checked: number;
  repaired: { stripeSubscriptionId: string; userId: string | null; drift: string[] }[];
  /** What the run could not repair from Stripe's answer: for a person to decide. */
  unresolved: { stripeSubscriptionId: string; userId: string | null; reason: string }[];
}

type Remote = Stripe.Subscription | null;

/**
 * How our row and Stripe's subscription differ (status, plan, period end), as short phrases; none
 * when they agree. `remote` null: Stripe bills nothing for it (canceled, or unknown there).
 */
export function driftOf(
  row: repo.SubscriptionRow | undefined,
  remote: Remote,
  remotePlan: PaidPlanId | undefined,
): string[] {
  if (!remote) return row && row.status !== 'expired' && row.source === 'stripe' ? ['open here, over at Stripe'] : [];
  if (!row) return ['billing at Stripe, unknown here'];
  if (row.status === 'expired') return ['billing at Stripe, ended here'];
  if (row.source === 'admin') return remote.pause_collection ? [] : ['granted here, charged at Stripe'];
  const drift: string[] = [];
  const status = localStatus(remote);
  if (status !== row.status) drift.push(`status ${row.status} here, ${status} at Stripe`);
  if (remotePlan && remotePlan !== row.planId) drift.push(`plan ${row.planId} here, ${remotePlan} at Stripe`);
  const end = periodOf(remote).end;
  if (end && end.getTime() !== row.currentPeriodEnd?.getTime()) {
    drift.push(`period end ${row.currentPeriodEnd?.toISOString() ?? 'none'} here, ${end.toISOString()} at Stripe`);
  }
  return drift;
}

/**
 * The nightly comparison (issue 32, ADR 0037): every subscription open here with a Stripe id and
 * every one Stripe bills. A difference is repaired from Stripe's answer (the webhook sync, which
 * moves our row through the state machine), a subscription still billing after we ended it is
 * cancelled there; what neither can settle (a second subscription billing one account, a price
 * that is no plan of ours) is reported. Each run leaves one audit entry with its figures.
 */
export function stripeReconciliation(ctx: AppContext, billing: StripeBilling, subs: SubscriptionsService) {
  const { stripe, settings } = billing;
  const db = ctx.database.db;
  const sync = subscriptionSync(ctx, billing, subs);
  const planOf = (remote: Stripe.Subscription) => planOfPrice(settings, remote.items?.data?.[0]?.price?.id);

  async function billingNow(id: string): Promise<Remote> {
    try {
      const remote = await stripe.subscriptions.retrieve(id);
      return stillBilling(remote) ? remote : null;
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
      throw e;
    }
  }

  async function userOf(remote: Remote, row: repo.SubscriptionRow | undefined): Promise<string | null> {
    if (row) return row.userId;
    const customer = remote && idOf(remote.customer);
    return (customer && (await repo.findUserByStripeCustomer(db, customer))) || remote?.metadata?.userId || null;
  }

  async function compare(id: string, listed: Remote, report: ReconcileReport): Promise<void> {
    const row = await repo.findSubscriptionByProviderId(db, id);
    const remotePlan = listed ? planOf(listed) : undefined;
    const userId = await userOf(listed, row);
    if (listed && !remotePlan) {
      // Another app's subscription on the same Stripe account is none of ours; one of our customers' is.
      if (userId)
        report.unresolved.push({ stripeSubscriptionId: id, userId, reason: 'a price that is no plan of ours' });
      return;
    }
    const drift = driftOf(row, listed, remotePlan);
    if (drift.length === 0) return;
    if (listed && !row && userId) {
      const open = await repo.findOpenSubscription(db, userId);
      if (open?.stripeSubscriptionId && open.stripeSubscriptionId !== id) {
        // Which one to keep (and what to refund) is a person's call, not a sync's.
        report.unresolved.push({
          stripeSubscriptionId: id,
          userId,
          reason: 'a second subscription bills this account',
        });
        return;
      }
    }
    if (listed && row?.status === 'expired') {
      // We ended it (grace over, revoked) and the cancellation has not reached Stripe: it goes now.
      await callStripe(() => actOnSubscription(stripe, 'cancel', id));
    } else {
      await sync.sync(id, ctx.clock.now());
    }
    const after = await repo.findSubscriptionByProviderId(db, id);
    const remote = await billingNow(id);
    const left = driftOf(after, remote, remote ? planOf(remote) : undefined);
    if (left.length === 0) report.repaired.push({ stripeSubscriptionId: id, userId, drift });
    else report.unresolved.push({ stripeSubscriptionId: id, userId, reason: `still differs: ${left.join('; ')}` });
  }

  return {
    async run(): Promise<ReconcileReport> {
      const listed = new Map<string, Stripe.Subscription>();
      // Stripe's default list leaves canceled subscriptions out.
      for await (const remote of stripe.subscriptions.list({ limit: 100 })) {
        if (stillBilling(remote)) listed.set(remote.id, remote);
      }
      const ids = new Set(listed.keys());
      for (const row of await repo.openProviderSubscriptions(db))
        if (row.stripeSubscriptionId) ids.add(row.stripeSubscriptionId);

      const report: ReconcileReport = { checked: ids.size, repaired: [], unresolved: [] };
      for (const id of ids) {
        try {
          await compare(id, listed.get(id) ?? null, report);
        } catch (e) {
          // One that fails (Stripe briefly down, a row changed meanwhile) is reported; the rest go on.
          const reason = `could not be compared: ${e instanceof Error ? e.message : String(e)}`;
          report.unresolved.push({ stripeSubscriptionId: id, userId: null, reason });
        }
      }
      await recordAudit(db, {
        actorId: null,
        action: RECONCILE_AUDIT_ACTION,
        targetType: 'billing',
        after: report,
        at: ctx.clock.now(),
      });
      return report;
    },
  };
}
