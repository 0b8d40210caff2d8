import { Readable } from 'node:stream';
import {
  ZAdminPayout,
  ZAffiliateAnalytics,
  ZAffiliateDashboard,
  ZAffiliatePayout,
  ZAffiliateProfile,
  ZFlaggedReferral,
  ZPayoutBatch,
  ZPayoutBatchDetail,
  ZPayoutFailedInput,
  ZPayoutPaidInput,
  ZPayoutSettingsInput,
  ZTransfersResult,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { registerFigure } from '../admin/figures';
import { continuePage, followedByUser } from './link';
import {
  bankPayoutsCsv,
  csvLines,
  paypalPayoutsCsv,
  presentAdminPayout,
  presentBatch,
  presentBatchDetail,
  presentDashboard,
  presentFlagged,
  presentPayout,
} from './presenter';
import { affiliatePayoutsDueCents, affiliatesService } from './service';

const ZId = z.object({ id: z.string().uuid() });

/**
 * `/ref/:id` (a plain route, not under /api: registered before the SPA fallback, so it is never
 * answered with index.html), the affiliate's own API, and admins' payouts.
 */
registerFigure({
  key: 'affiliates.payoutsDue',
  label: 'Affiliate payouts due',
  unit: 'cents',
  read: affiliatePayoutsDueCents,
});

export async function affiliateRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = affiliatesService(ctx);

  // No schema on purpose: whatever the id or query, the answer is a redirect (never a 400 or 500).
  app.get(
    '/ref/:id',
    { schema: { hide: true }, config: { rateLimit: RATE_LIMITS.referralClick } },
    async (req, reply) => {
      // A HEAD (link previews, checkers) follows the redirect rules but records and sets nothing.
      if (req.method === 'HEAD') return reply.header('Cache-Control', 'no-store').redirect('/', 302);
      const { id } = req.params as { id: string };
      const q = req.query as Record<string, unknown>;
      const ua = req.headers['user-agent'];
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const out = await service.click({
        id,
        campaign: q.c,
        to: q.to,
        ua,
        ip: clientIp(req, ctx.config.TRUST_PROXY_HEADER),
        followed: followedByUser({
          site: header('sec-fetch-site'),
          user: header('sec-fetch-user'),
          mode: header('sec-fetch-mode'),
          dest: header('sec-fetch-dest'),
        }),
      });
      reply.header('Cache-Control', 'no-store');
      if (out.location === null) return reply.type('text/html; charset=utf-8').send(continuePage(req.url));
      if (out.cookie) reply.header('Set-Cookie', out.cookie);
      return reply.redirect(out.location, 302);
    },
  );

  app.get(
    '/api/affiliates/me',
    { config: { access: 'affiliate' }, schema: { tags: ['affiliates'], response: { 200: ZAffiliateDashboard } } },
    async (req) => presentDashboard(await service.dashboard(signedInUser(req))),
  );

  app.get(
    '/api/affiliates/me/analytics',
    { config: { access: 'affiliate' }, schema: { tags: ['affiliates'], response: { 200: ZAffiliateAnalytics } } },
    async (req) => service.analytics(signedInUser(req)),
  );

  app.get(
    '/api/affiliates/me/report.csv',
    { config: { access: 'affiliate' }, schema: { tags: ['affiliates'] } },
    async (req, reply) => {
      const d = await service.dashboard(signedInUser(req));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="wavecast-affiliate-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(csvLines(d)));
    },
  );

  app.put(
    '/api/affiliates/me/settings',
    {
      config: { access: 'affiliate' },
      schema: { tags: ['affiliates'], body: ZPayoutSettingsInput, response: { 200: ZAffiliateDashboard } },
    },
    async (req) => {
      const user = signedInUser(req);
      await service.saveSettings(user, req.body);
      return presentDashboard(await service.dashboard(user));
    },
  );

  app.post(
    '/api/affiliates/me/payouts',
    {
      config: { access: 'affiliate' },
      schema: { tags: ['affiliates'], response: { 200: z.object({ payout: ZAffiliatePayout }) } },
    },
    async (req) => ({ payout: presentPayout(await service.requestPayout(signedInUser(req))) }),
  );

  app.get(
    '/api/affiliates/:id/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['affiliates'],
        params: z.object({ id: z.string().max(200) }),
        response: { 200: z.object({ profile: ZAffiliateProfile }) },
      },
    },
    async (req) => {
      const a = await service.profile(signedInUser(req), req.params.id);
      return {
        profile: {
          id: a.id,
          displayName: a.displayName,
          email: a.email,
          tier: { id: a.tier.id, name: a.tier.name, rateBps: a.tier.rateBps },
          createdAt: a.createdAt.toISOString(),
        },
      };
    },
  );

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

  app.post(
    '/api/admin/affiliate-payouts/:id/paid',
    {
      config: { access: 'admin', stepUp: true },
      schema: {
        tags: ['admin'],
        params: ZId,
        body: ZPayoutPaidInput,
        response: { 200: z.object({ payout: ZAffiliatePayout }) },
      },
    },
    async (req) => ({
      payout: presentPayout(
        await service.decidePayout(signedInUser(req), req.params.id, { status: 'paid', reference: req.body.reference }),
      ),
    }),
  );

  app.post(
    '/api/admin/affiliate-payouts/:id/failed',
    {
      config: { access: 'admin', stepUp: true },
      schema: {
        tags: ['admin'],
        params: ZId,
        body: ZPayoutFailedInput,
        response: { 200: z.object({ payout: ZAffiliatePayout }) },
      },
    },
    async (req) => ({
      payout: presentPayout(
        await service.decidePayout(signedInUser(req), req.params.id, { status: 'failed', note: req.body.note }),
      ),
    }),
  );

  app.get(
    '/api/admin/affiliate-referrals/flagged',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.object({ items: z.array(ZFlaggedReferral) }) } },
    },
    async () => ({ items: (await service.flaggedReferrals()).map(presentFlagged) }),
  );

  app.post(
    '/api/admin/affiliate-referrals/:id/unflag',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: ZId, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await service.clearFlag(signedInUser(req), req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/affiliate-referrals/:id/void',
    {
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], params: ZId, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await service.voidReferral(signedInUser(req), req.params.id);
      return { ok: true as const };
    },
  );

  /** On demand: book commissions now and recompute tiers (the daily job's work). */
  app.post(
    '/api/admin/affiliates/run',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        response: { 200: z.object({ booked: z.number(), affiliates: z.number() }) },
      },
    },
    async () => {
      const booked = await service.bookCommissions();
      const affiliates = await service.recomputeTiers();
      return { booked, affiliates };
    },
  );
}
