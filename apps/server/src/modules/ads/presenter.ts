import {
  type AdDeliveryIssue,
  csvRow,
  impressionPriceMicros,
  type TAdLedgerEntry,
  type TAudioQuartiles,
  type TCampaign,
  type TCampaignDay,
} from '@wavecast/shared';
import type { CampaignRow, QuartileCounts } from './repo';

/** What a campaign's row does not hold: its quartile reports and its advertiser's balance. */
export interface CampaignFigures {
  /** Quartile reports of its counted impressions (none reported when absent). */
  quartiles?: QuartileCounts;
  /** Impression reports filtered as invalid traffic. */
  filtered?: number;
  /** The advertiser's balance; without it no delivery issue is told. */
  balanceMicros?: number;
  publicUrl?: string;
}

const NO_QUARTILES: QuartileCounts = { firstQuartile: 0, midpoint: 0, thirdQuartile: 0, complete: 0 };

export function presentQuartiles(impressions: number, q: QuartileCounts = NO_QUARTILES): TAudioQuartiles {
  return { started: impressions, ...q, completionRate: impressions ? q.complete / impressions : 0 };
}

/**
 * An active campaign the serving skips for its advertiser's reason: the balance cannot pay one
 * more impression at its bid (the same test as the selection's). It serves again by itself once
 * a top-up or credit lands (those reload the serving index).
 */
export function deliveryIssue(c: CampaignRow, balanceMicros?: number): AdDeliveryIssue | null {
  if (c.status !== 'active' || balanceMicros === undefined) return null;
  return balanceMicros < impressionPriceMicros(c.cpmMicros) ? 'balance_too_low' : null;
}

/** A campaign as its advertiser (and the review queue) sees it, with its figures. */
export function presentCampaign(c: CampaignRow, figures: CampaignFigures = {}): TCampaign {
  const publicUrl = figures.publicUrl ?? '';
  return {
    id: c.id,
    advertiserId: c.advertiserId,
    name: c.name,
    format: c.format,
    status: c.status,
    clickUrl: c.clickUrl,
    categories: c.categories,
    contentTypes: c.contentTypes,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt?.toISOString() ?? null,
    totalBudgetMicros: c.totalBudgetMicros,
    dailyBudgetMicros: c.dailyBudgetMicros,
    cpmMicros: c.cpmMicros,
    sponsoredText: c.sponsoredText,
    creative: c.creativeKey
      ? {
          kind: c.creativeMime?.startsWith('audio/') ? 'audio' : 'image',
          url: `${publicUrl}/api/ads/media/${c.id}?v=${encodeURIComponent(c.creativeKey.split('/').pop() ?? '')}`,
          mime: c.creativeMime ?? '',
          durationSeconds: c.creativeSeconds,
          width: c.creativeWidth,
          height: c.creativeHeight,
        }
      : null,
    reviewNote: c.reviewNote,
    stats: {
      impressions: c.impressions,
      clicks: c.clicks,
      ctr: c.impressions ? c.clicks / c.impressions : 0,
      spentMicros: c.spentMicros,
      remainingMicros: Math.max(0, c.totalBudgetMicros - c.spentMicros),
      filtered: figures.filtered ?? 0,
      quartiles: c.format === 'audio' ? presentQuartiles(c.impressions, figures.quartiles) : null,
    },
    deliveryIssue: deliveryIssue(c, figures.balanceMicros),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export const presentDay = (d: {
  day: string;
  impressions: number;
  clicks: number;
  spentMicros: string | number;
}): TCampaignDay => ({
  day: d.day,
  impressions: Number(d.impressions),
  clicks: Number(d.clicks),
  spentMicros: Number(d.spentMicros),
});

export const presentLedger = (e: {
  id: string;
  kind: TAdLedgerEntry['kind'];
  amountMicros: number;
  campaignId: string | null;
  note: string | null;
  at: Date;
}): TAdLedgerEntry => ({
  id: e.id,
  kind: e.kind,
  amountMicros: e.amountMicros,
  campaignId: e.campaignId,
  note: e.note,
  at: e.at.toISOString(),
});

/** The campaigns as CSV (the dashboard's export). */
export function campaignsCsv(rows: TCampaign[]): string {
  const head = [
    'id',
    'name',
    'format',
    'status',
    'impressions',
    'clicks',
    'ctr',
    'spent_usd',
    'remaining_usd',
    'cpm_usd',
    'delivery',
    'audio_started',
    'audio_q25',
    'audio_q50',
    'audio_q75',
    'audio_complete',
    'audio_completion_rate',
  ];
  const lines = rows.map((c) =>
    csvRow([
      c.id,
      c.name,
      c.format,
      c.status,
      c.stats.impressions,
      c.stats.clicks,
      c.stats.ctr.toFixed(4),
      (c.stats.spentMicros / 1e6).toFixed(6),
      (c.stats.remainingMicros / 1e6).toFixed(6),
      (c.cpmMicros / 1e6).toFixed(2),
      c.deliveryIssue ?? '',
      // Display and sponsored campaigns have no quartiles: empty cells, not zeros.
      ...(c.stats.quartiles
        ? [
            c.stats.quartiles.started,
            c.stats.quartiles.firstQuartile,
            c.stats.quartiles.midpoint,
            c.stats.quartiles.thirdQuartile,
            c.stats.quartiles.complete,
            c.stats.quartiles.completionRate.toFixed(4),
          ]
        : ['', '', '', '', '', '']),
    ]),
  );
  return `${[head.join(','), ...lines].join('\n')}\n`;
}
