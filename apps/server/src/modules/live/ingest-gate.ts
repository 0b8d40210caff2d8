import type { SessionUser } from '../../lib/session';
import { rawRecordingPath, removeQuietly } from '../../relay/recording';
import type { Publisher } from '../../relay/session';
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
  ) {}

  /**
   * Checks a publisher may broadcast into the stream and attaches it; `onAir` runs once its audio
   * arrives and the stream is on air. Returns a refusal (a WebSocket close code) otherwise.
   */
  async open(
    user: SessionUser | null,
    id: string,
    onAir: () => void,
    onEnded: () => void,
  ): Promise<Publisher | IngestRefusal> {
    if (!user) return { code: 4401, reason: 'Sign in to go live' };
    const stream = await repo.findStreamRow(this.rt.ctx.database.db, id);
    if (!stream) return { code: 4404, reason: 'Stream not found' };
    if (!canPublish(user, stream)) return { code: 4403, reason: 'Only the stream creator can broadcast' };
    if (stream.endedAt) return { code: 4410, reason: 'The stream has ended' };
    const session = this.rt.hub.get(id);
    if (!session && stream.isActive) {
      // On air, but not from this process: another process holds it, or it lost its publisher in a restart.
      const seen = stream.publisherSeenAt?.getTime() ?? 0;
      if (seen >= this.rt.bootTime.getTime()) return { code: 4409, reason: 'The stream is broadcasting elsewhere' };
      await this.streams.endById(id);
      return { code: 4410, reason: 'The stream has ended' };
    }
    if (session?.hasPublisher) return { code: 4409, reason: 'Another publisher is connected' };
    return this.rt.hub.connectPublisher({ id, title: stream.title, description: stream.description }, onAir, onEnded);
  }

  /** A publisher connection closed. A stream that never got audio is let go at once. */
  gone(id: string): void {
    const hub = this.rt.hub;
    const session = hub.get(id);
    if (!session || session.isLive || session.hasPublisher) return;
    void hub.end(id).then(async () => {
      if (!hub.get(id)) await removeQuietly(rawRecordingPath(this.rt.ctx.config.dataDir, id));
    });
  }
}
