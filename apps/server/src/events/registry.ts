import type { AppContext } from '../context';
import { subscribeSuspensionNotice } from '../modules/admin/suspension-notice';
import { subscribeSessionCache } from '../modules/auth/session-cache';
import { subscribeDeliveryCache } from '../modules/delivery/cache';
import { subscribePublicCache } from '../modules/discovery/public-cache';

/**
 * Every module's subscribers to lifecycle events (ADR 0027), as jobs/registry.ts lists their jobs.
 * Sockets are subscribed where the app makes them (app.ts: realtime/user-sockets.ts), and the live
 * module's hub and encoder ingest where its routes make them (modules/live/lifecycle.ts).
 */
const moduleSubscribers: ((ctx: AppContext) => void)[] = [
  subscribeSessionCache,
  subscribeDeliveryCache,
  subscribePublicCache,
  subscribeSuspensionNotice,
];

/** Subscribes every module to the context's spine; call once per context, before the spine starts. */
export function registerSubscribers(ctx: AppContext): void {
  for (const subscribe of moduleSubscribers) subscribe(ctx);
}
