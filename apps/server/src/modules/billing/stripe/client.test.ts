import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { localStatus, periodOf, planOfPrice, stripeSettings } from './client';

const env = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_CREATOR: 'price_c',
  STRIPE_PRICE_PRO: 'price_p',
  STRIPE_PRICE_PREMIUM: 'price_pr',
  STRIPE_PRICE_FAMILY: 'price_f',
};

describe('stripe client helpers', () => {
  it('is configured only with every key, and maps prices to plans', () => {
    expect(stripeSettings(loadConfig({}))).toBeNull();
    const s = stripeSettings(loadConfig(env));
    expect(s?.prices).toEqual({ creator: 'price_c', pro: 'price_p', premium: 'price_pr', family: 'price_f' });
    expect(s && planOfPrice(s, 'price_f')).toBe('family');
    expect(s && planOfPrice(s, 'price_other')).toBeUndefined();
  });

  it("maps Stripe's statuses to ours", () => {
    const cases: [Stripe.Subscription.Status, boolean, string][] = [
      ['active', false, 'active'],
      ['trialing', false, 'active'],
      ['active', true, 'canceled'],
      ['past_due', false, 'past_due'],
      ['unpaid', false, 'past_due'],
      ['canceled', false, 'expired'],
      ['incomplete_expired', false, 'expired'],
      ['incomplete', false, 'expired'],
    ];
    for (const [status, cancel_at_period_end, ours] of cases) {
      expect(localStatus({ status, cancel_at_period_end })).toBe(ours);
    }
  });

  it('reads the period from the subscription item, or from the subscription in older API versions', () => {
    const onItem = { items: { data: [{ current_period_start: 100, current_period_end: 200 }] } };
    expect(periodOf(onItem as unknown as Stripe.Subscription)).toEqual({
      start: new Date(100_000),
      end: new Date(200_000),
    });
    const legacy = { current_period_start: 300, current_period_end: 400, items: { data: [{}] } };
    expect(periodOf(legacy as unknown as Stripe.Subscription).end).toEqual(new Date(400_000));
  });
});
