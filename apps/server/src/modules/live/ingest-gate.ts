import { ADMIN_MESSAGES, BILLING_MESSAGES, LIVE_INGEST_CLOSE } from '@wavecast/shared';
import type { SessionUser } from '../../lib/session';
import type { PublisherLink } from '../../realtime/ingest-socket';
import { rawRecordingPath, removeQuietly } from '../../relay/recording';
import type { Publisher } from '../../relay/session';
import type { LiveAllowance } from './allowance';
import { canPublish } from './policy';
import * as repo from './repo';
import type { LiveRuntime } from './runtime';
import type { LiveStreams } from './streams';

export type IngestRefusal = { code: number; reason: string };

/** Who may broadcast into a stream, and when: the checks before a publisher reaches the relay. */
export class IngestGate {
  constructor(
    private readonly rt: LiveRuntime,
    private readonly streams: LiveStreams,
    private readonly allowance: LiveAllowance,
  ) {}

  /**
   * Checks a publisher may broadcast into the stream and attaches it; the link is told once its
   * audio arrives and the stream is on air, warned before the month's live allowance runs out, and
   * told and closed when the stream ends. Returns a refusal (a WebSocket close code) otherwise.
   * `source.keyName`: an encoder's stream key, named in the live.started event.
   */
  async open(
    user: SessionUser | null,
    id: string,
    link: PublisherLink,
    source?: { keyName: string },
  ): Promise<Publisher | IngestRefusal> {
    if (!user) return { code: 4401, reason: 'Sign in to go live' };
    const stream = await repo.findStreamRow(this.rt.ctx.database.db, id);
    if (!stream) return { code: 4404, reason: 'Stream not found' };
    if (!canPublish(user, stream)) return { code: 4403, reason: 'Only the stream creator can broadcast' };
    if (stream.endedAt) return { code: 4410, reason: 'The stream has ended' };
    // Billing decides the live time left; asked before the session checks below, which must not
    // wait on anything before the publisher attaches.
    const owner = { id: user.id, role: user.role };
    if ((await this.allowance.secondsLeft(owner)) === 0) {
      return { code: LIVE_INGEST_CLOSE.allowanceUsed, reason: BILLING_MESSAGES.liveAllowanceUsed };
    }
    const hub = this.rt.hub;
    // A mirror here is not the broadcast: its publisher is on another process.
    const session = hub.isMirror(id) ? undefined : hub.get(id);
    let takenOver = false;
    if (!session && stream.isActive) {
      // On air, but not from this process: another process holds it, or the one that held it died.
      const refusal = await this.takeOver(id, stream.publisherSeenAt);
      if (refusal) return refusal;
      takenOver = true;
    } else if (!session && !(await hub.claim(id))) {
      return { code: 4409, reason: 'The stream is broadcasting elsewhere' };
    }
    if (session?.hasPublisher) return { code: 4409, reason: 'Another publisher is connected' };
    this.streams.publishingWith(id, user.id, source?.keyName);
    const publisher = this.rt.hub.connectPublisher(
      { id, title: stream.title, description: stream.description },
      () => {
        link.tell({ type: 'live', streamId: id });
        this.allowance.onAir(id);
        if (takenOver) {
          takenOver = false;
          void this.streams.onResumed(id);
        }
      },
      () => {
        if (this.allowance.isCutting(id)) {
          link.tell({ type: 'ended', streamId: id, reason: 'allowance' });
          link.close(LIVE_INGEST_CLOSE.ended, BILLING_MESSAGES.liveAllowanceEnded);
        } else if (this.streams.endReason(id) === 'suspended') {
          // Told before the socket closes (the account's other sockets close with 4401 just after).
          link.tell({ type: 'ended', streamId: id, reason: 'suspended' });
          link.close(LIVE_INGEST_CLOSE.ended, ADMIN_MESSAGES.accountSuspended);
        } else {
          link.tell({ type: 'ended', streamId: id });
          link.close(LIVE_INGEST_CLOSE.ended, 'The stream has ended');
        }
      },
    );
    this.allowance.attach(id, owner, link.tell);
    return {
      push: (chunk) => publisher.push(chunk),
      detach: () => {
        publisher.detach();
        this.allowance.detach(id, link.tell);
      },
    };
  }

  /**
   * A publisher comes back through this process to a broadcast on air elsewhere (ADR 0046). Within
   * the grace period this process takes the broadcast over: at once when its holder is gone (its
   * lease lapsed), or handed over by a live holder that has lost its publisher; same stream, same
   * page, the recording continued. A holder with its publisher keeps it (refused here). On one process (no shared leases) a stream on air without a
   * session here lost its publisher in a restart.
   */
  private async takeOver(id: string, seenAt: Date | null): Promise<IngestRefusal | null> {
    const hub = this.rt.hub;
    const elsewhere = { code: 4409, reason: 'The stream is broadcasting elsewhere' };
    const seen = seenAt?.getTime() ?? 0;
    if (!hub.sharesLeases) {
      if (seen >= this.rt.bootTime.getTime()) return elsewhere;
    } else if (Date.now() - seen <= this.rt.graceMs + this.rt.heartbeatMs) {
      if (await hub.takeOver(id)) return null;
      return elsewhere;
    }
    await this.streams.endById(id);
    return { code: 4410, reason: 'The stream has ended' };
  }

  /** A publisher connection closed. A stream that never got audio is let go at once. */
  gone(id: string): void {
    const hub = this.rt.hub;
    // A mirror here is not the broadcast: its publisher is on another process.
    const session = hub.isMirror(id) ? undefined : hub.get(id);
    if (!session || session.isLive || session.hasPublisher) return;
    void hub.end(id).then(async () => {
      if (!hub.get(id)) await removeQuietly(rawRecordingPath(this.rt.ctx.config.dataDir, id));
    });
  }
}
