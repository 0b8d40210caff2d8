import { AFFILIATE_RULES, type AffiliateTierId, type PayoutMethodKind, type PayoutSchedule } from '@wavecast/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliateClicks, affiliateLedger, affiliateReferrals, affiliates, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { entryInPayoutSql } from '../payouts/repo';

// The affiliates module's SQL. Money in integer cents; counts cast to int (PostgreSQL's count is bigint).

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AffiliateRow = typeof affiliates.$inferSelect;
export type ReferralRow = typeof affiliateReferrals.$inferSelect;
export type LedgerRow = typeof affiliateLedger.$inferSelect;

/** The account when it holds the affiliate role (null otherwise). */
export async function findAffiliateUser(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.userRole,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row && row.role === 'affiliate' ? row : null;
}

/** The affiliate's row, made the first time it is needed. */
export async function ensureAffiliate(db: Db, userId: string, at: Date): Promise<AffiliateRow> {
  await db.insert(affiliates).values({ userId, createdAt: at, updatedAt: at }).onConflictDoNothing();
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
}

/** Rows for every account holding the role (the daily run covers affiliates nobody has looked at). */
export async function ensureAllAffiliates(db: Db, at: Date) {
  await db.execute(sql`
    INSERT INTO affiliates (user_id, created_at, updated_at)
    SELECT id, ${at}, ${at} FROM users WHERE user_role = 'affiliate'
    ON CONFLICT DO NOTHING`);
}

export async function updateSettings(
  db: Db,
  userId: string,
  v: {
    schedule: PayoutSchedule;
    method?: { kind: PayoutMethodKind; secret: string; masked: string };
    at: Date;
  },
) {
  await db
    .update(affiliates)
    .set({
      payoutSchedule: v.schedule,
      ...(v.method
        ? { payoutMethodKind: v.method.kind, payoutMethodSecret: v.method.secret, payoutMethodMasked: v.method.masked }
        : {}),
      updatedAt: v.at,
    })
    .where(eq(affiliates.userId, userId));
}

/** Records a click; false when this visitor already clicked this affiliate's link today. */
export async function recordClick(
  db: Db,
  v: { affiliateId: string; visitor: string; day: string; campaign: string | null; at: Date },
): Promise<boolean> {
  const rows = await db.insert(affiliateClicks).values(v).onConflictDoNothing().returning({ id: affiliateClicks.id });
  return rows.length > 0;
}

