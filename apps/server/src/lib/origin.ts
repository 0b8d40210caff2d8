/** Same-origin check for state-changing requests and WebSocket upgrades. No Origin (curl, tests) passes. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  try {
    const o = new URL(origin);
    return o.origin === new URL(publicUrl).origin || (host !== undefined && o.host === host);
  } catch {
    return false;
  }
}
