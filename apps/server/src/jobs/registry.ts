import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { adsJobs, ensureAdsSweepScheduled } from '../modules/ads/jobs';
import { affiliateJobs, ensureDailyScheduled, ensureSweepScheduled } from '../modules/affiliates/jobs';
import { analyticsJobs, ensureRollupScheduled } from '../modules/analytics/jobs';
import { mailJobs } from '../modules/auth/jobs';
import { billingJobs, ensureSettleScheduled } from '../modules/billing/jobs';
import { ensureCopyrightSweepScheduled, moderationJobs } from '../modules/moderation/jobs';
import { ensureDigestScheduled } from '../modules/notifications/digest';
import { notificationJobs } from '../modules/notifications/jobs';
import { supportJobs } from '../modules/support/mail';
import { reconcileProcessing, trackJobs } from '../modules/tracks/jobs';
import { webhookJobs } from '../modules/webhooks/jobs';
import type { ModuleJobs } from './define';
import type { JobHandler, JobOptions } from './queue';

/** Every module's jobs. A domain with jobs adds one line here. */
const moduleJobs: ModuleJobs[] = [mailJobs, supportJobs, trackJobs, notificationJobs, billingJobs];
moduleJobs.push(affiliateJobs);
moduleJobs.push(adsJobs);
moduleJobs.push(moderationJobs);
moduleJobs.push(analyticsJobs);
moduleJobs.push(webhookJobs);

/** Recurring jobs: each queues its next run once, however many processes ask (enqueueUnlessWaiting). */
const schedules: { name: string; ensure: (ctx: AppContext) => Promise<void> }[] = [
  { name: 'weekly digest', ensure: (ctx) => ensureDigestScheduled(ctx) },
  { name: 'billing sweep', ensure: (ctx) => ensureSettleScheduled(ctx) },
  { name: 'affiliate commissions sweep', ensure: (ctx) => ensureSweepScheduled(ctx) },
  { name: 'affiliate tiers and payouts', ensure: (ctx) => ensureDailyScheduled(ctx) },
  { name: 'ads sweep', ensure: (ctx) => ensureAdsSweepScheduled(ctx) },
  { name: 'copyright sweep', ensure: (ctx) => ensureCopyrightSweepScheduled(ctx) },
  { name: 'analytics rollup', ensure: (ctx) => ensureRollupScheduled(ctx) },
];

/** Registers every job type's handler on the context's queue; a worker also reconciles what a crash left. */
export function registerJobs(ctx: AppContext): void {
  // Each definition pairs its type and payload (defineJob); the union is registered as one type.
  const register = ctx.jobs.register.bind(ctx.jobs) as unknown as (
    type: string,
    handler: JobHandler<unknown>,
    opts: JobOptions<unknown>,
  ) => void;
  for (const jobs of moduleJobs) {
    for (const { type, handler, ...opts } of jobs(ctx))
      register(type, handler as JobHandler<unknown>, opts as JobOptions<unknown>);
  }
  if (ctx.config.roles.has('worker')) {
    reconcileProcessing(ctx, Date.now()).catch(() => {
      // the database is closing (tests) or unreachable: the next boot reconciles
    });
  }
}

/** Queues the next run of every recurring job (the API does at start; each run queues the next). */
export async function scheduleJobs(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  for (const s of schedules) {
    await s.ensure(ctx).catch((err) => log.error({ err }, `could not schedule the ${s.name}`));
  }
}
