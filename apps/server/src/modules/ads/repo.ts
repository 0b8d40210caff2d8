import {
  AD_IVT_REASONS,
  type AdCampaignStatus,
  type AdContentType,
  type AdEventOutcome,
  type AdFormat,
  type AdIvtReason,
  type AdPlacement,
  AUDIO_AD_CAP_SECONDS,
  formatMicros,
  LISTEN_BUCKET_SECONDS,
} from '@wavecast/shared';
import { and, asc, desc, eq, gte, inArray, isNull, max, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import {
  adBalances,
  adCampaignDays,
  adCampaigns,
  adLedger,
  adServes,
  adTrackingEvents,
  payments,
  users,
} from '../../db/schema';
import * as analyticsRepo from '../analytics/repo';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CampaignRow = typeof adCampaigns.$inferSelect;
export type NewCampaign = Omit<typeof adCampaigns.$inferInsert, 'id'>;
export type ServeRow = typeof adServes.$inferSelect;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** 'YYYY-MM-DD' of a moment, UTC: the day a daily budget belongs to. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export async function insertCampaign(db: Db, row: NewCampaign): Promise<CampaignRow> {
  const [c] = await db.insert(adCampaigns).values(row).returning();
  return c;
}

export async function findCampaign(db: Db | Tx, id: string): Promise<CampaignRow | undefined> {
  const [c] = await db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
  return c;
}

export async function listCampaigns(db: Db, advertiserId: string): Promise<CampaignRow[]> {
  return db
    .select()
    .from(adCampaigns)
    .where(eq(adCampaigns.advertiserId, advertiserId))
    .orderBy(desc(adCampaigns.createdAt));
}

export async function listByStatus(db: Db, status: AdCampaignStatus) {
  return db
    .select({ campaign: adCampaigns, email: users.email, displayName: users.displayName })
    .from(adCampaigns)
    .innerJoin(users, eq(users.id, adCampaigns.advertiserId))
    .where(eq(adCampaigns.status, status))
    .orderBy(asc(adCampaigns.updatedAt));
}

/** Campaigns past their draft, most recently changed first, with their advertiser (admins). */
export async function listForAdmins(db: Db, limit = 300) {
  return db
    .select({ campaign: adCampaigns, email: users.email, displayName: users.displayName })
    .from(adCampaigns)
    .innerJoin(users, eq(users.id, adCampaigns.advertiserId))
    .where(sql`${adCampaigns.status} <> 'draft'`)
    .orderBy(desc(adCampaigns.updatedAt))
    .limit(limit);
}

/** Writes a change made from the row read at `version`; undefined when someone changed it since. */
export async function updateCampaign(
  db: Db | Tx,
  id: string,
  version: number,
  patch: Partial<Omit<NewCampaign, 'advertiserId' | 'createdAt' | 'version'>>,
): Promise<CampaignRow | undefined> {
  const [c] = await db
    .update(adCampaigns)
    .set({ ...patch, version: sql`${adCampaigns.version} + 1` })
    .where(and(eq(adCampaigns.id, id), eq(adCampaigns.version, version)))
    .returning();
  return c;
}

/** Active or paused campaigns whose end date passed: completed by the sweep. */
export async function completeEnded(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .update(adCampaigns)
    .set({ status: 'completed', updatedAt: now, version: sql`${adCampaigns.version} + 1` })
    .where(and(inArray(adCampaigns.status, ['active', 'paused', 'held']), sql`${adCampaigns.endsAt} <= ${now}`))
    .returning({ id: adCampaigns.id });
  return rows.map((r) => r.id);
}

// ── balance ledger ──────────────────────────────────────────────────────────────────────────

/**
 * Books top-ups and their refunds from billing's payments ledger into the advertisers' ledger, once
 * per payment (the unique payment id), and moves the balances by what was booked. Returns how many
 * payments were booked.
 */
export async function bookTopUps(db: Db, advertiserId?: string): Promise<number> {
  return (await bookPaidTopUps(db, advertiserId)) + (await bookRefunds(db, advertiserId));
}

/** Paid top-ups, in one statement: two sweeps at once book each payment once. */
async function bookPaidTopUps(db: Db, advertiserId?: string): Promise<number> {
  const only = advertiserId ? sql`AND p.user_id = ${advertiserId}` : sql``;
  const res = await db.execute(sql`
    WITH booked AS (
      INSERT INTO ${adLedger} (advertiser_id, kind, amount_micros, payment_id, note, at)
      SELECT p.user_id, 'topup', p.amount_cents::bigint * 10000, p.id, p.description, p.occurred_at
        FROM ${payments} p
       WHERE p.purpose = 'ad_topup' AND p.kind = 'paid' AND p.user_id IS NOT NULL ${only}
         AND NOT EXISTS (SELECT 1 FROM ${adLedger} l WHERE l.payment_id = p.id)
      ON CONFLICT (payment_id) DO NOTHING
      RETURNING advertiser_id, amount_micros
    ), moved AS (
      INSERT INTO ${adBalances} (advertiser_id, balance_micros)
      SELECT advertiser_id, sum(amount_micros) FROM booked GROUP BY advertiser_id
      ON CONFLICT (advertiser_id) DO UPDATE SET balance_micros = ${adBalances.balanceMicros} + excluded.balance_micros
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM booked`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/**
 * Refunded top-ups (issue 32): a refund takes back only what is left of the balance, never more (the
 * part already spent on impressions stays spent), as one reversing entry; the balance never goes
 * below zero. Each in its own transaction, the balance row locked, so an impression charged at the
 * same moment is counted before or after it, never both.
 */
async function bookRefunds(db: Db, advertiserId?: string): Promise<number> {
  const only = advertiserId ? sql`AND p.user_id = ${advertiserId}` : sql``;
  const pending = rowsOf<{ id: string; user_id: string; amount_cents: number; description: string | null; at: Date }>(
    await db.execute(sql`
      SELECT p.id, p.user_id, p.amount_cents, p.description, p.occurred_at AS at
        FROM ${payments} p
       WHERE p.purpose = 'ad_topup' AND p.kind = 'refunded' AND p.user_id IS NOT NULL ${only}
         AND NOT EXISTS (SELECT 1 FROM ${adLedger} l WHERE l.payment_id = p.id)
       ORDER BY p.occurred_at`),
  );
  let booked = 0;
  for (const p of pending) {
    const refundedMicros = Math.abs(Number(p.amount_cents)) * 10_000;
    const done = await db.transaction(async (tx) => {
      await tx.insert(adBalances).values({ advertiserId: p.user_id, balanceMicros: 0 }).onConflictDoNothing();
      const [row] = rowsOf<{ balance: string | number }>(
        await tx.execute(
          sql`SELECT balance_micros AS balance FROM ${adBalances} WHERE advertiser_id = ${p.user_id} FOR UPDATE`,
        ),
      );
      const takenMicros = Math.min(refundedMicros, Math.max(0, Number(row?.balance ?? 0)));
      const note =
        takenMicros < refundedMicros
          ? `${p.description ?? 'Refund'}: ${formatMicros(refundedMicros)} refunded, ${formatMicros(refundedMicros - takenMicros)} of it already spent`
          : (p.description ?? 'Refund');
      const entry = await tx
        .insert(adLedger)
        .values({
          advertiserId: p.user_id,
          kind: 'refund',
          amountMicros: -takenMicros,
          paymentId: p.id,
          note,
          at: new Date(p.at),
        })
        .onConflictDoNothing()
        .returning({ id: adLedger.id });
      if (!entry.length) return false;
      await tx
        .update(adBalances)
        .set({ balanceMicros: sql`${adBalances.balanceMicros} - ${takenMicros}` })
        .where(eq(adBalances.advertiserId, p.user_id));
      return true;
    });
    if (done) booked++;
  }
  return booked;
}

export async function credit(
  tx: Tx,
  entry: { advertiserId: string; kind: 'admin_credit'; amountMicros: number; note: string; at: Date },
): Promise<void> {
  await tx.insert(adLedger).values(entry);
  await tx
    .insert(adBalances)
    .values({ advertiserId: entry.advertiserId, balanceMicros: entry.amountMicros })
    .onConflictDoUpdate({
      target: adBalances.advertiserId,
      set: { balanceMicros: sql`${adBalances.balanceMicros} + ${entry.amountMicros}` },
    });
}

export async function balanceOf(db: Db | Tx, advertiserId: string): Promise<number> {
  const [b] = await db.select().from(adBalances).where(eq(adBalances.advertiserId, advertiserId));
  return b?.balanceMicros ?? 0;
}

/**
 * The money that came in (top-ups, credits, refunds), newest first: spend is one entry per
 * impression, shown as the campaigns' figures and days rather than listed.
 */
export async function ledgerOf(db: Db, advertiserId: string, limit = 100) {
  return db
    .select()
    .from(adLedger)
    .where(and(eq(adLedger.advertiserId, advertiserId), sql`${adLedger.kind} <> 'spend'`))
    .orderBy(desc(adLedger.at), desc(adLedger.id))
    .limit(limit);
}

export async function ledgerSum(db: Db, advertiserId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${adLedger.amountMicros}), 0)` })
    .from(adLedger)
    .where(eq(adLedger.advertiserId, advertiserId));
  return Number(r.n);
}

/**
 * The campaign's advertiser is not suspended (issue 31): a suspended advertiser's campaigns keep
 * their status (they serve again on restore) but are neither selected nor charged. The partial
 * index `users_suspended_idx` holds the few suspended accounts: a probe, not a scan.
 */
const advertiserInGoodStanding = (advertiserId: SQLWrapper) =>
  sql`NOT EXISTS (SELECT 1 FROM ${users} su WHERE su.id = ${advertiserId} AND su.suspended_at IS NOT NULL)`;

// ── serving ─────────────────────────────────────────────────────────────────────────────────

/** The chosen campaign: what serving it needs (its bid and its creative). */
export interface Candidate {
  id: string;
  cpmMicros: number;
  name: string;
  /** The advertiser's display name: what listeners see (never the campaign's internal name). */
  advertiserName: string | null;
  format: AdFormat;
  creativeKey: string | null;
  creativeMime: string | null;
  creativeSeconds: number | null;
  creativeWidth: number | null;
  creativeHeight: number | null;
  sponsoredText: string | null;
}

export interface SelectionQuery {
  format: AdFormat;
  category: string | null;
  contentType: AdContentType;
  now: Date;
  /** How much of its daily budget a campaign may have spent by now (pacing), 0–1. */
  paceFraction: number;
  /** The campaign this listener was served last (never twice in a row). */
  excludeId: string | null;
  /** A display slot's size, width × height. */
  size?: { width: number; height: number } | null;
}

/**
 * The selection as one SQL statement: active, in schedule, targeted at this category and content
 * type, with budget left (total, today's paced share, and the advertiser's balance) for one more
 * impression; highest bid first, then the one furthest behind its daily pace, then chance.
 */
export function selectionSql(q: SelectionQuery) {
  const price = sql`(c.cpm_micros / 1000)`;
  const category = q.category
    ? sql`(jsonb_array_length(c.categories) = 0 OR c.categories @> jsonb_build_array(${q.category}::text))`
    : sql`jsonb_array_length(c.categories) = 0`;
  const exclude = q.excludeId ? sql`AND c.id <> ${q.excludeId}::uuid` : sql``;
  const size = q.size ? sql`AND c.creative_width = ${q.size.width} AND c.creative_height = ${q.size.height}` : sql``;
  return sql`
    SELECT c.id, c.cpm_micros, c.name, c.format, c.creative_key, c.creative_mime, c.creative_seconds,
           c.creative_width, c.creative_height, c.sponsored_text,
           (SELECT u.display_name FROM ${users} u WHERE u.id = c.advertiser_id) AS advertiser_name
      FROM ${adCampaigns} c
      JOIN ${adBalances} b ON b.advertiser_id = c.advertiser_id AND b.balance_micros >= ${price}
      LEFT JOIN ${adCampaignDays} d ON d.campaign_id = c.id AND d.day = ${utcDay(q.now)}::date
     WHERE c.status = 'active' AND c.format = ${q.format}
       AND c.creative_key IS NOT NULL
       AND c.starts_at <= ${q.now} AND (c.ends_at IS NULL OR c.ends_at > ${q.now})
       AND c.spent_micros + ${price} <= c.total_budget_micros
       AND ${category}
       AND c.content_types @> jsonb_build_array(${q.contentType}::text)
       AND ${advertiserInGoodStanding(sql`c.advertiser_id`)}
       AND coalesce(d.spent_micros, 0) + ${price}
           <= greatest(${price}, floor(c.daily_budget_micros * ${q.paceFraction}::float8)::bigint)
       ${exclude}
       ${size}
     ORDER BY c.cpm_micros DESC, coalesce(d.spent_micros, 0)::float8 / c.daily_budget_micros ASC, random()
     LIMIT 1`;
}

export async function selectCampaign(db: Db, q: SelectionQuery): Promise<Candidate | null> {
  const [r] = rowsOf<{
    id: string;
    cpm_micros: string | number;
    name: string;
    advertiser_name: string | null;
    format: AdFormat;
    creative_key: string | null;
    creative_mime: string | null;
    creative_seconds: number | null;
    creative_width: number | null;
    creative_height: number | null;
    sponsored_text: string | null;
  }>(await db.execute(selectionSql(q)));
  if (!r) return null;
  return {
    id: r.id,
    cpmMicros: Number(r.cpm_micros),
    name: r.name,
    advertiserName: r.advertiser_name,
    format: r.format,
    creativeKey: r.creative_key,
    creativeMime: r.creative_mime,
    creativeSeconds: r.creative_seconds === null ? null : Number(r.creative_seconds),
    creativeWidth: r.creative_width,
    creativeHeight: r.creative_height,
    sponsoredText: r.sponsored_text,
  };
}

/** A campaign as the serving index keeps it: what the selection checks, and what serving it shows. */
export interface ServableRow extends Candidate {
  advertiserId: string;
  categories: string[];
  contentTypes: AdContentType[];
  startsAt: Date;
  endsAt: Date | null;
  totalBudgetMicros: number;
  dailyBudgetMicros: number;
  spentMicros: number;
  /** Spent on `day` (today when read). */
  daySpentMicros: number;
  balanceMicros: number;
  /** Held by serves not heard yet (pacing, ADR 0040). */
  reservedMicros: number;
}

/** Each campaign's live reservations: serves not heard, filtered or lapsed (`ad_serves_reserved_idx`). */
const reservations = (now: Date) => sql`(
  SELECT r.campaign_id, sum(r.price_micros) AS micros FROM ${adServes} r
   WHERE r.reserved_until IS NOT NULL AND r.reserved_until > ${now.toISOString()}::timestamptz
   GROUP BY r.campaign_id)`;

/**
 * Every campaign that could be served (active, with a creative, its advertiser not suspended), with today's spend and its
 * advertiser's balance: the serving index's snapshot (one statement).
 */
export async function servableCampaigns(db: Db, day: string, now: Date): Promise<ServableRow[]> {
  const rows = await db
    .select({
      id: adCampaigns.id,
      cpmMicros: adCampaigns.cpmMicros,
      name: adCampaigns.name,
      advertiserName: users.displayName,
      format: adCampaigns.format,
      creativeKey: adCampaigns.creativeKey,
      creativeMime: adCampaigns.creativeMime,
      creativeSeconds: adCampaigns.creativeSeconds,
      creativeWidth: adCampaigns.creativeWidth,
      creativeHeight: adCampaigns.creativeHeight,
      sponsoredText: adCampaigns.sponsoredText,
      advertiserId: adCampaigns.advertiserId,
      categories: adCampaigns.categories,
      contentTypes: adCampaigns.contentTypes,
      startsAt: adCampaigns.startsAt,
      endsAt: adCampaigns.endsAt,
      totalBudgetMicros: adCampaigns.totalBudgetMicros,
      dailyBudgetMicros: adCampaigns.dailyBudgetMicros,
      spentMicros: adCampaigns.spentMicros,
      daySpentMicros: sql<string>`coalesce(${adCampaignDays.spentMicros}, 0)`,
      balanceMicros: sql<string>`coalesce(${adBalances.balanceMicros}, 0)`,
      reservedMicros: sql<string>`coalesce(held.micros, 0)`,
    })
    .from(adCampaigns)
    .leftJoin(users, eq(users.id, adCampaigns.advertiserId))
    .leftJoin(adBalances, eq(adBalances.advertiserId, adCampaigns.advertiserId))
    .leftJoin(sql`${reservations(now)} held`, sql`held.campaign_id = ${adCampaigns.id}`)
    .leftJoin(adCampaignDays, and(eq(adCampaignDays.campaignId, adCampaigns.id), eq(adCampaignDays.day, day)))
    .where(
      and(
        eq(adCampaigns.status, 'active'),
        sql`${adCampaigns.creativeKey} IS NOT NULL`,
        advertiserInGoodStanding(adCampaigns.advertiserId),
      ),
    )
    .orderBy(desc(adCampaigns.cpmMicros));
  return rows.map((r) => ({
    ...r,
    cpmMicros: Number(r.cpmMicros),
    totalBudgetMicros: Number(r.totalBudgetMicros),
    dailyBudgetMicros: Number(r.dailyBudgetMicros),
    spentMicros: Number(r.spentMicros),
    daySpentMicros: Number(r.daySpentMicros),
    balanceMicros: Number(r.balanceMicros),
    reservedMicros: Number(r.reservedMicros),
    creativeSeconds: r.creativeSeconds === null ? null : Number(r.creativeSeconds),
  }));
}

/**
 * What moves between two snapshots (spend, today's spend, balance, reserved) of the same campaigns,
 * packed by the database into one text value `id:spent:today:balance:reserved,…` in id order: it is read
 * every few seconds for thousands of campaigns, and one value costs the process far less to receive
 * than rows (and, walked in the index's own id order, nothing to allocate per campaign to parse).
 */
export async function servableSpend(db: Db, day: string, now: Date): Promise<string> {
  const [r] = rowsOf<{ packed: string | null }>(
    await db.execute(sql`
      SELECT string_agg(c.id || ':' || c.spent_micros || ':' || coalesce(d.spent_micros, 0) || ':'
                        || coalesce(b.balance_micros, 0) || ':' || coalesce(held.micros, 0), ',' ORDER BY c.id) AS packed
        FROM ${adCampaigns} c
        LEFT JOIN ${adBalances} b ON b.advertiser_id = c.advertiser_id
        LEFT JOIN ${reservations(now)} held ON held.campaign_id = c.id
        LEFT JOIN ${adCampaignDays} d ON d.campaign_id = c.id AND d.day = ${day}::date
       WHERE c.status = 'active' AND c.creative_key IS NOT NULL
         AND ${advertiserInGoodStanding(sql`c.advertiser_id`)}`),
  );
  return r?.packed ?? '';
}

/**
 * The listener's last serve of a format and when they last heard (impression counted) one: read
 * once per listener by a process, which then keeps it (serving-state.ts). One statement.
 */
/**
 * Seconds the listener with this ads key (a user id, or `anon:<cookie id>`) listened since `since`,
 * up to AUDIO_AD_CAP_SECONDS: their listening as analytics recorded it (`u:` / `a:` keys).
 */
export function listenedSince(
  db: Pick<Db, 'execute'>,
  adsListenerKey: string,
  since: Date,
  now = new Date(),
): Promise<number> {
  // A client without a cookie has no recorded listening: its cap runs on the clock (ADR 0040).
  if (adsListenerKey.startsWith('client:')) {
    return Promise.resolve(Math.min(AUDIO_AD_CAP_SECONDS, Math.max(0, (now.getTime() - since.getTime()) / 1000)));
  }
  const key = adsListenerKey.startsWith('anon:') ? `a:${adsListenerKey.slice(5)}` : `u:${adsListenerKey}`;
  return analyticsRepo.listenedSince(db, key, since, AUDIO_AD_CAP_SECONDS, LISTEN_BUCKET_SECONDS);
}

export async function listenerHistory(db: Db, listenerKey: string, format: AdFormat) {
  // Display and sponsored ads count as seen only once impressed (their slots ask on every page,
  // seen or not); the audio pre-roll's last serve counts.
  const seen = format === 'audio' ? sql`` : sql`AND s.impressed_at IS NOT NULL`;
  // A client without a cookie (`client:…`) is found by its client key, a listener by theirs.
  const column = listenerKey.startsWith('client:') ? sql.raw('client_key') : sql.raw('listener_key');
  const [r] = rowsOf<{ last: string | null; heard: string | Date | null }>(
    await db.execute(sql`
      SELECT (SELECT s.campaign_id FROM ${adServes} s
                WHERE s.${column} = ${listenerKey} AND s.format = ${format} ${seen}
                ORDER BY s.served_at DESC LIMIT 1) AS last,
             (SELECT max(h.impressed_at) FROM ${adServes} h
                WHERE h.${column} = ${listenerKey} AND h.format = ${format}) AS heard`),
  );
  return { lastCampaignId: r?.last ?? null, lastHeardAt: r?.heard ? new Date(r.heard).getTime() : null };
}

/** Serves to write, column by column (one array per column: the INSERT has 11 parameters however many). */
export interface ServeColumns {
  id: string[];
  campaignId: string[];
  format: AdFormat[];
  placement: AdPlacement[];
  listenerKey: (string | null)[];
  creatorId: (string | null)[];
  priceMicros: number[];
  servedAt: Date[];
  clientKey: (string | null)[];
  ivtReason: (AdIvtReason | null)[];
  reservedUntil: (Date | null)[];
}

export const emptyServeColumns = (): ServeColumns => ({
  id: [],
  campaignId: [],
  format: [],
  placement: [],
  listenerKey: [],
  creatorId: [],
  priceMicros: [],
  servedAt: [],
  clientKey: [],
  ivtReason: [],
  reservedUntil: [],
});

// One fixed statement with one array parameter per column: its text never changes (no builder, no
// SQL string growing with the rows), so writing 200 serves costs the process a few arrays.
const INSERT_SERVES = `
  INSERT INTO ad_serves (id, campaign_id, format, placement, listener_key, creator_id, price_micros, served_at,
                         client_key, ivt_reason, reserved_until)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
                       $8::timestamptz[], $9::text[], $10::text[], $11::timestamptz[])`;

/** Serves written in one statement (the decision records them just after answering). */
export async function insertServes(database: Pick<Database, 'query'>, c: ServeColumns): Promise<void> {
  if (!c.id.length) return;
  await database.query(INSERT_SERVES, [
    c.id,
    c.campaignId,
    c.format,
    c.placement,
    c.listenerKey,
    c.creatorId,
    c.priceMicros,
    // As text: both drivers (node-postgres, PGlite) take a text[] the same way.
    c.servedAt.map((d) => d.toISOString()),
    c.clientKey,
    c.ivtReason,
    c.reservedUntil.map((d) => d?.toISOString() ?? null),
  ]);
}

export async function insertServe(
  db: Db,
  row: {
    campaignId: string;
    format: AdFormat;
    placement: AdPlacement;
    listenerKey: string | null;
    creatorId: string | null;
    priceMicros: number;
    servedAt: Date;
  },
): Promise<ServeRow> {
  const [s] = await db.insert(adServes).values(row).returning();
  return s;
}

export async function findServe(db: Db, id: string): Promise<ServeRow | undefined> {
  const [s] = await db.select().from(adServes).where(eq(adServes.id, id));
  return s;
}

/** A serve as the tracking endpoints read it: with its ad's length and what became of its impression. */
export interface TrackedServe extends ServeRow {
  adSeconds: number | null;
  impressionOutcome: AdEventOutcome | null;
}

export async function findTrackedServe(db: Db, id: string): Promise<TrackedServe | undefined> {
  const [r] = await db
    .select({ serve: adServes, adSeconds: adCampaigns.creativeSeconds, impressionOutcome: adTrackingEvents.outcome })
    .from(adServes)
    .innerJoin(adCampaigns, eq(adCampaigns.id, adServes.campaignId))
    .leftJoin(
      adTrackingEvents,
      and(eq(adTrackingEvents.serveId, adServes.id), eq(adTrackingEvents.event, 'impression')),
    )
    .where(eq(adServes.id, id));
  return (
    r && {
      ...r.serve,
      adSeconds: r.adSeconds === null ? null : Number(r.adSeconds),
      impressionOutcome: r.impressionOutcome,
    }
  );
}

/** An impression counted and paid: what the serving index moves by. */
export interface Charged {
  campaignId: string;
  advertiserId: string;
  price: number;
  /** The reservation the charge used up (0 when it had lapsed or there was none). */
  reservedMicros: number;
  /** The campaign's status after it ('completed' when it cannot pay for another). */
  status: AdCampaignStatus;
  listenerKey: string | null;
  /** The client key of a serve asked for without a cookie (its caps follow the client). */
  clientKey: string | null;
  format: AdFormat;
}

/** Thrown inside the impression transaction to undo it: not counted, for this reason. */
class NotCharged extends Error {
  constructor(readonly outcome: 'capped' | 'unpaid') {
    super(outcome);
  }
}

type TrackingEventName = (typeof adTrackingEvents.$inferInsert)['event'];

/** Records a tracking URL's first use; false when it was used before (each signed URL is single-use). */
async function firstUse(
  tx: Tx,
  row: { serveId: string; campaignId: string; event: TrackingEventName; outcome: AdEventOutcome; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(adTrackingEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ event: adTrackingEvents.event });
  return rows.length > 0;
}

/** A report not counted: its first use kept with why, and the serve's reservation released. */
async function notCounted(db: Db, serve: ServeRow, outcome: AdEventOutcome, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await firstUse(tx, {
      serveId: serve.id,
      campaignId: serve.campaignId,
      event: 'impression',
      outcome,
      at: now,
    });
    if (first) await tx.update(adServes).set({ reservedUntil: null }).where(eq(adServes.id, serve.id));
    return first;
  });
}

/** What became of an impression report; null for a URL used before (nothing happened). */
export type ImpressionResult = { outcome: AdEventOutcome; charged: Charged | null } | null;

/**
 * One impression report, all or nothing (ADR 0040). Its first use is recorded with its outcome.
 * Invalid traffic (`invalid` given) is kept with the reason, releases the reservation and is never
 * charged. Otherwise the serve is marked and charged: the campaign's spend moves only while it
 * stays within the total budget (one conditional UPDATE: concurrent reports queue on the row and
 * the loser matches nothing), today's spend within the daily budget, the balance stays ≥ 0, and the
 * spend is booked in the ledger; a campaign that cannot pay for another impression after this one
 * is completed in the same UPDATE. An audio ad heard by a listener who has not listened
 * AUDIO_AD_CAP_SECONDS since the last one is not counted (the cap across processes): 'capped'.
 */
export async function recordImpression(
  db: Db,
  serve: ServeRow,
  now: Date,
  invalid: AdIvtReason | null,
): Promise<ImpressionResult> {
  if (invalid) return (await notCounted(db, serve, invalid, now)) ? { outcome: invalid, charged: null } : null;
  const serveId = serve.id;
  const reservedMicros = serve.reservedUntil && serve.reservedUntil > now ? serve.priceMicros : 0;
  try {
    const charged = await db.transaction(async (tx) => {
      if (
        !(await firstUse(tx, {
          serveId,
          campaignId: serve.campaignId,
          event: 'impression',
          outcome: 'counted',
          at: now,
        }))
      ) {
        return null;
      }
      const [marked] = await tx
        .update(adServes)
        .set({ impressedAt: now, reservedUntil: null })
        .where(and(eq(adServes.id, serveId), isNull(adServes.impressedAt)))
        .returning({ id: adServes.id });
      if (!marked) return null;
      // The audio cap, verified where it counts: a process that served this listener without
      // knowing of an ad they heard through another process gets no impression (and no charge).
      if (serve.format === 'audio' && serve.listenerKey) {
        const [prev] = await tx
          .select({ at: max(adServes.impressedAt) })
          .from(adServes)
          .where(
            and(
              eq(adServes.listenerKey, serve.listenerKey),
              eq(adServes.format, 'audio'),
              sql`${adServes.id} <> ${serveId}`,
            ),
          );
        if (prev?.at && (await listenedSince(tx, serve.listenerKey, prev.at, now)) < AUDIO_AD_CAP_SECONDS) {
          throw new NotCharged('capped');
        }
      }
      // Asked for without a cookie: one audio ad per AUDIO_AD_CAP_SECONDS on the clock per client.
      if (serve.format === 'audio' && serve.clientKey) {
        const [prev] = await tx
          .select({ at: max(adServes.impressedAt) })
          .from(adServes)
          .where(
            and(
              eq(adServes.clientKey, serve.clientKey),
              eq(adServes.format, 'audio'),
              sql`${adServes.id} <> ${serveId}`,
            ),
          );
        if (prev?.at && (await listenedSince(tx, serve.clientKey, prev.at, now)) < AUDIO_AD_CAP_SECONDS) {
          throw new NotCharged('capped');
        }
      }
      const price = serve.priceMicros;
      const [c] = await tx
        .update(adCampaigns)
        .set({
          spentMicros: sql`${adCampaigns.spentMicros} + ${price}`,
          impressions: sql`${adCampaigns.impressions} + 1`,
          status: sql`CASE WHEN ${adCampaigns.spentMicros} + ${2 * price} > ${adCampaigns.totalBudgetMicros}
                      THEN 'completed' ELSE ${adCampaigns.status} END`,
          version: sql`${adCampaigns.version} + 1`,
        })
        .where(
          and(
            eq(adCampaigns.id, serve.campaignId),
            inArray(adCampaigns.status, ['active', 'paused']),
            sql`${adCampaigns.spentMicros} + ${price} <= ${adCampaigns.totalBudgetMicros}`,
            // An ad served before its advertiser was suspended is not charged after.
            advertiserInGoodStanding(adCampaigns.advertiserId),
          ),
        )
        .returning({
          advertiserId: adCampaigns.advertiserId,
          daily: adCampaigns.dailyBudgetMicros,
          status: adCampaigns.status,
        });
      if (!c) throw new NotCharged('unpaid');
      const day = await tx
        .insert(adCampaignDays)
        .values({ campaignId: serve.campaignId, day: utcDay(now), spentMicros: price, impressions: 1 })
        .onConflictDoUpdate({
          target: [adCampaignDays.campaignId, adCampaignDays.day],
          set: {
            spentMicros: sql`${adCampaignDays.spentMicros} + excluded.spent_micros`,
            impressions: sql`${adCampaignDays.impressions} + 1`,
          },
          setWhere: sql`${adCampaignDays.spentMicros} + excluded.spent_micros <= ${c.daily}`,
        })
        .returning({ day: adCampaignDays.day });
      if (day.length === 0) throw new NotCharged('unpaid');
      const paid = await tx
        .update(adBalances)
        .set({ balanceMicros: sql`${adBalances.balanceMicros} - ${price}` })
        .where(and(eq(adBalances.advertiserId, c.advertiserId), gte(adBalances.balanceMicros, price)))
        .returning({ left: adBalances.balanceMicros });
      if (paid.length === 0) throw new NotCharged('unpaid');
      await tx.insert(adLedger).values({
        advertiserId: c.advertiserId,
        kind: 'spend',
        amountMicros: -price,
        campaignId: serve.campaignId,
        serveId,
        at: now,
      });
      return {
        campaignId: serve.campaignId,
        advertiserId: c.advertiserId,
        price,
        reservedMicros,
        status: c.status,
        listenerKey: serve.listenerKey,
        clientKey: serve.clientKey,
        format: serve.format,
      } satisfies Charged;
    });
    return charged ? { outcome: 'counted', charged } : null;
  } catch (e) {
    if (!(e instanceof NotCharged)) throw e;
    // The charge is undone; the report is kept with why it did not count.
    return (await notCounted(db, serve, e.outcome, now)) ? { outcome: e.outcome, charged: null } : null;
  }
}

/**
 * One quartile report: its first use kept with its outcome (decided by the caller from the serve),
 * and the serve's quartile bit set when it counted. False for a URL used before.
 */
export async function recordQuartile(
  db: Db,
  serve: ServeRow,
  event: Exclude<TrackingEventName, 'impression'>,
  bit: number,
  outcome: AdEventOutcome,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await firstUse(tx, { serveId: serve.id, campaignId: serve.campaignId, event, outcome, at: now })))
      return false;
    if (outcome === 'counted') {
      await tx
        .update(adServes)
        .set({ quartiles: sql`${adServes.quartiles} | ${bit}` })
        .where(eq(adServes.id, serve.id));
    }
    return true;
  });
}

/** Reservations of serves never heard, past their time: released (the sweep; `ad_serves_reserved_idx`). */
export async function releaseLapsedReservations(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(adServes)
    .set({ reservedUntil: null })
    .where(
      and(
        sql`${adServes.reservedUntil} IS NOT NULL`,
        sql`${adServes.reservedUntil} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: adServes.id });
  return rows.length;
}

