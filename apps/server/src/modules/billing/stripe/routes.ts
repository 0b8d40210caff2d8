import { BILLING_MESSAGES } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import type { SubscriptionsService } from '../subscriptions';
import { stripeFor } from './client';
import { stripeWebhooks } from './webhooks';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /api/billing/webhook`: Stripe's deliveries. No session (and Stripe sends no Origin): the signature
 * over the raw body is the authentication, so this route (alone, in its own scope) keeps the body
 * as bytes.
 */
export async function stripeWebhookRoute(app: FastifyInstance, ctx: AppContext, subs: SubscriptionsService) {
  const configured = stripeFor(ctx);
  const webhooks = configured ? stripeWebhooks(ctx, configured, subs) : null;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/billing/webhook',
      { config: { access: 'public' }, schema: { tags: ['billing'], hide: true } },
      async (req) => {
        if (!webhooks) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.payingNotSetUp);
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const event = webhooks.verify(raw, req.headers['stripe-signature']);
        const outcome = await webhooks.handle(event);
        req.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true, outcome };
      },
    );
  });
}
