import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { closeDueMonths, closeMonth, foldFinishedDays } from './close';
import { isMonth } from './month';
import * as repo from './repo';
import { distributionOf } from './report';
import { entryState } from './state-machine';
import type {
  CloseResult,
  CreatorBalance,
  CreatorMonth,
  DistributionReport,
  EarningsEntry,
  TrackEarning,
} from './types';

export type {
  CloseResult,
  CreatorBalance,
  CreatorMonth,
  DistributionReport,
  EarningsEntry,
  TrackEarning,
} from './types';

/**
 * Creators' revenue share (issue 37, ADR 0053): the month close and what statements, payouts and
 * the distribution report read. Stable names: the statements and payouts build on them.
 */
export interface EarningsService {
  /** Folds every finished, unfolded day's qualified listening into earnings_listening. */
  foldListening(): Promise<string[]>;
  /** Closes `month` (`YYYY-MM`): folds its days, allocates, writes the ledger; a second call writes nothing. */
  closeMonth(month: string): Promise<CloseResult>;
  /** Closes every month that ended (and is past the close delay) and is not closed yet, oldest first. */
  closeDueMonths(): Promise<CloseResult[]>;
  /** A creator's closed month, or null (not closed, or nothing earned). */
  creatorMonth(creatorId: string, month: string): Promise<CreatorMonth | null>;
  /** A creator's closed months, newest first (the history). */
  creatorMonths(creatorId: string): Promise<CreatorMonth[]>;
  /** The month's subscription shares by track, largest first. */
  trackBreakdown(creatorId: string, month: string): Promise<TrackEarning[]>;
  /** Pending, available and paid cents over all months. */
  balance(creatorId: string): Promise<CreatorBalance>;
  /** The entries a payout may include now: available, not paid yet (reversals net them). */
  payableEntries(creatorId: string): Promise<EarningsEntry[]>;
  /** The newest closed month, or null. */
  latestClosedMonth(): Promise<string | null>;
  /** Gini, top-1 % share, share better off than pro-rata, for a closed month (null: not closed). */
  distributionReport(month: string): Promise<DistributionReport | null>;
}

function makeEarningsService(ctx: AppContext): EarningsService {
  const db = ctx.database.db;
  const now = () => ctx.clock.now();
  const toMonth = (r: repo.CreatorMonthRow): CreatorMonth => ({
    ...r,
    availableAt: r.availableAt.toISOString(),
    state: entryState(r.availableAt, now()) === 'pending' ? 'pending' : 'available',
  });
  return {
    foldListening: () => foldFinishedDays(ctx),
    closeMonth: (month) => closeMonth(ctx, month),
    closeDueMonths: () => closeDueMonths(ctx),
    async creatorMonth(creatorId, month) {
      if (!isMonth(month)) return null;
      const [row] = await repo.creatorMonths(db, creatorId, month);
      return row ? toMonth(row) : null;
    },
    async creatorMonths(creatorId) {
      return (await repo.creatorMonths(db, creatorId)).map(toMonth);
    },
    trackBreakdown: (creatorId, month) =>
      isMonth(month) ? repo.trackBreakdown(db, creatorId, month) : Promise.resolve([]),
    balance: (creatorId) => repo.balance(db, creatorId, now()),
    payableEntries: (creatorId) => repo.payableEntries(db, creatorId, now()),
    latestClosedMonth: () => repo.latestClosedMonth(db),
    async distributionReport(month) {
      if (!isMonth(month)) return null;
      const rows = await repo.monthCreatorTotals(db, month);
      return rows ? distributionOf(month, rows.rule, rows.creators) : null;
    },
  };
}

export const earningsService = perApp(makeEarningsService);
