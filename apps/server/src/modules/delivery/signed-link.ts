import { createHash } from 'node:crypto';

/**
 * How long a signed stream link lives: a long mix (or a paused tab) keeps playing, while a link to
 * a private track stops working at most this long after it was handed out (ADR 0019, "Signed links").
 */
export const SIGNED_LINK_SECONDS = 6 * 3600;
/**
 * Expiry is rounded up to this step, so the same object gets the same URL for a while and the
 * browser's cache of it is reused across page views.
 */
export const SIGNED_LINK_STEP_SECONDS = 600;

/**
 * nginx's `secure_link_md5 "$secure_link_expires$uri <secret>"`: base64url (no padding) of the binary
 * MD5 of `<expires><decoded path> <secret>`, compared by nginx with `$arg_md5`.
 */
export function secureLinkMd5(expires: number, uri: string, secret: string): string {
  return createHash('md5').update(`${expires}${uri} ${secret}`).digest('base64url');
}

/** The expiry (Unix seconds) of a link handed out at `nowMs`: at least SIGNED_LINK_SECONDS away. */
export function signedLinkExpiry(nowMs: number): number {
  const at = Math.floor(nowMs / 1000) + SIGNED_LINK_SECONDS;
  return Math.ceil(at / SIGNED_LINK_STEP_SECONDS) * SIGNED_LINK_STEP_SECONDS;
}

/**
 * The signed URL of a stored object: the key is in the path, so a signature is good for that
 * object only. nginx signs the decoded `$uri`; the Location carries it percent-encoded.
 */
export function signedObjectUrl(prefix: string, key: string, secret: string, nowMs: number): string {
  const expires = signedLinkExpiry(nowMs);
  const md5 = secureLinkMd5(expires, prefix + key, secret);
  return `${prefix}${key.split('/').map(encodeURIComponent).join('/')}?md5=${md5}&expires=${expires}`;
}
