import { AFFILIATE_RULES, type AffiliateTierId, type PayoutSchedule, type PayoutStatus } from '@wavecast/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  affiliateClicks,
  affiliateLedger,
  affiliatePayoutItems,
  affiliatePayouts,
  affiliateReferrals,
  affiliates,
  users,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';

// The affiliates module's SQL. Money in integer cents; counts cast to int (PostgreSQL's count is bigint).

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AffiliateRow = typeof affiliates.$inferSelect;
export type ReferralRow = typeof affiliateReferrals.$inferSelect;
export type LedgerRow = typeof affiliateLedger.$inferSelect;
export type PayoutRow = typeof affiliatePayouts.$inferSelect;

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
    method?: { kind: 'paypal' | 'bank'; secret: string; masked: string };
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

export interface PaymentCandidate {
  payment_id: string;
  kind: 'paid' | 'refunded';
  amount_cents: number;
  occurred_at: Date;
  referral_id: string;
  affiliate_id: string;
  tier: AffiliateTierId;
}

/**
 * Subscription payments of referred accounts not yet booked: paid ones within 12 months of the
 * account's first paid payment, and every refund. (A referred account is new at its referral: it
 * has no payments from before; the provider's times and the app's clock need not be compared.)
 */
export async function unbookedPayments(db: Db, opts: { affiliateId?: string; limit: number }) {
  const only = opts.affiliateId ? sql`AND r.affiliate_id = ${opts.affiliateId}` : sql``;
  const rows = rowsOf<PaymentCandidate & { occurred_at: Date | string }>(
    await db.execute(sql`
      SELECT p.id AS payment_id, p.kind, p.amount_cents, p.occurred_at, r.id AS referral_id, r.affiliate_id,
             COALESCE(a.tier, 'bronze') AS tier
      FROM payments p
      JOIN affiliate_referrals r ON r.referred_user_id = p.user_id
      LEFT JOIN affiliates a ON a.user_id = r.affiliate_id
      WHERE p.purpose = 'subscription' AND p.kind IN ('paid', 'refunded')
        AND NOT EXISTS (SELECT 1 FROM affiliate_ledger l WHERE l.payment_id = p.id)
        AND (p.kind = 'refunded' OR p.occurred_at < (
          SELECT min(q.occurred_at) FROM payments q
          WHERE q.user_id = p.user_id AND q.purpose = 'subscription' AND q.kind = 'paid'
        ) + make_interval(months => ${AFFILIATE_RULES.commissionMonths}))
        ${only}
      ORDER BY p.occurred_at, p.id
      LIMIT ${opts.limit}`),
  );
  return rows.map((r) => ({ ...r, occurred_at: new Date(r.occurred_at) }));
}

/** What a refund may still take back on a referral: the latest commission's rate and the net booked. */
export async function reversible(db: Db, referralId: string, before: Date) {
  const [row] = rowsOf<{ rate_bps: number | null; net: number }>(
    await db.execute(sql`
      SELECT (SELECT rate_bps FROM affiliate_ledger WHERE referral_id = ${referralId} AND kind = 'commission'
                AND occurred_at <= ${before} ORDER BY occurred_at DESC LIMIT 1) AS rate_bps,
             COALESCE((SELECT sum(amount_cents) FROM affiliate_ledger WHERE referral_id = ${referralId}
                AND kind IN ('commission', 'reversal')), 0)::int AS net`),
  );
  return { rateBps: row?.rate_bps ?? null, net: row?.net ?? 0 };
}

/** Appends a ledger entry booked from a payment; false when that payment was booked already. */
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
    active: boolean;
    earned: number;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT r.id, r.referred_user_id, u.display_name, u.email, (u.id IS NULL) AS deleted, r.campaign, r.flagged,
             (${activeSql(now)}) AS active,
             COALESCE((SELECT sum(l.amount_cents) FROM affiliate_ledger l
                       WHERE l.referral_id = r.id AND l.kind IN ('commission', 'reversal')), 0)::int AS earned,
             r.created_at
      FROM affiliate_referrals r LEFT JOIN users u ON u.id = r.referred_user_id
      WHERE r.affiliate_id = ${affiliateId}
      ORDER BY r.created_at DESC`),
  );
}

/** Earned entries (commissions and reversals) with their state now. */
export async function entriesOf(db: Db, affiliateId: string, now: Date) {
  return rowsOf<{
    id: string;
    kind: 'commission' | 'reversal';
    amount_cents: number;
    payment_cents: number;
    rate_bps: number;
    referral_id: string;
    occurred_at: Date | string;
    payable_at: Date | string;
    status: 'pending' | 'payable' | 'processing' | 'paid';
  }>(
    await db.execute(sql`
      SELECT l.id, l.kind, l.amount_cents, l.payment_cents, l.rate_bps, l.referral_id, l.occurred_at, l.payable_at,
        CASE
          WHEN EXISTS (SELECT 1 FROM affiliate_ledger p WHERE p.kind = 'paid' AND p.ref_entry_id = l.id) THEN 'paid'
          WHEN EXISTS (SELECT 1 FROM affiliate_payout_items i JOIN affiliate_payouts o ON o.id = i.payout_id
                       WHERE i.entry_id = l.id AND o.status = 'due') THEN 'processing'
          WHEN l.payable_at > ${now} THEN 'pending'
          ELSE 'payable'
        END AS status
      FROM affiliate_ledger l
      WHERE l.affiliate_id = ${affiliateId} AND l.kind IN ('commission', 'reversal')
      ORDER BY l.occurred_at DESC, l.created_at DESC`),
  );
}

/** Entries payable now and in no open or paid payout (locked by the caller's transaction). */
export async function payableEntries(db: Db, affiliateId: string, now: Date) {
  return rowsOf<{ id: string; amount_cents: number }>(
    await db.execute(sql`
      SELECT l.id, l.amount_cents FROM affiliate_ledger l
      WHERE l.affiliate_id = ${affiliateId} AND l.kind IN ('commission', 'reversal') AND l.payable_at <= ${now}
        AND NOT EXISTS (SELECT 1 FROM affiliate_payout_items i JOIN affiliate_payouts o ON o.id = i.payout_id
                        WHERE i.entry_id = l.id AND o.status IN ('due', 'paid'))`),
  );
}

/** Takes a referral's lock for the transaction (refunds of one referral are booked one at a time). */
export async function lockReferral(db: Db, referralId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`affiliate-referral:${referralId}`}))`);
}

