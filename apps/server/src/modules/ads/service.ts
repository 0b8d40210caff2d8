import type { MultipartFile } from '@fastify/multipart';
import {
  AD_CREDIT_PACKAGES,
  AD_MESSAGES,
  type AdCreditPackage,
  campaignProblems,
  type TCampaignInput,
  ZCampaignInput,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { recordAudit } from '../admin/audit';
import { paymentProvider } from '../billing';
import { findUser } from '../users/repo';
import { takeCreative } from './creatives';
import * as repo from './repo';
import { servingState } from './serving-state';
import { type AdminCampaignEvent, type CampaignEvent, EDITABLE, nextStatus } from './state-machine';

const CENTS_TO_MICROS = 10_000;

export type { CampaignRow } from './repo';

/** Ad spend since the first of this month (the admin overview's figure). */
export const adSpendThisMonth = (ctx: AppContext) =>
  repo.spendSinceMicros(ctx.database.db, `${ctx.clock.now().toISOString().slice(0, 7)}-01`);

/**
 * Advertisers' campaigns (create, edit, creative, submit, pause, resume), their review by admins,
 * and the balance they spend from (top-ups booked from billing's payments, admin credits).
 */
export const adsService = perApp(makeAdsService);

function makeAdsService(ctx: AppContext) {
  const db = ctx.database.db;
  /** Every write that can change what serving may pick reloads the serving index (here and through the bus). */
  const changed = <T>(value: T): T => {
    servingState(ctx).changed();
    return value;
  };

  async function owned(user: SessionUser, id: string) {
    const c = await repo.findCampaign(db, id);
    // Someone else's campaign is as unknown as a missing one.
    if (!c || c.advertiserId !== user.id) throw notFound('Campaign');
    return c;
  }

  function fields(input: TCampaignInput) {
    const v = ZCampaignInput.parse(input);
    return {
      name: v.name,
      format: v.format,
      clickUrl: v.clickUrl,
      categories: v.categories,
      contentTypes: v.contentTypes,
      startsAt: new Date(v.startsAt),
      endsAt: v.endsAt ? new Date(v.endsAt) : null,
      totalBudgetMicros: v.totalBudgetMicros,
      dailyBudgetMicros: v.dailyBudgetMicros,
      cpmMicros: v.cpmMicros,
      sponsoredText: v.format === 'sponsored' ? v.sponsoredText : null,
    };
  }

  async function move(c: repo.CampaignRow, event: CampaignEvent, patch: Partial<repo.NewCampaign> = {}) {
    const to = nextStatus(c.status, event);
    if (!to) throw conflict(AD_MESSAGES.badTransition);
    const after = await repo.updateCampaign(db, c.id, c.version, { ...patch, status: to, updatedAt: ctx.clock.now() });
    if (!after) throw conflict(AD_MESSAGES.badTransition);
    return changed(after);
  }

  return {
    list: (user: SessionUser) => repo.listCampaigns(db, user.id),
    get: owned,

    async create(user: SessionUser, input: TCampaignInput) {
      const now = ctx.clock.now();
      return repo.insertCampaign(db, { ...fields(input), advertiserId: user.id, createdAt: now, updatedAt: now });
    },

    /**
     * Edits the campaign. Budgets, bid, targeting and schedule change in place; a new click-through
     * URL or sponsored text is part of the creative: a running campaign goes back to review.
     */
    async update(user: SessionUser, id: string, input: TCampaignInput) {
      const c = await owned(user, id);
      if (!EDITABLE.has(c.status)) throw conflict(AD_MESSAGES.badTransition);
      const next = fields(input);
      if (next.format !== c.format) throw badRequest('The format of a campaign cannot be changed');
      if (next.totalBudgetMicros < c.spentMicros)
        throw badRequest('The total budget cannot be less than what was spent');
      const creativeChanged = next.clickUrl !== c.clickUrl || next.sponsoredText !== c.sponsoredText;
      const status = creativeChanged ? (nextStatus(c.status, 'creative_changed') ?? c.status) : c.status;
      const after = await repo.updateCampaign(db, id, c.version, { ...next, status, updatedAt: ctx.clock.now() });
      if (!after) throw conflict(AD_MESSAGES.badTransition);
      return changed(after);
    },

    /** A checked creative replaces the old one; a running campaign goes back to review. */
    async setCreative(user: SessionUser, id: string, part: MultipartFile) {
      const c = await owned(user, id);
      if (!EDITABLE.has(c.status)) throw conflict(AD_MESSAGES.badTransition);
      const stored = await takeCreative(ctx, id, c.format, part);
      const status = nextStatus(c.status, 'creative_changed') ?? c.status;
      const after = await repo.updateCampaign(db, id, c.version, {
        creativeKey: stored.key,
        creativeMime: stored.mime,
        creativeSeconds: stored.seconds,
        creativeWidth: stored.width,
        creativeHeight: stored.height,
        status,
        updatedAt: ctx.clock.now(),
      });
      if (!after) {
        await ctx.storage.delete(stored.key).catch(() => {});
        throw conflict(AD_MESSAGES.badTransition);
      }
      changed(after);
      if (c.creativeKey && c.creativeKey !== stored.key) await ctx.storage.delete(c.creativeKey).catch(() => {});
      return after;
    },

    async submit(user: SessionUser, id: string) {
      const c = await owned(user, id);
      if (!c.creativeKey || (c.format === 'sponsored' && !c.sponsoredText)) throw badRequest(AD_MESSAGES.noCreative);
      // The rules may have tightened since it was saved: check them again.
      const problems = campaignProblems({
        ...c,
        startsAt: c.startsAt.toISOString(),
        endsAt: c.endsAt?.toISOString() ?? null,
        categories: c.categories as never,
      });
      if (problems.length) throw badRequest(problems[0].message);
      return move(c, 'submit', { reviewNote: null });
    },

    pause: async (user: SessionUser, id: string) => move(await owned(user, id), 'pause'),
    async resume(user: SessionUser, id: string) {
      const c = await owned(user, id);
      // A hold is an admin's: the advertiser is told why their resume does nothing.
      if (c.status === 'held') throw conflict(AD_MESSAGES.heldByAdmin);
      return move(c, 'resume');
    },

    /**
     * An admin holds, releases, stops or rejects a campaign in any state the table allows (issue 32),
     * with the reason its advertiser sees (the campaign's `reviewNote`; a release clears it); one
     * audit entry in the change's transaction. Serving drops a campaign that is no longer active at once.
     */
    async adminAct(admin: SessionUser, id: string, event: AdminCampaignEvent, reason: string | null) {
      const c = await repo.findCampaign(db, id);
      if (!c) throw notFound('Campaign');
      const to = nextStatus(c.status, event);
      if (!to) throw conflict(AD_MESSAGES.badTransition);
      const at = ctx.clock.now();
      const note = event === 'admin_release' ? null : reason;
      const after = await db.transaction(async (tx) => {
        const row = await repo.updateCampaign(tx, id, c.version, { status: to, reviewNote: note, updatedAt: at });
        if (!row) throw conflict(AD_MESSAGES.badTransition);
        await recordAudit(tx, {
          actorId: admin.id,
          action: `ad_campaign.${event.slice('admin_'.length)}`,
          targetType: 'ad_campaign',
          targetId: id,
          before: { status: c.status, note: c.reviewNote },
          after: { status: to, note },
          at,
        });
        return row;
      });
      return changed(after);
    },

    reviewQueue: () => repo.listByStatus(db, 'in_review'),

    /** Every campaign past its draft, with its advertiser (the admins' campaign list). */
    adminList: () => repo.listForAdmins(db),

    /** Approves or rejects a creative under review; one audit entry, in the change's transaction. */
    async review(admin: SessionUser, id: string, approve: boolean, note?: string) {
      const c = await repo.findCampaign(db, id);
      if (!c) throw notFound('Campaign');
      const to = nextStatus(c.status, approve ? 'approve' : 'reject');
      if (!to) throw conflict(AD_MESSAGES.badTransition);
      const at = ctx.clock.now();
      const reviewed = await db.transaction(async (tx) => {
        const after = await repo.updateCampaign(tx, id, c.version, {
          status: to,
          reviewNote: approve ? null : note || null,
          updatedAt: at,
        });
        if (!after) throw conflict(AD_MESSAGES.badTransition);
        await recordAudit(tx, {
          actorId: admin.id,
          action: approve ? 'ad_campaign.approve' : 'ad_campaign.reject',
          targetType: 'ad_campaign',
          targetId: id,
          before: { status: c.status },
          after: { status: to, note: note || null, creativeKey: c.creativeKey },
          at,
        });
        return after;
      });
      return changed(reviewed);
    },

    // ── money ──────────────────────────────────────────────────────────────────────────────

    /** The balance after booking any top-up billing recorded since the last look. */
    async balance(advertiserId: string) {
      if ((await repo.bookTopUps(db, advertiserId)) > 0) changed(null);
      return repo.balanceOf(db, advertiserId);
    },

    ledger: (advertiserId: string) => repo.ledgerOf(db, advertiserId),

    /** Books every top-up not booked yet (the sweep job); returns how many. */
    bookAllTopUps: async () => {
      const booked = await repo.bookTopUps(db);
      return booked > 0 ? changed(booked) : booked;
    },

    /** An admin's credit (audited, in the same transaction). */
    async adminCredit(admin: SessionUser, advertiserId: string, amountCents: number, note: string) {
      const target = await findUser(db, advertiserId);
      if (target?.userRole !== 'advertiser') throw notFound('Advertiser');
      const at = ctx.clock.now();
      const amountMicros = amountCents * CENTS_TO_MICROS;
      await db.transaction(async (tx) => {
        const before = await repo.balanceOf(tx, advertiserId);
        await repo.credit(tx, { advertiserId, kind: 'admin_credit', amountMicros, note, at });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'ad_balance.credit',
          targetType: 'user',
          targetId: advertiserId,
          before: { balanceMicros: before },
          after: { balanceMicros: before + amountMicros, amountMicros, note },
          at,
        });
      });
      changed(null);
      return repo.balanceOf(db, advertiserId);
    },

    /** A hosted checkout for a top-up or a marketing package bought as credit; paid by webhook. */
    async checkout(user: SessionUser, input: { amountCents: number } | { package: AdCreditPackage }) {
      const pkg = 'package' in input ? AD_CREDIT_PACKAGES[input.package] : null;
      const amountCents = pkg ? pkg.cents : (input as { amountCents: number }).amountCents;
      const back = (p: string) => `${ctx.config.PUBLIC_URL}${p}`;
      return paymentProvider(ctx).checkoutTopUp({
        userId: user.id,
        email: user.email,
        amountCents,
        description: pkg ? `${pkg.name} advertising package (credit)` : 'Advertising balance top-up',
        successUrl: back('/dashboard/advertiser/billing?checkout=done'),
        cancelUrl: back('/dashboard/advertiser/billing'),
      });
    },

    payingEnabled: () => paymentProvider(ctx).configured,

    /** The balance as booked (no top-up booking first). */
    bookedBalance: (advertiserId: string) => repo.balanceOf(db, advertiserId),

    /** Audio campaigns' quartile counts, by campaign id. */
    quartilesOf: (campaignIds: string[]) => repo.quartilesOf(db, campaignIds),

    /** Impression reports filtered as invalid traffic, by campaign id. */
    filteredOf: (campaignIds: string[]) => repo.filteredOf(db, campaignIds),

    /** Reservations of serves never heard, past their time, released (the sweep). */
    releaseLapsedReservations: async () => {
      const released = await repo.releaseLapsedReservations(db, ctx.clock.now());
      return released ? changed(released) : released;
    },

    /** Every advertiser with balance and campaign count (admins). */
    advertisers: () => repo.listAdvertisers(db),

    find: (campaignId: string) => repo.findCampaign(db, campaignId),

    /** Ad impressions on a creator's content. */
    creatorImpressions: (creatorId: string) => repo.creatorImpressions(db, creatorId),

    /** Whether the account holds the advertiser role. */
    isAdvertiser: async (userId: string) => (await findUser(db, userId))?.userRole === 'advertiser',

    days: (advertiserId: string, campaignId?: string) => repo.daysOf(db, advertiserId, campaignId),

    /** Completes campaigns past their end date (the sweep). */
    completeEnded: async () => {
      const ended = await repo.completeEnded(db, ctx.clock.now());
      return ended.length ? changed(ended) : ended;
    },
  };
}

export type AdsService = ReturnType<typeof adsService>;
