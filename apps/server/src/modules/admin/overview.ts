import { ROLES, type TActivityItem, type TAdminOverview } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import { listAudit } from './audit';
import { readFigures } from './figures';
import * as repo from './overview-repo';

const DAY_MS = 86_400_000;
export const SIGNUP_DAYS = 30;
const ACTIVITY_LIMIT = 12;

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const startOfUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const iso = (d: Date | string) => new Date(d).toISOString();

/** The admin overview: real figures from the database, on the app's clock. */
export const overviewService = perApp(makeOverviewService);

function makeOverviewService(ctx: AppContext) {
  const { database } = ctx;
  return {
    async overview(): Promise<TAdminOverview> {
      const now = ctx.clock.now();
      const today = startOfUtcDay(now);
      const firstDay = new Date(today.getTime() - (SIGNUP_DAYS - 1) * DAY_MS);
      // One after another: a single PGlite connection, and a small pool elsewhere.
      const roles = await repo.accountsByRole(database);
      const signups = await repo.signupsPerDay(database, firstDay, new Date(today.getTime() + DAY_MS));
      const totals = await repo.trackTotals(database);
      const liveNow = await repo.liveNow(database);
      const playsToday = await repo.playsSince(database, today, new Date(now.getTime() + 1));
      const plays7d = await repo.playsSince(
        database,
        new Date(now.getTime() - 7 * DAY_MS),
        new Date(now.getTime() + 1),
      );
      const jobs = await repo.jobHealth(database);
      const recurring = await repo.recurringRevenue(database);
      const monthNetCents = await repo.ledgerNet(database, startOfUtcMonth(now), new Date(now.getTime() + 1));
      const figures = await readFigures(ctx);
      const audit = await listAudit(database.db, { limit: ACTIVITY_LIMIT });
      const events = await repo.recentPlatformEvents(database, ACTIVITY_LIMIT);

      const accountsByRole: Record<string, number> = Object.fromEntries(ROLES.map((r) => [r, 0]));
      for (const r of roles) accountsByRole[r.role] = r.count;
      const signupsPerDay = Array.from({ length: SIGNUP_DAYS }, (_, i) => {
        const day = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { day, count: signups.get(day) ?? 0 };
      });
      const activity: TActivityItem[] = [
        ...audit.map(({ entry, actorName, actorEmail }) => ({
          kind: 'audit' as const,
          at: entry.at.toISOString(),
          text: `${actorName ?? actorEmail ?? 'System'}: ${entry.action} ${entry.targetType}`,
          targetId: entry.targetId,
        })),
        ...events.map((e) => ({
          kind: e.kind,
          at: iso(e.at),
          text: e.kind === 'signup' ? `New account: ${e.label ?? ''}` : `New upload: ${e.label ?? ''}`,
          targetId: e.id,
        })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, ACTIVITY_LIMIT);

      return {
        generatedAt: now.toISOString(),
        accountsByRole,
        accountsTotal: roles.reduce((n, r) => n + r.count, 0),
        suspendedAccounts: roles.reduce((n, r) => n + r.suspended, 0),
        signupsPerDay,
        tracks: totals.tracks,
        audioHours: Math.round((totals.seconds / 3600) * 10) / 10,
        liveNow,
        playsToday,
        plays7d,
        storageBytes: totals.bytes,
        jobs,
        revenue: { ...recurring, monthNetCents },
        figures,
        activity,
      };
    },
  };
}
