import { z } from 'zod';
import { EARNINGS_RULES } from '../earnings';
import { ZAffiliatePayout, ZPayoutMethod } from './affiliates';

// Creators' statements and payouts (issue 37, ADR 0054): the Earnings tab, its CSV, the payout rail.

export const CREATOR_PAYOUT_RULES = {
  /** Smallest available balance paid out by default (config CREATOR_PAYOUT_MIN_CENTS). */
  minPayoutCents: 5000,
  /** One payout request per calendar month. */
  schedule: 'monthly',
} as const;

export const STATEMENT_MESSAGES = {
  noEarnings: 'No earnings yet. Closed months appear here after the month ends.',
  payoutRequested: 'Payout requested',
  methodSaved: 'Payout method saved',
  payoutBelowMinimum: (minCents: number, availableCents: number) =>
    `The minimum payout is $${(minCents / 100).toFixed(2)}; your available balance is $${(availableCents / 100).toFixed(2)}`,
  /** "N subscribers' listening earned you $X". */
  subscribersSentence: (subscribers: number, cents: number) =>
    `${subscribers.toLocaleString('en-US')} ${subscribers === 1 ? "subscriber's" : "subscribers'"} listening earned you $${(cents / 100).toFixed(2)}`,
} as const;

export const ZMonthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .optional(),
});

export const ZStatementMonth = z.object({
  month: z.string(),
  rule: z.enum(EARNINGS_RULES),
  earnedCents: z.number().int(),
  subscriptionCents: z.number().int(),
  adCents: z.number().int(),
  reversalCents: z.number().int(),
  proRataCents: z.number().int(),
  subscribers: z.number().int(),
  plays: z.number().int(),
  heardSeconds: z.number().int(),
  availableAt: z.string(),
  state: z.enum(['pending', 'available']),
});
export type TStatementMonth = z.infer<typeof ZStatementMonth>;

export const ZStatementTrack = z.object({
  audioId: z.string(),
  title: z.string().nullable(),
  subscriptionCents: z.number().int(),
  reversalCents: z.number().int(),
  subscribers: z.number().int(),
  plays: z.number().int(),
  heardSeconds: z.number().int(),
});

export const ZCreatorStatement = z.object({
  creatorId: z.string(),
  /** The month shown (the asked one, else the newest with earnings), null when none closed. */
  month: ZStatementMonth.nullable(),
  tracks: z.array(ZStatementTrack),
  history: z.array(ZStatementMonth),
  balance: z.object({
    pendingCents: z.number().int(),
    availableCents: z.number().int(),
    processingCents: z.number().int(),
    paidCents: z.number().int(),
  }),
  payouts: z.array(ZAffiliatePayout),
  method: ZPayoutMethod.nullable(),
  minPayoutCents: z.number().int(),
});
export type TCreatorStatement = z.infer<typeof ZCreatorStatement>;

export const ZDistributionReport = z.object({
  month: z.string(),
  rule: z.enum(EARNINGS_RULES),
  creators: z.number().int(),
  totalCents: z.number().int(),
  gini: z.number(),
  top1PctShare: z.number(),
  betterOffShare: z.number(),
  worseOffShare: z.number(),
});
export type TDistributionReport = z.infer<typeof ZDistributionReport>;

/** What the public pages state about money (the server's configuration). */
export const ZPublicTerms = z.object({
  platformSharePct: z.number().int(),
  creatorSharePct: z.number().int(),
  earningsRule: z.enum(EARNINGS_RULES),
  holdDays: z.number().int(),
});
export type TPublicTerms = z.infer<typeof ZPublicTerms>;
