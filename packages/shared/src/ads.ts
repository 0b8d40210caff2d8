// Advertising constants and money helpers, without zod: the player and Home import them, and
// Home's bundle must not grow (the contracts are in contracts/ads.ts).

// Advertising: campaigns, creatives and their review, serving and counting, balances (issue 17).
// Money is integer micro-dollars (1 USD = 1,000,000); payments themselves are cents (billing).

export const AD_FORMATS = ['audio', 'display', 'sponsored'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

/**
 * `held`: paused by an admin (only an admin resumes it); `stopped`: ended by an admin, final. The
 * admin's reason is the campaign's `reviewNote`, shown to its advertiser.
 */
export const AD_CAMPAIGN_STATUSES = [
  'draft',
  'in_review',
  'active',
  'paused',
  'held',
  'rejected',
  'stopped',
  'completed',
] as const;
export type AdCampaignStatus = (typeof AD_CAMPAIGN_STATUSES)[number];

export const AD_CONTENT_TYPES = ['on-demand', 'live'] as const;
export type AdContentType = (typeof AD_CONTENT_TYPES)[number];

/** Where an ad is shown: before a track or stream (audio), in a fixed slot, or as a card in a feed. */
export const AD_PLACEMENTS = ['preroll', 'player', 'home', 'explore'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const MICROS_PER_DOLLAR = 1_000_000;

/** CPM bid ranges per format (spec section 9: audio $2–8, display $1–5, sponsored content $10–50). */
export const AD_CPM_RANGES: Record<AdFormat, { min: number; max: number }> = {
  audio: { min: 2 * MICROS_PER_DOLLAR, max: 8 * MICROS_PER_DOLLAR },
  display: { min: 1 * MICROS_PER_DOLLAR, max: 5 * MICROS_PER_DOLLAR },
  sponsored: { min: 10 * MICROS_PER_DOLLAR, max: 50 * MICROS_PER_DOLLAR },
};

/** Audio ads are 15–30 seconds long (spec section 9). */
export const AUDIO_AD_SECONDS = { min: 15, max: 30 } as const;
/** The standard display sizes. */
export const DISPLAY_AD_SIZES = [
  { width: 300, height: 250 },
  { width: 728, height: 90 },
] as const;
export const AD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const AD_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
export const SPONSORED_TEXT_MAX = 280;

/**
 * Counting rules (issue 32, ADR 0040): an audio impression is the player's report that the ad
 * started (VAST `Impression`); a display one comes after 1 s at half visible (MRC viewability).
 */
export const DISPLAY_IMPRESSION_SECONDS = 1;
/**
 * An audio impression sooner than this after its serve came before the ad could have started: the
 * player must get the serve, ask for the ad's audio and start it. Chromium on the same machine does
 * that in ~100 ms (a floor of 150 filtered a real, fast player), a script fires at once.
 */
export const AUDIO_START_MIN_MS = 30;
/**
 * A quartile counts once the ad could have played that far since its impression: this share of
 * the quartile's time less AD_QUARTILE_SLACK_MS (reports travel separately and may bunch up).
 */
export const AD_QUARTILE_MIN_SHARE = 0.9;
export const AD_QUARTILE_SLACK_MS = 500;
/** A serve reserves its impression's price this long; unheard by then, the reservation lapses. */
export const AD_RESERVATION_SECONDS = 5 * 60;
/** Serves to one client without a cookie (address + user agent) per hour before they are invalid. */
export const AD_COOKIELESS_SERVES_PER_HOUR = 4;
/**
 * Invalid traffic known from a request's source alone (a scripted or missing user agent, a loopback
 * or data-centre address): ads filter it (ADR 0040) and plays never count it (ADR 0072).
 */
export const SOURCE_IVT_REASONS = ['known-bot', 'data-centre', 'loopback'] as const;
export type SourceIvtReason = (typeof SOURCE_IVT_REASONS)[number];
/**
 * Why an event was not counted. The first five are invalid traffic (IAB/MRC general invalid
 * traffic): kept and shown to the advertiser as "filtered", never charged.
 */
export const AD_IVT_REASONS = [...SOURCE_IVT_REASONS, 'repeated-serves', 'impossible-timing'] as const;
export type AdIvtReason = (typeof AD_IVT_REASONS)[number];
/** What became of one tracking event: counted, filtered (a reason above), or not counted for another rule. */
export type AdEventOutcome = 'counted' | AdIvtReason | 'capped' | 'unpaid' | 'before-impression' | 'out-of-order';
/** A listener hears at most one audio ad per 15 minutes of listening (not of clock time). */
export const AUDIO_AD_CAP_SECONDS = 15 * 60;
/** An audio ad can be skipped after 5 seconds. */
export const AUDIO_AD_SKIP_SECONDS = 5;

/** Marketing packages bought as balance credit (Starter $500, Professional $2,000). */
export const AD_CREDIT_PACKAGES = {
  starter: { name: 'Starter', cents: 50_000 },
  professional: { name: 'Professional', cents: 200_000 },
} as const;
export type AdCreditPackage = keyof typeof AD_CREDIT_PACKAGES;

/** What one impression costs at a CPM bid: CPM / 1000, integer micro-dollars. */
export const impressionPriceMicros = (cpmMicros: number) => Math.floor(cpmMicros / 1000);

/** '$12.34' from micro-dollars (rounded to the cent), '$0.0050' below one cent. */
export function formatMicros(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  if (abs > 0 && abs < 10_000) return `${sign}$${(abs / MICROS_PER_DOLLAR).toFixed(4)}`;
  return `${sign}$${(abs / MICROS_PER_DOLLAR).toFixed(2)}`;
}

export const AD_MESSAGES = {
  campaignCreated: 'Campaign created',
  campaignSaved: 'Campaign saved',
  submitted: 'Campaign submitted for review',
  paused: 'Campaign paused',
  resumed: 'Campaign resumed',
  approved: 'Campaign approved',
  rejected: 'Campaign rejected',
  creativeSaved: 'Creative uploaded',
  credited: 'Balance credited',
  notFound: 'Campaign not found',
  advertiserNotFound: 'Advertiser not found',
  badTransition: 'This campaign cannot do that in its current state.',
  noCreative: 'Upload a creative before submitting the campaign for review.',
  https: 'The click-through URL must be an https:// address',
  budgetBelowImpression: 'The budget must cover at least one impression at this bid',
  dailyAboveTotal: 'The daily budget cannot be larger than the total budget',
  endBeforeStart: 'The end date must be after the start date',
  audioLength: `Audio ads must be between ${AUDIO_AD_SECONDS.min} and ${AUDIO_AD_SECONDS.max} seconds long.`,
  imageSize: 'Display ads must be 300×250 or 728×90 pixels.',
  imageType: 'The image must be a JPEG, PNG or WebP file.',
  badToken: 'This tracking link is not valid.',
  creativeWrongFormat: 'This creative does not match the campaign format.',
  balanceTooLow: 'Paused: balance too low — top up to resume delivery',
  held: 'Campaign paused by an admin',
  heldByAdmin: 'An admin paused this campaign; only an admin can resume it.',
  stopped: 'Campaign stopped',
  adminResumed: 'Campaign resumed by an admin',
  reported: 'Thanks — the ad was reported',
  displayVast: 'VAST carries audio ads here; display ads are served by /api/ads/serve?format=display.',
} as const;

/** Why a listener reports an ad (the "Report this ad" menu). */
export const AD_REPORT_REASONS = [
  'offensive',
  'misleading',
  'inappropriate',
  'too_loud',
  'repetitive',
  'other',
] as const;
export type AdReportReason = (typeof AD_REPORT_REASONS)[number];
export const AD_REPORT_REASON_LABELS: Record<AdReportReason, string> = {
  offensive: 'Offensive or hateful',
  misleading: 'Misleading or a scam',
  inappropriate: 'Sexual or inappropriate',
  too_loud: 'Too loud',
  repetitive: 'Shown too often',
  other: 'Something else',
};

/**
 * VAST error codes a player may report on the Error URL (`[ERRORCODE]` macro): IAB VAST 4.1
 * section 2.3.6.3 defines 100–999; anything else is recorded as 900 (undefined error).
 */
export const VAST_ERROR_CODES = { min: 100, max: 999, undefined: 900 } as const;
