import {
  CREATOR_PAYOUT_RULES,
  EARNINGS_HOLD_DAYS,
  STATEMENT_MESSAGES,
  type TPayoutMethodInput,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { AppError, forbidden } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { earningsService } from '../earnings/service';
import { registerPayeeKind } from '../payouts/payee-kinds';
import { payoutsService } from '../payouts/service';
import * as repo from './repo';

// On the shared payout rail (ADR 0054): a paid creator payout marks its entries paid in the
// earnings ledger (a `paid` entry each, same amount).
registerPayeeKind('creator', { note: 'Wavecast creator payout', markPaid: repo.markEntriesPaid });

/**
 * Creators' statements (issue 37, ADR 0054): a closed month by source and by track, the
 * subscribers whose listening paid, the pro-rata counterfactual, history, pending vs available
 * (the 30-day hold), payouts on the shared rail. Read from the earnings module's service; only the
 * creator and admins read a statement, only the creator asks for its payout.
 */
export const statementsService = perApp(makeStatementsService);

function makeStatementsService(ctx: AppContext) {
  const db = ctx.database.db;
  const earnings = earningsService(ctx);
  const rail = payoutsService(ctx);

  /**
   * The creator's account, readable by itself and admins: anyone else gets 403 before the id is
   * looked up (no account's existence is told); an admin asking for an unknown id, 404.
   */
  async function creatorFor(viewer: SessionUser, creatorId: string, own = false) {
    if (viewer.id !== creatorId && (own || viewer.role !== 'admin')) throw forbidden();
    const creator = /^[A-Za-z0-9_-]{1,100}$/.test(creatorId) ? await repo.findCreator(db, creatorId) : undefined;
    if (!creator) throw new AppError('NOT_FOUND', 'Creator not found');
    return creator;
  }

  async function statement(viewer: SessionUser, creatorId: string, month?: string) {
    const creator = await creatorFor(viewer, creatorId);
    const history = await earnings.creatorMonths(creator.id);
    const shown = month ? (history.find((m) => m.month === month) ?? null) : (history[0] ?? null);
    const breakdown = shown ? await earnings.trackBreakdown(creator.id, shown.month) : [];
    const titles = await repo.trackTitles(
      db,
      breakdown.map((t) => t.audioId),
    );
    const [balance, processing, payouts, method] = await Promise.all([
      earnings.balance(creator.id),
      repo.processingCents(db, creator.id),
      rail.payoutsOf('creator', creator.id),
      rail.methodOf('creator', creator.id),
    ]);
    return {
      creatorId: creator.id,
      month: shown,
      tracks: breakdown.map((t) => ({ ...t, title: titles.get(t.audioId) ?? null })),
      history,
      balance: {
        pendingCents: balance.pendingCents,
        // The earnings balance counts what open payouts hold as available: shown apart here.
        availableCents: balance.availableCents - processing,
        processingCents: processing,
        paidCents: balance.paidCents,
      },
      payouts,
      method: method ? { kind: method.kind, masked: method.masked } : null,
      minPayoutCents: ctx.config.CREATOR_PAYOUT_MIN_CENTS,
    };
  }

  return {
    statement,

    /** Every closed month with its tracks, for the CSV export. */
    async allMonths(viewer: SessionUser, creatorId: string) {
      const creator = await creatorFor(viewer, creatorId);
      const months = await earnings.creatorMonths(creator.id);
      const tracks = await Promise.all(months.map((m) => earnings.trackBreakdown(creator.id, m.month)));
      const titles = await repo.trackTitles(db, [...new Set(tracks.flat().map((t) => t.audioId))]);
      return months.map((m, i) => ({
        ...m,
        tracks: tracks[i].map((t) => ({ ...t, title: titles.get(t.audioId) ?? null })),
      }));
    },

    async saveMethod(viewer: SessionUser, creatorId: string, method: TPayoutMethodInput) {
      const creator = await creatorFor(viewer, creatorId, true);
      await rail.saveMethod('creator', creator.id, method);
    },

    /** The creator asks for its available balance: a method on file, at least the minimum (config), once a month. */
    async requestPayout(viewer: SessionUser, creatorId: string) {
      const creator = await creatorFor(viewer, creatorId, true);
      return rail.request({
        kind: 'creator',
        payeeId: creator.id,
        schedule: CREATOR_PAYOUT_RULES.schedule,
        minCents: ctx.config.CREATOR_PAYOUT_MIN_CENTS,
        method: await rail.methodOf('creator', creator.id),
        payableEntries: (tx, now) => repo.payableEntries(tx, creator.id, now),
        belowMinimum: (cents) => STATEMENT_MESSAGES.payoutBelowMinimum(ctx.config.CREATOR_PAYOUT_MIN_CENTS, cents),
      });
    },

    /** The distribution report of the newest closed month (null: none closed yet). */
    async distribution() {
      const month = await earnings.latestClosedMonth();
      return month ? earnings.distributionReport(month) : null;
    },

    terms() {
      const platform = ctx.config.EARNINGS_PLATFORM_SHARE_PCT;
      return {
        platformSharePct: platform,
        creatorSharePct: 100 - platform,
        earningsRule: ctx.config.EARNINGS_RULE,
        holdDays: EARNINGS_HOLD_DAYS,
      };
    },
  };
}
