import { RATE_LIMITS, type RateLimitName } from '../../lib/rate-limits';

/** Which named limit (lib/rate-limits.ts) each better-auth endpoint under /api/auth takes. */
const AUTH_PATH_LIMITS: Record<string, RateLimitName> = {
  '/sign-in/*': 'signIn',
  '/sign-up/*': 'signUp',
  '/request-password-reset': 'mailRequest',
  '/reset-password': 'passwordCheck',
  '/reset-password/*': 'passwordCheck',
  '/send-verification-email': 'mailRequest',
  '/change-password': 'passwordCheck',
};

/**
 * Per-client limits on the auth endpoints, in better-auth's form (seconds), on in every
 * environment. Buckets are per client address and path; `scale` (AUTH_RATE_LIMIT_SCALE) multiplies
 * the maxima.
 */
export function authRateLimitRules(scale = 1) {
  return Object.fromEntries(
    Object.entries(AUTH_PATH_LIMITS).map(([path, name]) => {
      const { max, timeWindow } = RATE_LIMITS[name];
      return [path, { window: timeWindow / 1000, max: Math.max(1, Math.round(max * scale)) }];
    }),
  );
}
