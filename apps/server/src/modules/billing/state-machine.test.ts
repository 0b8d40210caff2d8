import { SUBSCRIPTION_STATUSES } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { ENTITLED, InvalidTransition, nextStatus, type SubscriptionEvent, TRANSITIONS } from './state-machine';

describe('subscription state machine', () => {
  const allowed: [from: Parameters<typeof nextStatus>[0], SubscriptionEvent, string][] = [
    [null, 'start_trial', 'trialing'],
    [null, 'subscribe', 'active'],
    [null, 'grant', 'active'],
    ['trialing', 'convert', 'active'],
    ['trialing', 'change_plan', 'trialing'],
    ['trialing', 'cancel', 'canceled'],
    ['trialing', 'lapse', 'expired'],
    ['trialing', 'end', 'expired'],
    ['active', 'renew', 'active'],
    ['active', 'change_plan', 'active'],
    ['active', 'payment_failed', 'past_due'],
    ['active', 'cancel', 'canceled'],
    ['active', 'end', 'expired'],
    ['active', 'ungrant', 'active'],
    ['past_due', 'renew', 'active'],
    ['past_due', 'grace_over', 'expired'],
    ['past_due', 'end', 'expired'],
    ['canceled', 'resume', 'active'],
    ['canceled', 'resume_trial', 'trialing'],
    ['canceled', 'lapse', 'expired'],
    ['canceled', 'end', 'expired'],
  ];

  it.each(allowed)('%s --%s--> %s', (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to);
  });

  it('refuses what the table does not list', () => {
    expect(() => nextStatus(null, 'cancel')).toThrow(InvalidTransition);
    expect(() => nextStatus('trialing', 'start_trial')).toThrow(InvalidTransition);
    expect(() => nextStatus('active', 'resume')).toThrow('A active subscription cannot resume');
    expect(() => nextStatus('past_due', 'lapse')).toThrow(InvalidTransition);
    expect(() => nextStatus('canceled', 'payment_failed')).toThrow(InvalidTransition);
    expect(() => nextStatus('past_due', 'ungrant')).toThrow(InvalidTransition); // only a grant is ungranted
  });

  it('an expired subscription is final', () => {
    for (const event of Object.keys(TRANSITIONS.none) as SubscriptionEvent[]) {
      expect(() => nextStatus('expired', event)).toThrow(InvalidTransition);
    }
    expect(TRANSITIONS.expired).toEqual({});
  });

  it('every status but expired keeps the entitlements', () => {
    expect(SUBSCRIPTION_STATUSES.filter((s) => ENTITLED.has(s))).toEqual([
      'trialing',
      'active',
      'past_due',
      'canceled',
    ]);
  });
});
