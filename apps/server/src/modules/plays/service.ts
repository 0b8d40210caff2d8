import { PLAY_COUNT_WINDOW_MINUTES, type SourceIvtReason, type TPlayReport } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { type ClientFacts, ivtSettings, sourceIvt } from '../../lib/traffic';
import { analyticsService } from '../analytics/service';
import { reachesThreshold } from './policy';
import { countPlayOnce, type Listener, listenerKey } from './repo';

export type { Listener } from './repo';

/** Honest play counts: after real listening, once per listener per track per window. */
export const playService = perApp(makePlayService);

function makePlayService(ctx: AppContext) {
  const db = ctx.database.db;
  const analytics = analyticsService(ctx);
  const ivt = ivtSettings(ctx.config);
  /** The new count reaches the track's page (its topic follows the track's visibility) and the owner's dashboard. */
  async function announcePlay(trackId: string, ownerId: string, playCount: number) {
    const data = { trackId, ownerId, playCount };
    // A lost announcement only delays a figure until the next load: never fail the report for it.
    await Promise.all([
      ctx.bus.publish(`track:${trackId}`, 'track.played', data),
      ctx.bus.publish(`user:${ownerId}`, 'track.played', data),
    ]).catch(() => {});
  }
  return {
    /**
     * `listener` is null for an anonymous browser without an id yet: it is answered, not counted.
     * A report with `listen` also records the heard buckets of its session for analytics; a
     * session counts at most one play, however often its reports are replayed.
     * Invalid traffic (`client` a bot, a script, a data centre: lib/traffic.ts, ADR 0072) never
     * counts a play, nor does a session whose first report was one; its session is kept with the
     * reason. The answer does not say so (a bot learns nothing from it).
     */
    async report(viewerId: string | null, listener: Listener | null, report: TPlayReport, client: ClientFacts) {
      const track = await loadVisibleTrack(ctx.database, viewerId, report.trackId);
      if (!track) throw notFound('Audio');
      const invalid = sourceIvt(client, ivt);
      let session: { counted: boolean; ivtReason: SourceIvtReason | null } | null = null;
      if (listener && report.listen) {
        session = await analytics.record({
          trackId: track.id,
          duration: track.duration,
          listenerKey: listenerKey(listener),
          userId: listener.userId,
          userAgent: client.userAgent,
          ivtReason: invalid,
          listen: report.listen,
        });
        if (!session) throw conflict('This listening session belongs to another play');
      }
      if (
        !listener ||
        invalid ||
        session?.ivtReason ||
        session?.counted ||
        !reachesThreshold(report.secondsListened, track.duration)
      ) {
        return { counted: false, playCount: track.playCount };
      }
      // Nobody listens longer than the track (plus slack for rounding).
      const secondsListened =
        track.duration > 0 ? Math.min(report.secondsListened, track.duration + 5) : report.secondsListened;
      const result = await countPlayOnce(db, {
        trackId: track.id,
        listener,
        secondsListened,
        since: new Date(Date.now() - PLAY_COUNT_WINDOW_MINUTES * 60_000),
      });
      if (result.counted && report.listen) await analytics.markCounted(report.listen.sessionId);
      if (result.counted) await announcePlay(track.id, track.userId, result.playCount);
      return result;
    },
  };
}
