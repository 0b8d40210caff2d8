import { z } from 'zod';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_MESSAGES, PLAYLIST_NAME_MAX } from '../rules';
import { ZTrack, ZUserSummary } from './tracks';

const name = z
  .string()
  .trim()
  .min(1, PLAYLIST_MESSAGES.nameRequired)
  .max(PLAYLIST_NAME_MAX, PLAYLIST_MESSAGES.nameTooLong);
const description = z.string().trim().max(PLAYLIST_DESCRIPTION_MAX, PLAYLIST_MESSAGES.descriptionTooLong);

/** POST /api/playlists */
export const ZCreatePlaylist = z.object({
  name,
  description: description.optional(),
  isPublic: z.boolean().optional(),
});
export type TCreatePlaylist = z.infer<typeof ZCreatePlaylist>;

/** PATCH /api/playlists/:id (rename, describe, public/private) */
export const ZUpdatePlaylist = z.object({
  name: name.optional(),
  description: description.nullable().optional(),
  isPublic: z.boolean().optional(),
});
export type TUpdatePlaylist = z.infer<typeof ZUpdatePlaylist>;

/** POST /api/playlists/:id/tracks */
export const ZAddPlaylistTrack = z.object({ trackId: z.uuid(PLAYLIST_MESSAGES.trackNotFound) });

/**
 * POST /api/playlists/:id/items/:itemId/move: the item takes this position (0-based, in the
 * playlist's full order); the items in between shift by one.
 */
export const ZMovePlaylistItem = z.object({ toPosition: z.number().int().min(0) });

export const ZPlaylistParams = z.object({ id: z.uuid(PLAYLIST_MESSAGES.notFound) });
export const ZPlaylistItemParams = z.object({
  id: z.uuid(PLAYLIST_MESSAGES.notFound),
  itemId: z.uuid(PLAYLIST_MESSAGES.itemNotFound),
});

/** A playlist in lists (sidebar, profiles, search). Figures count the tracks the viewer can see. */
export const ZPlaylistSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  coverUrl: z.string(),
  isPublic: z.boolean(),
  trackCount: z.number().int(),
  /** Seconds. */
  totalDuration: z.number(),
  owner: ZUserSummary,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only with `GET /api/playlists/mine?trackId=`: whether that track is in this playlist. */
  containsTrack: z.boolean().optional(),
});
export type TPlaylistSummary = z.infer<typeof ZPlaylistSummary>;

export const ZPlaylistItem = z.object({
  /** The entry's id (a track appears once per playlist). */
  id: z.string(),
  /** 0-based place in the playlist's full order. */
  position: z.number().int(),
  addedAt: z.string(),
  track: ZTrack,
});
export type TPlaylistItem = z.infer<typeof ZPlaylistItem>;

/** GET /api/playlists/:id */
export const ZPlaylist = ZPlaylistSummary.extend({
  /** For the viewer, by the server's policy: may rename, reorder, change the cover, delete. */
  canManage: z.boolean(),
  items: z.array(ZPlaylistItem),
});
export type TPlaylist = z.infer<typeof ZPlaylist>;

export const ZPlaylistList = z.object({ items: z.array(ZPlaylistSummary) });
export type TPlaylistList = z.infer<typeof ZPlaylistList>;

/** GET /api/playlists/mine?trackId= */
export const ZMyPlaylistsQuery = z.object({ trackId: z.uuid().optional() });

/** GET /api/search/playlists?q= */
export const ZPlaylistSearchQuery = z.object({ q: z.string().trim().max(200).default('') });
