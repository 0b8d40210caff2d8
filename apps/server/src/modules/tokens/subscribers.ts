import type { AppContext } from '../../context';
import { revokeAllTokens } from './repo';

/**
 * A token ends with the password it was made under, and with the account's suspension (issue 31):
 * once per event, on the dispatching process; the SQL is idempotent (events/, ADR 0027).
 */
export function subscribeTokens(ctx: Pick<AppContext, 'database' | 'events' | 'clock'>): void {
  const revokeAll = async ({ payload }: { payload: { userId: string } }) => {
    await revokeAllTokens(ctx.database.db, payload.userId, ctx.clock.now());
  };
  ctx.events.once('password.changed', revokeAll);
  ctx.events.once('account.suspended', revokeAll);
}
