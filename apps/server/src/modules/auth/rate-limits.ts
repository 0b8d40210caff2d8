/**
 * Per-client limits on the auth endpoints (paths under /api/auth), on in every environment.
 * Buckets are per client address and path; `scale` (AUTH_RATE_LIMIT_SCALE) multiplies the maxima.
 * Our own routes' limits are named in lib/rate-limits.ts.
 */
export function authRateLimitRules(scale = 1) {
  const rule = (window: number, max: number) => ({ window, max: Math.max(1, Math.round(max * scale)) });
  return {
    '/sign-in/*': rule(60, 10),
    '/sign-up/*': rule(60, 10),
    '/request-password-reset': rule(60, 3),
    '/reset-password': rule(60, 10),
    '/reset-password/*': rule(60, 10),
    '/send-verification-email': rule(60, 3),
    '/change-password': rule(60, 10),
  };
}
