import type { EarningsEntryState } from '@wavecast/shared';

/**
 * An entry's states and their transitions: `pending` until its month's refund window ends,
 * `available` once the clock passes it, `paid` when a payout's `paid` entry names it. A reversal is
 * available at once (it nets the next payout, as the affiliates' reversals do).
 */
export const ENTRY_TRANSITIONS: Record<EarningsEntryState, readonly EarningsEntryState[]> = {
  pending: ['available'],
  available: ['paid'],
  paid: [],
};

export const canMoveEntry = (from: EarningsEntryState, to: EarningsEntryState) => ENTRY_TRANSITIONS[from].includes(to);

/** An unpaid entry's state at `now`. */
export const entryState = (availableAt: Date, now: Date, paid = false): EarningsEntryState =>
  paid ? 'paid' : now.getTime() >= availableAt.getTime() ? 'available' : 'pending';
