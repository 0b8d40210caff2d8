import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AFFILIATE_COOKIE, AFFILIATE_RULES } from '@wavecast/shared';
import { isKnownBot } from '../../lib/user-agents';

// The /ref/{id} link's pure rules: the signed attribution cookie, the redirect target, bots.

const DAY_MS = 24 * 60 * 60 * 1000;
export const COOKIE_MAX_AGE_S = AFFILIATE_RULES.cookieDays * 24 * 60 * 60;

/** An account id as better-auth makes them (and nothing that could carry markup). */
export const isPlausibleId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);
export const cleanCampaign = (c: unknown) => (typeof c === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(c) ? c : null);

export interface Attribution {
  affiliateId: string;
  campaign: string | null;
  clickedAt: Date;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`wavecast-ref:v1:${payload}`).digest('base64url');

/** The cookie's value: `affiliateId.campaign.clickedAtMs.signature` (HMAC-SHA256 with the server secret). */
export function signAttribution(secret: string, a: Attribution): string {
  const payload = `${a.affiliateId}.${a.campaign ?? ''}.${a.clickedAt.getTime()}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The attribution a cookie value holds: null when tampered with, malformed or older than the window. */
export function verifyAttribution(secret: string, value: string | undefined, now: Date): Attribution | null {
  if (!value || value.length > 300) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [affiliateId, campaign, at, mac] = parts;
  const expected = Buffer.from(sign(secret, `${affiliateId}.${campaign}.${at}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!isPlausibleId(affiliateId) || !/^\d{1,15}$/.test(at)) return null;
  const clickedAt = new Date(Number(at));
  const age = now.getTime() - clickedAt.getTime();
  if (age < -DAY_MS || age > AFFILIATE_RULES.cookieDays * DAY_MS) return null;
  return { affiliateId, campaign: cleanCampaign(campaign), clickedAt };
}

/** The attribution cookie's value in a Cookie header, if any. */
export function readCookie(header: string | null | undefined, name = AFFILIATE_COOKIE): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie header: first party, HttpOnly, SameSite=Lax, 30 days, Secure over https. */
export function attributionCookie(value: string, secure: boolean): string {
  return [
    `${AFFILIATE_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Where the link sends the visitor: `to` only when it is a path of this site (one leading `/`, not
 * `//` or `/\`, no control characters or backslashes a browser would reinterpret); else `/`.
 */
export function safeRedirect(to: unknown): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 500) return '/';
  if (!to.startsWith('/') || to.startsWith('//')) return '/';
  if (/[\\\0-\x20\x7f]/.test(to)) return '/';
  try {
    const url = new URL(to, 'http://wavecast.invalid');
    if (url.origin !== 'http://wavecast.invalid') return '/';
  } catch {
    return '/';
  }
  return to;
}

/** A known bot (the OPAWG list) or no user agent at all: its clicks are not counted. */
export const isBot = isKnownBot;

/** A visitor for the once-a-day click count: a keyed hash of address and agent (nothing stored in clear). */
export const visitorKey = (secret: string, ip: string, ua: string) =>
  createHash('sha256').update(`${secret}\n${ip}\n${ua}`).digest('base64url').slice(0, 32);

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Same person? The affiliate's e-mail against the new account's, ignoring case and +tags. */
export function sameMailbox(a: string, b: string): boolean {
  const norm = (e: string) => {
    const [local = '', domain = ''] = e.toLowerCase().trim().split('@');
    return `${local.split('+')[0]}@${domain}`;
  };
  return norm(a) === norm(b);
}

/** The Fetch Metadata request headers a browser sends with a navigation (absent: an old browser or not a browser). */
export interface FetchMetadata {
  site?: string;
  user?: string;
  mode?: string;
  dest?: string;
}

/**
 * Whether the browser followed the /ref link itself: a top-level navigation the user started
 * (`Sec-Fetch-User: ?1`) from this site or from no page at all (`Sec-Fetch-Site: none`: typed, a
 * bookmark, another app). A redirect from another site, a frame, an image or a script is not a
 * click on the link (cookie stuffing), and neither is a request without these headers.
 */
export function followedByUser(h: FetchMetadata): boolean {
  return (
    (h.site === 'none' || h.site === 'same-origin') &&
    h.user === '?1' &&
    (h.mode === undefined || h.mode === 'navigate') &&
    (h.dest === undefined || h.dest === 'document')
  );
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The page a /ref link shows when the browser did not follow it itself (another site sent the
 * visitor here): nothing is recorded until the visitor clicks Continue, the same link followed on
 * this site.
 */
export function continuePage(href: string): string {
  const to = escapeHtml(href);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Continue to Wavecast</title></head>
<body><main><h1>Continue to Wavecast</h1><p>You followed a link to Wavecast from another site.</p>
<p><a href="${to}">Continue to Wavecast</a></p></main></body></html>
`;
}
