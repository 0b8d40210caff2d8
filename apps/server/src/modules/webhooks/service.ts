import { createHmac, randomBytes } from 'node:crypto';
import {
  type RealtimeMessage,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOKS_MAX,
  type WebhookEvent,
  type WebhookInput,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { postWebhook } from './post';
import * as repo from './repo';
import { assertWebhookTarget, assertWebhookUrl, type Resolve, webhookResolver } from './target';

export type { EndpointRow } from './repo';

const TIMEOUT_MS = 10_000;

/** `Wavecast-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export const webhooksService = perApp(makeWebhooksService);

function makeWebhooksService(ctx: AppContext) {
  const db = ctx.database.db;
  const allowPrivate = ctx.config.WEBHOOKS_ALLOW_PRIVATE === '1';
  // Looked up at each use: tests replace the resolver after the service is made.
  const resolve: Resolve = (host) => webhookResolver(ctx).resolve(host);

  const enqueue = (deliveryId: string) =>
    ctx.jobs.enqueue('webhooks.deliver', { deliveryId }, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });

  return {
    async create(user: SessionUser, input: WebhookInput) {
      const url = await assertWebhookTarget(input.url, allowPrivate, resolve);
      if ((await repo.countEndpoints(db, user.id)) >= WEBHOOKS_MAX) throw conflict(WEBHOOK_MESSAGES.tooMany);
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const row = await repo.insertEndpoint(db, {
        userId: user.id,
        url: url.toString(),
        events: [...new Set(input.events)],
        secret,
        createdAt: ctx.clock.now(),
      });
      return { row, secret };
    },

    list: (user: SessionUser) => repo.listEndpoints(db, user.id),

    async remove(user: SessionUser, id: string) {
      if (!(await repo.deleteEndpoint(db, user.id, id))) throw notFound('Webhook');
    },

    async log(user: SessionUser, id: string) {
      if (!(await repo.findEndpoint(db, user.id, id))) throw notFound('Webhook');
      return repo.deliveryLog(db, id);
    },

    /** Queues one delivery again (the re-send button). */
    async resend(user: SessionUser, deliveryId: string) {
      const found = await repo.findDelivery(db, deliveryId);
      if (!found || found.endpoint.userId !== user.id) throw notFound('Delivery');
      await repo.setDeliveryStatus(db, deliveryId, 'pending');
      await enqueue(deliveryId);
    },

    /** Offers an event to the user's endpoints that want it; each new delivery becomes a job. */
    async emit(userId: string, event: WebhookEvent, key: string, data: Record<string, unknown>) {
      const at = ctx.clock.now();
      const body = JSON.stringify({ event, createdAt: at.toISOString(), data });
      const rows = await repo.offerDeliveries(db, { userId, event, eventKey: `${event}:${key}`, body, at });
      for (const row of rows) await enqueue(row.id);
    },

    /**
     * One attempt (the job's handler): signs, POSTs to an address checked as the connection
     * resolves it (post.ts: DNS now, pinned), logs the attempt. Throws on a failed attempt, so the queue retries it with backoff.
     */
    async deliver(deliveryId: string, opts: { final?: boolean } = {}) {
      const found = await repo.findDelivery(db, deliveryId);
      if (!found || found.delivery.status === 'delivered') return;
      const { delivery, endpoint } = found;
      const at = ctx.clock.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const url = assertWebhookUrl(endpoint.url, allowPrivate);
        const timestamp = Math.floor(at.getTime() / 1000);
        const headers = {
          'content-type': 'application/json',
          'user-agent': 'Wavecast-Webhooks/1',
          'wavecast-event': delivery.event,
          'wavecast-delivery': delivery.id,
          'wavecast-signature': signWebhook(endpoint.secret, timestamp, delivery.body),
        };
        statusCode = await postWebhook(url, headers, delivery.body, { resolve, allowPrivate, timeoutMs: TIMEOUT_MS });
      } catch (e) {
        error = e instanceof Error ? e.message.slice(0, 500) : 'delivery failed';
      }
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const status = ok ? 'delivered' : opts.final ? 'failed' : 'pending';
      const attempt = await repo.recordAttempt(db, { deliveryId, statusCode, error, at, status });
      if (!ok) throw new Error(`webhook attempt ${attempt}: ${statusCode ?? error}`);
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;

/** Bus events → webhook events, with their owner and a key that is the same in every process. */
export function webhookEventOf(
  msg: RealtimeMessage,
): { userId: string; event: WebhookEvent; key: string; data: Record<string, unknown> } | null {
  const d = msg.data as Record<string, string>;
  switch (msg.event) {
    // Published once, the first time a track is both ready and public (tracks/announce.ts).
    case 'track.uploaded':
      return { userId: d.userId, event: 'track.published', key: d.trackId, data: { trackId: d.trackId } };
    case 'track.processed':
      if (!msg.topic.startsWith('user:')) return null;
      return {
        userId: msg.topic.slice('user:'.length),
        event: 'track.processed',
        key: `${d.trackId}:${d.status}`,
        data: { trackId: d.trackId, status: d.status },
      };
    case 'live.started':
    case 'live.ended':
      if (msg.topic !== 'global') return null;
      return { userId: d.userId, event: msg.event, key: `${d.streamId}`, data: { streamId: d.streamId } };
    case 'comment.created':
      return {
        userId: d.trackOwnerId,
        event: 'comment.created',
        key: d.commentId,
        data: { trackId: d.trackId, commentId: d.commentId },
      };
    default:
      return null;
  }
}
