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
/** Attempts per delivery: the queue waits 2^n s after attempt n, so the last one is about 18 hours after the first. */
export const WEBHOOK_MAX_ATTEMPTS = 16;
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
