import type { AppContext } from '../../context';
import { RADIO_INTERNAL_TOPIC, radioService } from './service';

/**
 * The radio module's lifecycle subscribers (ADR 0027, 0056), run once per event:
 * - `account.suspended`: the account's channels go off air (the engine of every process stops
 *   them on `radio.changed`); their pages answer 404 meanwhile (policy.canSeeChannel).
 * - `account.deleted`: the channels went with the account's rows; engines stop the owner's channels.
 * - `track.hidden`: the track leaves jingles, and the channels playing it replan (the rotation pool
 *   takes only tracks everyone may hear, so it is gone from rotations at once).
 */
export function subscribeRadioLifecycle(ctx: AppContext): void {
  const radio = () => radioService(ctx);
  ctx.events.once('account.suspended', async (e) => {
    await radio().offAirForAccount(e.payload.userId);
  });
  ctx.events.once('account.deleted', async (e) => {
    await ctx.bus.publish(RADIO_INTERNAL_TOPIC, 'radio.changed', { userId: e.payload.userId, what: 'account' });
  });
  ctx.events.once('track.hidden', async (e) => {
    await radio().trackHidden(e.payload.trackId);
  });
}
