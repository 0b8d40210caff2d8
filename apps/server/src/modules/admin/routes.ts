import {
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserListQuery,
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
import { presentAdminUser } from '../users/presenter';
import { nextOffset, presentOutboxMail } from './presenter';
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
      config: { access: 'admin' },
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
  app.post(
    '/api/admin/users/:id/suspend',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: userParams, response: { 200: z.object({ user: ZAdminUser }) } },
    },
    async (req) => ({ user: presentAdminUser(await service.suspend(signedInUser(req), req.params.id)) }),
  );
  app.post(
    '/api/admin/users/:id/restore',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: userParams, response: { 200: z.object({ user: ZAdminUser }) } },
    },
    async (req) => ({ user: presentAdminUser(await service.restore(signedInUser(req), req.params.id)) }),
  );
  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
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
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 minute' } },
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
