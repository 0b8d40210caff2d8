import {
  AFFILIATE_MESSAGES,
  AFFILIATE_RULES,
  AFFILIATE_TIERS,
  type AffiliateTierId,
  commissionCents,
  type TPayoutMethodInput,
  type TPayoutSettingsInput,
  tierFor,
} from '@wavecast/shared';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { serverSecret } from '../../lib/server-secret';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import {
  attributionCookie,
  cleanCampaign,
  isBot,
  isPlausibleId,
  readCookie,
  safeRedirect,
  sameMailbox,
  signAttribution,
  utcDay,
  verifyAttribution,
  visitorKey,
} from './link';
import { canMovePayout, payoutPeriod } from './payouts';
import * as repo from './repo';

/** Payouts created and not paid yet (the admin overview's figure). */
export const affiliatePayoutsDueCents = (ctx: AppContext) => repo.payoutsDueCents(ctx.database.db);

const DAY_MS = 24 * 60 * 60 * 1000;

interface AttributionInput {
  userId: string;
  email: string;
  cookieHeader: string | null | undefined;
  ip: string | null;
}
const BATCH = 200;

export const tierById = (id: AffiliateTierId) => AFFILIATE_TIERS.find((t) => t.id === id) ?? AFFILIATE_TIERS[0];

/** What a payout method shows: never the details themselves. */
export function maskMethod(m: TPayoutMethodInput): string {
  if (m.kind === 'paypal') {
    const [local, domain] = m.email.split('@');
    return `PayPal ${local.slice(0, 1)}***@${domain}`;
  }
  const digits = m.accountNumber.replace(/\s/g, '');
  return `Bank account ••••${digits.slice(-4)}`;
}

/**
 * Affiliates (ADR 0013): the /ref link and its signed cookie, attribution at sign-up, commissions
 * booked from billing's payments ledger, tiers, payouts and what the affiliate and admins read.
 */
export const affiliatesService = perApp(makeAffiliatesService);

