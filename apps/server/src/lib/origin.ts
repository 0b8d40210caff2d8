/**
 * Same-origin check for state-changing requests and WebSocket upgrades. No Origin (curl, tests) passes.
 * Scheme, host and port must all match: the public origin, or the Host the request was addressed to
 * under the public URL's scheme (the dev server proxies /api with its own Host). An https:// page is
 * another origin than the http:// site, and the other way round.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  try {
    const o = new URL(origin).origin;
    const site = new URL(publicUrl);
    if (o === site.origin) return true;
    return host !== undefined && o === new URL(`${site.protocol}//${host}`).origin;
  } catch {
    return false;
  }
}