/** Files the referral of a new account; undefined when the account was already attributed. */
export async function insertReferral(
  db: Db,
  v: {
    affiliateId: string;
    referredUserId: string;
    campaign: string | null;
    signupIp: string | null;
    clickedAt: Date;
    at: Date;
  },
): Promise<ReferralRow | undefined> {
  let flagged = false;
  if (v.signupIp) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS n FROM affiliate_referrals
        WHERE signup_ip = ${v.signupIp} AND created_at > ${new Date(v.at.getTime() - DAY_MS)}`),
    );
    flagged = n + 1 >= AFFILIATE_RULES.flagSignupsPerIp;
  }
  try {
    const [row] = await db
      .insert(affiliateReferrals)
      .values({
        affiliateId: v.affiliateId,
        referredUserId: v.referredUserId,
        campaign: v.campaign,
        signupIp: v.signupIp,
        flagged,
        clickedAt: v.clickedAt,
        createdAt: v.at,
      })
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) return undefined;
    throw e;
  }
}

/**
 * Referrals (not voided) with a subscription payment or refund not booked yet: their ledger is
 * brought up to the rule (commission-rule.ts) by the next booking.
 */
export async function referralsToBook(db: Db, opts: { affiliateId?: string; limit: number }) {
  const only = opts.affiliateId ? sql`AND r.affiliate_id = ${opts.affiliateId}` : sql``;
  return rowsOf<{ id: string; affiliate_id: string; referred_user_id: string; tier: AffiliateTierId }>(
    await db.execute(sql`
      SELECT r.id, r.affiliate_id, r.referred_user_id, COALESCE(a.tier, 'bronze') AS tier
      FROM affiliate_referrals r
      LEFT JOIN affiliates a ON a.user_id = r.affiliate_id
      WHERE r.voided_at IS NULL ${only}
        AND EXISTS (SELECT 1 FROM payments p
                    WHERE p.user_id = r.referred_user_id AND p.purpose = 'subscription' AND p.kind IN ('paid', 'refunded')
                      AND NOT EXISTS (SELECT 1 FROM affiliate_ledger l WHERE l.payment_id = p.id))
      ORDER BY r.created_at, r.id
      LIMIT ${opts.limit}`),
  );
}

/** A referred account's subscription payments and refunds (billing's ledger, read only). */
export async function subscriptionPayments(db: Db, userId: string) {
  const rows = rowsOf<{
    id: string;
    kind: 'paid' | 'refunded';
    amount_cents: number;
    occurred_at: Date | string;
    invoice_id: string | null;
  }>(
    await db.execute(sql`
      SELECT id, kind, amount_cents, occurred_at, invoice_id FROM payments
      WHERE user_id = ${userId} AND purpose = 'subscription' AND kind IN ('paid', 'refunded')`),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amountCents: r.amount_cents,
    occurredAt: new Date(r.occurred_at),
    invoiceId: r.invoice_id,
  }));
}

/** A referral's commission and reversal entries as booked so far. */
export async function bookedEntries(db: Db, referralId: string) {
  const rows = rowsOf<{ kind: 'commission' | 'reversal'; payment_id: string; amount_cents: number; rate_bps: number }>(
    await db.execute(sql`
      SELECT kind, payment_id, amount_cents, rate_bps FROM affiliate_ledger
      WHERE referral_id = ${referralId} AND kind IN ('commission', 'reversal') AND payment_id IS NOT NULL`),
  );
  return rows.map((r) => ({ kind: r.kind, paymentId: r.payment_id, amountCents: r.amount_cents, rateBps: r.rate_bps }));
}

/** Appends a ledger entry; false when it was there already (a payment's commission is booked once). */
export async function insertEntry(db: Db, v: typeof affiliateLedger.$inferInsert): Promise<boolean> {
  const rows = await db.insert(affiliateLedger).values(v).onConflictDoNothing().returning({ id: affiliateLedger.id });
  return rows.length > 0;
}

/** Active referrals per affiliate: referred accounts (not deleted) that paid for a subscription lately, net of refunds. */
const activeSql = (now: Date) => sql`
  EXISTS (SELECT 1 FROM users u WHERE u.id = r.referred_user_id)
  AND (SELECT COALESCE(sum(q.amount_cents), 0) FROM payments q
       WHERE q.user_id = r.referred_user_id AND q.purpose = 'subscription' AND q.kind IN ('paid', 'refunded')
         AND q.occurred_at > ${new Date(now.getTime() - AFFILIATE_RULES.activeDays * DAY_MS)}
         AND q.occurred_at <= ${now}) > 0`;

export async function activeCounts(db: Db, now: Date, affiliateId?: string) {
  const only = affiliateId ? sql`AND r.affiliate_id = ${affiliateId}` : sql``;
  return rowsOf<{ affiliate_id: string; n: number }>(
    await db.execute(sql`
      SELECT r.affiliate_id, count(*)::int AS n FROM affiliate_referrals r
      WHERE ${activeSql(now)} ${only} GROUP BY r.affiliate_id`),
  );
}

export async function listAffiliates(db: Db) {
  return db.select().from(affiliates);
}

export async function setTier(db: Db, userId: string, v: { tier: AffiliateTierId; active: number; at: Date }) {
  await db
    .update(affiliates)
    .set({ tier: v.tier, activeReferrals: v.active, tierAt: v.at, updatedAt: v.at })
    .where(eq(affiliates.userId, userId));
}

/** The affiliate's referrals with the referred account (null: deleted), whether active, and what each earned. */
export async function referralsOf(db: Db, affiliateId: string, now: Date) {
  return rowsOf<{
    id: string;
    referred_user_id: string;
    display_name: string | null;
    email: string | null;
    deleted: boolean;
    campaign: string | null;
    flagged: boolean;
    voided: boolean;
    active: boolean;
    earned: number;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT r.id, r.referred_user_id, u.display_name, u.email, (u.id IS NULL) AS deleted, r.campaign, r.flagged,
             (${activeSql(now)}) AS active,
             COALESCE((SELECT sum(l.amount_cents) FROM affiliate_ledger l
                       WHERE l.referral_id = r.id AND l.kind IN ('commission', 'reversal', 'void')), 0)::int AS earned,
             (r.voided_at IS NOT NULL) AS voided,
             r.created_at
      FROM affiliate_referrals r LEFT JOIN users u ON u.id = r.referred_user_id
      WHERE r.affiliate_id = ${affiliateId}
      ORDER BY r.created_at DESC`),
  );
}

