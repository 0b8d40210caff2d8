/**
 * Removes every `token` field from an auth JSON body (sign-in, sign-up, get-session answer with
 * the raw session token). The session lives in an HttpOnly cookie; the body must not undo that.
 */
export function stripTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTokens);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'token') out[k] = stripTokens(v);
  return out;
}
