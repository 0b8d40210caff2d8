import { z } from 'zod';

// Affiliates: /ref/{id} links, referrals, the commission ledger, tiers and payouts (issue 16, ADR 0013).

/**
 * The pricing page's tiers (the rules in force): rate in basis points, from how many active
 * referrals, and the most frequent payout the tier allows (Bronze monthly, Silver bi-weekly, Gold weekly).
 */
export const AFFILIATE_TIERS = [
  { id: 'bronze', name: 'Bronze', rateBps: 1500, minActive: 0, payout: 'monthly' },
  { id: 'silver', name: 'Silver', rateBps: 2000, minActive: 25, payout: 'biweekly' },
  { id: 'gold', name: 'Gold', rateBps: 2500, minActive: 100, payout: 'weekly' },
] as const;
export type AffiliateTierId = (typeof AFFILIATE_TIERS)[number]['id'];
export const AFFILIATE_TIER_IDS = AFFILIATE_TIERS.map((t) => t.id) as [AffiliateTierId, ...AffiliateTierId[]];

/** The tier an affiliate with this many active referrals holds. */
export function tierFor(activeReferrals: number) {
  let tier: (typeof AFFILIATE_TIERS)[number] = AFFILIATE_TIERS[0];
  for (const t of AFFILIATE_TIERS) if (activeReferrals >= t.minActive) tier = t;
  return tier;
}

/**
 * The commission on an amount, in cents: amount × rate, rounded half up to the cent
 * (15% of $9.99 = 149.85¢ → $1.50). A negative amount (a refund) rounds symmetrically.
 */
export function commissionCents(amountCents: number, rateBps: number): number {
  const sign = amountCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(amountCents) * rateBps + 5000) / 10000);
}

export const AFFILIATE_RULES = {
  /** The attribution cookie lives this long; the last click wins. */
  cookieDays: 30,
  /** Commissions are earned on a referred account's payments during its first 12 months of paid subscription. */
  commissionMonths: 12,
  /** Pending until the refund window is over, then payable. */
  refundWindowDays: 30,
  /** Smallest payable balance paid out. */
  minPayoutCents: 5000,
  /** Sign-ups from one address within a day from which the referral is flagged for admins. */
  flagSignupsPerIp: 3,
  /** A referred account that paid for a subscription in this many days (and was not refunded) is active. */
  activeDays: 35,
} as const;

export const AFFILIATE_COOKIE = 'wc_ref';

export const PAYOUT_SCHEDULES = ['monthly', 'biweekly', 'weekly'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_SCHEDULE_LABELS: Record<PayoutSchedule, string> = {
  monthly: 'Monthly',
  biweekly: 'Bi-weekly',
  weekly: 'Weekly',
};
export const PAYOUT_STATUSES = ['requested', 'batched', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Who a payout pays (one payout rail for both, ADR 0054): an affiliate's commissions or a creator's revenue share. */
export const PAYEE_KINDS = ['affiliate', 'creator'] as const;
export type PayeeKind = (typeof PAYEE_KINDS)[number];

/** How often each schedule pays, slowest first (a tier allows its own and every slower one). */
const SCHEDULE_RANK: Record<PayoutSchedule, number> = { monthly: 0, biweekly: 1, weekly: 2 };
export const scheduleAllowed = (schedule: PayoutSchedule, tierPayout: PayoutSchedule) =>
  SCHEDULE_RANK[schedule] <= SCHEDULE_RANK[tierPayout];
/** The schedule in force: the chosen one, or the tier's when the tier allows less (it dropped). */
export const effectiveSchedule = (chosen: PayoutSchedule, tierPayout: PayoutSchedule): PayoutSchedule =>
  scheduleAllowed(chosen, tierPayout) ? chosen : tierPayout;
const PERIOD_WORDS: Record<PayoutSchedule, string> = { monthly: 'month', biweekly: 'two weeks', weekly: 'week' };

export const AFFILIATE_MESSAGES = {
  linkCopied: 'Referral link copied to clipboard!',
  noReferrals: 'No referrals yet. Start promoting to earn commissions!',
  notFound: 'Affiliate not found',
  settingsSaved: 'Payout settings saved',
  payoutPaid: 'Payout marked paid',
  payoutFailed: 'Payout marked failed',
  payoutDecided: 'This payout was already decided.',
  referenceRequired: 'A payment reference is required',
  flagCleared: 'Referral kept; flag cleared',
  referralVoided: 'Referral voided; its commissions will not be paid',
  payoutRequested: 'Payout requested',
  payoutMethodMissing: 'Add a payout method before requesting a payout',
  payoutBelowMinimum: (payableCents: number) =>
    `The minimum payout is $50.00; your payable balance is $${(payableCents / 100).toFixed(2)}`,
  payoutTooSoon: (schedule: PayoutSchedule) =>
    `You can request one payout every ${PERIOD_WORDS[schedule]}; this period's payout was already requested`,
  scheduleNotAllowed: (schedule: PayoutSchedule, tierName: string) =>
    `${PAYOUT_SCHEDULE_LABELS[schedule]} payouts are not available at the ${tierName} tier`,
  batchEmpty: 'No requested payouts to batch',
  batchCreated: 'Payout batch created',
  connectNotConfigured: 'Stripe Connect transfers are not configured',
  transfersSent: 'Stripe Connect transfers sent',
} as const;

const clean = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (s) => ![...s].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127),
      `${label} contains an invalid character`,
    );

