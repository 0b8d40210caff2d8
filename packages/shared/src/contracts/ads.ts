import { z } from 'zod';
import { UPLOAD_CATEGORIES } from '../constants';

// Advertising: campaigns, creatives and their review, serving and counting, balances (issue 17).
// Money is integer micro-dollars (1 USD = 1,000,000); payments themselves are cents (billing).

export const AD_FORMATS = ['audio', 'display', 'sponsored'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

export const AD_CAMPAIGN_STATUSES = ['draft', 'in_review', 'active', 'paused', 'rejected', 'completed'] as const;
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

/** Counting rules: an audio impression after 2 s of play, a display one after 1 s at half visible. */
export const AUDIO_IMPRESSION_SECONDS = 2;
export const DISPLAY_IMPRESSION_SECONDS = 1;
/** A listener hears at most one audio ad per 15 minutes. */
export const AUDIO_AD_CAP_MINUTES = 15;
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
} as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !s.includes('\0'), `${label} contains an invalid character`);

/** https only: `javascript:`, `data:`, `http:` and anything else are refused. */
export const ZClickUrl = z
  .string()
  .trim()
  .max(2000, 'The click-through URL is too long')
  .refine((s) => {
    if (s.includes('\0') || /\s/.test(s)) return false;
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && u.hostname.length > 0 && !u.username && !u.password;
    } catch {
      return false;
    }
  }, AD_MESSAGES.https);

const micros = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const ZCampaignFields = z.object({
  name: text(120, 'Name'),
  format: z.enum(AD_FORMATS),
  clickUrl: ZClickUrl,
  categories: z.array(z.enum(UPLOAD_CATEGORIES)).max(UPLOAD_CATEGORIES.length).default([]),
  contentTypes: z.array(z.enum(AD_CONTENT_TYPES)).min(1).max(2).default(['on-demand', 'live']),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  totalBudgetMicros: micros,
  dailyBudgetMicros: micros,
  cpmMicros: micros,
  sponsoredText: text(SPONSORED_TEXT_MAX, 'Sponsored text').nullable().default(null),
});

type CampaignFields = z.infer<typeof ZCampaignFields>;

/** The money and schedule rules, shared by the form and the server. */
export function campaignProblems(c: CampaignFields): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const range = AD_CPM_RANGES[c.format];
  if (c.cpmMicros < range.min || c.cpmMicros > range.max) {
    out.push({
      path: 'cpmMicros',
      message: `The CPM bid for ${c.format} ads must be between ${formatMicros(range.min)} and ${formatMicros(range.max)}`,
    });
  }
  const price = impressionPriceMicros(c.cpmMicros);
  if (c.totalBudgetMicros < price) out.push({ path: 'totalBudgetMicros', message: AD_MESSAGES.budgetBelowImpression });
  if (c.dailyBudgetMicros < price) out.push({ path: 'dailyBudgetMicros', message: AD_MESSAGES.budgetBelowImpression });
  if (c.dailyBudgetMicros > c.totalBudgetMicros)
    out.push({ path: 'dailyBudgetMicros', message: AD_MESSAGES.dailyAboveTotal });
  if (c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt)) {
    out.push({ path: 'endsAt', message: AD_MESSAGES.endBeforeStart });
  }
  return out;
}

export const ZCampaignInput = ZCampaignFields.superRefine((c, zctx) => {
  for (const p of campaignProblems(c)) zctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});
export type TCampaignInput = z.input<typeof ZCampaignInput>;

export const ZCreative = z.object({
  kind: z.enum(['audio', 'image']),
  url: z.string(),
  mime: z.string(),
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

export const ZCampaignStats = z.object({
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  spentMicros: z.number(),
  remainingMicros: z.number(),
});

export const ZCampaign = z.object({
  id: z.string(),
  advertiserId: z.string(),
  name: z.string(),
  format: z.enum(AD_FORMATS),
  status: z.enum(AD_CAMPAIGN_STATUSES),
  clickUrl: z.string(),
  categories: z.array(z.string()),
  contentTypes: z.array(z.enum(AD_CONTENT_TYPES)),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  totalBudgetMicros: z.number(),
  dailyBudgetMicros: z.number(),
  cpmMicros: z.number(),
  sponsoredText: z.string().nullable(),
  creative: ZCreative.nullable(),
  reviewNote: z.string().nullable(),
  stats: ZCampaignStats,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignDay = z.object({
  day: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  spentMicros: z.number(),
});
export type TCampaignDay = z.infer<typeof ZCampaignDay>;

export const ZAdLedgerEntry = z.object({
  id: z.string(),
  kind: z.enum(['topup', 'refund', 'admin_credit', 'spend']),
  amountMicros: z.number(),
  campaignId: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type TAdLedgerEntry = z.infer<typeof ZAdLedgerEntry>;

export const ZAdvertiserOverview = z.object({
  advertiser: z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string() }),
  balanceMicros: z.number(),
  payingEnabled: z.boolean(),
  campaigns: z.array(ZCampaign),
  days: z.array(ZCampaignDay),
  ledger: z.array(ZAdLedgerEntry),
});
export type TAdvertiserOverview = z.infer<typeof ZAdvertiserOverview>;

export const ZTopUpInput = z.union([
  z.object({ amountCents: z.number().int().min(1000).max(10_000_000) }),
  z.object({ package: z.enum(['starter', 'professional']) }),
]);
export const ZAdminCredit = z.object({
  amountCents: z.number().int().min(1).max(100_000_000),
  note: text(500, 'Note'),
});
export const ZReviewDecision = z.object({
  approve: z.boolean(),
  note: z.string().trim().max(500).optional(),
});

/** An ad chosen for one request, with its signed tracking and click URLs. */
export const ZServedAd = z.object({
  id: z.string(),
  campaignId: z.string(),
  format: z.enum(AD_FORMATS),
  title: z.string(),
  mediaUrl: z.string().nullable(),
  mime: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  text: z.string().nullable(),
  clickUrl: z.string(),
  tracking: z.object({
    impression: z.string(),
    firstQuartile: z.string(),
    midpoint: z.string(),
    thirdQuartile: z.string(),
    complete: z.string(),
  }),
});
export type TServedAd = z.infer<typeof ZServedAd>;

export const ZAdRequest = z.object({
  format: z.enum(AD_FORMATS),
  placement: z.enum(AD_PLACEMENTS),
  trackId: z.uuid().optional(),
  streamId: z.uuid().optional(),
  category: z.enum(UPLOAD_CATEGORIES).optional(),
  /** A display slot's size: only creatives of exactly that size fill it. */
  size: z.enum(['300x250', '728x90']).optional(),
});
export type TAdRequest = z.infer<typeof ZAdRequest>;
