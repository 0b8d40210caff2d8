/**
 * Per-client limits on the auth endpoints (paths under /api/auth), on in every environment.
 * Buckets are per client address and path; `scale` (AUTH_RATE_LIMIT_SCALE) multiplies the maxima.
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

/** Our own routes that check passwords (fastify rate limit). */
export const PASSWORD_CHANGE_LIMIT = { max: 10, timeWindow: 60_000 } as const;
