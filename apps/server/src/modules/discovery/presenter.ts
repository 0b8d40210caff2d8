import type { TLiveStreamCard, TTrack, TUserCard } from '@wavecast/shared';
import { presentTrack } from '../tracks/presenter';
import type { LiveRow, UserHitRow } from './repo';
import { type RawRow, toTrack } from './rows';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Tracks of raw discovery rows, in the one shared track shape; `liked` only for a signed-in viewer. */
export function presentTracks(rows: RawRow[], viewerId: string | null, liked?: Set<string>): TTrack[] {
  return rows.map((raw) => {
    const { row, creator } = toTrack(raw);
    return presentTrack(row, creator, { viewerId, liked: liked ? liked.has(row.id) : undefined });
  });
}

/** An active live stream as cards show it. */
export function presentLiveCard(r: LiveRow): TLiveStreamCard {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    thumbnailUrl: r.thumbnail_url,
    category: r.category,
    tags: r.tags ?? [],
    viewerCount: r.viewer_count,
    createdAt: iso(r.created_at),
    creator: { id: r.user_id, displayName: r.creator_name, avatarUrl: r.creator_avatar },
  };
}

/** A user search hit: the repo already withheld the email and follower count where privacy says so. */
export function presentUserCard(r: UserHitRow): TUserCard {
  return {
    id: r.id,
    displayName: r.display_name,
    avatarUrl: r.avatar_url,
    role: r.user_role,
    bio: r.bio,
    email: r.email,
    followerCount: r.follower_count === null ? null : Number(r.follower_count),
    trackCount: Number(r.track_count),
  };
}
