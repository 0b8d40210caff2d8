import { COMMENT_RATE_LIMIT_PER_MINUTE, LIVE_CHAT_RATE_LIMIT, TOKEN_RATE_LIMIT } from '@wavecast/shared';

const MINUTE = 60_000;

/**
 * Every route's rate limit, by name (a route's `config.rateLimit`, through @fastify/rate-limit; keyed
 * by client address unless the route adds its own `keyGenerator`). The numbers are the spec's
 * requirements: a route picks the strategy that says what it is, it does not write numbers.
 * Windows are in milliseconds. The auth endpoints under /api/auth have better-auth's own limits
 * (modules/auth/rate-limits.ts).
 */
export const RATE_LIMITS = {
  /** A password is checked: changing it, resetting it, deleting the account, an admin's step-up. */
  passwordCheck: { max: 10, timeWindow: MINUTE },
  /** A sign-in (better-auth's `/api/auth/sign-in/*`). */
  signIn: { max: 10, timeWindow: MINUTE },
  /** An account created (`/api/auth/sign-up/*`). */
  signUp: { max: 10, timeWindow: MINUTE },
  /** A request that sends a mail to an address: a password reset link, a verification link. */
  mailRequest: { max: 3, timeWindow: MINUTE },
  /** A password-reset token is checked before its form shows. */
  resetTokenCheck: { max: 30, timeWindow: MINUTE },
  /** A claim to the moderators: an appeal of a removal, a copyright counter-notice. */
  moderationClaim: { max: 10, timeWindow: MINUTE },
  /** A report of content (per account: the route keys it by user). */
  report: { max: 60, timeWindow: MINUTE },
  /** A message to support (per client address). */
  contact: { max: 5, timeWindow: 10 * MINUTE },
  /** A comment (per account). */
  comment: { max: COMMENT_RATE_LIMIT_PER_MINUTE, timeWindow: MINUTE },
  /** A live chat message (per account). */
  liveChat: { max: LIVE_CHAT_RATE_LIMIT.max, timeWindow: LIVE_CHAT_RATE_LIMIT.windowMs },
  /** Joining a listening room (per client address: guests have no account to count by). */
  roomJoin: { max: 30, timeWindow: MINUTE },
  /** A room's chat line or reaction (per member). */
  roomChat: { max: LIVE_CHAT_RATE_LIMIT.max, timeWindow: LIVE_CHAT_RATE_LIMIT.windowMs },
  /** A room's presence heartbeat, host control or queue change (per member). */
  roomWrite: { max: 120, timeWindow: MINUTE },
  /** A request made with a personal access token (per token). */
  apiToken: { max: TOKEN_RATE_LIMIT.max, timeWindow: TOKEN_RATE_LIMIT.windowMs },
  /** A listener's frequent small writes: likes, playlist edits, playback positions. */
  listenerWrite: { max: 120, timeWindow: MINUTE },
  /** An ordinary write: a follow, a comment's deletion, an advertiser's campaign. */
  write: { max: 60, timeWindow: MINUTE },
  /** An account's settings: billing, plan grants, tokens, signed-in devices, webhooks, stream keys, transcripts, the podcast show. */
  settings: { max: 30, timeWindow: MINUTE },
  /** A write that stores an image or a creative, or starts a live stream. */
  heavyWrite: { max: 20, timeWindow: MINUTE },
  /** A track's audio or cover upload. */
  trackUpload: { max: 60, timeWindow: 10 * MINUTE },
  /** A play report (public: anonymous listeners report too). */
  playReport: { max: 60, timeWindow: MINUTE },
  /** An ad request or a click: the player's pre-roll, VAST, the click redirect. */
  adRequest: { max: 120, timeWindow: MINUTE },
  /** A listener's "Report this ad" (per account, else per client address). */
  adReport: { max: 10, timeWindow: MINUTE },
  /** An ad tracking event (impression, quartiles): several per ad heard. */
  adEvent: { max: 600, timeWindow: MINUTE },
  /** A referral link followed (`/ref/:id`). */
  referralClick: { max: 120, timeWindow: MINUTE },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** A per-account limit on password checks: free failures in a window, then a doubling wait. */
export interface AccountLimit {
  freeFailures: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * The per-account limits on password checks, on top of the per-address ones above: an attacker
 * spreading guesses over many addresses gets 5 failures in 15 minutes, then waits 1, 2, 4, 8, then
 * 15 minutes between guesses (modules/auth/account-throttle.ts counts them). Each has its own count.
 */
export const ACCOUNT_LIMITS = {
  /** Sign-in, the current password in settings, deleting the account: per typed e-mail. */
  password: { freeFailures: 5, windowMs: 15 * MINUTE, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE },
  /** An admin's step-up (admin/step-up.ts): per account. */
  stepUp: { freeFailures: 5, windowMs: 15 * MINUTE, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, AccountLimit>;
