import {
  AFFILIATE_MESSAGES,
  AFFILIATE_RULES,
  AFFILIATE_TIERS,
  type AffiliateTierId,
  effectiveSchedule,
  scheduleAllowed,
  type TPayoutMethodInput,
  type TPayoutSettingsInput,
  tierFor,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { serverSecret } from '../../lib/server-secret';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import { maskMethod, openMethod } from '../payouts/method';
import { registerPayeeKind } from '../payouts/payee-kinds';
import { payoutsService } from '../payouts/service';
import { planEntries } from './commission-rule';
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
import * as repo from './repo';

// On the shared payout rail (ADR 0054): a paid payout marks its commission entries paid in our
// ledger; an affiliate's flagged referrals are shown to the admin who pays it.
registerPayeeKind('affiliate', {
  note: 'Wavecast affiliate payout',
  markPaid: repo.markEntriesPaid,
  heldCounts: repo.flaggedCounts,
});

export { maskMethod };

const DAY_MS = 24 * 60 * 60 * 1000;
const addMonths = (ms: number, months: number) => {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};

interface AttributionInput {
  userId: string;
  email: string;
  cookieHeader: string | null | undefined;
  ip: string | null;
}
const BATCH = 200;

export const tierById = (id: AffiliateTierId) => AFFILIATE_TIERS.find((t) => t.id === id) ?? AFFILIATE_TIERS[0];

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

  /**
   * Brings the ledger of every referral with an unbooked payment or refund up to the commission
   * rule (all referrals, or one affiliate's): whatever order billing's entries arrived in, the
   * referral's entries end as the rule applied to its payments (ADR 0039). Per referral under its
   * lock: two bookings at once append one set of entries.
   */
  async function bookCommissions(affiliateId?: string): Promise<number> {
    let booked = 0;
    for (;;) {
      const batch = await repo.referralsToBook(db, { affiliateId, limit: BATCH });
      if (batch.length === 0) return booked;
      for (const r of batch) booked += await bookReferral(r);
      if (batch.length < BATCH) return booked;
    }
  }

  async function bookReferral(r: {
    id: string;
    affiliate_id: string;
    referred_user_id: string;
    tier: AffiliateTierId;
  }) {
    const at = ctx.clock.now();
    const tier = tierById(r.tier);
    return db.transaction(async (tx) => {
      await repo.lockReferral(tx, r.id);
      const payments = await repo.subscriptionPayments(tx, r.referred_user_id);
      const firstPaid = Math.min(...payments.filter((p) => p.kind === 'paid').map((p) => p.occurredAt.getTime()));
      const windowEnd = Number.isFinite(firstPaid) ? addMonths(firstPaid, AFFILIATE_RULES.commissionMonths) : 0;
      const plan = planEntries(
        payments,
        await repo.bookedEntries(tx, r.id),
        tier.rateBps,
        (p) => p.occurredAt.getTime() < windowEnd,
      );
      let n = 0;
      for (const e of plan) {
        const ok = await repo.insertEntry(tx, {
          affiliateId: r.affiliate_id,
          kind: e.kind,
          amountCents: e.amountCents,
          referralId: r.id,
          paymentId: e.paymentId,
          paymentCents: e.paymentCents,
          tier: e.kind === 'commission' ? tier.id : null,
          rateBps: e.rateBps,
          occurredAt: e.occurredAt,
          payableAt:
            e.payable === 'window'
              ? new Date(e.occurredAt.getTime() + AFFILIATE_RULES.refundWindowDays * DAY_MS)
              : e.occurredAt,
          createdAt: at,
        });
        if (ok) n++;
      }
      return n;
    });
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

  const decrypt = (data: string | null): Promise<TPayoutMethodInput | null> => openMethod(secret(), data);
  const rail = payoutsService(ctx);

  async function methodOf(row: repo.AffiliateRow) {
    return row.payoutMethodKind && row.payoutMethodMasked
      ? { kind: row.payoutMethodKind, masked: row.payoutMethodMasked }
      : null;
  }

  return {
    bookCommissions,

    /**
     * A click on /ref/{id}: for an affiliate, the signed cookie (last click wins) and the click
     * (once per visitor a day, bots not counted), only when the browser followed the link itself
     * (link.ts `followedByUser`); for anything else, `/` and nothing set.
     */
    async click(q: {
      id: string;
      campaign: unknown;
      to: unknown;
      ua: string | undefined;
      ip: string;
      followed: boolean;
    }): Promise<{ location: string | null; cookie: string | null; counted?: boolean }> {
      if (!isPlausibleId(q.id)) return { location: '/', cookie: null };
      const affiliate = await repo.findAffiliateUser(db, q.id);
      if (!affiliate) return { location: '/', cookie: null };
      // Not followed by the browser itself: the continue page (location null), nothing recorded.
      if (!q.followed) return { location: null, cookie: null };
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
     * The affiliate asks to be paid its payable balance: a method on file, at least the minimum,
     * one payout per period of its schedule (as fast as its tier allows). Under the affiliate's
     * lock and the period's unique key: two requests at once make one payout.
     */
    async requestPayout(user: SessionUser) {
      await bookCommissions(user.id);
      const a = await repo.ensureAffiliate(db, user.id, ctx.clock.now());
      return rail.request({
        kind: 'affiliate',
        payeeId: user.id,
        schedule: effectiveSchedule(a.payoutSchedule, tierById(a.tier).payout),
        minCents: AFFILIATE_RULES.minPayoutCents,
        method:
          a.payoutMethodKind && a.payoutMethodSecret
            ? { kind: a.payoutMethodKind, masked: a.payoutMethodMasked ?? '', secret: a.payoutMethodSecret }
            : null,
        payableEntries: (tx, now) => repo.payableEntries(tx, user.id, now),
        belowMinimum: AFFILIATE_MESSAGES.payoutBelowMinimum,
      });
    },

    /** The signed-in affiliate's dashboard, current: their payments are booked first. */
    async dashboard(user: SessionUser) {
      await bookCommissions(user.id);
      const now = ctx.clock.now();
      const row = await repo.ensureAffiliate(db, user.id, now);
      const [referrals, entries, payouts] = await Promise.all([
        repo.referralsOf(db, user.id, now),
        repo.entriesOf(db, user.id, now),
        rail.payoutsOf('affiliate', user.id),
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

    /**
     * Payout schedule (no faster than the tier allows) and method; the method is stored encrypted,
     * only its masked form is kept in clear.
     */
    async saveSettings(user: SessionUser, input: TPayoutSettingsInput) {
      const at = ctx.clock.now();
      const row = await repo.ensureAffiliate(db, user.id, at);
      const tier = tierById(row.tier);
      if (!scheduleAllowed(input.schedule, tier.payout))
        throw badRequest(AFFILIATE_MESSAGES.scheduleNotAllowed(input.schedule, tier.name));
      const method = input.method ? await rail.seal(input.method) : undefined;
      await repo.updateSettings(db, user.id, { schedule: input.schedule, method, at });
    },

    /** The method's details, decrypted (for the payout run's operator; never sent to a browser). */
    async methodDetails(userId: string): Promise<TPayoutMethodInput | null> {
      const row = await repo.ensureAffiliate(db, userId, ctx.clock.now());
      return decrypt(row.payoutMethodSecret);
    },

    /** /profile/affiliate/:id: an affiliate's own page; unknown or not an affiliate: 404, someone else's: 403. */
    async profile(viewer: SessionUser, id: string) {
      const affiliate = isPlausibleId(id) ? await repo.findAffiliateUser(db, id) : null;
      if (!affiliate) throw new AppError('NOT_FOUND', AFFILIATE_MESSAGES.notFound);
      if (viewer.id !== affiliate.id) throw forbidden();
      const row = await repo.ensureAffiliate(db, affiliate.id, ctx.clock.now());
      return { ...affiliate, tier: tierById(row.tier) };
    },

    flaggedReferrals: () => repo.flaggedReferrals(db),

    /** An admin has looked at a flagged referral and keeps it: the flag goes (its held commissions pay), one audit entry. */
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

    /**
     * An admin voids a flagged referral: a `void` entry takes back what it earned, it earns nothing
     * more and none of its entries is ever paid. One audit entry, in its transaction.
     */
    async voidReferral(admin: SessionUser, id: string) {
      const at = ctx.clock.now();
      await bookCommissions();
      await db.transaction(async (tx) => {
        await repo.lockReferral(tx, id);
        const row = await repo.voidReferral(tx, id, at);
        if (!row) throw notFound('Flagged referral');
        const net = await repo.referralNet(tx, id);
        if (net !== 0)
          await repo.insertEntry(tx, {
            affiliateId: row.affiliateId,
            kind: 'void',
            amountCents: -net,
            referralId: id,
            occurredAt: at,
            payableAt: at,
            createdAt: at,
          });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'referral.void',
          targetType: 'referral',
          targetId: id,
          before: { flagged: true },
          after: { voided: true, affiliateId: row.affiliateId, voidedCents: net, signupIp: row.signupIp },
          at,
        });
      });
    },
  };
}
