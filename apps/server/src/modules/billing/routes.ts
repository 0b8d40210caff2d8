import {
  ZBilling,
  ZChangePreview,
  ZChangePreviewQuery,
  ZCheckoutChoice,
  ZFamilyAccept,
  ZFamilyInvite,
  ZPlanChoice,
  ZPlanGrant,
  ZPlanSummary,
  ZRedirect,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { SessionUser } from '../../lib/session';
import { userService } from '../users/service';
import { acceptsCard } from './checkout';
import { billing } from './index';
import { presentBilling } from './presenter';
import { stripeWebhookRoute } from './stripe/routes';

const tags = ['billing'];
const ZIdParams = z.object({ id: z.uuid() });
const writeLimit = { rateLimit: RATE_LIMITS.settings };

/** `/api/billing/*`: the signed-in account's plan, trial, changes, payments and family seats. */
export async function billingRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { provider, subscriptions, checkout, entitlements, family, hasUsedTrial, payments } = billing(ctx);
  const users = userService(ctx);
  // A fresh object per route: the rate-limit plugin keeps per-route state in it.
  const changing = () => ({ access: 'user' as const, ...writeLimit });

  async function overview(user: SessionUser) {
    const account = await entitlements.of(user);
    const ownsFamily = account.subscription?.planId === 'family';
    return presentBilling({
      account,
      payingEnabled: provider.configured,
      trialAvailable: !(await hasUsedTrial(user.id)),
      canAddCard: provider.configured && acceptsCard(account.subscription ?? undefined),
      payments: await payments(user.id),
      family: ownsFamily ? await family.members(user.id) : null,
    });
  }
  const answer = { response: { 200: ZBilling } };

  await stripeWebhookRoute(app, ctx, subscriptions);

  app.get('/api/billing', { config: { access: 'user' }, schema: { tags, ...answer } }, async (req) =>
    overview(signedInUser(req)),
  );

  app.post(
    '/api/billing/trial',
    { config: changing(), schema: { tags, body: ZPlanChoice, ...answer } },
    async (req) => {
      const user = signedInUser(req);
      await subscriptions.startTrial(user, req.body.planId);
      return overview(user);
    },
  );

  app.post('/api/billing/plan', { config: changing(), schema: { tags, body: ZPlanChoice, ...answer } }, async (req) => {
    const user = signedInUser(req);
    await subscriptions.changePlan(user, req.body.planId);
    return overview(user);
  });

  app.post('/api/billing/cancel', { config: changing(), schema: { tags, ...answer } }, async (req) => {
    const user = signedInUser(req);
    await subscriptions.cancel(user);
    return overview(user);
  });

  app.post('/api/billing/resume', { config: changing(), schema: { tags, ...answer } }, async (req) => {
    const user = signedInUser(req);
    await subscriptions.resume(user);
    return overview(user);
  });

  app.post(
    '/api/billing/checkout',
    { config: changing(), schema: { tags, body: ZCheckoutChoice, response: { 200: ZRedirect } } },
    async (req) => ({
      url: await checkout.subscribe(signedInUser(req), req.body.planId, req.body.trial ?? false),
    }),
  );

  app.post(
    '/api/billing/trial/card',
    { config: changing(), schema: { tags, response: { 200: ZRedirect } } },
    async (req) => ({ url: await checkout.addCardToTrial(signedInUser(req)) }),
  );

  app.post(
    '/api/billing/portal',
    { config: changing(), schema: { tags, response: { 200: ZRedirect } } },
    async (req) => ({ url: await checkout.manageCards(signedInUser(req)) }),
  );

  app.get(
    '/api/billing/change-preview',
    {
      config: { access: 'user' },
      schema: { tags, querystring: ZChangePreviewQuery, response: { 200: ZChangePreview } },
    },
    async (req) => checkout.previewChange(signedInUser(req), req.query.plan),
  );

  app.post(
    '/api/billing/family/invites',
    { config: changing(), schema: { tags, body: ZFamilyInvite, ...answer } },
    async (req) => {
      const user = signedInUser(req);
      await family.invite(user, req.body.email);
      return overview(user);
    },
  );

  app.delete(
    '/api/billing/family/members/:id',
    { config: changing(), schema: { tags, params: ZIdParams, ...answer } },
    async (req) => {
      const user = signedInUser(req);
      await family.remove(user, req.params.id);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/family/accept',
    { config: changing(), schema: { tags, body: ZFamilyAccept, ...answer } },
    async (req) => {
      const user = signedInUser(req);
      await family.accept(user, req.body.token);
      return overview(user);
    },
  );

  app.post('/api/billing/family/leave', { config: changing(), schema: { tags, ...answer } }, async (req) => {
    const user = signedInUser(req);
    await family.leave(user);
    return overview(user);
  });

  app.put(
    '/api/admin/users/:id/plan',
    {
      config: { access: 'admin', stepUp: true, ...writeLimit },
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ZPlanGrant,
        response: { 200: z.object({ plan: ZPlanSummary }) },
      },
    },
    async (req) => {
      const admin = signedInUser(req);
      const target = await users.find(req.params.id);
      if (!target) throw notFound('User');
      const account = { id: target.id, role: target.userRole };
      await subscriptions.grant(account, req.body.planId, admin.id);
      return { plan: (await entitlements.of(account)).plan };
    },
  );
}
