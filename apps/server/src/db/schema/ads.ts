import type {
  AdCampaignStatus,
  AdContentType,
  AdEventOutcome,
  AdFormat,
  AdIvtReason,
  AdPlacement,
  AdReportReason,
} from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const micros = (name: string) => bigint(name, { mode: 'number' });

/**
 * An advertiser's campaign (modules/ads/state-machine.ts has the statuses' transitions). Money in
 * integer micro-dollars. `spentMicros` only grows through one conditional UPDATE per impression
 * (never past `totalBudgetMicros`); `version` is bumped by every edit.
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: text('advertiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').$type<AdFormat>().notNull(),
    status: text('status').$type<AdCampaignStatus>().notNull().default('draft'),
    clickUrl: text('click_url').notNull(),
    /** Upload categories targeted; empty: every category. */
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    contentTypes: jsonb('content_types').$type<AdContentType[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    totalBudgetMicros: micros('total_budget_micros').notNull(),
    dailyBudgetMicros: micros('daily_budget_micros').notNull(),
    cpmMicros: micros('cpm_micros').notNull(),
    spentMicros: micros('spent_micros').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    sponsoredText: text('sponsored_text'),
    /** The checked creative: a loudness-normalised audio file or an image (storage keys). */
    creativeKey: text('creative_key'),
    creativeMime: text('creative_mime'),
    creativeSeconds: real('creative_seconds'),
    creativeWidth: smallint('creative_width'),
    creativeHeight: smallint('creative_height'),
    reviewNote: text('review_note'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ad_campaigns_advertiser_idx').on(t.advertiserId, t.createdAt),
    index('ad_campaigns_serving_idx').on(t.format, t.cpmMicros).where(sql`${t.status} = 'active'`),
    index('ad_campaigns_status_idx').on(t.status),
  ],
);

/** A campaign's figures per UTC day: the daily budget's counter and the dashboard's chart. */
export const adCampaignDays = pgTable(
  'ad_campaign_days',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    spentMicros: micros('spent_micros').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/**
 * One ad chosen for one request. Its tracking URLs carry its id, signed: each event is counted
 * once (a conditional UPDATE on its column), however often the URL is fetched.
 */
export const adServes = pgTable(
  'ad_serves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    format: text('format').$type<AdFormat>().notNull(),
    placement: text('placement').$type<AdPlacement>().notNull(),
    /** A signed-in listener's id, or `anon:<cookie id>`; null when unknown (a bare VAST fetch). */
    listenerKey: text('listener_key'),
    /** The creator whose content the ad ran on (their dashboard counts it). */
    creatorId: text('creator_id'),
    /** The price of its impression when chosen (the bid can change later). */
    priceMicros: micros('price_micros').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
    impressedAt: timestamp('impressed_at', { withTimezone: true }),
    /** Quartiles reported: bit 1 first, 2 midpoint, 4 third, 8 complete. */
    quartiles: smallint('quartiles').notNull().default(0),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    /** A client that came without a cookie: a hash of its address and user agent (issue 32). */
    clientKey: text('client_key'),
    /** Invalid traffic known at serve time (a bot, a data centre…): nothing of it is ever charged. */
    ivtReason: text('ivt_reason').$type<AdIvtReason>(),
    /** Its price is held against the budgets until then (pacing); null once heard, filtered or lapsed. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
  },
  (t) => [
    index('ad_serves_listener_idx').on(t.listenerKey, t.servedAt),
    index('ad_serves_campaign_idx').on(t.campaignId, t.servedAt),
    index('ad_serves_creator_idx').on(t.creatorId, t.impressedAt),
    index('ad_serves_client_idx').on(t.clientKey, t.servedAt).where(sql`${t.clientKey} IS NOT NULL`),
    index('ad_serves_reserved_idx').on(t.reservedUntil, t.campaignId).where(sql`${t.reservedUntil} IS NOT NULL`),
  ],
);

/**
 * Every tracking URL's first use (append-only: the database refuses updates and deletes): the
 * primary key makes each signed URL single-use, and `outcome` says whether it counted or why not
 * (invalid traffic is kept with its reason and shown to the advertiser as filtered).
 */
export const adTrackingEvents = pgTable(
  'ad_tracking_events',
  {
    serveId: uuid('serve_id').notNull(),
    event: text('event').$type<'impression' | 'firstQuartile' | 'midpoint' | 'thirdQuartile' | 'complete'>().notNull(),
    campaignId: uuid('campaign_id').notNull(),
    outcome: text('outcome').$type<AdEventOutcome>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serveId, t.event] }),
    index('ad_tracking_events_campaign_idx').on(t.campaignId, t.outcome),
  ],
);

export type AdLedgerKind = 'topup' | 'refund' | 'admin_credit' | 'spend';

/**
 * The advertiser's balance ledger (append-only: the database refuses updates and deletes).
 * Credits from `payments` (purpose 'ad_topup') are booked once by payment id; admin credits are
 * audited; each counted impression is a negative `spend` entry.
 */
export const adLedger = pgTable(
  'ad_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: text('advertiser_id').notNull(),
    kind: text('kind').$type<AdLedgerKind>().notNull(),
    amountMicros: micros('amount_micros').notNull(),
    paymentId: uuid('payment_id'),
    campaignId: uuid('campaign_id'),
    serveId: uuid('serve_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ad_ledger_payment_uq').on(t.paymentId),
    uniqueIndex('ad_ledger_serve_uq').on(t.serveId),
    index('ad_ledger_advertiser_idx').on(t.advertiserId, t.at),
  ],
);

/** The ledger's running sum per advertiser, moved in the same transaction as each entry. */
export const adBalances = pgTable('ad_balances', {
  advertiserId: text('advertiser_id').primaryKey(),
  balanceMicros: micros('balance_micros').notNull().default(0),
});

/**
 * Listeners' reports of an ad (issue 32): one per listener and campaign (a second report of the
 * same campaign changes nothing), shown to admins beside the review queue.
 */
export const adReports = pgTable(
  'ad_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    serveId: uuid('serve_id').notNull(),
    /** A user id, or `anon:<cookie id>`: the serve's listener key. */
    reporterKey: text('reporter_key').notNull(),
    reason: text('reason').$type<AdReportReason>().notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ad_reports_campaign_reporter_uq').on(t.campaignId, t.reporterKey),
    index('ad_reports_created_idx').on(t.createdAt),
  ],
);

/**
 * The VAST Error URL's reports (issue 32): the first error code a player reported for a serve
 * (the URL counts once, however often it is fetched).
 */
export const adServeErrors = pgTable(
  'ad_serve_errors',
  {
    serveId: uuid('serve_id').primaryKey(),
    campaignId: uuid('campaign_id').notNull(),
    code: smallint('code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ad_serve_errors_campaign_idx').on(t.campaignId, t.code)],
);
