import type { TContinueItem, THistoryItem } from '@wavecast/shared';
import type { audioContent, playbackPositions } from '../../db/schema';
import { presentTrack } from '../tracks/presenter';

type TrackRow = typeof audioContent.$inferSelect;
type Creator = { id: string; displayName: string | null; avatarUrl: string | null } | null;

export function presentContinueItem(
  row: { position: typeof playbackPositions.$inferSelect; track: TrackRow; creator: Creator },
  viewerId: string,
): TContinueItem {
  return {
    track: presentTrack(row.track, row.creator, { viewerId }),
    positionSeconds: row.position.positionSeconds,
    updatedAt: row.position.updatedAt.toISOString(),
  };
}

export function presentHistoryItem(
  row: { track: TrackRow; creator: Creator; playedAt: Date },
  viewerId: string,
): THistoryItem {
  return { track: presentTrack(row.track, row.creator, { viewerId }), playedAt: row.playedAt.toISOString() };
}
