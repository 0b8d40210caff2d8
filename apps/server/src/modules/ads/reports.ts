import { AD_MESSAGES, type TAdReportSummary, type ZAdReportInput } from '@wavecast/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { findServe } from './repo';
import { insertReport, reportSummaries } from './reports-repo';
import { servingState } from './serving-state';

/**
 * Listeners' reports of ads they were served (issue 32): a report names the serve, so only an ad
 * this listener was actually shown can be reported, once per campaign; admins read them beside
 * the review queue and act with the campaign's admin actions.
 */
export const adReports = perApp((ctx: AppContext) => {
  const db = ctx.database.db;
  return {
    /** `reporterKey`: the listener's ads key (user id or `anon:<cookie>`). True when it was new. */
    async report(reporterKey: string, input: z.infer<typeof ZAdReportInput>): Promise<boolean> {
      await servingState(ctx).serves.settled();
      const serve = await findServe(db, input.serveId);
      // Someone else's serve is as unknown as a missing one.
      if (!serve || serve.listenerKey !== reporterKey) throw new AppError('NOT_FOUND', AD_MESSAGES.notFound);
      return insertReport(db, {
        campaignId: serve.campaignId,
        serveId: serve.id,
        reporterKey,
        reason: input.reason,
        details: input.details || null,
        createdAt: ctx.clock.now(),
      });
    },

    async summaries(): Promise<TAdReportSummary[]> {
      return (await reportSummaries(db)).map((r) => ({
        campaignId: r.campaignId,
        campaignName: r.campaignName,
        status: r.status,
        advertiser: { id: r.advertiserId, displayName: r.displayName, email: r.email },
        reports: Number(r.reports),
        reasons: r.reasons ?? {},
        lastDetails: r.lastDetails ?? [],
        lastReportedAt: new Date(r.lastReportedAt).toISOString(),
      }));
    },
  };
});
