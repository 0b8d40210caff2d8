import { describe, expect, it } from 'vitest';
import { canMovePayout, payoutPeriod } from './payouts';

describe('payout periods', () => {
  it('names a month, a Monday-started week and a pair of weeks by their first day', () => {
    const wed = new Date('2026-11-25T12:00:00Z');
    expect(payoutPeriod('monthly', wed)).toBe('monthly:2026-11');
    expect(payoutPeriod('weekly', wed)).toBe('weekly:2026-11-23');
    expect(payoutPeriod('weekly', new Date('2026-11-23T00:00:00Z'))).toBe('weekly:2026-11-23');
    expect(payoutPeriod('weekly', new Date('2026-11-22T23:59:59Z'))).toBe('weekly:2026-11-16');
    const bi = payoutPeriod('biweekly', wed);
    expect(['biweekly:2026-11-16', 'biweekly:2026-11-23']).toContain(bi);
    // Two weeks later is the next bi-weekly period; one week later may be the same one.
    expect(payoutPeriod('biweekly', new Date(wed.getTime() + 14 * 86_400_000))).not.toBe(bi);
  });

  it('moves a payout requested → batched → paid | failed, once', () => {
    expect(canMovePayout('requested', 'batched')).toBe(true);
    expect(canMovePayout('requested', 'paid')).toBe(false);
    expect(canMovePayout('requested', 'failed')).toBe(true);
    expect(canMovePayout('batched', 'paid')).toBe(true);
    expect(canMovePayout('batched', 'failed')).toBe(true);
    expect(canMovePayout('paid', 'batched')).toBe(false);
    expect(canMovePayout('paid', 'failed')).toBe(false);
    expect(canMovePayout('failed', 'paid')).toBe(false);
  });
});
