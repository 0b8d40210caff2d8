import { BILLING_MESSAGES, PAYMENT_GRACE_DAYS, type PaidPlanId, planAvailableTo, TRIAL_DAYS } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import { canceledNotice, planChangedNotice, recordNotice } from './notices';
import { planChanged } from './plan-changed';
import type { PaymentProvider } from './provider';
import * as repo from './repo';
import { InvalidTransition, nextStatus, type SubscriptionEvent } from './state-machine';

const DAY_MS = 86_400_000;

/** The status after `event`, or a 409 the client can read (the table refuses the transition). */
function allowed(from: repo.SubscriptionRow['status'] | null, event: SubscriptionEvent, message?: string) {
  try {
    return nextStatus(from, event);
  } catch (e) {
    if (e instanceof InvalidTransition) throw new AppError('CONFLICT', message ?? e.message);
    throw e;
  }
}

/**
 * Subscriptions: every change goes through the state machine's table and is written only if the row
 * was not changed meanwhile. Times come from ctx.clock, so tests move them instead of sleeping.
 */
export function subscriptionsService(ctx: AppContext, provider: PaymentProvider) {
  const db = ctx.database.db;
  const now = () => ctx.clock.now();

  /** The notice a transition sends its account (ADR 0038): a plan changed, a plan canceled. */
  function noticeOf(event: SubscriptionEvent, before: repo.SubscriptionRow, after: repo.SubscriptionRow) {
    const publicUrl = ctx.config.PUBLIC_URL;
    if (event === 'change_plan' && before.planId !== after.planId) {
      return planChangedNotice({ ...after, from: before.planId, to: after.planId }, publicUrl);
    }
    if (event === 'cancel') {
      return canceledNotice({ ...after, endsAt: after.currentPeriodEnd ?? after.trialEndsAt }, publicUrl);
    }
    return null;
  }

  /** Applies one event to a subscription read earlier; CONFLICT when it changed meanwhile. */
  async function apply(
    sub: repo.SubscriptionRow,
    event: SubscriptionEvent,
    patch: repo.SubscriptionPatch = {},
    detail?: Record<string, unknown>,
    /** Written in the transition's transaction (an admin's audit entry). */
    withRow?: (tx: repo.Tx, row: repo.SubscriptionRow) => Promise<void>,
  ): Promise<repo.SubscriptionRow> {
    const to = allowed(sub.status, event);
    const at = now();
    // The plan ends (grace over, a cancellation or trial lapsed, a grant revoked, ended at the
    // provider): `plan.ended` goes in the same transaction. Not when a paid plan replaces it at once.
    const ends = to === 'expired' && !detail?.replacedBy;
    // An end we decided (grace over, a revoke, a lapse) must reach Stripe too: the event names the
    // subscription to cancel there (billing/subscribers.ts). One Stripe reported needs nothing.
    const fromStripe = detail?.via === 'stripe' || detail?.by === 'stripe';
    const cancelThere = ends && !fromStripe && sub.stripeSubscriptionId ? sub.stripeSubscriptionId : undefined;
    const row = await repo.transition(
      db,
      sub,
      { event, to, patch: to === 'expired' ? { ...patch, endedAt: at } : patch, at, detail },
      async (tx, r) => {
        if (ends) {
          await ctx.events.record(tx, 'plan.ended', {
            userId: r.userId,
            plan: r.planId,
            ...(cancelThere ? { stripeSubscriptionId: cancelThere } : {}),
          });
        }
        const notice = noticeOf(event, sub, r);
        if (notice) await recordNotice(ctx, tx, notice);
        await withRow?.(tx, r);
      },
    );
    if (!row) throw new AppError('CONFLICT', BILLING_MESSAGES.changedMeanwhile);
    await planChanged(ctx, row.userId);
    if (ends || event === 'change_plan' || event === 'cancel') await ctx.events.deliverNow();
    return row;
  }

  /** Ends what is over at the clock's now: trials, canceled periods, grace after a failed payment. */
  async function settle(userId?: string): Promise<number> {
    let ended = 0;
    for (const sub of await repo.dueSubscriptions(db, now(), userId)) {
      try {
        await apply(sub, sub.status === 'past_due' ? 'grace_over' : 'lapse');
        ended++;
      } catch (e) {
        if (!(e instanceof AppError)) throw e; // another process settled it first
      }
    }
    return ended;
  }

  async function current(userId: string): Promise<repo.SubscriptionRow | undefined> {
    await settle(userId);
    return repo.findOpenSubscription(db, userId);
  }

  async function requireOpen(userId: string): Promise<repo.SubscriptionRow> {
    const sub = await current(userId);
    if (!sub) throw new AppError('CONFLICT', BILLING_MESSAGES.noPlan);
    return sub;
  }

  /**
   * Ends an admin's grant. A grant over a paid subscription hands it back: collection resumes at
   * Stripe first and the row takes Stripe's plan and period ('ungrant'); one Stripe no longer bills ends.
   */
  async function revoke(
    sub: repo.SubscriptionRow,
    by: string,
    audit: (tx: repo.Tx, row: repo.SubscriptionRow) => Promise<void>,
  ): Promise<repo.SubscriptionRow> {
    if (sub.source === 'admin' && sub.stripeSubscriptionId) {
      // A suspended account's stays paused: its restore resumes it (billing/subscribers.ts).
      const keepPaused = (await repo.isSuspended(db, sub.userId)) === true;
      const remote = await provider.resumeCollection(sub, { keepPaused });
      if (remote) {
        return apply(
          sub,
          'ungrant',
          {
            source: 'stripe',
            planId: remote.planId,
            currentPeriodStart: remote.periodStart ?? now(),
            currentPeriodEnd: remote.periodEnd,
          },
          { by, resumed: sub.stripeSubscriptionId },
          audit,
        );
      }
    }
    return apply(sub, 'end', {}, { by }, audit);
  }

  function checkAudience(user: Pick<SessionUser, 'role'>, planId: PaidPlanId): void {
    if (!planAvailableTo(planId, user.role)) {
      throw forbidden(BILLING_MESSAGES.creatorPlanNeedsCreator);
    }
  }

  return {
    settle,
    current,
    apply,
    checkAudience,

    /**
     * Refuses a new Checkout while something bills the account: its own paid plan (changed instead),
     * or a subscription Stripe still charges (one whose end has not reached Stripe yet).
     */
    async refuseSecondSubscription(userId: string) {
      if ((await current(userId))?.source === 'stripe') throw new AppError('CONFLICT', BILLING_MESSAGES.hasPlan);
      if (await provider.stillBilling(userId)) throw new AppError('CONFLICT', BILLING_MESSAGES.stillBilling);
    },

    /** 14 days of a paid plan without a card, once per account. */
    async startTrial(user: SessionUser, planId: PaidPlanId) {
      checkAudience(user, planId);
      if (await current(user.id)) throw new AppError('CONFLICT', BILLING_MESSAGES.hasPlan);
      const at = now();
      const end = new Date(at.getTime() + TRIAL_DAYS * DAY_MS);
      const row = await repo.createSubscription(db, {
        userId: user.id,
        planId,
        source: 'trial',
        status: nextStatus(null, 'start_trial'),
        event: 'start_trial',
        at,
        currentPeriodStart: at,
        currentPeriodEnd: end,
        trialEndsAt: end,
        stripeSubscriptionId: null,
        claimTrial: true,
      });
      if (row) {
        await planChanged(ctx, user.id);
        return row;
      }
      // Either the trial was used or another plan started at the same moment.
      throw new AppError(
        'CONFLICT',
        (await repo.hasUsedTrial(db, user.id)) ? BILLING_MESSAGES.trialUsed : BILLING_MESSAGES.hasPlan,
      );
    },

    /** Another plan now: a paying one through the provider (prorated there), a trial or grant at once. */
    async changePlan(user: SessionUser, planId: PaidPlanId) {
      checkAudience(user, planId);
      const sub = await requireOpen(user.id);
      if (sub.planId === planId) throw badRequest(BILLING_MESSAGES.samePlan);
      allowed(sub.status, 'change_plan'); // refuse before asking the provider
      if (sub.source === 'stripe') await provider.changePlan(sub, planId);
      return apply(sub, 'change_plan', { planId }, { from: sub.planId });
    },

    /** Keeps the plan until the period (or trial) ends, then Free. */
    async cancel(user: SessionUser) {
      const sub = await requireOpen(user.id);
      allowed(sub.status, 'cancel', BILLING_MESSAGES.alreadyCanceled);
      if (sub.source === 'stripe') await provider.setCancelAtPeriodEnd(sub, true);
      if (sub.source === 'admin' && !sub.currentPeriodEnd) return apply(sub, 'end');
      return apply(sub, 'cancel');
    },

    async resume(user: SessionUser) {
      const sub = await requireOpen(user.id);
      if (sub.status !== 'canceled') throw new AppError('CONFLICT', BILLING_MESSAGES.notCanceled);
      if (sub.source === 'stripe') await provider.setCancelAtPeriodEnd(sub, false);
      return apply(sub, sub.source === 'trial' ? 'resume_trial' : 'resume');
    },

    /**
     * An admin gives a plan (free of charge, until revoked) or, with null, ends the open one; one
     * audit entry naming the admin, in the change's transaction.
     */
    async grant(target: Pick<SessionUser, 'id' | 'role'>, planId: PaidPlanId | null, by: string) {
      const sub = await current(target.id);
      const audit = (tx: repo.Tx, row: repo.SubscriptionRow) =>
        recordAudit(tx, {
          actorId: by,
          action: planId === null ? 'plan.revoke' : 'plan.grant',
          targetType: 'user',
          targetId: target.id,
          before: { planId: sub?.planId ?? null, status: sub?.status ?? null },
          after: { planId: row.planId, status: row.status, source: row.source },
          at: now(),
        });
      if (planId === null) return sub ? revoke(sub, by, audit) : undefined;
      checkAudience(target, planId);
      const at = now();
      if (sub) {
        // Over a paid subscription, Stripe stops charging first (nothing is written if it cannot be
        // reached); the row keeps the Stripe id, so revoking hands it back and the sync leaves it be.
        const paused = sub.source === 'stripe' && sub.stripeSubscriptionId ? sub.stripeSubscriptionId : undefined;
        if (paused) await provider.pauseCollection(sub);
        return apply(
          sub,
          'grant',
          { planId, source: 'admin', currentPeriodStart: at, currentPeriodEnd: null, graceEndsAt: null },
          { by, ...(paused ? { paused } : {}) },
          audit,
        );
      }
      const row = await repo.createSubscription(
        db,
        {
          userId: target.id,
          planId,
          source: 'admin',
          status: nextStatus(null, 'grant'),
          event: 'grant',
          at,
          currentPeriodStart: at,
          currentPeriodEnd: null,
          trialEndsAt: null,
          stripeSubscriptionId: null,
        },
        audit,
      );
      if (!row) throw new AppError('CONFLICT', BILLING_MESSAGES.changedMeanwhile);
      await planChanged(ctx, target.id);
      return row;
    },

    /** A payment failed: the plan stays for the grace days, then ends unless paid. */
    async paymentFailed(sub: repo.SubscriptionRow) {
      const graceEndsAt = new Date(now().getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
      return apply(sub, 'payment_failed', { graceEndsAt });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
