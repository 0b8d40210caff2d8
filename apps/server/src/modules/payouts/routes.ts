import {
  ZAdminPayout,
  ZAffiliatePayout,
  ZPayoutBatch,
  ZPayoutBatchDetail,
  ZPayoutFailedInput,
  ZPayoutPaidInput,
  ZTransfersResult,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { registerFigure } from '../admin/figures';
import {
  bankPayoutsCsv,
  paypalPayoutsCsv,
  presentAdminPayout,
  presentBatch,
  presentBatchDetail,
  presentPayout,
} from './presenter';
import { payoutsDueCents, payoutsService } from './service';

const ZId = z.object({ id: z.string().uuid() });

// The figure's key and label predate creator payouts; it now sums every payee kind.
registerFigure({ key: 'affiliates.payoutsDue', label: 'Affiliate payouts due', unit: 'cents', read: payoutsDueCents });

/**
 * Admins' payouts, every payee kind in one batch (ADR 0054). The paths keep the names they had when
 * only affiliates were paid (`/api/admin/affiliate-payout…`); each payout says its `payeeKind`.
 */
export async function payoutRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = payoutsService(ctx);

  app.get(
    '/api/admin/affiliate-payouts',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.object({ items: z.array(ZAdminPayout) }) } },
    },
    async () => ({ items: (await service.duePayouts()).map(presentAdminPayout) }),
  );

  app.get(
    '/api/admin/affiliate-payout-batches',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.object({ items: z.array(ZPayoutBatch) }) } },
    },
    async () => ({ items: (await service.listBatches()).map(presentBatch) }),
  );

  app.post(
    '/api/admin/affiliate-payout-batches',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], response: { 200: z.object({ batch: ZPayoutBatch }) } },
    },
    async (req) => ({ batch: presentBatch(await service.createBatch(signedInUser(req))) }),
  );

  // The full payout details leave the server only here: step-up, and every read is audited.
  app.get(
    '/api/admin/affiliate-payout-batches/:id',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], params: ZId, response: { 200: z.object({ batch: ZPayoutBatchDetail }) } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { batch: presentBatchDetail(await service.batchDetail(signedInUser(req), req.params.id, 'view')) };
    },
  );

  for (const [file, what, write] of [
    ['paypal.csv', 'paypal_csv', paypalPayoutsCsv],
    ['bank.csv', 'bank_csv', bankPayoutsCsv],
  ] as const) {
    app.get(
      `/api/admin/affiliate-payout-batches/:id/${file}`,
      { config: { access: 'admin', stepUp: true }, schema: { tags: ['admin'], params: ZId } },
      async (req, reply) => {
        const d = await service.batchDetail(signedInUser(req), req.params.id, what);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="wavecast-payouts-${req.params.id.slice(0, 8)}-${file}"`)
          .header('Cache-Control', 'no-store')
          .send(write(d));
      },
    );
  }

  app.post(
    '/api/admin/affiliate-payout-batches/:id/transfers',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], params: ZId, response: { 200: ZTransfersResult } },
    },
    async (req) => service.transferBatch(signedInUser(req), req.params.id),
  );

  for (const status of ['paid', 'failed'] as const) {
    app.post(
      `/api/admin/affiliate-payouts/:id/${status}`,
      {
        config: { access: 'admin', stepUp: true },
        schema: {
          tags: ['admin'],
          params: ZId,
          body: status === 'paid' ? ZPayoutPaidInput : ZPayoutFailedInput,
          response: { 200: z.object({ payout: ZAffiliatePayout }) },
        },
      },
      async (req) => {
        const body = req.body as { reference?: string; note?: string };
        const decision =
          status === 'paid'
            ? { status, reference: body.reference ?? '' }
            : { status, ...(body.note === undefined ? {} : { note: body.note }) };
        return { payout: presentPayout(await service.decidePayout(signedInUser(req), req.params.id, decision)) };
      },
    );
  }
}
