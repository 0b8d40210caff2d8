import type { SubscriptionStatus } from '@wavecast/shared';

/** What can happen to a subscription. Creation events start from no subscription (null). */
export type SubscriptionEvent =
  | 'start_trial' // 14 days of a paid plan, no card, once per account
  | 'subscribe' // paid at checkout
  | 'grant' // an admin gives the plan
  | 'ungrant' // an admin's grant over a paid subscription is revoked: the paid subscription goes on
  | 'convert' // a trial is paid for
  | 'renew' // a period is paid (also ends a past_due)
  | 'payment_failed' // grace begins
  | 'change_plan' // takes effect immediately
  | 'cancel' // keeps the plan until the period ends
  | 'resume' // undoes a cancel before the period ends (a paid plan)
  | 'resume_trial' // undoes a cancel before the trial ends
  | 'lapse' // the trial or the canceled period is over
  | 'grace_over' // 7 days after a failed payment
  | 'end'; // ended at once (revoked by an admin, deleted at the provider)

type State = SubscriptionStatus | 'none';

/** Every allowed transition; anything else is refused. */
export const TRANSITIONS: Record<State, Partial<Record<SubscriptionEvent, SubscriptionStatus>>> = {
  none: { start_trial: 'trialing', subscribe: 'active', grant: 'active' },
  trialing: {
    convert: 'active',
    change_plan: 'trialing',
    cancel: 'canceled',
    lapse: 'expired',
    end: 'expired',
    grant: 'active',
  },
  active: {
    renew: 'active',
    change_plan: 'active',
    payment_failed: 'past_due',
    cancel: 'canceled',
    end: 'expired',
    grant: 'active',
    ungrant: 'active',
  },
  past_due: { renew: 'active', change_plan: 'past_due', grace_over: 'expired', end: 'expired', grant: 'active' },
  canceled: {
    resume: 'active',
    resume_trial: 'trialing',
    renew: 'canceled',
    change_plan: 'canceled',
    lapse: 'expired',
    end: 'expired',
    grant: 'active',
  },
  // An expired subscription stays as history; a new plan is a new subscription (from 'none').
  expired: {},
};

export class InvalidTransition extends Error {
  constructor(
    readonly from: State,
    readonly event: SubscriptionEvent,
  ) {
    super(`A ${from} subscription cannot ${event.replace('_', ' ')}`);
  }
}

/** The status after `event`, or InvalidTransition. */
export function nextStatus(from: SubscriptionStatus | null, event: SubscriptionEvent): SubscriptionStatus {
  const state: State = from ?? 'none';
  const to = TRANSITIONS[state][event];
  if (!to) throw new InvalidTransition(state, event);
  return to;
}

/** Statuses that still give the plan's entitlements. */
export const ENTITLED: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'past_due', 'canceled']);

/** Whether a subscription read earlier still gives its plan at `now` (a due one is about to end). */
export function entitledAt(
  sub: { status: SubscriptionStatus; currentPeriodEnd: Date | null; graceEndsAt: Date | null },
  now: Date,
): boolean {
  if (!ENTITLED.has(sub.status)) return false;
  if (sub.status === 'past_due') return !sub.graceEndsAt || sub.graceEndsAt > now;
  if (sub.status === 'active') return true; // a paid period's renewal is the provider's to report
  return !sub.currentPeriodEnd || sub.currentPeriodEnd > now;
}
