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

/**
 * Added to media anyone may fetch (public tracks' streams and downloads, podcast enclosures, live
 * HLS and WebM): other sites' players may read it (fetch, hls.js, `<audio crossorigin>`, Web
 * Audio) and embed it. `*` never carries credentials, so a cross-origin read is always the
 * anonymous answer; media that is private or varies by the viewer's plan never gets these.
 */
export const PUBLIC_MEDIA_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Accept-Ranges, Content-Length, Content-Range, ETag',
  'cross-origin-resource-policy': 'cross-origin',
} as const;

/** Added to images anyone may see (covers of public tracks and playlists, avatars): other sites may show them. */
export const PUBLIC_IMAGE_HEADERS = { 'cross-origin-resource-policy': 'cross-origin' } as const;
