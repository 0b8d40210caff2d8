import { z } from 'zod';
import {
  AD_CAMPAIGN_STATUSES,
  AD_CONTENT_TYPES,
  AD_CPM_RANGES,
  AD_FORMATS,
  AD_MESSAGES,
  AD_PLACEMENTS,
  AD_REPORT_REASONS,
  formatMicros,
  impressionPriceMicros,
  SPONSORED_TEXT_MAX,
} from '../ads';
import { UPLOAD_CATEGORIES } from '../constants';

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

/**
 * An audio campaign's quartiles: of the impressions (the player reported the ad started), how many
 * reached 25 %, 50 %, 75 % and the end. Only reports of counted impressions count.
 */
export const ZAudioQuartiles = z.object({
  started: z.number(),
  firstQuartile: z.number(),
  midpoint: z.number(),
  thirdQuartile: z.number(),
  complete: z.number(),
  /** complete / started, 0 when nothing started. */
  completionRate: z.number(),
});
export type TAudioQuartiles = z.infer<typeof ZAudioQuartiles>;

export const ZCampaignStats = z.object({
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  spentMicros: z.number(),
  remainingMicros: z.number(),
  /** Impression reports filtered as invalid traffic (bots, data centres, impossible timing…): never charged. */
  filtered: z.number(),
  /** Audio campaigns only (null for display and sponsored). */
  quartiles: ZAudioQuartiles.nullable(),
});

/**
 * Why an active campaign is not delivering, when the reason is the advertiser's: 'balance_too_low'
 * when the balance cannot pay one more impression at its bid (serving skips it until a top-up).
 */
export const AD_DELIVERY_ISSUES = ['balance_too_low'] as const;
export type AdDeliveryIssue = (typeof AD_DELIVERY_ISSUES)[number];

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
  deliveryIssue: z.enum(AD_DELIVERY_ISSUES).nullable(),
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

/** An admin's pause, resume, stop or reject of a campaign in any state: the reason its advertiser sees. */
export const AD_ADMIN_ACTIONS = ['hold', 'release', 'stop', 'reject'] as const;
export type AdAdminAction = (typeof AD_ADMIN_ACTIONS)[number];
export const ZAdminCampaignAction = z.object({
  reason: text(500, 'Reason'),
});

/** A listener's report of an ad they were served. */
export const ZAdReportInput = z.object({
  serveId: z.uuid(),
  reason: z.enum(AD_REPORT_REASONS),
  details: z.string().trim().max(500).optional(),
});

/** Reports of one campaign, as admins see them beside the review queue. */
export const ZAdReportSummary = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  status: z.enum(AD_CAMPAIGN_STATUSES),
  advertiser: z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string() }),
  reports: z.number(),
  reasons: z.record(z.string(), z.number()),
  lastDetails: z.array(z.string()),
  lastReportedAt: z.string(),
});
export type TAdReportSummary = z.infer<typeof ZAdReportSummary>;

/** An ad chosen for one request, with its signed tracking and click URLs. */
export const ZServedAd = z.object({
  id: z.string(),
  campaignId: z.string(),
  format: z.enum(AD_FORMATS),
  /** What the public sees: the advertiser's display name, never the internal campaign name. */
  title: z.string(),
  mediaUrl: z.string().nullable(),
  mime: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  text: z.string().nullable(),
  clickUrl: z.string(),
  /** The VAST Error URL (its `[ERRORCODE]` macro replaced by the player's code). */
  errorUrl: z.string(),
  /** The creative's identity (VAST UniversalAdId): campaign id / creative file. */
  creativeId: z.string(),
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