/** Impression reports filtered as invalid traffic, per campaign (shown to the advertiser, never charged). */
export async function filteredOf(db: Db, campaignIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!campaignIds.length) return out;
  const rows = await db
    .select({ id: adTrackingEvents.campaignId, n: sql<number>`count(*)::int` })
    .from(adTrackingEvents)
    .where(
      and(
        inArray(adTrackingEvents.campaignId, campaignIds),
        eq(adTrackingEvents.event, 'impression'),
        inArray(adTrackingEvents.outcome, [...AD_IVT_REASONS]),
      ),
    )
    .groupBy(adTrackingEvents.campaignId);
  for (const r of rows) out.set(r.id, Number(r.n));
  return out;
}

/** Every tracking report of a serve and what became of it (tests, support). */
export async function eventsOf(db: Db, serveId: string) {
  return db.select().from(adTrackingEvents).where(eq(adTrackingEvents.serveId, serveId));
}

/** Quartile reports of counted impressions, per campaign. */
export interface QuartileCounts {
  firstQuartile: number;
  midpoint: number;
  thirdQuartile: number;
  complete: number;
}

/**
 * How many counted impressions of each campaign reported each quartile (bits of
 * `ad_serves.quartiles`), in one statement over the campaign index. A quartile of a serve that was
 * never counted (too short, capped, over budget) is left out: the figures stay ≤ the impressions.
 */
