// @vitest-environment happy-dom
import { BILLING_MESSAGES, type PlanId, type Role, type TPlanSummary } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { type PlanActionInput, planAction, planActionLabel } from './planAction';

const account = (role: Role, id: PlanId, source: TPlanSummary['source'] = null): PlanActionInput['account'] => ({
  role,
  plan: { id, source },
});
const kind = (planId: PlanId, input: PlanActionInput) => planAction(planId, input).kind;

describe('planAction: what a plan button does', () => {
  it('signed out: every card signs up first', () => {
    for (const id of ['free', 'creator', 'pro', 'free-listener', 'premium', 'family'] as const) {
      expect(kind(id, { account: null })).toBe('signup');
    }
    expect(planActionLabel({ kind: 'signup' }, 'Start Free Trial')).toBe('Start Free Trial');
  });

  it('no plan and the trial unused (or not known yet): start the free trial', () => {
    const listener = account('listener', 'free-listener');
    expect(kind('premium', { account: listener, trialAvailable: true, payingEnabled: false })).toBe('trial');
    expect(kind('family', { account: listener })).toBe('trial');
    expect(planActionLabel({ kind: 'trial' }, 'x')).toBe('Start free trial');
  });

  it('trial used: the checkout when the server takes payments, else nothing to do', () => {
    const listener = account('listener', 'free-listener');
    expect(kind('premium', { account: listener, trialAvailable: false, payingEnabled: true })).toBe('checkout');
    expect(planAction('premium', { account: listener, trialAvailable: false, payingEnabled: false })).toEqual({
      kind: 'unavailable',
      reason: BILLING_MESSAGES.trialUsed,
    });
  });

  it('the current plan: its own card says so; the free plan of the account is current too', () => {
    expect(kind('premium', { account: account('listener', 'premium', 'trial'), trialAvailable: false })).toBe(
      'current',
    );
    expect(kind('free-listener', { account: account('listener', 'free-listener') })).toBe('current');
    expect(kind('free', { account: account('creator', 'free') })).toBe('current');
    expect(planActionLabel({ kind: 'current' }, 'x')).toBe('Current plan');
  });

  it('on another paid plan: change plan; the free card leads to managing (cancelling) it', () => {
    const premium = account('listener', 'premium', 'stripe');
    expect(kind('family', { account: premium, trialAvailable: false, payingEnabled: true })).toBe('change');
    expect(kind('free-listener', { account: premium })).toBe('manage');
    expect(kind('pro', { account: account('creator', 'creator', 'admin') })).toBe('change');
  });

  it('creator plans for a listener: explained, with the way to become a creator', () => {
    const listener = account('listener', 'free-listener');
    for (const id of ['free', 'creator', 'pro'] as const) {
      expect(planAction(id, { account: listener, trialAvailable: true })).toEqual({
        kind: 'wrong-audience',
        reason: BILLING_MESSAGES.creatorPlanNeedsCreator,
      });
    }
    // Creators (and admins) may hold both kinds.
    expect(kind('creator', { account: account('creator', 'free'), trialAvailable: true })).toBe('trial');
    expect(kind('premium', { account: account('creator', 'free'), trialAvailable: true })).toBe('trial');
    expect(kind('pro', { account: account('admin', 'free'), trialAvailable: true })).toBe('trial');
    // A creator's free listener card: already included in their free plan.
    expect(kind('free-listener', { account: account('creator', 'free') })).toBe('included');
  });

  it('a family member: the family card is current, other plans start their own trial', () => {
    const member = account('listener', 'family', 'family');
    expect(kind('family', { account: member })).toBe('current');
    expect(kind('premium', { account: member, trialAvailable: true })).toBe('trial');
    expect(kind('free-listener', { account: member })).toBe('included');
  });
});
