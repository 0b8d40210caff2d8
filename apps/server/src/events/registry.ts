import type { AppContext } from '../context';
import { modules } from '../modules';

/**
 * Subscribes every module to the context's lifecycle spine (the `subscribers` of modules/index.ts,
 * ADR 0027); call once per context, before the spine starts. Sockets are subscribed where the app
 * makes them (app.ts: realtime/user-sockets.ts).
 */
export function registerSubscribers(ctx: AppContext): void {
  for (const { subscribers } of modules) for (const subscribe of subscribers ?? []) subscribe(ctx);
}
