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
 * The `cors` argument of a link to media anyone may fetch: nginx then adds the app's cross-origin
 * headers (ADR 0048), which a link cannot carry. Signed, so it cannot be added to a private link;
 * not a digit, so `<expires><cors>` cannot be read as another expiry.
 */
export const CORS_ANYONE = 'any';

/**
 * nginx's `secure_link_md5 "$secure_link_expires$arg_cors$uri <secret>"`: base64url (no padding) of
 * the binary MD5 of `<expires><cors><decoded path> <secret>`, compared by nginx with `$arg_md5`.
 * `cors` is empty for a link only its viewer may use, so those are signed as before it existed.
 */
export function secureLinkMd5(
  expires: number,
  uri: string,
  secret: string,
  cors: '' | typeof CORS_ANYONE = '',
): string {
  return createHash('md5').update(`${expires}${cors}${uri} ${secret}`).digest('base64url');
}

/** The expiry (Unix seconds) of a link handed out at `nowMs`: at least SIGNED_LINK_SECONDS away. */
export function signedLinkExpiry(nowMs: number): number {
  const at = Math.floor(nowMs / 1000) + SIGNED_LINK_SECONDS;
  return Math.ceil(at / SIGNED_LINK_STEP_SECONDS) * SIGNED_LINK_STEP_SECONDS;
}

/**
 * The signed URL of a stored object: the key is in the path, so a signature is good for that
 * object only. nginx signs the decoded `$uri`; the Location carries it percent-encoded. `anyone`:
 * the object is public media other sites may read (`cors=any`).
 */
export function signedObjectUrl(prefix: string, key: string, secret: string, nowMs: number, anyone = false): string {
  const expires = signedLinkExpiry(nowMs);
  const cors = anyone ? CORS_ANYONE : '';
  const md5 = secureLinkMd5(expires, prefix + key, secret, cors);
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `${prefix}${path}?md5=${md5}&expires=${expires}${anyone ? `&cors=${CORS_ANYONE}` : ''}`;
}
