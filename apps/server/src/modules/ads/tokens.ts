import { createHmac, timingSafeEqual } from 'node:crypto';

export const TRACKING_EVENTS = ['impression', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];
/** `error`: the VAST Error URL (ads-ops, issue 32). */
export type SignedAction = TrackingEvent | 'click' | 'error';
export type QuartileEvent = Exclude<TrackingEvent, 'impression'>;

/** Bits of `ad_serves.quartiles` for each quartile event. */
export const QUARTILE_BITS: Record<QuartileEvent, number> = {
  firstQuartile: 1,
  midpoint: 2,
  thirdQuartile: 4,
  complete: 8,
};

/** The quartile a player reports just before this one (in order: only after it, and after the impression). */
export const PREVIOUS_QUARTILE: Record<QuartileEvent, QuartileEvent | null> = {
  firstQuartile: null,
  midpoint: 'firstQuartile',
  thirdQuartile: 'midpoint',
  complete: 'thirdQuartile',
};

const mac = (secret: string, serveId: string, action: SignedAction) =>
  createHmac('sha256', `ads:${secret}`).update(`${serveId}:${action}`).digest('base64url');

/** The signature of one serve's one action (HMAC-SHA256 with the server's secret). */
export function signAction(secret: string, serveId: string, action: SignedAction): string {
  return mac(secret, serveId, action);
}

/** True only for the signature this server made for this serve and action. */
export function verifyAction(secret: string, serveId: string, action: SignedAction, sig: string): boolean {
  const expected = Buffer.from(mac(secret, serveId, action));
  const got = Buffer.from(sig);
  return expected.length === got.length && timingSafeEqual(expected, got);
}