/** A campaign tag (`?c=`): letters, digits, dash and underscore. */
export const ZCampaignTag = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'A campaign tag has 1 to 40 letters, digits, - or _');

export const ZPayoutMethodInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paypal'), email: z.string().trim().max(254).email('Enter a valid PayPal e-mail') }),
  z.object({
    kind: z.literal('bank'),
    accountName: clean(120, 'Account holder'),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 ]{6,40}$/, 'Enter an account number or IBAN (letters and digits)'),
    routing: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 ]{0,20}$/, 'Enter a routing number, sort code or BIC (letters and digits)')
      .optional(),
  }),
  /** A Stripe Connect account (paid by a transfer when Stripe is configured). */
  z.object({
    kind: z.literal('stripe'),
    accountId: z
      .string()
      .trim()
      .regex(/^acct_[A-Za-z0-9]{6,40}$/, 'Enter a Stripe account id (acct_…)'),
  }),
]);
export const PAYOUT_METHOD_KINDS = ['paypal', 'bank', 'stripe'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];
export type TPayoutMethodInput = z.infer<typeof ZPayoutMethodInput>;

export const ZPayoutSettingsInput = z.object({
  schedule: z.enum(PAYOUT_SCHEDULES),
  /** Omitted: keep the method on file. */
  method: ZPayoutMethodInput.optional(),
});
export type TPayoutSettingsInput = z.infer<typeof ZPayoutSettingsInput>;

/** Only ever the masked form leaves the server. */
export const ZPayoutMethod = z.object({ kind: z.enum(PAYOUT_METHOD_KINDS), masked: z.string() });

export const ZAffiliateTier = z.object({ id: z.enum(AFFILIATE_TIER_IDS), name: z.string(), rateBps: z.number() });

export const ZAffiliateReferral = z.object({
  id: z.string(),
  /** null when the referred account was deleted (its commissions stay). */
  displayName: z.string().nullable(),
  deleted: z.boolean(),
  campaign: z.string().nullable(),
  flagged: z.boolean(),
  voided: z.boolean(),
  active: z.boolean(),
  earnedCents: z.number().int(),
  createdAt: z.string(),
});

/** held: its referral is flagged (an admin clears or voids it); voided: it never pays. */
export const LEDGER_STATUSES = ['held', 'voided', 'pending', 'payable', 'processing', 'paid'] as const;
export const ZCommissionEntry = z.object({
  id: z.string(),
  kind: z.enum(['commission', 'reversal', 'void']),
  amountCents: z.number().int(),
  /** The payment the entry was booked from. */
  paymentCents: z.number().int(),
  rateBps: z.number().int(),
  status: z.enum(LEDGER_STATUSES),
  referralId: z.string(),
  occurredAt: z.string(),
  payableAt: z.string(),
});

