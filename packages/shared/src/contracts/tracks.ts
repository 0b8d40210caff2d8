import { z } from 'zod';
import { DEFAULT_CHAPTER_TITLE } from '../constants';
import { TRACK_LIMITS } from '../rules';

export const ZChapterMarker = z.object({
  id: z.string(),
  title: z.string(),
  startTime: z.number().min(0),
});
export type TChapterMarker = z.infer<typeof ZChapterMarker>;

/** A user as shown next to their content. */
export const ZUserSummary = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type TUserSummary = z.infer<typeof ZUserSummary>;

export const ZTrackStatus = z.enum(['processing', 'ready', 'failed']);

/**
 * A track as every client sees it. URLs point at our API:
 * `/api/tracks/{id}/stream` (best rendition, or the original until it is ready; HTTP Range),
 * `/api/tracks/{id}/download` (the original, when downloads are allowed),
 * `/api/tracks/{id}/cover` (or the default cover), `/api/tracks/{id}/peaks` (waveform).
 */
export const ZTrack = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  coverUrl: z.string(),
  audioUrl: z.string(),
  downloadUrl: z.string().nullable(),
  peaksUrl: z.string().nullable(),
  duration: z.number(),
  category: z.string(),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  allowDownloads: z.boolean(),
  playCount: z.number().int(),
  likeCount: z.number().int(),
  chapterMarkers: z.array(ZChapterMarker),
  status: ZTrackStatus,
  /** Only for the owner: why processing failed. */
  failureReason: z.string().nullable().optional(),
  /** Playback gain in dB from EBU R128 loudness (null until measured). */
  gainDb: z.number().nullable(),
  createdAt: z.string(),
  creator: ZUserSummary,
  /** For a signed-in viewer: whether they like it. */
  liked: z.boolean().optional(),
  /** What this viewer may do with it, decided by the server (on a track's own page). */
  canEdit: z.boolean().optional(),
  canDelete: z.boolean().optional(),
  /**
   * Every playable form of the stream, best first (`<source>` elements / `canPlayType`): Opus in
   * WebM, then AAC in M4A once processed; the original until then. `audioUrl` plays everywhere.
   */
  sources: z.array(z.object({ url: z.string(), type: z.string() })).optional(),
  /**
   * The track has an HD rendition (its creator's plan had HD publishing). Listeners whose plan has
   * HD listening are served it at the Opus source's URL: the server decides, by the session.
   */
  hd: z.boolean(),
});
export type TTrack = z.infer<typeof ZTrack>;

/** A page of a list with an opaque cursor for the next page (null at the end). */
export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type TPage<T> = { items: T[]; nextCursor: string | null };

const ZTitle = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(TRACK_LIMITS.titleMax, `Title must be at most ${TRACK_LIMITS.titleMax} characters`);
const ZDescription = z
  .string()
  .trim()
  .max(TRACK_LIMITS.descriptionMax, `Description must be at most ${TRACK_LIMITS.descriptionMax} characters`)
  .transform((d) => (d === '' ? null : d));
/** Tags are trimmed, empty ones dropped and duplicates removed (spec section 5). */
const ZTags = z
  .array(z.string().max(TRACK_LIMITS.tagMax, `A tag must be at most ${TRACK_LIMITS.tagMax} characters`))
  .max(TRACK_LIMITS.tagsMax, `At most ${TRACK_LIMITS.tagsMax} tags`)
  .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))]);
const ZChapterInput = z.object({
  id: z.string().max(100).optional(),
  title: z.string().trim().max(TRACK_LIMITS.chapterTitleMax).default(DEFAULT_CHAPTER_TITLE),
  startTime: z
    .number()
    .min(0)
    .max(7 * 24 * 3600),
});
const ZChapters = z
  .array(ZChapterInput)
  .max(TRACK_LIMITS.chaptersMax)
  .transform((list) => [...list].sort((a, b) => a.startTime - b.startTime));
const ZCategory = z.string().trim().min(1).max(50);

/**
 * POST /api/tracks: multipart fields (send them before the files), then the `audio` file part
 * and an optional `cover` part. `tags` and `chapterMarkers` are JSON arrays; booleans are
 * 'true' / 'false'.
 */
export const ZTrackUploadFields = z.object({
  title: ZTitle,
  description: ZDescription.optional(),
  category: ZCategory.optional(),
  tags: ZTags.optional(),
  isPublic: z.boolean().default(true),
  allowDownloads: z.boolean().default(true),
  chapterMarkers: ZChapters.optional(),
  /** Schedule the track's premiere at this time (ADR 0058): the same rules as POST /api/tracks/:id/premiere. */
  premiereAt: z.string().datetime({ offset: true, message: 'Invalid date' }).optional(),
});
export type TTrackUploadFields = z.input<typeof ZTrackUploadFields>;

/** PATCH /api/tracks/:id: any subset of the editable fields. */
export const ZTrackUpdate = z
  .object({
    title: ZTitle,
    description: ZDescription.nullable(),
    category: ZCategory,
    tags: ZTags,
    isPublic: z.boolean(),
    allowDownloads: z.boolean(),
    chapterMarkers: ZChapters,
  })
  .partial()
  .strict();
export type TTrackUpdate = z.input<typeof ZTrackUpdate>;

export const ZTrackResponse = z.object({ track: ZTrack });
export const ZTrackPage = zPage(ZTrack);

/** GET /api/creator/stats: the creator dashboard's four cards. */
export const ZCreatorStats = z.object({
  totalPlays: z.number().int(),
  followers: z.number().int(),
  audioContent: z.number().int(),
  liveStreams: z.number().int(),
  activeLiveStreams: z.number().int(),
});
export type TCreatorStats = z.infer<typeof ZCreatorStats>;

/** GET /api/creator/activity: real events about the creator, newest first. */
export const ZCreatorActivity = z.discriminatedUnion('type', [
  z.object({ type: z.literal('follow'), id: z.string(), at: z.string(), user: ZUserSummary }),
  z.object({
    type: z.literal('comment'),
    id: z.string(),
    at: z.string(),
    user: ZUserSummary.nullable(),
    track: z.object({ id: z.string(), title: z.string() }),
    content: z.string(),
  }),
  z.object({
    type: z.literal('milestone'),
    id: z.string(),
    at: z.string(),
    track: z.object({ id: z.string(), title: z.string() }),
    plays: z.number().int(),
  }),
]);
export type TCreatorActivity = z.infer<typeof ZCreatorActivity>;
export const ZCreatorActivityList = z.object({ items: z.array(ZCreatorActivity) });

/** GET /api/tracks/upload-limits: the server's limits, so the browser refuses a file before sending it. */
export const ZUploadLimits = z.object({ maxUploadBytes: z.number().int().positive() });
export type TUploadLimits = z.infer<typeof ZUploadLimits>;