function makeAffiliatesService(ctx: AppContext) {
  const db = ctx.database.db;
  let key: string | undefined;
  /** The server secret, read once per service (it may live in a file). */
  const secret = () => {
    key ??= serverSecret(ctx.config);
    return key;
  };
  const secure = ctx.config.PUBLIC_URL.startsWith('https:');

  /** Books every unbooked subscription payment of referred accounts (all, or one affiliate's). */
  async function bookCommissions(affiliateId?: string): Promise<number> {
    let booked = 0;
    for (;;) {
      const batch = await repo.unbookedPayments(db, { affiliateId, limit: BATCH });
      if (batch.length === 0) return booked;
      const at = ctx.clock.now();
      for (const p of batch) {
        if (p.kind === 'paid') {
          const tier = tierById(p.tier);
          const ok = await repo.insertEntry(db, {
            affiliateId: p.affiliate_id,
            kind: 'commission',
            amountCents: commissionCents(p.amount_cents, tier.rateBps),
            referralId: p.referral_id,
            paymentId: p.payment_id,
            paymentCents: p.amount_cents,
            tier: tier.id,
            rateBps: tier.rateBps,
            occurredAt: p.occurred_at,
            payableAt: new Date(p.occurred_at.getTime() + AFFILIATE_RULES.refundWindowDays * DAY_MS),
            createdAt: at,
          });
          if (ok) booked++;
        } else {
          // A refund takes back the commission on what was refunded, at the rate it was booked at,
          // never more than the referral earned (a refund with nothing to take back is recorded as 0).
          // Under the referral's lock: two refunds booked at once cannot both take the same cents.
          const ok = await db.transaction(async (tx) => {
            await repo.lockReferral(tx, p.referral_id);
            const { rateBps, net } = await repo.reversible(tx, p.referral_id, p.occurred_at);
            const take =
              rateBps === null ? 0 : Math.min(commissionCents(Math.abs(p.amount_cents), rateBps), Math.max(net, 0));
            return repo.insertEntry(tx, {
              affiliateId: p.affiliate_id,
              kind: 'reversal',
              amountCents: take === 0 ? 0 : -take,
              referralId: p.referral_id,
              paymentId: p.payment_id,
              paymentCents: p.amount_cents,
              rateBps: rateBps ?? 0,
              occurredAt: p.occurred_at,
              payableAt: p.occurred_at,
              createdAt: at,
            });
          });
          if (ok) booked++;
        }
      }
      if (batch.length < BATCH) return booked;
    }
  }

  async function attribute(v: AttributionInput) {
    const now = ctx.clock.now();
    const a = verifyAttribution(secret(), readCookie(v.cookieHeader), now);
    if (!a) return 'none' as const;
    const affiliate = await repo.findAffiliateUser(db, a.affiliateId);
    if (!affiliate) return 'none' as const;
    if (affiliate.id === v.userId || sameMailbox(affiliate.email, v.email)) return 'self' as const;
    await repo.ensureAffiliate(db, affiliate.id, now);
    const row = await repo.insertReferral(db, {
      affiliateId: affiliate.id,
      referredUserId: v.userId,
      campaign: a.campaign,
      signupIp: v.ip,
      clickedAt: a.clickedAt,
      at: now,
    });
    return row ? ('attributed' as const) : ('none' as const);
  }

  async function methodOf(row: repo.AffiliateRow) {
    return row.payoutMethodKind && row.payoutMethodMasked
      ? { kind: row.payoutMethodKind, masked: row.payoutMethodMasked }
      : null;
  }

  return {
    bookCommissions,

    /**
     * A click on /ref/{id}: for an affiliate, the signed cookie (last click wins) and the click
     * (once per visitor a day, bots not counted); for anything else, `/` and nothing set.
     */
    async click(q: { id: string; campaign: unknown; to: unknown; ua: string | undefined; ip: string }) {
      if (!isPlausibleId(q.id)) return { location: '/', cookie: null };
      const affiliate = await repo.findAffiliateUser(db, q.id);
      if (!affiliate) return { location: '/', cookie: null };
      const at = ctx.clock.now();
      const campaign = cleanCampaign(q.campaign);
      await repo.ensureAffiliate(db, affiliate.id, at);
      const counted =
        !isBot(q.ua) &&
        (await repo.recordClick(db, {
          affiliateId: affiliate.id,
          visitor: visitorKey(secret(), q.ip, q.ua ?? ''),
          day: utcDay(at),
          campaign,
          at,
        }));
      const value = signAttribution(secret(), { affiliateId: affiliate.id, campaign, clickedAt: at });
      return { location: safeRedirect(q.to), cookie: attributionCookie(value, secure), counted };
    },

    /**
     * Attributes a new account to the affiliate of its cookie (inside the window, signature valid,
     * still an affiliate, not the affiliate's own account or mailbox). Never throws at sign-up.
     */
    async attributeSignUp(v: AttributionInput): Promise<'attributed' | 'self' | 'none' | 'error'> {
      try {
        return await attribute(v);
      } catch {
        // The sign-up itself must not fail for its attribution (the database refused: nothing attributed).
        return 'error';
      }
    },

    /** Daily: each affiliate's tier from its active referrals now (applies to payments booked from then on). */
    async recomputeTiers(): Promise<number> {
      const now = ctx.clock.now();
      await repo.ensureAllAffiliates(db, now);
      const counts = new Map((await repo.activeCounts(db, now)).map((r) => [r.affiliate_id, r.n]));
      const all = await repo.listAffiliates(db);
      for (const a of all) {
        const active = counts.get(a.userId) ?? 0;
        await repo.setTier(db, a.userId, { tier: tierFor(active).id, active, at: now });
      }
      return all.length;
    },

    /**
     * Creates the payouts due now: one per affiliate with a payout method whose payable balance is
     * at least the minimum, at most one per period of its schedule. Per affiliate, under its lock
     * and the period's unique key: two runs at once create one payout.
     */
    async runPayouts(): Promise<number> {
      await bookCommissions();
      const now = ctx.clock.now();
      let created = 0;
      for (const a of await repo.listAffiliates(db)) {
        if (!a.payoutMethodKind) continue;
        const made = await db.transaction(async (tx) => {
          await repo.lockAffiliate(tx, a.userId);
          const entries = await repo.payableEntries(tx, a.userId, now);
          const total = entries.reduce((s, e) => s + e.amount_cents, 0);
          if (total < AFFILIATE_RULES.minPayoutCents) return false;
          const row = await repo.insertPayout(tx, {
            affiliateId: a.userId,
            period: payoutPeriod(a.payoutSchedule, now),
            amountCents: total,
            methodKind: a.payoutMethodKind,
            methodMasked: a.payoutMethodMasked,
            entryIds: entries.map((e) => e.id),
            at: now,
          });
          return Boolean(row);
        });
        if (made) created++;
      }
      return created;
    },

    /** The signed-in affiliate's dashboard, current: their payments are booked first. */
    async dashboard(user: SessionUser) {
      await bookCommissions(user.id);
      const now = ctx.clock.now();
      const row = await repo.ensureAffiliate(db, user.id, now);
      const [referrals, entries, payouts] = await Promise.all([
        repo.referralsOf(db, user.id, now),
        repo.entriesOf(db, user.id, now),
        repo.payoutsOf(db, user.id),
      ]);
      const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      const sum = (f: (e: (typeof entries)[number]) => boolean) =>
        entries.filter(f).reduce((s, e) => s + e.amount_cents, 0);
      return {
        affiliate: row,
        tier: tierById(row.tier),
        method: await methodOf(row),
        referrals,
        entries,
        payouts,
        stats: {
          totalReferrals: referrals.length,
          activeReferrals: referrals.filter((r) => r.active).length,
          totalEarningsCents: sum(() => true),
          thisMonthCents: sum((e) => new Date(e.occurred_at).getTime() >= monthStart),
          pendingCents: sum((e) => e.status === 'pending'),
          payableCents: sum((e) => e.status === 'payable'),
          paidCents: sum((e) => e.status === 'paid'),
        },
      };
    },

    async analytics(user: SessionUser) {
      const since = new Date(ctx.clock.now().getTime() - 90 * DAY_MS);
      return repo.funnel(db, user.id, since);
    },

    /** Payout schedule and method; the method is stored encrypted, only its masked form is kept in clear. */
    async saveSettings(user: SessionUser, input: TPayoutSettingsInput) {
      const at = ctx.clock.now();
      await repo.ensureAffiliate(db, user.id, at);
      const method = input.method
        ? {
            kind: input.method.kind,
            secret: await symmetricEncrypt({ key: secret(), data: JSON.stringify(input.method) }),
            masked: maskMethod(input.method),
          }
        : undefined;
      await repo.updateSettings(db, user.id, { schedule: input.schedule, method, at });
    },

    /** The method's details, decrypted (for the payout run's operator; never sent to a browser). */
    async methodDetails(userId: string): Promise<TPayoutMethodInput | null> {
      const row = await repo.ensureAffiliate(db, userId, ctx.clock.now());
      if (!row.payoutMethodSecret) return null;
      return JSON.parse(await symmetricDecrypt({ key: secret(), data: row.payoutMethodSecret }));
    },

    /** /profile/affiliate/:id: an affiliate's own page; unknown or not an affiliate: 404, someone else's: 403. */
    async profile(viewer: SessionUser, id: string) {
      const affiliate = isPlausibleId(id) ? await repo.findAffiliateUser(db, id) : null;
      if (!affiliate) throw new AppError('NOT_FOUND', AFFILIATE_MESSAGES.notFound);
      if (viewer.id !== affiliate.id) throw forbidden();
      const row = await repo.ensureAffiliate(db, affiliate.id, ctx.clock.now());
      return { ...affiliate, tier: tierById(row.tier) };
    },

    duePayouts: () => repo.duePayouts(db),

    flaggedReferrals: () => repo.flaggedReferrals(db),

    /** An admin has looked at a flagged referral and keeps it: the flag goes, one audit entry. */
    async clearFlag(admin: SessionUser, id: string) {
      const at = ctx.clock.now();
      await db.transaction(async (tx) => {
        const row = await repo.clearFlag(tx, id);
        if (!row) throw notFound('Flagged referral');
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'referral.unflag',
          targetType: 'referral',
          targetId: id,
          before: { flagged: true },
          after: { flagged: false, affiliateId: row.affiliateId, signupIp: row.signupIp },
          at,
        });
      });
    },

    /** An admin marks a due payout paid (reference) or failed; step-up; one audit entry, in its transaction. */
    async decidePayout(
      admin: SessionUser,
      id: string,
      d: { status: 'paid'; reference: string } | { status: 'failed'; note?: string },
    ) {
      const at = ctx.clock.now();
      return db.transaction(async (tx) => {
        const found = await repo.findPayoutForUpdate(tx, id);
        if (!found) throw notFound('Payout');
        if (!canMovePayout(found.status, d.status)) throw conflict(AFFILIATE_MESSAGES.payoutDecided);
        const decided = await repo.decidePayout(tx, id, {
          status: d.status,
          reference: d.status === 'paid' ? d.reference : null,
          note: d.status === 'failed' ? d.note || null : null,
          by: admin.id,
          at,
        });
        if (!decided) throw conflict(AFFILIATE_MESSAGES.payoutDecided);
        if (decided.status === 'paid') await repo.markEntriesPaid(tx, decided, at);
        await recordAudit(tx, {
          actorId: admin.id,
          action: `payout.${decided.status}`,
          targetType: 'payout',
          targetId: id,
          before: { status: found.status },
          after: {
            status: decided.status,
            affiliateId: decided.affiliateId,
            amountCents: decided.amountCents,
            reference: decided.reference,
            note: decided.note,
          },
          at,
        });
        return decided;
      });
    },
  };
}
