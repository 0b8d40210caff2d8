import { hoursListened, type TFollowedCreator, type TLibraryActivity, type TLibraryStats } from '@wavecast/shared';
import type { ActivityRow } from './repo';

export function presentStats(row: {
  liked: number;
  playlists: number;
  seconds: number;
  recent: number;
}): TLibraryStats {
  return {
    likedCount: row.liked,
    playlistCount: row.playlists,
    hoursListened: hoursListened(row.seconds),
    recentlyPlayedCount: row.recent,
  };
}

export function presentActivity(row: ActivityRow): TLibraryActivity {
  const at = new Date(row.at).toISOString();
  const track = { id: row.track_id ?? '', title: row.track_title ?? '' };
  if (row.type === 'like') return { type: 'like', at, track };
  if (row.type === 'comment') return { type: 'comment', at, track, content: row.content ?? '' };
  return {
    type: 'follow',
    at,
    user: {
      id: row.user_id ?? '',
      displayName: row.user_name,
      avatarUrl: row.user_avatar,
      role: row.user_role ?? 'listener',
    },
  };
}

export function presentFollowed(row: {
  id: string;
  display_name: string | null;
  avatar_url: string | null;
  user_role: string;
  followed_at: Date;
}): TFollowedCreator {
  return {
    id: row.id,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    role: row.user_role,
    followedAt: new Date(row.followed_at).toISOString(),
  };
}
