import {
  CONTINUE_LISTENING_LIMIT,
  HISTORY_PAGE_SIZE,
  isLongForm,
  isUuid,
  RESUME_MIN_DURATION_SECONDS,
} from '@wavecast/shared';
import { canSeeTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { findPosition, findTrack, listUnfinished, recentTrackIds, tracksWithCreators, upsertPosition } from './repo';

/** A position this close to the start is not worth resuming; this close to the end means finished. */
const MIN_RESUME_SECONDS = 5;
const FINISHED_SLACK_SECONDS = 30;

/** Resume positions of long-form tracks and the listening history of a signed-in user. */
export function historyService(ctx: AppContext) {
  const { db } = ctx.database;
  return {
    async savePosition(user: SessionUser, trackId: string, positionSeconds: number) {
      const found = isUuid(trackId) ? await findTrack(db, trackId) : undefined;
      if (!found || !canSeeTrack(user.id, found.facts)) throw notFound('Audio');
      const { track } = found;
      if (!isLongForm(track.duration)) {
        throw badRequest(`Positions are kept only for tracks longer than ${RESUME_MIN_DURATION_SECONDS / 60} minutes`);
      }
      await upsertPosition(db, user.id, track.id, Math.min(positionSeconds, track.duration));
    },

    async position(user: SessionUser, trackId: string) {
      const row = isUuid(trackId) ? await findPosition(db, user.id, trackId) : undefined;
      return { positionSeconds: row?.positionSeconds ?? null };
    },

    async continueListening(user: SessionUser) {
      const rows = await listUnfinished(db, user.id, {
        minSeconds: MIN_RESUME_SECONDS,
        endSlack: FINISHED_SLACK_SECONDS,
        limit: CONTINUE_LISTENING_LIMIT * 2,
      });
      return rows.filter((r) => canSeeTrack(user.id, r.facts)).slice(0, CONTINUE_LISTENING_LIMIT);
    },

    async recentlyPlayed(user: SessionUser) {
      const recent = await recentTrackIds(ctx.database.query, user.id, HISTORY_PAGE_SIZE);
      const tracks = new Map(
        (
          await tracksWithCreators(
            db,
            recent.map((r) => r.audio_id),
          )
        ).map((t) => [t.track.id, t]),
      );
      return recent.flatMap((r) => {
        const t = tracks.get(r.audio_id);
        if (!t || !canSeeTrack(user.id, t.facts)) return [];
        return [{ track: t.track, creator: t.creator, playedAt: new Date(r.played_at) }];
      });
    },
  };
}