export async function quartilesOf(db: Db, campaignIds: string[]): Promise<Map<string, QuartileCounts>> {
  const out = new Map<string, QuartileCounts>();
  if (!campaignIds.length) return out;
  const bit = (b: number) => sql<number>`(count(*) FILTER (WHERE (${adServes.quartiles} & ${b}) <> 0))::int`;
  const rows = await db
    .select({
      id: adServes.campaignId,
      firstQuartile: bit(1),
      midpoint: bit(2),
      thirdQuartile: bit(4),
      complete: bit(8),
    })
    .from(adServes)
    .where(
      and(
        inArray(adServes.campaignId, campaignIds),
        sql`${adServes.impressedAt} IS NOT NULL`,
        sql`${adServes.quartiles} <> 0`,
      ),
    )
    .groupBy(adServes.campaignId);
  for (const r of rows) {
    out.set(r.id, {
      firstQuartile: Number(r.firstQuartile),
      midpoint: Number(r.midpoint),
      thirdQuartile: Number(r.thirdQuartile),
      complete: Number(r.complete),
    });
  }
  return out;
}

/** Counts a click once (the serve's first), on the campaign and its day. */
export async function countClick(db: Db, serveId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .update(adServes)
      .set({ clickedAt: now })
      .where(and(eq(adServes.id, serveId), isNull(adServes.clickedAt)))
      .returning();
    if (!s) return false;
    await tx
      .update(adCampaigns)
      .set({ clicks: sql`${adCampaigns.clicks} + 1` })
      .where(eq(adCampaigns.id, s.campaignId));
    await tx
      .insert(adCampaignDays)
      .values({ campaignId: s.campaignId, day: utcDay(now), clicks: 1 })
      .onConflictDoUpdate({
        target: [adCampaignDays.campaignId, adCampaignDays.day],
        set: { clicks: sql`${adCampaignDays.clicks} + 1` },
      });
    return true;
  });
}

