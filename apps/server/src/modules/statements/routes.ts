import { Readable } from 'node:stream';
import {
  ZAffiliatePayout,
  ZCreatorStatement,
  ZDistributionReport,
  ZMonthQuery,
  ZPayoutMethodInput,
  ZPublicTerms,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { presentPayout } from '../payouts/presenter';
import { presentStatement, statementCsv } from './presenter';
import { statementsService } from './service';

const ZCreatorId = z.object({ id: z.string().max(200) });

/** Creators' statements and payouts, the public terms, the admins' distribution report (issue 37). */
export async function statementRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = statementsService(ctx);
  const tags = ['earnings'];

  app.get(
    '/api/earnings/terms',
    { config: { access: 'public' }, schema: { tags, response: { 200: ZPublicTerms } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return service.terms();
    },
  );

  app.get(
    '/api/creators/:id/earnings',
    {
      config: { access: 'user' },
      schema: { tags, params: ZCreatorId, querystring: ZMonthQuery, response: { 200: ZCreatorStatement } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return presentStatement(await service.statement(signedInUser(req), req.params.id, req.query.month));
    },
  );

  app.get(
    '/api/creators/:id/earnings.csv',
    { config: { access: 'user' }, schema: { tags, params: ZCreatorId } },
    async (req, reply) => {
      const months = await service.allMonths(signedInUser(req), req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="wavecast-earnings.csv"')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(statementCsv(months)));
    },
  );

  app.put(
    '/api/creators/:id/payout-method',
    {
      config: { access: 'user' },
      schema: { tags, params: ZCreatorId, body: ZPayoutMethodInput, response: { 200: ZCreatorStatement } },
    },
    async (req) => {
      const user = signedInUser(req);
      await service.saveMethod(user, req.params.id, req.body);
      return presentStatement(await service.statement(user, req.params.id));
    },
  );

  app.post(
    '/api/creators/:id/payouts',
    {
      config: { access: 'user' },
      schema: { tags, params: ZCreatorId, response: { 200: z.object({ payout: ZAffiliatePayout }) } },
    },
    async (req) => ({ payout: presentPayout(await service.requestPayout(signedInUser(req), req.params.id)) }),
  );

  app.get(
    '/api/admin/earnings/distribution',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.object({ report: ZDistributionReport.nullable() }) } },
    },
    async () => ({ report: await service.distribution() }),
  );
}