export const ZAffiliatePayout = z.object({
  id: z.string(),
  period: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export type TAffiliatePayout = z.infer<typeof ZAffiliatePayout>;

export const ZAffiliateDashboard = z.object({
  affiliateId: z.string(),
  tier: ZAffiliateTier,
  stats: z.object({
    totalReferrals: z.number().int(),
    activeReferrals: z.number().int(),
    totalEarningsCents: z.number().int(),
    thisMonthCents: z.number().int(),
    pendingCents: z.number().int(),
    payableCents: z.number().int(),
    paidCents: z.number().int(),
  }),
  referrals: z.array(ZAffiliateReferral),
  entries: z.array(ZCommissionEntry),
  payouts: z.array(ZAffiliatePayout),
  settings: z.object({ schedule: z.enum(PAYOUT_SCHEDULES), method: ZPayoutMethod.nullable() }),
});
export type TAffiliateDashboard = z.infer<typeof ZAffiliateDashboard>;

const ZFunnel = { clicks: z.number().int(), signups: z.number().int(), paying: z.number().int() };
export const ZAffiliateAnalytics = z.object({
  days: z.array(z.object({ day: z.string(), ...ZFunnel })),
  campaigns: z.array(z.object({ campaign: z.string().nullable(), ...ZFunnel })),
});
export type TAffiliateAnalytics = z.infer<typeof ZAffiliateAnalytics>;

export const ZAffiliateProfile = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  tier: ZAffiliateTier,
  createdAt: z.string(),
});
export type TAffiliateProfile = z.infer<typeof ZAffiliateProfile>;

export const ZAdminPayout = ZAffiliatePayout.extend({
  payeeKind: z.enum(PAYEE_KINDS),
  /** The payee (an affiliate or a creator, as `payeeKind` says). */
  affiliate: z.object({ id: z.string(), email: z.string().nullable(), displayName: z.string().nullable() }),
  method: ZPayoutMethod.nullable(),
  batchId: z.string().nullable(),
  flaggedReferrals: z.number().int(),
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;

export const ZPayoutBatch = z.object({
  id: z.string(),
  payoutCount: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
});
export type TPayoutBatch = z.infer<typeof ZPayoutBatch>;

/** A batch with each payout's full details (admins only, after step-up; every read is audited). */
export const ZPayoutBatchDetail = ZPayoutBatch.extend({
  payouts: z.array(
    ZAffiliatePayout.extend({
      payeeKind: z.enum(PAYEE_KINDS),
      affiliate: z.object({ id: z.string(), email: z.string().nullable(), displayName: z.string().nullable() }),
      details: ZPayoutMethodInput.nullable(),
    }),
  ),
});
export type TPayoutBatchDetail = z.infer<typeof ZPayoutBatchDetail>;

/** What paying a batch's Stripe Connect payouts did: paid (with the transfer id) or refused by Stripe. */
export const ZTransfersResult = z.object({
  paid: z.array(z.object({ payoutId: z.string(), transferId: z.string() })),
  failed: z.array(z.object({ payoutId: z.string(), message: z.string() })),
});
export type TTransfersResult = z.infer<typeof ZTransfersResult>;

export const ZPayoutPaidInput = z.object({ reference: clean(200, 'Reference') });
export const ZPayoutFailedInput = z.object({ note: z.string().trim().max(500).optional() });

export const ZFlaggedReferral = z.object({
  id: z.string(),
  affiliate: z.object({ id: z.string(), email: z.string().nullable(), displayName: z.string().nullable() }),
  /** null: the referred account was deleted. */
  referredEmail: z.string().nullable(),
  signupIp: z.string().nullable(),
  campaign: z.string().nullable(),
  createdAt: z.string(),
});
export type TFlaggedReferral = z.infer<typeof ZFlaggedReferral>;
