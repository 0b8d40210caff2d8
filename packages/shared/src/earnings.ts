// Creators' revenue share (issue 37): the allocation rules, the ledger's kinds and the constants
// the statements show. Money is integer cents; ad spend arrives in micro-dollars (ads.ts).

/** How a month's net revenue reaches creators (ADR 0053). */
export const EARNINGS_RULES = ['user-centric', 'pro-rata', 'hybrid'] as const;
export type EarningsRule = (typeof EARNINGS_RULES)[number];

/** Where a creator's share came from. */
export const EARNINGS_SOURCES = ['subscriptions', 'ads'] as const;
export type EarningsSource = (typeof EARNINGS_SOURCES)[number];

/**
 * The ledger's entry kinds (append-only):
 *   allocation — the creator's share of a closed month (by source, by track where meaningful);
 *   reversal   — −the share of an earlier month's payment refunded or charged back in this month;
 *   paid       — marks entry `refEntryId` paid by payout `payoutId` (same amount; not earnings).
 */
export const EARNINGS_ENTRY_KINDS = ['allocation', 'reversal', 'paid'] as const;
export type EarningsEntryKind = (typeof EARNINGS_ENTRY_KINDS)[number];

/** An entry's state: held for the refund window, then payable, then paid (earnings/state-machine.ts). */
export const EARNINGS_ENTRY_STATES = ['pending', 'available', 'paid'] as const;
export type EarningsEntryState = (typeof EARNINGS_ENTRY_STATES)[number];

/** Days an allocation is held after its month ends (the refund window) before it is payable. */
export const EARNINGS_HOLD_DAYS = 30;
/** The platform's share by default, in percent (config EARNINGS_PLATFORM_SHARE_PCT). */
export const EARNINGS_DEFAULT_PLATFORM_SHARE_PCT = 30;
/** Hybrid rule: a listener's qualified plays counted per month at most (Deezer's 1,000). */
export const EARNINGS_HYBRID_PLAY_CAP = 1000;
/** Hybrid rule: a play counts only with at least this much heard. */
export const EARNINGS_HYBRID_MIN_SECONDS = 30;
/** A month closes this long after it ends (late listening reports, the last analytics rollup). */
export const EARNINGS_CLOSE_DELAY_HOURS = 2;

/** `YYYY-MM` (UTC). */
export const EARNINGS_MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
