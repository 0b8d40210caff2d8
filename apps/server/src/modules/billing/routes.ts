import {
  BILLING_MESSAGES,
  ZBilling,
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
import { AppError, notFound } from '../../lib/errors';
import { requireRole, requireUser, type SessionUser } from '../../lib/session';
import { roles, sameOrigin, signedIn } from '../auth/guard';
import { findUser } from '../users/repo';
import { billing } from './index';
import { presentBilling } from './presenter';
import * as repo from './repo';
import { stripeWebhookRoute } from './stripe/routes';

const tags = ['billing'];
const ZIdParams = z.object({ id: z.uuid() });
const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** `/api/billing/*`: the signed-in account's plan, trial, changes, payments and family seats. */
export async function billingRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { provider, subscriptions, entitlements, family } = billing(ctx);
  const db = ctx.database.db;
  // A fresh array per route: the rate-limit plugin appends its hook to the array it is given.
  const changing = () => [signedIn, sameOrigin(ctx.config.PUBLIC_URL)];
  const returnUrl = (path: string) => `${ctx.config.PUBLIC_URL}${path}`;

  async function overview(user: SessionUser) {
    const account = await entitlements.of(user);
    const ownsFamily = account.subscription?.planId === 'family';
    return presentBilling({
      account,
      payingEnabled: provider.configured,
      trialAvailable: !(await repo.hasUsedTrial(db, user.id)),
      payments: await repo.listPayments(db, user.id),
      family: ownsFamily ? await family.members(user.id) : null,
    });
  }
  const answer = { response: { 200: ZBilling } };

  await stripeWebhookRoute(app, ctx, subscriptions);

  app.get('/api/billing', { onRequest: [signedIn], schema: { tags, ...answer } }, async (req) =>
    overview(requireUser(req)),
  );

  app.post(
    '/api/billing/trial',
    { onRequest: changing(), config: writeLimit, schema: { tags, body: ZPlanChoice, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await subscriptions.startTrial(user, req.body.planId);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/plan',
    { onRequest: changing(), config: writeLimit, schema: { tags, body: ZPlanChoice, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await subscriptions.changePlan(user, req.body.planId);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/cancel',
    { onRequest: changing(), config: writeLimit, schema: { tags, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await subscriptions.cancel(user);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/resume',
    { onRequest: changing(), config: writeLimit, schema: { tags, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await subscriptions.resume(user);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/checkout',
    { onRequest: changing(), config: writeLimit, schema: { tags, body: ZPlanChoice, response: { 200: ZRedirect } } },
    async (req) => {
      const user = requireUser(req);
      subscriptions.checkAudience(user, req.body.planId);
      // A paying account changes its plan (prorated); a second subscription would bill twice.
      if ((await subscriptions.current(user.id))?.source === 'stripe') {
        throw new AppError('CONFLICT', BILLING_MESSAGES.hasPlan);
      }
      const url = await provider.checkoutSubscription({
        userId: user.id,
        email: user.email,
        planId: req.body.planId,
        successUrl: returnUrl('/settings?tab=billing&checkout=done'),
        cancelUrl: returnUrl('/pricing'),
      });
      return { url };
    },
  );

  app.post(
    '/api/billing/portal',
    { onRequest: changing(), config: writeLimit, schema: { tags, response: { 200: ZRedirect } } },
    async (req) => ({
      url: await provider.portal({ userId: requireUser(req).id, returnUrl: returnUrl('/settings?tab=billing') }),
    }),
  );

  app.post(
    '/api/billing/family/invites',
    { onRequest: changing(), config: writeLimit, schema: { tags, body: ZFamilyInvite, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await family.invite(user, req.body.email);
      return overview(user);
    },
  );

  app.delete(
    '/api/billing/family/members/:id',
    { onRequest: changing(), config: writeLimit, schema: { tags, params: ZIdParams, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await family.remove(user, req.params.id);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/family/accept',
    { onRequest: changing(), config: writeLimit, schema: { tags, body: ZFamilyAccept, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await family.accept(user, req.body.token);
      return overview(user);
    },
  );

  app.post(
    '/api/billing/family/leave',
    { onRequest: changing(), config: writeLimit, schema: { tags, ...answer } },
    async (req) => {
      const user = requireUser(req);
      await family.leave(user);
      return overview(user);
    },
  );

  app.put(
    '/api/admin/users/:id/plan',
    {
      onRequest: [roles('admin'), sameOrigin(ctx.config.PUBLIC_URL)],
      config: writeLimit,
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ZPlanGrant,
        response: { 200: z.object({ plan: ZPlanSummary }) },
      },
    },
    async (req) => {
      const admin = requireRole(req, 'admin');
      const target = await findUser(db, req.params.id);
      if (!target) throw notFound('User');
      const account = { id: target.id, role: target.userRole };
      await subscriptions.grant(account, req.body.planId, admin.id);
      return { plan: (await entitlements.of(account)).plan };
    },
  );
}
