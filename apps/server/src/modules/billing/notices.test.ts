import { describe, expect, it } from 'vitest';
import { canceledNotice, paymentFailedNotice, planChangedNotice, receiptNotice, trialEndingNotice } from './notices';

const URL = 'https://wavecast.example/';
const at = (iso: string) => new Date(iso);

describe('billing notices', () => {
  it('a receipt: the amount in dollars and cents, the plan and the period, keyed by the ledger entry', () => {
    const n = receiptNotice(
      {
        userId: 'u1',
        paymentId: 'p1',
        planId: 'family',
        amountCents: 1499,
        periodStart: at('2026-11-27T12:00:00Z'),
        periodEnd: at('2026-12-27T12:00:00Z'),
        prorated: false,
      },
      URL,
    );
    expect(n).toMatchObject({ kind: 'receipt', key: 'receipt:p1', title: 'Receipt: $14.99 for Family Plan' });
    expect(n.text).toContain('Amount: $14.99\nPlan: Family Plan\nPeriod: November 27, 2026 – December 27, 2026');
    expect(n.text).toContain('https://wavecast.example/settings?tab=billing');
    const prorated = receiptNotice(
      {
        ...n,
        paymentId: 'p2',
        planId: 'pro',
        amountCents: 1500,
        periodStart: at('2026-11-27T12:00:00Z'),
        periodEnd: null,
        prorated: true,
      },
      URL,
    );
    expect(prorated.text).toContain(
      'Amount: $15.00\nPlan: Pro (plan change, prorated)\nPeriod: from November 27, 2026',
    );
  });

  it('a failed payment names the grace end date', () => {
    const n = paymentFailedNotice(
      { userId: 'u1', paymentId: 'p9', planId: 'premium', amountCents: 999, graceEndsAt: at('2026-12-04T08:00:00Z') },
      URL,
    );
    expect(n).toMatchObject({ key: 'payment-failed:p9', title: 'Your payment of $9.99 did not go through' });
    expect(n.text).toContain('You keep Premium Listener until December 4, 2026');
  });

  it('a trial ending: one key per subscription, the card or the add-card path', () => {
    const sub = { id: 's1', userId: 'u1', planId: 'premium' as const, trialEndsAt: at('2026-12-11T10:00:00Z') };
    const noCard = trialEndingNotice({ ...sub, hasCard: false }, URL);
    expect(noCard).toMatchObject({
      key: 'trial-ending:s1',
      title: 'Your free trial of Premium Listener ends on December 11, 2026',
    });
    expect(noCard.text).toContain(
      'Add a card to keep Premium Listener ($9.99 a month, first charged when the trial ends)',
    );
    expect(trialEndingNotice({ ...sub, hasCard: true }, URL).text).toContain(
      'Your card will then be charged $9.99 a month',
    );
  });

  it('a plan change and a cancellation: one key per transition (the row version)', () => {
    const changed = planChangedNotice({ id: 's1', userId: 'u1', version: 4, from: 'creator', to: 'pro' }, URL);
    expect(changed).toMatchObject({ key: 'plan-changed:s1:4', title: 'Your plan is now Pro' });
    expect(changed.text).toContain('from Creator to Pro');
    const canceled = canceledNotice(
      { id: 's1', userId: 'u1', version: 5, planId: 'pro', endsAt: at('2026-12-27T00:00:00Z') },
      URL,
    );
    expect(canceled).toMatchObject({ key: 'canceled:s1:5', title: 'Your Pro subscription has been canceled' });
    expect(canceled.text).toContain('You keep it until December 27, 2026');
  });
});