/** Per-day figures of an advertiser's campaigns (or one campaign), oldest first. */
export async function daysOf(db: Db, advertiserId: string, campaignId?: string) {
  return db
    .select({
      day: adCampaignDays.day,
      impressions: sql<number>`sum(${adCampaignDays.impressions})::int`,
      clicks: sql<number>`sum(${adCampaignDays.clicks})::int`,
      spentMicros: sql<string>`sum(${adCampaignDays.spentMicros})`,
    })
    .from(adCampaignDays)
    .innerJoin(adCampaigns, eq(adCampaigns.id, adCampaignDays.campaignId))
    .where(and(eq(adCampaigns.advertiserId, advertiserId), campaignId ? eq(adCampaigns.id, campaignId) : undefined))
    .groupBy(adCampaignDays.day)
    .orderBy(asc(adCampaignDays.day));
}

/** Ad impressions counted on a creator's content. */
export async function creatorImpressions(db: Db, creatorId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adServes)
    .where(and(eq(adServes.creatorId, creatorId), sql`${adServes.impressedAt} IS NOT NULL`));
  return r.n;
}

/** Every advertiser with their balance and campaign count (the admins' list). */
export async function listAdvertisers(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      balanceMicros: sql<string>`coalesce(${adBalances.balanceMicros}, 0)`,
      campaigns: sql<number>`(SELECT count(*)::int FROM ${adCampaigns} c WHERE c.advertiser_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(adBalances, eq(adBalances.advertiserId, users.id))
    .where(eq(users.userRole, 'advertiser'))
    .orderBy(asc(users.email))
    .limit(500);
}

/** The admin overview's figure: spend since `since` (a UTC day), in micro-dollars. */
export async function spendSinceMicros(db: Db, since: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${adCampaignDays.spentMicros}), 0)` })
    .from(adCampaignDays)
    .where(gte(adCampaignDays.day, since));
  return Number(row?.total ?? 0);
}