/** Takes the affiliate's payout lock for the transaction (two runs at once: one waits, then sees the payout). */
export async function lockAffiliate(db: Db, affiliateId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`affiliate-payout:${affiliateId}`}))`);
}

/** Creates the period's payout with its entries; undefined when the period has one already. */
export async function insertPayout(
  db: Db,
  v: {
    affiliateId: string;
    period: string;
    amountCents: number;
    methodKind: 'paypal' | 'bank' | null;
    methodMasked: string | null;
    entryIds: string[];
    at: Date;
  },
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .insert(affiliatePayouts)
    .values({
      affiliateId: v.affiliateId,
      period: v.period,
      amountCents: v.amountCents,
      methodKind: v.methodKind,
      methodMasked: v.methodMasked,
      createdAt: v.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await db.insert(affiliatePayoutItems).values(v.entryIds.map((entryId) => ({ payoutId: row.id, entryId })));
  return row;
}

export async function payoutsOf(db: Db, affiliateId: string) {
  return db
    .select()
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.affiliateId, affiliateId))
    .orderBy(desc(affiliatePayouts.createdAt));
}

export async function findPayoutForUpdate(db: Db, id: string) {
  const [row] = await db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id)).for('update');
  return row;
}

/** Moves a payout out of `due`; undefined when it was decided already. */
export async function decidePayout(
  db: Db,
  id: string,
  v: { status: Exclude<PayoutStatus, 'due'>; reference: string | null; note: string | null; by: string; at: Date },
) {
  const [row] = await db
    .update(affiliatePayouts)
    .set({ status: v.status, reference: v.reference, note: v.note, decidedBy: v.by, decidedAt: v.at })
    .where(and(eq(affiliatePayouts.id, id), eq(affiliatePayouts.status, 'due')))
    .returning();
  return row;
}

/** A paid payout's entries, each marked paid by its own ledger entry. */
export async function markEntriesPaid(db: Db, payout: PayoutRow, at: Date) {
  await db.execute(sql`
    INSERT INTO affiliate_ledger (affiliate_id, kind, amount_cents, referral_id, payment_cents, tier, rate_bps,
                                  ref_entry_id, payout_id, occurred_at, payable_at, created_at)
    SELECT l.affiliate_id, 'paid', l.amount_cents, l.referral_id, 0, l.tier, l.rate_bps, l.id, ${payout.id}, ${at}, ${at}, ${at}
    FROM affiliate_payout_items i JOIN affiliate_ledger l ON l.id = i.entry_id
    WHERE i.payout_id = ${payout.id}
    ON CONFLICT DO NOTHING`);
}

/** Payouts waiting for an admin, with the affiliate and how many of their referrals are flagged. */
export async function duePayouts(db: Db) {
  return rowsOf<{
    id: string;
    affiliate_id: string;
    email: string | null;
    display_name: string | null;
    period: string;
    amount_cents: number;
    status: PayoutStatus;
    method_kind: 'paypal' | 'bank' | null;
    method_masked: string | null;
    reference: string | null;
    created_at: Date | string;
    decided_at: Date | string | null;
    flagged: number;
  }>(
    await db.execute(sql`
      SELECT o.*, u.email, u.display_name,
             (SELECT count(*)::int FROM affiliate_referrals r WHERE r.affiliate_id = o.affiliate_id AND r.flagged) AS flagged
      FROM affiliate_payouts o LEFT JOIN users u ON u.id = o.affiliate_id
      WHERE o.status = 'due' ORDER BY o.created_at LIMIT 200`),
  );
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

/** The admin overview's figure: what payouts waiting to be paid add up to. */
export async function payoutsDueCents(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${affiliatePayouts.amountCents}), 0)` })
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.status, 'due'));
  return Number(row?.total ?? 0);
}
