import { PLAY_COUNT_WINDOW_MINUTES, type TPlayReport } from '@wavecast/shared';
import { loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { reachesThreshold } from './policy';
import { countPlayOnce, type Listener } from './repo';

/** Honest play counts: after real listening, once per listener per track per window. */
export function playService(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    /** `listener` is null for an anonymous browser without an id yet: it is answered, not counted. */
    async report(viewerId: string | null, listener: Listener | null, report: TPlayReport) {
      const track = await loadVisibleTrack(ctx.database, viewerId, report.trackId);
      if (!track) throw notFound('Audio');
      if (!listener || !reachesThreshold(report.secondsListened, track.duration)) {
        return { counted: false, playCount: track.playCount };
      }
      // Nobody listens longer than the track (plus slack for rounding).
      const secondsListened =
        track.duration > 0 ? Math.min(report.secondsListened, track.duration + 5) : report.secondsListened;
      return countPlayOnce(db, {
        trackId: track.id,
        listener,
        secondsListened,
        since: new Date(Date.now() - PLAY_COUNT_WINDOW_MINUTES * 60_000),
      });
    },
  };
}
