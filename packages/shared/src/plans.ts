// The billing catalogue: the plans the pricing page sells and what each one gives. Money is integer
// cents, USD. The server's entitlements module is the only reader that decides anything from it.

import type { Role } from './constants';
import { LIVE_AUDIO_BITS_PER_SECOND } from './contracts/live';

/** What a plan gives its account. Every pricing-page promise maps to one of these. */
export interface Entitlements {
  /** On-air seconds per calendar month; null: unlimited. */
  liveSecondsPerMonth: number | null;
  /** Uploads get an HD rendition and live ingest a higher bitrate. */
  hdPublishing: boolean;
  /** Plays the HD rendition where a track has one. */
  hdListening: boolean;
  /** Never hears or sees ads. */
  adFree: boolean;
  /** Ads may run on this creator's tracks and streams. */
  adsOnOwnContent: boolean;
  /** Contact messages are answered first. */
  prioritySupport: boolean;
  /** Other accounts the owner may add (family plan). */
  familySeats: number;
}

/**
 * The bitrate a publisher's MediaRecorder broadcasts at: the standard one (DESIGN.md section 7), or
 * the HD one for plans with HD publishing. Both sit far below the server's ingest limit (256 KiB/s).
 */
export const LIVE_INGEST_BITS_PER_SECOND = { standard: LIVE_AUDIO_BITS_PER_SECOND, hd: 256_000 } as const;

export const liveIngestBitsPerSecond = (e: Pick<Entitlements, 'hdPublishing'>): number =>
  e.hdPublishing ? LIVE_INGEST_BITS_PER_SECOND.hd : LIVE_INGEST_BITS_PER_SECOND.standard;

export type PlanAudience = 'creator' | 'listener';
export const PAID_PLAN_IDS = ['creator', 'pro', 'premium', 'family'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
export type FreePlanId = 'free' | 'free-listener';
export type PlanId = PaidPlanId | FreePlanId;

export interface Plan {
  id: PlanId;
  name: string;
  audience: PlanAudience;
  /** Per month, in cents. */
  priceCents: number;
  entitlements: Entitlements;
}

/** Free creators broadcast 2 hours per calendar month. */
export const FREE_LIVE_SECONDS_PER_MONTH = 2 * 60 * 60;
/** A capped broadcast is warned this long before it is ended. */
export const LIVE_CAP_WARNING_SECONDS = 5 * 60;
export const TRIAL_DAYS = 14;
/** Days a subscription keeps its plan after a failed payment. */
export const PAYMENT_GRACE_DAYS = 7;
/** The family plan covers the owner and up to 5 invited accounts. */
export const FAMILY_MAX_ACCOUNTS = 6;

const FREE: Entitlements = {
  liveSecondsPerMonth: FREE_LIVE_SECONDS_PER_MONTH,
  hdPublishing: false,
  hdListening: false,
  adFree: false,
  adsOnOwnContent: true,
  prioritySupport: false,
  familySeats: 0,
};
const CREATOR: Entitlements = { ...FREE, liveSecondsPerMonth: null, hdPublishing: true, adsOnOwnContent: false };
const PREMIUM: Entitlements = { ...FREE, hdListening: true, adFree: true };

export const PLANS: Record<PlanId, Plan> = {
  free: { id: 'free', name: 'Free', audience: 'creator', priceCents: 0, entitlements: FREE },
  creator: { id: 'creator', name: 'Creator', audience: 'creator', priceCents: 1900, entitlements: CREATOR },
  pro: {
    id: 'pro',
    name: 'Pro',
    audience: 'creator',
    priceCents: 4900,
    entitlements: { ...CREATOR, hdListening: true, adFree: true, prioritySupport: true },
  },
  'free-listener': {
    id: 'free-listener',
    name: 'Free Listener',
    audience: 'listener',
    priceCents: 0,
    entitlements: FREE,
  },
  premium: { id: 'premium', name: 'Premium Listener', audience: 'listener', priceCents: 999, entitlements: PREMIUM },
  family: {
    id: 'family',
    name: 'Family Plan',
    audience: 'listener',
    priceCents: 1499,
    entitlements: { ...PREMIUM, familySeats: FAMILY_MAX_ACCOUNTS - 1 },
  },
};

/**
 * Whether an account of this role may hold the plan: the listener plans anyone, the creator plans
 * (Free, Creator, Pro) creators and admins. The one rule behind billing's checks, the free plan an
 * account falls back to, and the plans the web offers.
 */
export const planAvailableTo = (planId: PlanId, role: Role): boolean =>
  PLANS[planId].audience === 'listener' || role === 'creator' || role === 'admin';

/** The free plan of an account without a subscription: Free where the creator plans are open to it, else Free Listener. */
export const freePlanFor = (role: Role): FreePlanId => (planAvailableTo('free', role) ? 'free' : 'free-listener');

export const isPaidPlanId = (v: unknown): v is PaidPlanId => PAID_PLAN_IDS.includes(v as PaidPlanId);

/** '$19', '$9.99', '$0': how the pricing page shows a monthly price. */
export function formatPlanPrice(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** '$14.99': money with two decimals (invoices, ledgers). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
