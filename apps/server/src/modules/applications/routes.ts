import {
  ADMIN_MESSAGES,
  ZApplication,
  ZApplicationDecision,
  ZApplicationInput,
  ZApplicationList,
  ZApplicationQuery,
} from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { presentApplication } from './presenter';
import { applicationsService } from './service';

const ZId = z.object({ id: z.string().uuid() });

/** Approving grants a role: it needs a recent password (step-up); refusing changes nothing. */
const approving = (req: FastifyRequest) => (req.body as { approve?: unknown } | undefined)?.approve === true;

/** Applying for the affiliate or advertiser role (`/api/applications`), and admins deciding. */
export async function applicationRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = applicationsService(ctx);

  app.post(
    '/api/applications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['applications'],
        body: ZApplicationInput,
        response: { 201: z.object({ application: ZApplication, message: z.string() }) },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req);
      const row = await service.apply(user, req.body);
      const [mine] = (await service.mine(user)).filter((r) => r.application.id === row.id);
      reply.code(201);
      return { application: presentApplication(mine), message: ADMIN_MESSAGES.applicationSent };
    },
  );

  app.get(
    '/api/applications/mine',
    { config: { access: 'user' }, schema: { tags: ['applications'], response: { 200: ZApplicationList } } },
    async (req) => ({ items: (await service.mine(signedInUser(req))).map(presentApplication) }),
  );

  app.get(
    '/api/admin/applications',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZApplicationQuery, response: { 200: ZApplicationList } },
    },
    async (req) => ({ items: (await service.list(req.query)).map(presentApplication) }),
  );

  app.post(
    '/api/admin/applications/:id/decision',
    {
      config: { access: 'admin', stepUp: approving },
      schema: {
        tags: ['admin'],
        params: ZId,
        body: ZApplicationDecision,
        response: { 200: z.object({ application: ZApplication }) },
      },
    },
    async (req) => {
      const row = await service.decide(signedInUser(req), req.params.id, req.body.approve, req.body.note);
      return { application: presentApplication(row) };
    },
  );
}
