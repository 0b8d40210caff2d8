import { describe, expect, it } from 'vitest';
import { authRateLimitRules } from './rate-limits';

describe('authRateLimitRules', () => {
  it('gives better-auth its endpoints’ limits by name, in seconds, scaled for tests', () => {
    expect(authRateLimitRules()).toEqual({
      '/sign-in/*': { window: 60, max: 10 },
      '/sign-up/*': { window: 60, max: 10 },
      '/request-password-reset': { window: 60, max: 3 },
      '/reset-password': { window: 60, max: 10 },
      '/reset-password/*': { window: 60, max: 10 },
      '/send-verification-email': { window: 60, max: 3 },
      '/change-password': { window: 60, max: 10 },
    });
    expect(authRateLimitRules(0.01)['/sign-in/*'].max).toBe(1);
  });
});
