import { BILLING_MESSAGES, PLANS, type PlanId, planAvailableTo, type Role, type TPlanSummary } from '@wavecast/shared';

/** What a plan's button does for this visitor (the pricing page's cards and the sidebar's card). */
export type PlanAction =
  /** Signed out: sign up first. */
  | { kind: 'signup' }
  /** The plan the account is on (its free plan, or its paid one): nothing to do. */
  | { kind: 'current' }
  /** A free plan the account already has with its own (a creator's Free Listener). */
  | { kind: 'included' }
  /** No plan yet and the free trial unused: start it. */
  | { kind: 'trial' }
  /** No plan, trial used, and the server takes payments: go to the checkout. */
  | { kind: 'checkout' }
  /** On another paid plan: switch to this one (after a confirm). */
  | { kind: 'change' }
  /** On a paid plan, looking at the free one: cancelling happens in Settings → Billing. */
  | { kind: 'manage' }
  /** A creator plan for a listener: becoming a creator comes first. */
  | { kind: 'wrong-audience'; reason: string }
  /** Trial used and this server takes no payments: nothing possible here. */
  | { kind: 'unavailable'; reason: string };

export interface PlanActionInput {
  /** null: signed out. */
  account: { role: Role; plan: Pick<TPlanSummary, 'id' | 'source'> } | null;
  /** From GET /api/billing; unknown (undefined) until it answered: assume the trial is there. */
  trialAvailable?: boolean;
  payingEnabled?: boolean;
}

/** The one decision behind every plan button (pure, so it is tested without a browser). */
export function planAction(planId: PlanId, input: PlanActionInput): PlanAction {
  const { account } = input;
  if (!account) return { kind: 'signup' };
  const target = PLANS[planId];
  if (!planAvailableTo(planId, account.role)) {
    // A listener's own free plan is Free Listener; the creator plans (even Free) need a creator account.
    return { kind: 'wrong-audience', reason: BILLING_MESSAGES.creatorPlanNeedsCreator };
  }
  if (account.plan.id === planId) return { kind: 'current' };
  // A plan of the account's own (a trial, a subscription, an admin's grant); a family seat is the owner's.
  const ownsPlan = account.plan.source !== null && account.plan.source !== 'family';
  if (target.priceCents === 0) return ownsPlan ? { kind: 'manage' } : { kind: 'included' };
  if (ownsPlan) return { kind: 'change' };
  if (input.trialAvailable !== false) return { kind: 'trial' };
  if (input.payingEnabled) return { kind: 'checkout' };
  return { kind: 'unavailable', reason: BILLING_MESSAGES.trialUsed };
}

/** The button's words for an action ('signup' keeps the pricing page's own sign-up labels). */
export function planActionLabel(action: PlanAction, signupLabel: string): string {
  switch (action.kind) {
    case 'signup':
      return signupLabel;
    case 'current':
      return 'Current plan';
    case 'included':
      return 'Included';
    case 'trial':
      return 'Start free trial';
    case 'checkout':
      return 'Subscribe';
    case 'change':
      return 'Change plan';
    case 'manage':
      return 'Manage plan';
    case 'wrong-audience':
      return 'Become a creator';
    case 'unavailable':
      return 'Not available';
  }
}
