import { BILLING_MESSAGES, type PaidPlanId } from '@wavecast/shared';
import { AppError } from '../../lib/errors';
import type { SubscriptionRow } from './repo';

/** Who the payment is for, and where the provider's pages send the browser back to. */
export interface CheckoutInput {
  userId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The payment provider as billing uses it (billing/stripe implements it). Without one configured,
 * the platform runs on trials and admin-granted plans, and these refuse with a clear message.
 */
export interface PaymentProvider {
  readonly configured: boolean;
  /**
   * A hosted checkout page for a plan; the subscription arrives by webhook. With `trial`, the card
   * is taken now and first charged when the trial ends: after `days` (a trial begun with a card),
   * or at `endsAt` (a card added to a running no-card trial, which must not be charged twice).
   */
  checkoutSubscription(
    input: CheckoutInput & { planId: PaidPlanId; trial?: { days: number } | { endsAt: Date } },
  ): Promise<string>;
  /** A hosted checkout page for a one-off payment (an advertiser's top-up); it arrives by webhook. */
  checkoutTopUp(input: CheckoutInput & { amountCents: number; description: string }): Promise<string>;
  /** The provider's customer portal (cards, invoices). */
  portal(input: { userId: string; returnUrl: string }): Promise<string>;
  /** What moving a paying subscription to `planId` now would charge (positive) or credit (negative). */
  previewChange(sub: SubscriptionRow, planId: PaidPlanId, at: Date): Promise<{ amountCents: number; currency: string }>;
  /** Moves a paying subscription to another plan now (prorated by the provider). */
  changePlan(sub: SubscriptionRow, planId: PaidPlanId): Promise<void>;
  /** Sets or clears cancel-at-period-end on a paying subscription. */
  setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<void>;
  /** Whether the provider still bills the account for any subscription (ours or one we lost track of). */
  stillBilling(userId: string): Promise<boolean>;
  /** Stops charging a paying subscription (an admin's grant covers the plan); its invoices are voided. */
  pauseCollection(sub: SubscriptionRow): Promise<void>;
  /**
   * Charges a paused subscription again (left paused with `keepPaused`: a suspended account): its
   * plan and period as the provider has them, null when it no longer bills.
   */
  resumeCollection(sub: SubscriptionRow, opts?: { keepPaused?: boolean }): Promise<ProviderPlan | null>;
}

/** A paying subscription as the provider answers it. */
export interface ProviderPlan {
  planId: PaidPlanId;
  periodStart: Date | null;
  periodEnd: Date | null;
}

const notSetUp = async (): Promise<never> => {
  throw new AppError('UNAVAILABLE', BILLING_MESSAGES.payingNotSetUp);
};

export const NO_PROVIDER: PaymentProvider = {
  configured: false,
  checkoutSubscription: notSetUp,
  checkoutTopUp: notSetUp,
  portal: notSetUp,
  previewChange: notSetUp,
  changePlan: notSetUp,
  setCancelAtPeriodEnd: notSetUp,
  stillBilling: async () => false, // nothing is billed outside
  pauseCollection: notSetUp,
  resumeCollection: notSetUp,
};