/** Earned entries (commissions, reversals, voids; not the 0 ones) with their state now. */
export async function entriesOf(db: Db, affiliateId: string, now: Date) {
  return rowsOf<{
    id: string;
    kind: 'commission' | 'reversal' | 'void';
    amount_cents: number;
    payment_cents: number;
    rate_bps: number;
    referral_id: string;
    occurred_at: Date | string;
    payable_at: Date | string;
    status: 'held' | 'voided' | 'pending' | 'payable' | 'processing' | 'paid';
  }>(
    await db.execute(sql`
      SELECT l.id, l.kind, l.amount_cents, l.payment_cents, l.rate_bps, l.referral_id, l.occurred_at, l.payable_at,
        CASE
          WHEN EXISTS (SELECT 1 FROM affiliate_ledger p WHERE p.kind = 'paid' AND p.ref_entry_id = l.id) THEN 'paid'
          WHEN EXISTS (SELECT 1 FROM affiliate_payout_items i JOIN affiliate_payouts o ON o.id = i.payout_id
                       WHERE i.entry_id = l.id AND o.payee_kind = 'affiliate'
                         AND o.status IN ('requested', 'batched')) THEN 'processing'
          WHEN r.voided_at IS NOT NULL THEN 'voided'
          WHEN r.flagged THEN 'held'
          WHEN l.payable_at > ${now} THEN 'pending'
          ELSE 'payable'
        END AS status
      FROM affiliate_ledger l JOIN affiliate_referrals r ON r.id = l.referral_id
      WHERE l.affiliate_id = ${affiliateId} AND l.kind IN ('commission', 'reversal', 'void')
        AND l.amount_cents <> 0 -- bookkeeping only: a payment outside the window, a refund held
      ORDER BY l.occurred_at DESC, l.created_at DESC`),
  );
}

/**
 * Entries payable now and in no open or paid payout (locked by the caller's transaction). A flagged
 * referral's entries are held; a voided referral's never pay.
 */
export async function payableEntries(db: Db, affiliateId: string, now: Date) {
  return rowsOf<{ id: string; amount_cents: number }>(
    await db.execute(sql`
      SELECT l.id, l.amount_cents FROM affiliate_ledger l JOIN affiliate_referrals r ON r.id = l.referral_id
      WHERE l.affiliate_id = ${affiliateId} AND l.kind IN ('commission', 'reversal') AND l.payable_at <= ${now}
        AND NOT r.flagged AND r.voided_at IS NULL
        AND NOT ${entryInPayoutSql('affiliate', sql`l.id`)}`),
  );
}

