import type { DomainEventSpine } from '../../events/spine';
import type { EncoderIngest } from './encoder/encoder-ingest';
import type { LiveService } from './service';

/**
 * The live module's subscribers to lifecycle events (ADR 0027), made where the hub and the encoder
 * ingest are (routes.ts), on every process: each cuts what it holds itself.
 * - `account.suspended` / `account.deleted`: the account's broadcasts end as End Stream ends them
 *   (publisher and encoder cut, listeners' connections closed, live.ended, the recording kept, or
 *   discarded with a deleted account), its HLS runs go, and any encoder of the account still
 *   connected here is cut. Its pages already answer 404 (load.ts); its keys refuse new sources.
 *   The browser publisher's socket is closed by realtime/user-sockets.ts ("Account suspended").
 * - `stream-key.revoked`: a source using the key here is cut (revoked or regenerated elsewhere).
 */
export function subscribeLiveLifecycle(
  events: DomainEventSpine,
  live: LiveService,
  ingest: EncoderIngest | null,
): void {
  const endAccount = async (userId: string, how: 'suspended' | 'deleted') => {
    const ended = await live.streams.endForAccount(userId, how);
    for (const id of ended) live.hls.forget(id);
    ingest?.accountEnded(userId);
  };
  events.on('account.suspended', (e) => endAccount(e.payload.userId, 'suspended'));
  events.on('account.deleted', (e) => endAccount(e.payload.userId, 'deleted'));
  // Listeners' pages of a stream no process held (waiting for its publisher) are told once too.
  events.once('account.deleted', async ({ payload }) => {
    for (const id of payload.liveStreamIds)
      await live.streams.announceEnded({ id, userId: payload.userId, wasActive: true }, true);
  });
  events.on('stream-key.revoked', (e) => ingest?.keyRevoked(e.payload.keyId));
}
