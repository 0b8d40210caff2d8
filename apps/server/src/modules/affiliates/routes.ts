import { Readable } from 'node:stream';
import {
  ZAffiliateAnalytics,
  ZAffiliateDashboard,
  ZAffiliatePayout,
  ZAffiliateProfile,
  ZFlaggedReferral,
  ZPayoutSettingsInput,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { presentPayout } from '../payouts/presenter';
import { continuePage, followedByUser } from './link';
import { csvLines, presentDashboard, presentFlagged } from './presenter';
import { affiliatesService } from './service';

const ZId = z.object({ id: z.string().uuid() });

/**
 * `/ref/:id` (a plain route, not under /api: registered before the SPA fallback, so it is never
 * answered with index.html), the affiliate's own API, and admins' flagged referrals (the payout
 * batches are the shared payouts module's routes, ADR 0054).
 */
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
