/**
 * The hottest routes (media bytes, the public lists of Home and Explore) skip @fastify/helmet, which
 * rebuilds its middleware on every request (a large share of a cheap request's cost), and carry
 * this fixed set instead: nothing of theirs may be sniffed, framed or embedded elsewhere.
 */
export const FIXED_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
} as const;

/** Route option: helmet off (the route sends FIXED_SECURITY_HEADERS itself). */
export const NO_HELMET = { helmet: false as const };
