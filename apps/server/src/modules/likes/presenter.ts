import type { TLikedTrack } from '@wavecast/shared';
import type { audioContent } from '../../db/schema';
import { presentTrack } from '../tracks/presenter';

export function presentLikedTrack(
  row: {
    likedAt: Date;
    track: typeof audioContent.$inferSelect;
    creator: { id: string; displayName: string | null; avatarUrl: string | null } | null;
  },
  viewerId: string,
): TLikedTrack {
  return { track: presentTrack(row.track, row.creator, { viewerId, liked: true }), likedAt: row.likedAt.toISOString() };
}
