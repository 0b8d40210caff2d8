import multipart from '@fastify/multipart';
import {
  AD_AUDIO_MAX_BYTES,
  AD_FORMATS,
  AD_MESSAGES,
  AD_PLACEMENTS,
  ZAdminCampaignAction,
  ZAdminCredit,
  ZAdReportInput,
  ZAdReportSummary,
  ZAdRequest,
  ZAdvertiserOverview,
  ZCampaign,
  ZCampaignDay,
  ZCampaignInput,
  ZRedirect,
  ZReviewDecision,
  ZServedAd,
  ZTopUpInput,
} from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { SessionUser } from '../../lib/session';
import { registerFigure } from '../admin/figures';
import { sendObject } from '../delivery/send-object';
import { listenerCookies } from '../plays/listener-cookie';
import { campaignsCsv, presentCampaign, presentDay, presentLedger } from './presenter';
import { adReports } from './reports';
import { adSpendThisMonth, adsService, type CampaignRow } from './service';
import { adServing } from './serving';
import type { AdminCampaignEvent } from './state-machine';
import { TRACKING_EVENTS } from './tokens';
import { vastXml } from './vast';

const tags = ['ads'];
const ZId = z.object({ id: z.uuid() });
const ZCampaignAnswer = z.object({ campaign: ZCampaign, message: z.string() });
const writeLimit = { rateLimit: RATE_LIMITS.write };
const ZSig = z.object({ s: z.string().min(1).max(100) });

/** `/api/ads/*`: advertisers' campaigns and balance, admins' review and credits, serving and counting. */
registerFigure({
  key: 'ads.spend',
  label: 'Ad spend this month',
  unit: 'micros',
  read: adSpendThisMonth,
});

