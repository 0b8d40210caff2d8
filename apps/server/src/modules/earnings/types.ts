import type { EarningsEntryKind, EarningsEntryState, EarningsRule, EarningsSource } from '@wavecast/shared';

/** What a month's close did (a second close of the same month: `closed: false`, nothing written). */
export interface CloseResult {
  month: string;
  closed: boolean;
  rule: EarningsRule;
  subscriptionNetCents: number;
  adNetCents: number;
  creatorsCents: number;
  platformCents: number;
  subscribers: number;
  listeningSubscribers: number;
  creators: number;
  entries: number;
}

/** A creator's closed month, for the Earnings tab and its history. */
export interface CreatorMonth {
  month: string;
  rule: EarningsRule;
  /** Subscriptions + ads + reversals (reversals ≤ 0). */
  earnedCents: number;
  subscriptionCents: number;
  adCents: number;
  reversalCents: number;
  /** What pro-rata would have given the creator that month (the counterfactual). */
  proRataCents: number;
  /** "N subscribers' listening earned you $X": N. */
  subscribers: number;
  plays: number;
  heardSeconds: number;
  /** Pending until then (the month's end + the 30-day refund window), available after. */
  availableAt: string;
  state: Exclude<EarningsEntryState, 'paid'>;
}

/** One track's subscription share in a month (ads are per creator, not per track). */
export interface TrackEarning {
  audioId: string;
  subscriptionCents: number;
  reversalCents: number;
  subscribers: number;
  plays: number;
  heardSeconds: number;
}

/** A creator's money across months, by state (paid entries are the payouts'). */
export interface CreatorBalance {
  pendingCents: number;
  availableCents: number;
  paidCents: number;
}

/** One ledger entry, as payouts read them. */
export interface EarningsEntry {
  id: string;
  creatorId: string;
  month: string;
  kind: EarningsEntryKind;
  source: EarningsSource;
  audioId: string | null;
  rule: EarningsRule;
  amountCents: number;
  subscribers: number;
  availableAt: Date;
  occurredAt: Date;
}

/** The published distribution of a closed month's creator earnings. */
export interface DistributionReport {
  month: string;
  rule: EarningsRule;
  creators: number;
  totalCents: number;
  /** Gini coefficient of creators' earnings, 0 (equal) – 1. */
  gini: number;
  /** Share of the total earned by the top 1 % of creators (at least one creator), 0–1. */
  top1PctShare: number;
  /** Share of creators who earned more than pro-rata would have given them, 0–1. */
  betterOffShare: number;
  /** …and who earned less. */
  worseOffShare: number;
}
