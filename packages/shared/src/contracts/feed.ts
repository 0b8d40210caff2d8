import { z } from 'zod';
import { ZTrack, ZUserSummary } from './tracks';

/** PUT/DELETE/GET /api/tracks/:id/repost: the viewer's state and the track's repost count. */
export const ZRepostState = z.object({ trackId: z.string(), reposted: z.boolean(), repostCount: z.number().int() });
export type TRepostState = z.infer<typeof ZRepostState>;

export const ALBUM_KINDS = ['album', 'ep'] as const;
export type AlbumKind = (typeof ALBUM_KINDS)[number];
export const ALBUM_KIND_LABELS: Record<AlbumKind, string> = { album: 'Album', ep: 'EP' };
export const ALBUM_MAX_TRACKS = 100;

export const ALBUM_MESSAGES = {
  titleRequired: 'Album title is required',
  titleTooLong: 'Album title must be at most 200 characters',
  releaseDateInvalid: 'Release date must be a date (YYYY-MM-DD)',
  tracksRequired: 'Choose at least one track',
  tooManyTracks: `An album holds at most ${ALBUM_MAX_TRACKS} tracks`,
  duplicateTracks: 'A track can appear only once',
  notOwnTracks: 'An album holds only your own tracks',
  trackInOtherAlbum: 'A track is already in another album',
  coverRequired: 'Choose a cover image',
  noAlbums: 'No albums yet',
} as const;

const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ALBUM_MESSAGES.releaseDateInvalid)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: ALBUM_MESSAGES.releaseDateInvalid,
    },
  );

/** POST /api/albums (creators): their own tracks, in order. */
export const ZAlbumCreate = z.object({
  title: z.string().trim().min(1, ALBUM_MESSAGES.titleRequired).max(200, ALBUM_MESSAGES.titleTooLong),
  description: z.string().trim().max(5000).nullish(),
  kind: z.enum(ALBUM_KINDS).default('album'),
  releaseDate: ZDate,
  trackIds: z
    .array(z.uuid())
    .min(1, ALBUM_MESSAGES.tracksRequired)
    .max(ALBUM_MAX_TRACKS, ALBUM_MESSAGES.tooManyTracks)
    .refine((ids) => new Set(ids).size === ids.length, ALBUM_MESSAGES.duplicateTracks),
});
export type TAlbumCreate = z.input<typeof ZAlbumCreate>;

/** PATCH /api/albums/:id: any of the fields; trackIds replaces the order. */
export const ZAlbumUpdate = ZAlbumCreate.partial();
export type TAlbumUpdate = z.input<typeof ZAlbumUpdate>;

export const ZAlbumSummary = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(ALBUM_KINDS),
  releaseDate: z.string(),
  coverUrl: z.string(),
  trackCount: z.number().int(),
  creator: ZUserSummary,
  /** Only its creator sees it before its release date. */
  released: z.boolean(),
});
export type TAlbumSummary = z.infer<typeof ZAlbumSummary>;

/** GET /api/albums/:id: the tracks the viewer may see, in album order. */
export const ZAlbum = ZAlbumSummary.extend({
  description: z.string().nullable(),
  duration: z.number(),
  tracks: z.array(ZTrack),
  canEdit: z.boolean(),
});
export type TAlbum = z.infer<typeof ZAlbum>;

export const ZAlbumList = z.object({ items: z.array(ZAlbumSummary) });
export type TAlbumList = z.infer<typeof ZAlbumList>;

/** One item of the following feed: an upload, a repost or an album release by someone followed. */
export const ZFeedItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), id: z.string(), at: z.string(), track: ZTrack }),
  z.object({ kind: z.literal('repost'), id: z.string(), at: z.string(), track: ZTrack, reposter: ZUserSummary }),
  z.object({ kind: z.literal('album'), id: z.string(), at: z.string(), album: ZAlbumSummary }),
]);
export type TFeedItem = z.infer<typeof ZFeedItem>;

export const ZFeedQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZFeedPage = z.object({ items: z.array(ZFeedItem), nextCursor: z.string().nullable() });
export type TFeedPage = z.infer<typeof ZFeedPage>;

/** GET /api/tracks/:id/related?exclude=a,b: what to play after the queue ends. */
export const ZRelatedQuery = z.object({
  exclude: z
    .string()
    .max(4000)
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
            .slice(0, 100)
        : [],
    ),
  limit: z.coerce.number().int().min(1).max(20).default(10),
  /** Asked by the player at a queue's end: nothing when the signed-in listener turned autoplay off. */
  autoplay: z.literal('1').optional(),
});
export const ZRelatedList = z.object({ items: z.array(ZTrack) });
export type TRelatedList = z.infer<typeof ZRelatedList>;

/** GET/PUT /api/me/settings/playback */
export const ZPlaybackPrefs = z.object({ autoplayRelated: z.boolean() });
export type TPlaybackPrefs = z.infer<typeof ZPlaybackPrefs>;

/** A title from an audio file's name: no extension, underscores and dashes as spaces, spaces collapsed. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]{1,8}$/, '');
  return base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}
