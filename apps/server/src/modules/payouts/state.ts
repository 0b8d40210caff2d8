import type { PayoutSchedule, PayoutStatus } from '@wavecast/shared';

/**
 * The payout state machine (every payee kind): the payee requests a payout; an admin gathers requested payouts in a
 * batch, pays it (CSV upload or Stripe Connect) and marks it paid with the reference, or failed (its
 * entries are payable again). A requested payout may also be failed before it is batched.
 */
export const PAYOUT_TRANSITIONS: Record<PayoutStatus, readonly PayoutStatus[]> = {
  requested: ['batched', 'failed'],
  batched: ['paid', 'failed'],
  paid: [],
  failed: [],
};
export const canMovePayout = (from: PayoutStatus, to: PayoutStatus) => PAYOUT_TRANSITIONS[from].includes(to);

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The schedule period a moment falls in, named by its first day (UTC): at most one payout per
 * affiliate and period. Weeks start on Monday; bi-weekly periods are pairs of weeks counted from
 * the Monday 1970-01-05.
 */
export function payoutPeriod(schedule: PayoutSchedule, at: Date): string {
  if (schedule === 'monthly') return `monthly:${at.toISOString().slice(0, 7)}`;
  const day = Math.floor(at.getTime() / DAY_MS);
  const week = Math.floor((day - 4) / 7); // day 4 (1970-01-05) is the first Monday
  if (schedule === 'weekly') return `weekly:${iso((week * 7 + 4) * DAY_MS)}`;
  const pair = Math.floor(week / 2);
  return `biweekly:${iso((pair * 14 + 4) * DAY_MS)}`;
}
