import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { nextReconcileAt } from '../jobs';
import type { SubscriptionRow } from '../repo';
import { driftOf } from './reconcile';

const end = new Date('2026-12-27T00:00:00Z');
const row = (patch: Partial<SubscriptionRow> = {}) =>
  ({ status: 'active', source: 'stripe', planId: 'premium', currentPeriodEnd: end, ...patch }) as SubscriptionRow;
const remote = (patch: Partial<Stripe.Subscription> = {}, periodEnd = end) =>
  ({
    status: 'active',
    cancel_at_period_end: false,
    pause_collection: null,
    items: { data: [{ current_period_start: 0, current_period_end: periodEnd.getTime() / 1000 }] },
    ...patch,
  }) as unknown as Stripe.Subscription;

describe('the reconciliation', () => {
  it('finds nothing when our row and Stripe agree', () => {
    expect(driftOf(row(), remote(), 'premium')).toEqual([]);
    expect(driftOf(row({ status: 'canceled' }), remote({ cancel_at_period_end: true }), 'premium')).toEqual([]);
    expect(driftOf(undefined, null, undefined)).toEqual([]);
    expect(driftOf(row({ status: 'expired' }), null, undefined)).toEqual([]);
  });

  it('names each difference: status, plan, period end', () => {
    const later = new Date(end.getTime() + 30 * 86_400_000);
    expect(driftOf(row(), remote({ status: 'past_due' }, later), 'family')).toEqual([
      'status active here, past_due at Stripe',
      'plan premium here, family at Stripe',
      `period end ${end.toISOString()} here, ${later.toISOString()} at Stripe`,
    ]);
  });

  it('tells what bills without us, and what we hold open that Stripe ended', () => {
    expect(driftOf(undefined, remote(), 'premium')).toEqual(['billing at Stripe, unknown here']);
    expect(driftOf(row({ status: 'expired' }), remote(), 'premium')).toEqual(['billing at Stripe, ended here']);
    expect(driftOf(row(), null, undefined)).toEqual(['open here, over at Stripe']);
  });

  it("holds an admin's grant to a paused subscription", () => {
    const grant = row({ source: 'admin', planId: 'family', currentPeriodEnd: null });
    const paused = { behavior: 'void' } as Stripe.Subscription.PauseCollection;
    expect(driftOf(grant, remote({ pause_collection: paused }), 'premium')).toEqual([]);
    expect(driftOf(grant, remote(), 'premium')).toEqual(['granted here, charged at Stripe']);
    expect(driftOf(grant, null, undefined)).toEqual([]);
  });

  it('runs at 03:00 UTC, the next one after now', () => {
    expect(nextReconcileAt(new Date('2026-11-27T01:00:00Z')).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(nextReconcileAt(new Date('2026-11-27T03:00:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(nextReconcileAt(new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });
});
