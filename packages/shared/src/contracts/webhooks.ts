import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'track.published',
  'track.processed',
  'live.started',
  'live.ended',
  'comment.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOKS_MAX = 10;
/**
 * A failed delivery is retried for 24 hours: after 1, 2, 4 … 512 minutes (about 17 hours in all),
 * then a last time 24 hours after the first attempt.
 */
export const WEBHOOK_RETRY_HOURS = 24;
export const WEBHOOK_RETRY_DELAYS_SECONDS = (() => {
  const delays = Array.from({ length: 10 }, (_, i) => 60 * 2 ** i);
  return [...delays, WEBHOOK_RETRY_HOURS * 3600 - delays.reduce((a, b) => a + b, 0)];
})();
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
export const WEBHOOK_SIGNATURE_HEADER = 'Wavecast-Signature';

export const WEBHOOK_MESSAGES = {
  created: 'Webhook added. Copy its signing secret now: it will not be shown again.',
  removed: 'Webhook removed.',
  resent: 'Delivery queued again.',
  httpsOnly: 'The webhook URL must use https',
  privateTarget: 'The webhook URL must not point to a private, loopback or link-local address',
  unresolvable: 'The webhook URL does not resolve',
  tooMany: `You can have at most ${WEBHOOKS_MAX} webhooks`,
} as const;

export const ZWebhookInput = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX)
    .url('Enter a valid URL')
    .refine((s) => !s.includes('\0'), 'The URL contains an invalid character'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
});
export type WebhookInput = z.infer<typeof ZWebhookInput>;

export const ZWebhook = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof ZWebhook>;

export const ZWebhookDelivery = z.object({
  id: z.string().uuid(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: z.string(),
  attempts: z.array(
    z.object({ attempt: z.number(), statusCode: z.number().nullable(), error: z.string().nullable(), at: z.string() }),
  ),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;
