import { isPaidPlanId, PAYMENT_GRACE_DAYS, type PaidPlanId, type SubscriptionStatus } from '@wavecast/shared';
import Stripe from 'stripe';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { planChanged } from '../plan-changed';
import * as repo from '../repo';
import type { SubscriptionEvent } from '../state-machine';
import type { SubscriptionsService } from '../subscriptions';
import { callStripe, idOf, localStatus, periodOf, planOfPrice, type StripeBilling } from './client';
import { actOnSubscription, stillBilling } from './lifecycle';

const StripeErrors = Stripe.errors;

const DAY_MS = 86_400_000;

/** The events that take a local subscription from one status to another (the table's paths). */
const PATHS: Record<SubscriptionStatus, Partial<Record<SubscriptionStatus, SubscriptionEvent[]>>> = {
  trialing: {
    active: ['convert'],
    canceled: ['convert', 'cancel'],
    past_due: ['convert', 'payment_failed'],
    expired: ['end'],
  },
  active: { canceled: ['cancel'], past_due: ['payment_failed'], expired: ['end'] },
  canceled: { active: ['resume'], past_due: ['resume', 'payment_failed'], expired: ['end'] },
  past_due: { active: ['renew'], canceled: ['renew', 'cancel'], expired: ['end'] },
  expired: {},
};

/**
 * Brings the local subscription in line with Stripe's. Webhooks may arrive twice, late or out of
 * order, so their payloads are not trusted for state: the subscription is read from Stripe and the
 * local row moved to it through the state machine's transitions (nothing happens when it already is).
 */
