import { WEBHOOK_RETRY_DELAYS_SECONDS } from '@wavecast/shared';
import { defineJob, type ModuleJobs } from '../../jobs/define';
import { setDeliveryStatus } from './repo';
import { webhooksService } from './service';

/** Webhook deliveries: each attempt a job, retried on WEBHOOK_RETRY_DELAYS_SECONDS for 24 hours. */
export const webhookJobs: ModuleJobs = (ctx) => {
  const service = webhooksService(ctx);
  return [
    defineJob('webhooks.deliver', ({ deliveryId }) => service.deliver(deliveryId), {
      onFailed: ({ deliveryId }) => setDeliveryStatus(ctx.database.db, deliveryId, 'failed'),
      retryDelaySeconds: (attempt) => WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1] ?? 3600,
    }),
  ];
};
