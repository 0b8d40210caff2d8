import { Readable } from 'node:stream';
import {
  ZAdminOverview,
  ZAdminUser,
  ZAdminUserDetail,
  ZAdminUserList,
  ZAdminUserListQuery,
  ZAuditList,
  ZAuditQuery,
  ZOutboxList,
  ZOutboxQuery,
  ZRoleChange,
  ZStepUp,
  ZStepUpState,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { presentAdminUser } from '../users/presenter';
import { overviewService } from './overview';
import { auditCsvHeader, auditCsvRow, nextOffset, presentAuditEntry, presentOutboxMail } from './presenter';
import { adminService } from './service';
import { stepUpService } from './step-up';

/** `/api/admin/*` of accounts: users and their roles, and the mail outbox. Admins only. */
export async function adminRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = adminService(ctx);
  const stepUp = stepUpService(ctx);

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZAdminUserListQuery, response: { 200: ZAdminUserList } },
    },
    async (req) => {
      const { rows, total } = await service.listUsers(req.query);
      return {
        items: rows.map(presentAdminUser),
        total,
        nextOffset: nextOffset(req.query.offset, rows.length, total),
      };
    },
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      config: { access: 'admin', stepUp: true },
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ZRoleChange,
        response: { 200: z.object({ user: ZAdminUser }) },
      },
    },
    async (req) => {
      const row = await service.changeRole(signedInUser(req), req.params.id, req.body.role);
      return { user: presentAdminUser(row) };
    },
  );

  const userParams = z.object({ id: z.string().min(1).max(64) });
  const overview = overviewService(ctx);

  app.get(
    '/api/admin/overview',
    { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: ZAdminOverview } } },
    async () => overview.overview(),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: userParams,
        response: { 200: ZAdminUserDetail.extend({ user: ZAdminUser }) },
      },
    },
    async (req) => {
      const d = await service.userDetail(req.params.id);
      return {
        user: presentAdminUser(d.row),
        tracks: d.tracks.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
        subscription: d.subscription
          ? {
              planId: d.subscription.planId,
              status: d.subscription.status,
              source: d.subscription.source,
              currentPeriodEnd: d.subscription.currentPeriodEnd?.toISOString() ?? null,
            }
          : null,
        audit: d.audit.map(presentAuditEntry),
      };
    },
  );

  // The audit log: newest first, filtered, paged by time (`until` = the last entry's `at`).
  const auditFilters = (q: z.infer<typeof ZAuditQuery>) => ({
    action: q.action || undefined,
    actorId: q.actorId || undefined,
    targetType: q.targetType || undefined,
    targetId: q.targetId || undefined,
    since: q.since,
    before: q.until,
  });
  app.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZAuditQuery, response: { 200: ZAuditList } },
    },
    async (req) => {
      const rows = await service.listAudit({ ...auditFilters(req.query), limit: req.query.limit });
      const items = rows.map(presentAuditEntry);
      return { items, nextBefore: rows.length === req.query.limit ? (items.at(-1)?.at ?? null) : null };
    },
  );
  // The same entries as CSV, streamed page by page (any number of entries, little memory).
  app.get(
    '/api/admin/audit.csv',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: ZAuditQuery.omit({ limit: true }) } },
    async (req, reply) => {
      const filters = auditFilters({ ...req.query, limit: 0 });
      async function* lines() {
        yield auditCsvHeader();
        let cursor: { before?: Date; beforeId?: string } = { before: filters.before };
        for (;;) {
          const rows = await service.listAudit({ ...filters, ...cursor, limit: 500 });
          for (const r of rows) yield auditCsvRow(presentAuditEntry(r));
          const last = rows.at(-1);
          if (rows.length < 500 || !last) return;
          cursor = { before: last.entry.at, beforeId: last.entry.id };
        }
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="wavecast-audit.csv"');
      return reply.send(Readable.from(lines()));
    },
  );
  app.post(
    '/api/admin/users/:id/suspend',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], params: userParams, response: { 200: z.object({ user: ZAdminUser }) } },
    },
    async (req) => ({ user: presentAdminUser(await service.suspend(signedInUser(req), req.params.id)) }),
  );
  app.post(
    '/api/admin/users/:id/restore',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], params: userParams, response: { 200: z.object({ user: ZAdminUser }) } },
    },
    async (req) => ({ user: presentAdminUser(await service.restore(signedInUser(req), req.params.id)) }),
  );
  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], params: userParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await service.deleteUser(signedInUser(req), req.params.id);
      return { ok: true as const };
    },
  );

  // Step-up: sensitive actions need the password confirmed in the last STEP_UP_MINUTES.
  app.get(
    '/api/admin/step-up',
    { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: ZStepUpState } } },
    async (req) => ({ until: (await stepUp.until(signedInUser(req)))?.toISOString() ?? null }),
  );

  app.post(
    '/api/admin/step-up',
    {
      config: { access: 'admin', rateLimit: RATE_LIMITS.passwordCheck },
      schema: { tags: ['admin'], body: ZStepUp, response: { 200: ZStepUpState } },
    },
    async (req) => ({ until: (await stepUp.confirm(signedInUser(req), req.body.password)).toISOString() }),
  );

  app.get(
    '/api/admin/mail',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZOutboxQuery, response: { 200: ZOutboxList } },
    },
    async (req) => {
      const { rows, total } = await service.listOutbox(req.query);
      return {
        items: rows.map(presentOutboxMail),
        total,
        nextOffset: nextOffset(req.query.offset, rows.length, total),
      };
    },
  );
}