/** Takes a referral's lock for the transaction (refunds of one referral are booked one at a time). */
export async function lockReferral(db: Db, referralId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`affiliate-referral:${referralId}`}))`);
}

/** Voids a flagged referral; undefined when it was not flagged (decided already). */
export async function voidReferral(db: Db, id: string, at: Date) {
  const [row] = await db
    .update(affiliateReferrals)
    .set({ flagged: false, voidedAt: at })
    .where(and(eq(affiliateReferrals.id, id), eq(affiliateReferrals.flagged, true)))
    .returning();
  return row;
}

/** What a referral earned net (commissions, reversals, voids). */
export async function referralNet(db: Db, referralId: string): Promise<number> {
  const [row] = rowsOf<{ net: number }>(
    await db.execute(sql`
      SELECT COALESCE(sum(amount_cents), 0)::int AS net FROM affiliate_ledger
      WHERE referral_id = ${referralId} AND kind IN ('commission', 'reversal', 'void')`),
  );
  return row?.net ?? 0;
}

/** A paid payout's entries, each marked paid by its own ledger entry. */
export async function markEntriesPaid(db: Db, payout: { id: string }, at: Date) {
  await db.execute(sql`
    INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, payment_cents, tier, rate_bps,
                                  ref_entry_id, payout_id, occurred_at, payable_at, created_at)
    SELECT l.affiliate_id, 'paid', l.amount_cents, l.referral_id, 0, l.tier, l.rate_bps, l.id, ${payout.id}, ${at}, ${at}, ${at}
    FROM affiliate_payout_items i JOIN affiliate_ledger l ON l.id = i.entry_id
    WHERE i.payout_id = ${payout.id}
    ON CONFLICT DO NOTHING`);
}

/** Per affiliate: its flagged referrals (held commissions an admin should look at before paying). */
export async function flaggedCounts(db: Db, affiliateIds: string[]): Promise<Map<string, number>> {
  if (affiliateIds.length === 0) return new Map();
  const rows = rowsOf<{ affiliate_id: string; n: number }>(
    await db.execute(sql`
      SELECT affiliate_id, count(*)::int AS n FROM affiliate_referrals
      WHERE flagged AND affiliate_id IN (${sql.join(
        affiliateIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY affiliate_id`),
  );
  return new Map(rows.map((r) => [r.affiliate_id, r.n]));
}

/** Clicks, sign-ups and paying referrals per day and per campaign tag since `since`. */
export async function funnel(db: Db, affiliateId: string, since: Date) {
  const days = rowsOf<{ day: string; clicks: number; signups: number; paying: number }>(
    await db.execute(sql`
      WITH c AS (SELECT day, count(*)::int AS n FROM affiliate_clicks WHERE affiliate_id = ${affiliateId} AND at >= ${since} GROUP BY day),
           s AS (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n,
                        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM affiliate_ledger l WHERE l.referral_id = r.id AND l.kind = 'commission'))::int AS p
                 FROM affiliate_referrals r WHERE affiliate_id = ${affiliateId} AND created_at >= ${since} GROUP BY 1)
      SELECT COALESCE(c.day, s.day) AS day, COALESCE(c.n, 0) AS clicks, COALESCE(s.n, 0) AS signups, COALESCE(s.p, 0) AS paying
      FROM c FULL JOIN s ON s.day = c.day ORDER BY 1`),
  );
  const campaigns = rowsOf<{ campaign: string | null; clicks: number; signups: number; paying: number }>(
    await db.execute(sql`
      WITH c AS (SELECT campaign, count(*)::int AS n FROM affiliate_clicks WHERE affiliate_id = ${affiliateId} GROUP BY campaign),
           s AS (SELECT campaign, count(*)::int AS n,
                        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM affiliate_ledger l WHERE l.referral_id = r.id AND l.kind = 'commission'))::int AS p
                 FROM affiliate_referrals r WHERE affiliate_id = ${affiliateId} GROUP BY campaign)
      SELECT COALESCE(c.campaign, s.campaign) AS campaign, COALESCE(c.n, 0) AS clicks, COALESCE(s.n, 0) AS signups, COALESCE(s.p, 0) AS paying
      FROM c FULL JOIN s ON COALESCE(s.campaign, '') = COALESCE(c.campaign, '') ORDER BY 2 DESC, 3 DESC`),
  );
  return { days, campaigns };
}

/** Referrals flagged for admins (many sign-ups from one address), newest first. */
export async function flaggedReferrals(db: Db) {
  return rowsOf<{
    id: string;
    affiliate_id: string;
    affiliate_email: string | null;
    affiliate_name: string | null;
    referred_email: string | null;
    signup_ip: string | null;
    campaign: string | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT r.id, r.affiliate_id, a.email AS affiliate_email, a.display_name AS affiliate_name,
             u.email AS referred_email, r.signup_ip, r.campaign, r.created_at
      FROM affiliate_referrals r
      LEFT JOIN users a ON a.id = r.affiliate_id
      LEFT JOIN users u ON u.id = r.referred_user_id
      WHERE r.flagged ORDER BY r.created_at DESC LIMIT 200`),
  );
}

/** Clears a referral's flag; undefined when it was not flagged (cleared already). */
export async function clearFlag(db: Db, id: string) {
  const [row] = await db
    .update(affiliateReferrals)
    .set({ flagged: false })
    .where(and(eq(affiliateReferrals.id, id), eq(affiliateReferrals.flagged, true)))
    .returning();
  return row;
}
