import { defineJob, type ModuleJobs } from '../../jobs/define';
import { setDeliveryStatus } from './repo';
import { webhooksService } from './service';

/** Webhook deliveries: each attempt a job; the queue retries a failed one after 2^n seconds. */
export const webhookJobs: ModuleJobs = (ctx) => {
  const service = webhooksService(ctx);
  return [
    defineJob('webhooks.deliver', ({ deliveryId }) => service.deliver(deliveryId), {
      onFailed: ({ deliveryId }) => setDeliveryStatus(ctx.database.db, deliveryId, 'failed'),
    }),
  ];
};