export function subscriptionSync(ctx: AppContext, { stripe, settings }: StripeBilling, subs: SubscriptionsService) {
  const db = ctx.database.db;
  const now = () => ctx.clock.now();

  async function userOf(remote: Stripe.Subscription): Promise<string | null> {
    const customer = idOf(remote.customer);
    return (customer && (await repo.findUserByStripeCustomer(db, customer))) || remote.metadata?.userId || null;
  }

  function planOf(remote: Stripe.Subscription): PaidPlanId | undefined {
    const plan = planOfPrice(settings, remote.items?.data?.[0]?.price?.id);
    if (plan) return plan;
    const meta = remote.metadata?.planId;
    return isPaidPlanId(meta) ? meta : undefined;
  }

  /** The subscription as Stripe has it now; null when Stripe knows no such subscription. */
  async function retrieve(stripeId: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.retrieve(stripeId);
    } catch (e) {
      if (e instanceof StripeErrors.StripeInvalidRequestError && e.statusCode === 404) return null;
      return callStripe(() => Promise.reject(e));
    }
  }

  /** One attempt; CONFLICT when another delivery changed the row meanwhile (the caller retries). */
  async function attempt(stripeId: string, eventAt: Date): Promise<repo.SubscriptionRow | undefined> {
    let local = await repo.findSubscriptionByProviderId(db, stripeId);
    if (local?.status === 'expired') return local; // history; a new plan is a new subscription
    if (local?.providerEventAt && eventAt < local.providerEventAt) return local; // older than what we applied

    if (local?.source === 'admin') return keepGrant(local, stripeId, eventAt);

    const remote = await retrieve(stripeId);
    if (!remote) {
      // Stripe has no such subscription (any more): it bills nobody, so neither does ours.
      return local ? subs.apply(local, 'end', { providerEventAt: eventAt }, { via: 'stripe', gone: true }) : undefined;
    }
    const userId = local?.userId ?? (await userOf(remote));
    const planId = planOf(remote);
    if (!local && planId && !(userId && (await repo.userExists(db, userId)))) {
      // Ours (our price), for an account deleted since or a customer we do not know (a renewal, a
      // Checkout finished after the deletion): nothing to record, and it must not go on billing
      // (issues 31 and 32).
      if (stillBilling(remote)) await callStripe(() => actOnSubscription(stripe, 'cancel', stripeId));
      return undefined;
    }
    if (!userId || !planId) return local; // not ours (another app on the account, an unknown price)
    const wanted = localStatus(remote);
    const period = periodOf(remote);
    const at = now();
    const synced: repo.SubscriptionPatch = {
      planId,
      source: 'stripe',
      stripeSubscriptionId: stripeId,
      currentPeriodStart: period.start ?? at,
      currentPeriodEnd: period.end,
      providerEventAt: eventAt,
      ...(wanted === 'past_due' ? {} : { graceEndsAt: null }),
    };

    if (!local) {
      if (wanted === 'expired') return undefined; // never paid for here: nothing to record
      const open = await repo.findOpenSubscription(db, userId);
      if (open?.stripeSubscriptionId === stripeId) {
        local = open; // another delivery created it meanwhile
      } else if (open?.source === 'trial') {
        // A trial paid for converts (a canceled trial is resumed first).
        if (open.status === 'canceled') local = await subs.apply(open, 'resume_trial');
        else local = open;
      } else {
        // An admin grant (or a stale paid row) gives way to what is paid for now.
        if (open) await subs.apply(open, 'end', {}, { by: 'stripe', replacedBy: stripeId });
        // A trial begun with a card (issue 32): the account's one trial, charged when it ends.
        const trialEndsAt = remote.trial_end ? new Date(remote.trial_end * 1000) : null;
        if (trialEndsAt) await repo.markTrialUsed(db, userId, at);
        local = await repo.createSubscription(db, {
          userId,
          planId,
          source: 'stripe',
          currentPeriodStart: synced.currentPeriodStart ?? at,
          currentPeriodEnd: synced.currentPeriodEnd ?? null,
          trialEndsAt,
          stripeSubscriptionId: stripeId,
          providerEventAt: eventAt,
          status: 'active',
          event: 'subscribe',
          at,
        });
        if (!local) throw new AppError('CONFLICT', 'created meanwhile');
        await planChanged(ctx, userId);
        if (wanted === 'active') return local;
      }
    }
    return moveTo(local, wanted, synced);
  }

  /**
   * An admin's grant over a paid subscription (ADR 0037): Stripe's events about it do not change
   * the grant; a subscription that bills again (collection resumed behind our back) is paused again.
   */
  async function keepGrant(local: repo.SubscriptionRow, stripeId: string, eventAt: Date) {
    const remote = await retrieve(stripeId);
    if (remote && stillBilling(remote) && !remote.pause_collection) {
      await callStripe(() => actOnSubscription(stripe, 'pause', stripeId));
    }
    await repo.markProviderEventAt(db, local.id, eventAt);
    return local;
  }

  async function moveTo(
    start: repo.SubscriptionRow,
    wanted: SubscriptionStatus,
    synced: repo.SubscriptionPatch,
  ): Promise<repo.SubscriptionRow> {
    let sub = start;
    let patch: repo.SubscriptionPatch | null = synced;
    const step = async (event: SubscriptionEvent, extra: repo.SubscriptionPatch = {}, detail?: object) => {
      sub = await subs.apply(sub, event, { ...(patch ?? {}), ...extra }, { via: 'stripe', ...detail });
      patch = null; // the synced fields go with the first transition
    };

    if (wanted !== 'expired' && synced.planId && synced.planId !== sub.planId && sub.status !== 'trialing') {
      await step('change_plan', {}, { from: sub.planId });
    }
    const path = sub.status === wanted ? [] : (PATHS[sub.status][wanted] ?? []);
    for (const event of path) {
      const extra =
        event === 'payment_failed' ? { graceEndsAt: new Date(now().getTime() + PAYMENT_GRACE_DAYS * DAY_MS) } : {};
      await step(event, extra);
    }
    const renewed =
      patch !== null &&
      wanted === sub.status &&
      sub.status !== 'trialing' &&
      sub.status !== 'past_due' &&
      synced.currentPeriodEnd?.getTime() !== sub.currentPeriodEnd?.getTime();
    if (renewed) await step('renew');
    if (patch !== null && synced.providerEventAt) await repo.markProviderEventAt(db, sub.id, synced.providerEventAt);
    return sub;
  }

  return {
    /** Syncs one Stripe subscription (by id) as of an event created at `eventAt`. */
    async sync(stripeId: string, eventAt: Date): Promise<repo.SubscriptionRow | undefined> {
      for (let tries = 0; ; tries++) {
        try {
          return await attempt(stripeId, eventAt);
        } catch (e) {
          // Another delivery for the same subscription changed the row first: read it again.
          if (!(e instanceof AppError && e.code === 'CONFLICT') || tries >= 3) throw e;
        }
      }
    },
  };
}

export type SubscriptionSync = ReturnType<typeof subscriptionSync>;
