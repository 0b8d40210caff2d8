import {
  COPYRIGHT_MESSAGES,
  COPYRIGHT_STATUSES,
  MODERATION_MESSAGES,
  REPORT_ACTIONS,
  ZAppealInput,
  ZCopyrightNotice,
  ZCopyrightNoticeInput,
  ZCounterNoticeInput,
  ZRemoval,
  ZReportInput,
  ZReportQuery,
  ZReportQueue,
} from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { copyrightService, presentNotice } from './copyright';
import { presentGroup, presentRemoval } from './presenter';
import { moderationService } from './service';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** Reports (anyone signed in files one), the admins' queue and actions, removals and appeals. */
/** Suspending the account behind a report is a sensitive action (step-up); dismissing or removing is not. */
const suspending = (req: FastifyRequest) => (req.params as { action?: unknown }).action === 'suspend';

export async function moderationRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const moderation = moderationService(ctx);
  const copyright = copyrightService(ctx);

  const label = async (r: { targetType: Parameters<typeof moderation.findItem>[0]; targetId: string }) =>
    r.targetType === 'track' ? ((await moderation.findItem(r.targetType, r.targetId))?.label ?? null) : null;

  app.post(
    '/api/reports',
    {
      // Per account (after the access guard): repeated reports of one item change nothing anyway.
      config: {
        access: 'user',
        rateLimit: {
          ...RATE_LIMITS.report,
          keyGenerator: (req: FastifyRequest) => `report:${signedInUser(req).id}`,
        },
      },
      schema: {
        tags: ['moderation'],
        body: ZReportInput,
        response: { 200: z.object({ message: z.string(), created: z.boolean() }) },
      },
    },
    async (req) => {
      const { created } = await moderation.file(signedInUser(req), req.body);
      return { message: MODERATION_MESSAGES.reportSent, created };
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZReportQuery, response: { 200: ZReportQueue } },
    },
    async (req) => {
      const groups = await moderation.listGroups(req.query);
      const items = [];
      for (const g of groups) items.push(presentGroup(g, await moderation.findItem(g.target_type, g.target_id)));
      return { items };
    },
  );

  app.post(
    '/api/admin/reports/:id/:action',
    {
      config: { access: 'admin', stepUp: suspending },
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64), action: z.enum(REPORT_ACTIONS) }),
        response: { 200: z.object({ status: z.string(), removalId: z.string().nullable() }) },
      },
    },
    async (req) => {
      const done = await moderation.act(signedInUser(req), req.params.id, req.params.action);
      return { status: done.status, removalId: done.removalId };
    },
  );

  app.get(
    '/api/moderation/removals',
    {
      config: { access: 'user' },
      schema: { tags: ['moderation'], response: { 200: z.object({ items: z.array(ZRemoval) }) } },
    },
    async (req) => {
      const rows = await moderation.removalsOf(signedInUser(req));
      const items = [];
      for (const r of rows) items.push(presentRemoval(r, await label(r)));
      return { items };
    },
  );

  app.post(
    '/api/moderation/removals/:id/appeal',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.moderationClaim },
      schema: {
        tags: ['moderation'],
        params: idParams,
        body: ZAppealInput,
        response: { 200: z.object({ message: z.string(), removal: ZRemoval }) },
      },
    },
    async (req) => {
      const row = await moderation.appeal(signedInUser(req), req.params.id, req.body.text);
      return { message: MODERATION_MESSAGES.appealSent, removal: presentRemoval(row, await label(row)) };
    },
  );

  app.get(
    '/api/admin/removals/appeals',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.object({ items: z.array(ZRemoval) }) } },
    },
    async () => {
      const rows = await moderation.appealed();
      const items = [];
      for (const r of rows) items.push(presentRemoval(r, await label(r)));
      return { items };
    },
  );

  app.post(
    '/api/admin/removals/:id/restore',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await moderation.restore(signedInUser(req), req.params.id);
      return { ok: true as const };
    },
  );

  // Copyright notices (legal Copyright page): takedown, counter-notice, court action, timed restore.
  app.post(
    '/api/admin/copyright',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        body: ZCopyrightNoticeInput,
        response: { 200: z.object({ message: z.string(), notice: ZCopyrightNotice }) },
      },
    },
    async (req) => ({
      message: COPYRIGHT_MESSAGES.takenDown,
      notice: presentNotice(await copyright.takedown(signedInUser(req), req.body)),
    }),
  );
  app.get(
    '/api/admin/copyright',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: z.object({ status: z.enum(COPYRIGHT_STATUSES).optional() }),
        response: { 200: z.object({ items: z.array(ZCopyrightNotice) }) },
      },
    },
    async (req) => ({ items: (await copyright.list(req.query.status)).map(presentNotice) }),
  );
  app.post(
    '/api/admin/copyright/:id/court-action',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: idParams, response: { 200: z.object({ notice: ZCopyrightNotice }) } },
    },
    async (req) => ({ notice: presentNotice(await copyright.courtAction(signedInUser(req), req.params.id)) }),
  );
  app.get(
    '/api/moderation/copyright',
    {
      config: { access: 'user' },
      schema: { tags: ['moderation'], response: { 200: z.object({ items: z.array(ZCopyrightNotice) }) } },
    },
    async (req) => ({ items: (await copyright.mine(signedInUser(req))).map(presentNotice) }),
  );
  app.post(
    '/api/moderation/copyright/:id/counter',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.moderationClaim },
      schema: {
        tags: ['moderation'],
        params: idParams,
        body: ZCounterNoticeInput,
        response: { 200: z.object({ message: z.string(), notice: ZCopyrightNotice }) },
      },
    },
    async (req) => ({
      message: COPYRIGHT_MESSAGES.counterSent,
      notice: presentNotice(await copyright.counter(signedInUser(req), req.params.id, req.body.text)),
    }),
  );
}
