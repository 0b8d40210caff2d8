import type { EventBus } from '../../realtime/bus';

/** The bus topic of plan changes, for the caches other modules keep of plan answers (ads). */
export const PLANS_TOPIC = 'internal:plans';

/** Tells every process that what the user's plan allows changed; never fails the change itself. */
export async function planChanged(ctx: { bus: EventBus }, userId: string): Promise<void> {
  await ctx.bus.publish(PLANS_TOPIC, 'plan.changed', { userId }).catch(() => {});
}