export async function adsRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ads = adsService(ctx);
  const serving = adServing(ctx);
  const cookies = listenerCookies(ctx);
  const reports = adReports(ctx);
  const advertiser = () => ({ access: 'advertiser' as const, ...writeLimit });

  /** Campaigns with their quartiles (audio) and whether the balance holds them back. */
  async function presentAll(campaigns: CampaignRow[], balanceMicros: number) {
    const audio = campaigns.filter((c) => c.format === 'audio').map((c) => c.id);
    const [quartiles, filtered] = await Promise.all([
      ads.quartilesOf(audio),
      ads.filteredOf(campaigns.map((c) => c.id)),
    ]);
    return campaigns.map((c) =>
      presentCampaign(c, { quartiles: quartiles.get(c.id), filtered: filtered.get(c.id), balanceMicros }),
    );
  }

  /** One campaign as its advertiser sees it (the answer to an action). */
  async function presentOwn(c: CampaignRow) {
    const [one] = await presentAll([c], await ads.bookedBalance(c.advertiserId));
    return one;
  }

  async function overview(user: SessionUser) {
    const balanceMicros = await ads.balance(user.id);
    const [campaigns, days, ledger] = await Promise.all([ads.list(user), ads.days(user.id), ads.ledger(user.id)]);
    return {
      advertiser: { id: user.id, displayName: user.displayName, email: user.email },
      balanceMicros,
      payingEnabled: ads.payingEnabled(),
      campaigns: await presentAll(campaigns, balanceMicros),
      days: days.map(presentDay),
      ledger: ledger.map(presentLedger),
    };
  }

  app.get(
    '/api/ads/advertiser',
    { config: { access: 'advertiser' }, schema: { tags, response: { 200: ZAdvertiserOverview } } },
    async (req) => overview(signedInUser(req)),
  );

  app.get(
    '/api/ads/advertiser/export.csv',
    { config: { access: 'advertiser' }, schema: { tags } },
    async (req, reply) => {
      const user = signedInUser(req);
      const rows = await presentAll(await ads.list(user), await ads.balance(user.id));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="campaigns.csv"');
      return campaignsCsv(rows);
    },
  );

  app.post(
    '/api/ads/campaigns',
    { config: advertiser(), schema: { tags, body: ZCampaignInput, response: { 201: ZCampaignAnswer } } },
    async (req, reply) => {
      const c = await ads.create(signedInUser(req), req.body);
      reply.code(201);
      return { campaign: await presentOwn(c), message: AD_MESSAGES.campaignCreated };
    },
  );

  app.get(
    '/api/ads/campaigns/:id',
    {
      config: { access: 'advertiser' },
      schema: { tags, params: ZId, response: { 200: z.object({ campaign: ZCampaign, days: z.array(ZCampaignDay) }) } },
    },
    async (req) => {
      const user = signedInUser(req);
      const c = await ads.get(user, req.params.id);
      return { campaign: await presentOwn(c), days: (await ads.days(user.id, c.id)).map(presentDay) };
    },
  );

  app.put(
    '/api/ads/campaigns/:id',
    { config: advertiser(), schema: { tags, params: ZId, body: ZCampaignInput, response: { 200: ZCampaignAnswer } } },
    async (req) => ({
      campaign: await presentOwn(await ads.update(signedInUser(req), req.params.id, req.body)),
      message: AD_MESSAGES.campaignSaved,
    }),
  );

  for (const [action, message] of [
    ['submit', AD_MESSAGES.submitted],
    ['pause', AD_MESSAGES.paused],
    ['resume', AD_MESSAGES.resumed],
  ] as const) {
    app.post(
      `/api/ads/campaigns/:id/${action}`,
      { config: advertiser(), schema: { tags, params: ZId, response: { 200: ZCampaignAnswer } } },
      async (req) => ({
        campaign: await presentOwn(await ads[action](signedInUser(req), req.params.id)),
        message,
      }),
    );
  }

  // The creative: one file part, streamed and checked (creatives.ts); multipart only here.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AD_AUDIO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/ads/campaigns/:id/creative',
      {
        config: { access: 'advertiser', rateLimit: RATE_LIMITS.heavyWrite },
        schema: { tags, params: ZId, consumes: ['multipart/form-data'], response: { 200: ZCampaignAnswer } },
      },
      async (req) => {
        const user = signedInUser(req);
        await ads.get(user, req.params.id);
        const part = req.isMultipart() ? await req.file() : undefined;
        if (!part) throw badRequest('Send the creative as a multipart/form-data file.');
        try {
          const c = await ads.setCreative(user, req.params.id, part);
          return { campaign: await presentOwn(c), message: AD_MESSAGES.creativeSaved };
        } catch (e) {
          part.file.resume();
          throw e;
        }
      },
    );
  });

  app.post(
    '/api/ads/checkout',
    { config: advertiser(), schema: { tags, body: ZTopUpInput, response: { 200: ZRedirect } } },
    async (req) => ({ url: await ads.checkout(signedInUser(req), req.body) }),
  );

  // ── admins ─────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/admin/ads/review',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        response: {
          200: z.object({
            items: z.array(
              z.object({
                campaign: ZCampaign,
                advertiser: z.object({ email: z.string(), displayName: z.string().nullable() }),
              }),
            ),
          }),
        },
      },
    },
    async () => ({
      items: (await ads.reviewQueue()).map((r) => ({
        campaign: presentCampaign(r.campaign),
        advertiser: { email: r.email, displayName: r.displayName },
      })),
    }),
  );

  app.post(
    '/api/admin/ads/campaigns/:id/review',
    {
      config: { access: 'admin', ...writeLimit },
      schema: { tags: ['admin'], params: ZId, body: ZReviewDecision, response: { 200: ZCampaignAnswer } },
    },
    async (req) => {
      const c = await ads.review(signedInUser(req), req.params.id, req.body.approve, req.body.note);
      return { campaign: await presentOwn(c), message: req.body.approve ? AD_MESSAGES.approved : AD_MESSAGES.rejected };
    },
  );

  // Any campaign, any state (issue 32): hold (an admin's pause), release, stop (final: step-up, as a
  // deletion), reject; each with the reason its advertiser sees, audited.
  app.get(
    '/api/admin/ads/campaigns',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        response: {
          200: z.object({
            items: z.array(
              z.object({
                campaign: ZCampaign,
                advertiser: z.object({ email: z.string(), displayName: z.string().nullable() }),
              }),
            ),
          }),
        },
      },
    },
    async () => ({
      items: (await ads.adminList()).map((r) => ({
        campaign: presentCampaign(r.campaign),
        advertiser: { email: r.email, displayName: r.displayName },
      })),
    }),
  );

  const adminActions: [string, AdminCampaignEvent, string, boolean][] = [
    ['hold', 'admin_hold', AD_MESSAGES.held, false],
    ['stop', 'admin_stop', AD_MESSAGES.stopped, true],
    ['reject', 'admin_reject', AD_MESSAGES.rejected, false],
  ];
  for (const [action, event, message, stepUp] of adminActions) {
    app.post(
      `/api/admin/ads/campaigns/:id/${action}`,
      {
        config: { access: 'admin', ...(stepUp ? { stepUp: true } : {}), ...writeLimit },
        schema: { tags: ['admin'], params: ZId, body: ZAdminCampaignAction, response: { 200: ZCampaignAnswer } },
      },
      async (req) => {
        const c = await ads.adminAct(signedInUser(req), req.params.id, event, req.body.reason);
        return { campaign: await presentOwn(c), message };
      },
    );
  }

  app.post(
    '/api/admin/ads/campaigns/:id/release',
    {
      config: { access: 'admin', ...writeLimit },
      schema: { tags: ['admin'], params: ZId, response: { 200: ZCampaignAnswer } },
    },
    async (req) => {
      const c = await ads.adminAct(signedInUser(req), req.params.id, 'admin_release', null);
      return { campaign: await presentOwn(c), message: AD_MESSAGES.adminResumed };
    },
  );

  app.get(
    '/api/admin/ads/reports',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.object({ items: z.array(ZAdReportSummary) }) } },
    },
    async () => ({ items: await reports.summaries() }),
  );

  app.get(
    '/api/admin/ads/advertisers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                email: z.string(),
                displayName: z.string().nullable(),
                balanceMicros: z.number(),
                campaigns: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async () => {
      await ads.bookAllTopUps();
      const rows = await ads.advertisers();
      return {
        items: rows.map((r) => ({ ...r, balanceMicros: Number(r.balanceMicros), campaigns: Number(r.campaigns) })),
      };
    },
  );

  app.post(
    '/api/admin/ads/advertisers/:id/credit',
    {
      config: { access: 'admin', stepUp: true, ...writeLimit },
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ZAdminCredit,
        response: { 200: z.object({ balanceMicros: z.number(), message: z.string() }) },
      },
    },
    async (req) => {
      const admin = signedInUser(req);
      const balanceMicros = await ads.adminCredit(admin, req.params.id, req.body.amountCents, req.body.note);
      return { balanceMicros, message: AD_MESSAGES.credited };
    },
  );

  // ── serving and counting (public: listeners, VAST clients, tracking pixels) ────────────

  /** The request's source, for invalid-traffic filtering (ADR 0040). */
  const clientOf = (req: FastifyRequest) => ({
    ip: clientIp(req, ctx.config.TRUST_PROXY_HEADER),
    userAgent: req.headers['user-agent'],
  });

  function adRequest(req: FastifyRequest, q: z.infer<typeof ZAdRequest>) {
    const anonId = req.user ? null : cookies.read(req);
    return { ...q, user: req.user, anonId, client: clientOf(req), cookieless: !req.user && !anonId };
  }

  app.get(
    '/api/ads/serve',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.adRequest },
      schema: { tags, querystring: ZAdRequest, response: { 200: z.object({ ad: ZServedAd.nullable() }) } },
    },
    async (req, reply) => {
      const request = adRequest(req, req.query);
      // An anonymous listener gets its cookie here, so caps hold across its requests (the id, as
      // `cookies.read` gives it next time: one listener key from the first ad on). Until it comes
      // back with it, its caps follow its address and user agent (`cookieless`).
      if (!req.user && !request.anonId) request.anonId = cookies.issue(reply).id;
      reply.header('cache-control', 'no-store');
      const decision = await serving.decide(request);
      return { ad: decision ? serving.present(decision) : null };
    },
  );

  app.get(
    '/api/ads/vast',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.adRequest },
      schema: {
        tags,
        querystring: ZAdRequest.omit({ format: true }).extend({
          placement: z.enum(AD_PLACEMENTS).default('preroll'),
          format: z.enum(AD_FORMATS).default('audio'),
        }),
      },
    },
    async (req, reply) => {
      // VAST here carries the audio pre-roll only: a display request is told so, never given audio.
      const { format, ...query } = req.query;
      if (format !== 'audio') throw badRequest(AD_MESSAGES.displayVast);
      const decision = await serving.decide(adRequest(req, { ...query, format }));
      reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*');
      return vastXml(decision ? serving.present(decision) : null);
    },
  );

  app.get(
    '/api/ads/track/:id/:event',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.adEvent },
      schema: { tags, params: ZId.extend({ event: z.enum(TRACKING_EVENTS) }), querystring: ZSig },
    },
    async (req, reply) => {
      await serving.track(req.params.id, req.params.event, req.query.s, clientOf(req));
      // Counted or not (a repeat, too early, out of budget), the answer is the same: nothing to see.
      return reply.code(204).header('cache-control', 'no-store').header('access-control-allow-origin', '*').send();
    },
  );

  // The VAST Error URL: the player's error code recorded once per serve; the same empty answer always.
  app.get(
    '/api/ads/serves/:id/error',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.adEvent },
      schema: {
        tags,
        params: ZId,
        querystring: ZSig.extend({ code: z.string().max(20).optional() }),
      },
    },
    async (req, reply) => {
      await serving.error(req.params.id, req.query.s, req.query.code);
      return reply.code(204).header('cache-control', 'no-store').header('access-control-allow-origin', '*').send();
    },
  );

  // "Report this ad": a listener reports an ad they were served (their serve), once per campaign.
  app.post(
    '/api/ads/reports',
    {
      config: {
        access: 'public',
        rateLimit: {
          ...RATE_LIMITS.adReport,
          keyGenerator: (req: FastifyRequest) =>
            req.user ? `ad-report:${req.user.id}` : `ad-report:${clientIp(req, ctx.config.TRUST_PROXY_HEADER)}`,
        },
      },
      schema: { tags, body: ZAdReportInput, response: { 200: z.object({ message: z.string() }) } },
    },
    async (req) => {
      const anonId = req.user ? null : cookies.read(req);
      const reporterKey = req.user ? req.user.id : anonId ? `anon:${anonId}` : null;
      if (!reporterKey) throw new AppError('NOT_FOUND', AD_MESSAGES.notFound);
      await reports.report(reporterKey, req.body);
      return { message: AD_MESSAGES.reported };
    },
  );

  app.get(
    '/api/ads/click/:id',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.adRequest },
      schema: { tags, params: ZId, querystring: ZSig },
    },
    async (req, reply) => {
      const to = await serving.click(req.params.id, req.query.s);
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  app.get('/api/ads/media/:id', { config: { access: 'public' }, schema: { tags, params: ZId } }, async (req, reply) => {
    const c = await ads.find(req.params.id);
    if (!c?.creativeKey) throw notFound('Creative');
    // Running (or past) creatives are public; one not approved yet only for its owner and admins.
    const visible =
      c.status === 'active' ||
      c.status === 'paused' ||
      c.status === 'completed' ||
      req.user?.id === c.advertiserId ||
      req.user?.role === 'admin';
    if (!visible) throw notFound('Creative');
    reply.header('x-content-type-options', 'nosniff');
    return sendObject(ctx, req, reply, {
      key: c.creativeKey,
      contentType: c.creativeMime ?? 'application/octet-stream',
      cacheControl: 'private, max-age=3600',
      missing: 'Creative not found',
    });
  });

  // Creators: ad impressions on their content.
  app.get(
    '/api/ads/creator',
    { config: { access: 'creator' }, schema: { tags, response: { 200: z.object({ impressions: z.number() }) } } },
    async (req) => ({ impressions: await ads.creatorImpressions(signedInUser(req).id) }),
  );

  // The advertiser profile: only its owner, only with the advertiser role.
  app.get(
    '/api/ads/advertisers/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: z.object({ id: z.string().min(1).max(64) }) },
    },
    async (req) => {
      const user = signedInUser(req);
      if (req.params.id !== user.id || !(await ads.isAdvertiser(user.id)))
        throw new AppError('NOT_FOUND', AD_MESSAGES.advertiserNotFound);
      return overview(user);
    },
  );
}
