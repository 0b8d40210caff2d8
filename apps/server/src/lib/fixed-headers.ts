/**
 * Media bytes and the public lists of Home and Explore carry this short fixed set instead of the
 * app's (lib/security-headers.ts): nothing of theirs may be sniffed, framed or embedded elsewhere.
 */
export const FIXED_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
} as const;

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** The route sends its own security headers instead of the app's (see installSecurityHeaders). */
    ownSecurityHeaders?: boolean;
  }
}

/** Route option: the route sends a security header set of its own (FIXED_SECURITY_HEADERS or another). */
export const OWN_SECURITY_HEADERS = { ownSecurityHeaders: true as const };
