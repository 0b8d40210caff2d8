import { z } from 'zod';
import { PAID_PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans';

/** What billing answers, word for word in the UI and the API. */
export const BILLING_MESSAGES = {
  trialUsed: 'You have already used your free trial',
  hasPlan: 'You already have a plan. Change it in Settings → Billing.',
  noPlan: 'You are on a free plan',
  creatorPlanNeedsCreator: 'Creator plans are for creators. Become a creator in Settings first.',
  samePlan: 'You are already on this plan',
  changedMeanwhile: 'Your plan changed meanwhile. Please try again.',
  payingNotSetUp: 'Paying is not set up on this server yet. Start a free trial instead.',
  noPaymentsYet: 'There are no cards or invoices to manage yet: choose a plan first.',
  paymentServiceDown: 'The payment service did not answer. Please try again shortly.',
  stillBilling:
    'A subscription of yours is still being billed, so a second one would charge you twice. It is being closed: please try again in a few minutes.',
  webhookSignatureInvalid: 'The webhook signature is missing or does not match.',
  notCanceled: 'Your plan is not canceled',
  alreadyCanceled: 'Your plan is already canceled',
  trialStarted: 'Your free trial has started',
  planChanged: 'Your plan has been changed',
  planCanceled: 'Your plan will end at the end of the period',
  planResumed: 'Your plan will continue',
  familyFull: 'Your family plan is full (up to 6 accounts)',
  familyAlreadyMember: 'This person is already in your family',
  familyNotOwner: 'Only the owner of a family plan can invite members',
  familyInviteInvalid: 'This invitation is not valid any more',
  familyInviteWrongAccount: 'This invitation was sent to another email address',
  familyInviteSent: 'Invitation sent',
  familyJoined: 'You have joined the family plan',
  liveAllowanceUsed: "You have used this month's live streaming allowance. Upgrade to Creator for unlimited streaming.",
  liveAllowanceEnded: "Your stream has ended: you have used this month's live streaming. The recording is kept.",
  liveUnlimited: 'Unlimited live streaming',
  liveAllowanceSeePlans: 'See plans',
  noTrialToAddCardTo: 'A card is added to a free trial: you have no trial running.',
  trialHasCard: 'Your trial already has a card: it continues on it when the trial ends.',
  previewOnlyForCard: 'A plan paid by card is prorated; this plan changes at no charge.',
} as const;

/** When a billing notice tells the trial is ending: this many days before its end (daily job). */
export const TRIAL_REMINDER_DAYS = 3;

/** '120 minutes', '1 minute', '45 seconds': live time left, in whole minutes (seconds under one). */
export function formatLiveTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.floor(s / 60);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/** 'N minutes of live streaming left this month': Go Live and the warning before the cap. */
export const liveAllowanceLeftMessage = (seconds: number) =>
  `${formatLiveTimeLeft(seconds)} of live streaming left this month`;

/** The countdown once a broadcast was warned (`clock` as m:ss). */
export const liveAllowanceEndsInMessage = (clock: string) =>
  `Your stream ends in ${clock}: this month's live streaming runs out`;

export const ZPaidPlanId = z.enum(PAID_PLAN_IDS, { error: 'Choose a plan' });
const ZPlanId = z.enum(['free', 'free-listener', ...PAID_PLAN_IDS]);
const iso = z.string();

/** The plan an account is on now, as its owner sees it. */
export const ZPlanSummary = z.object({
  id: ZPlanId,
  name: z.string(),
  audience: z.enum(['creator', 'listener']),
  /** null: a free plan (no subscription). */
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  source: z.enum(['trial', 'stripe', 'admin', 'family']).nullable(),
  trialEndsAt: iso.nullable(),
  /** When the paid period (or the trial) ends; null: no end. */
  currentPeriodEnd: iso.nullable(),
  /** Set once canceled: the plan ends at currentPeriodEnd. */
  cancelAtPeriodEnd: z.boolean(),
  graceEndsAt: iso.nullable(),
  /** A family member's plan comes from the family's owner. */
  familyOwnerName: z.string().nullable(),
});
export type TPlanSummary = z.infer<typeof ZPlanSummary>;

/** What the account may do now (billing/entitlements.ts decides; /api/me shows it). */
export const ZEntitlements = z.object({
  liveSecondsPerMonth: z.number().int().nullable(),
  /** This calendar month's on-air seconds left; null: unlimited. */
  liveSecondsLeft: z.number().int().nullable(),
  hdPublishing: z.boolean(),
  hdListening: z.boolean(),
  /** The bitrate the Go Live page records at (higher with HD publishing). */
  liveIngestBitsPerSecond: z.number().int(),
  adFree: z.boolean(),
  adsOnOwnContent: z.boolean(),
  prioritySupport: z.boolean(),
  familySeats: z.number().int(),
});
export type TEntitlements = z.infer<typeof ZEntitlements>;

export const ZPayment = z.object({
  id: z.string(),
  kind: z.enum(['paid', 'refunded', 'failed']),
  purpose: z.enum(['subscription', 'ad_topup']),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  occurredAt: iso,
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZFamilyMember = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  status: z.enum(['invited', 'active']),
  invitedAt: iso,
});
export type TFamilyMember = z.infer<typeof ZFamilyMember>;

/** `GET /api/billing`: Settings → Billing. */
export const ZBilling = z.object({
  plan: ZPlanSummary,
  entitlements: ZEntitlements,
  /** Whether this server takes payments (Stripe keys set); without, trials and admin grants only. */
  payingEnabled: z.boolean(),
  trialAvailable: z.boolean(),
  /**
   * A no-card trial that a card can be added to: Checkout then starts the subscription with its
   * first charge at the trial's end ("Add a card to keep Premium").
   */
  canAddCard: z.boolean(),
  /** The next charge of a paying subscription. */
  nextCharge: z.object({ amountCents: z.number().int(), at: iso }).nullable(),
  payments: z.array(ZPayment),
  /** The family plan owner's members (null unless the account owns a family plan). */
  family: z.object({ members: z.array(ZFamilyMember), seatsLeft: z.number().int() }).nullable(),
});
export type TBilling = z.infer<typeof ZBilling>;

export const ZPlanChoice = z.object({ planId: ZPaidPlanId });
export type TPlanChoice = z.infer<typeof ZPlanChoice>;

/** `POST /api/billing/checkout`: `trial` starts the 14 days with a card, charged at their end. */
export const ZCheckoutChoice = ZPlanChoice.extend({ trial: z.boolean().optional() });
export type TCheckoutChoice = z.infer<typeof ZCheckoutChoice>;

/** `GET /api/billing/change-preview?plan=`: what a plan change costs now (provider's proration). */
export const ZChangePreviewQuery = z.object({ plan: ZPaidPlanId });
export const ZChangePreview = z.object({
  planId: ZPaidPlanId,
  /** Charged today (positive) or credited to the next invoices (negative), in cents. */
  amountCents: z.number().int(),
  currency: z.string(),
});
export type TChangePreview = z.infer<typeof ZChangePreview>;

/** The confirm dialog's sentence for a previewed change. */
export function changePreviewText(amountCents: number): string {
  const abs = `$${(Math.abs(amountCents) / 100).toFixed(2)}`;
  if (amountCents > 0) return `You will be charged ${abs} today.`;
  if (amountCents < 0) return `You will get a ${abs} credit toward your next invoices.`;
  return 'Nothing is charged today.';
}

/** `PUT /api/admin/users/:id/plan`: an admin gives a plan free of charge, or ends it with null. */
export const ZPlanGrant = z.object({ planId: ZPaidPlanId.nullable() });

export const ZRedirect = z.object({ url: z.string() });

export const ZFamilyInvite = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(320),
});
export const ZFamilyAccept = z.object({ token: z.string().min(1).max(200) });

/** `POST /api/test/clock` (TEST_CLOCK servers only). */
export const ZClockAdvance = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400_000),
});
