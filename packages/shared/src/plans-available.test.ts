import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { freePlanFor, PAID_PLAN_IDS, planAvailableTo } from './plans';

describe('planAvailableTo', () => {
  it('opens the listener plans to every role and the creator plans to creators and admins only', () => {
    const open = Object.fromEntries(ROLES.map((r) => [r, PAID_PLAN_IDS.filter((p) => planAvailableTo(p, r))]));
    expect(open).toEqual({
      listener: ['premium', 'family'],
      creator: ['creator', 'pro', 'premium', 'family'],
      affiliate: ['premium', 'family'],
      advertiser: ['premium', 'family'],
      admin: ['creator', 'pro', 'premium', 'family'],
    });
    expect(planAvailableTo('free', 'listener')).toBe(false);
    expect(planAvailableTo('free-listener', 'creator')).toBe(true);
  });

  it('gives the free plan by the same rule', () => {
    expect(ROLES.map(freePlanFor)).toEqual(['free-listener', 'free', 'free-listener', 'free-listener', 'free']);
  });
});
