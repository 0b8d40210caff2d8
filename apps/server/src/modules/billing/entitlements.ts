import {
  type Entitlements,
  freePlanFor,
  liveIngestBitsPerSecond,
  PLANS,
  type PlanId,
  type Role,
  type TEntitlements,
  type TPlanSummary,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { onAirSeconds } from '../live/repo';
import { findCoveringFamily } from './family-repo';
import type { SubscriptionRow } from './repo';
import { entitledAt } from './state-machine';
import type { SubscriptionsService } from './subscriptions';

export interface AccountPlan {
  plan: TPlanSummary;
  entitlements: TEntitlements;
  subscription: SubscriptionRow | undefined;
}

/** Everything either grant gives: a family member who is also a creator keeps their own plan's part. */
function combine(a: Entitlements, b: Entitlements): Entitlements {
  return {
    liveSecondsPerMonth:
      a.liveSecondsPerMonth === null || b.liveSecondsPerMonth === null
        ? null
        : Math.max(a.liveSecondsPerMonth, b.liveSecondsPerMonth),
    hdPublishing: a.hdPublishing || b.hdPublishing,
    hdListening: a.hdListening || b.hdListening,
    adFree: a.adFree || b.adFree,
    adsOnOwnContent: a.adsOnOwnContent && b.adsOnOwnContent,
    prioritySupport: a.prioritySupport || b.prioritySupport,
    familySeats: a.familySeats, // seats are the owner's own plan's, never inherited
  };
}

/** The first moment of the clock's calendar month (UTC). */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The one place that answers "what may this account do, and how much is left": its own plan, a
 * family plan covering it, and this month's live allowance. Every other module asks here.
 */
export function entitlementsService(ctx: AppContext, subscriptions: SubscriptionsService) {
  const db = ctx.database.db;
  const freeLiveSeconds = ctx.config.LIVE_FREE_SECONDS;

  function planEntitlements(id: PlanId): Entitlements {
    const e = PLANS[id].entitlements;
    return e.liveSecondsPerMonth !== null && freeLiveSeconds ? { ...e, liveSecondsPerMonth: freeLiveSeconds } : e;
  }

  return {
    async of(user: { id: string; role: Role }): Promise<AccountPlan> {
      const now = ctx.clock.now();
      const sub = await subscriptions.current(user.id);
      const own: PlanId = sub ? sub.planId : freePlanFor(user.role);
      let entitlements = planEntitlements(own);
      let familyOwnerName: string | null = null;
      if (!sub) {
        const family = await findCoveringFamily(db, user.id);
        if (family && entitledAt(family.subscription, now)) {
          entitlements = combine(entitlements, { ...planEntitlements('family'), familySeats: 0 });
          familyOwnerName = family.ownerName ?? 'your family';
        }
      }
      const cap = entitlements.liveSecondsPerMonth;
      // On-air time is physical time, stamped by the system clock: it is measured by that clock
      // (a test that moves the billing clock must not make a running broadcast look days long).
      const wall = new Date();
      const liveSecondsLeft =
        cap === null ? null : Math.max(0, cap - (await onAirSeconds(db, user.id, monthStart(wall), wall)));
      const plan = PLANS[familyOwnerName ? 'family' : own];
      return {
        subscription: sub,
        entitlements: {
          ...entitlements,
          liveSecondsLeft,
          liveIngestBitsPerSecond: liveIngestBitsPerSecond(entitlements),
        },
        plan: {
          id: plan.id,
          name: plan.name,
          audience: plan.audience,
          status: sub?.status ?? (familyOwnerName ? 'active' : null),
          source: sub?.source ?? (familyOwnerName ? 'family' : null),
          trialEndsAt: sub?.trialEndsAt?.toISOString() ?? null,
          currentPeriodEnd: sub?.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: sub?.status === 'canceled',
          graceEndsAt: sub?.status === 'past_due' ? (sub.graceEndsAt?.toISOString() ?? null) : null,
          familyOwnerName,
        },
      };
    },
  };
}

export type EntitlementsService = ReturnType<typeof entitlementsService>;
