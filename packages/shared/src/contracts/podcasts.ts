import { z } from 'zod';

/** Apple Podcasts top-level categories (the values `itunes:category` accepts). */
export const PODCAST_CATEGORIES = [
  'Arts',
  'Business',
  'Comedy',
  'Education',
  'Fiction',
  'Government',
  'Health & Fitness',
  'History',
  'Kids & Family',
  'Leisure',
  'Music',
  'News',
  'Religion & Spirituality',
  'Science',
  'Society & Culture',
  'Sports',
  'TV & Film',
  'Technology',
  'True Crime',
] as const;
export type PodcastCategory = (typeof PODCAST_CATEGORIES)[number];

export const PODCAST_DEFAULTS = { category: 'Music' as PodcastCategory, language: 'en', explicit: false } as const;

export const SHOW_TITLE_MAX = 200;
export const SHOW_DESCRIPTION_MAX = 4000;

/** What a creator sets for their show (their RSS feed). Empty title/description: the profile's. */
export const ZShowSettingsInput = z.object({
  title: z.string().trim().max(SHOW_TITLE_MAX).nullable(),
  description: z.string().trim().max(SHOW_DESCRIPTION_MAX).nullable(),
  category: z.enum(PODCAST_CATEGORIES),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Language must be a code such as en or pt-BR')
    .max(35),
  explicit: z.boolean(),
  ownerEmail: z.email('Owner e-mail must be a valid e-mail address').max(254).nullable(),
});
export type TShowSettingsInput = z.infer<typeof ZShowSettingsInput>;

export const ZShowSettings = ZShowSettingsInput.extend({
  /** The creator's feed, for podcast apps. */
  feedUrl: z.string(),
});
export type TShowSettings = z.infer<typeof ZShowSettings>;

/** Podcasting 2.0 JSON chapters (https://github.com/Podcastindex-org/podcast-namespace/blob/main/chapters/jsonChapters.md). */
export const ZJsonChapters = z.object({
  version: z.literal('1.2.0'),
  chapters: z.array(z.object({ startTime: z.number(), title: z.string() })),
});
export type TJsonChapters = z.infer<typeof ZJsonChapters>;

/** Feed paths, shared by the server (routes) and the web app (links). */
export const feedPaths = {
  creator: (userId: string) => `/feeds/creators/${encodeURIComponent(userId)}.xml`,
  playlist: (playlistId: string) => `/feeds/playlists/${playlistId}.xml`,
};

/** The largest transcript accepted (a bigger upload is refused with 400). */
export const TRANSCRIPT_MAX_BYTES = 2 * 1024 * 1024;
export const TRANSCRIPT_TOO_LARGE = 'Transcript must be at most 2 MB';

/** A transcript upload: a WebVTT/SRT file's text, or pasted text. */
export const ZTranscriptInput = z.object({
  kind: z.enum(['file', 'text']),
  content: z.string(),
});
export type TTranscriptInput = z.infer<typeof ZTranscriptInput>;

/** A corrected cue's text: at most this many characters (a cue is a line or two of speech). */
export const TRANSCRIPT_CUE_MAX = 1_000;
export const TRANSCRIPT_CORRECTION_MESSAGES = {
  cueRequired: 'Cue text is required (delete the cue instead)',
  cueTooLong: `Cue text must be at most ${TRANSCRIPT_CUE_MAX} characters`,
  noCues: 'A transcript needs at least one cue (remove the transcript instead)',
  unknownCue: 'Each corrected cue must be one of the transcript, in order, at most once',
  changed: 'The transcript changed since you opened it: reload it and correct it again',
} as const;

/**
 * A correction of the stored transcript: the cues kept, in their order, each named by its index in
 * the stored transcript with its new text. Times are the stored ones (a correction cannot move
 * them); a cue left out is deleted. `basedOn` is the `updatedAt` the creator edited: a transcript
 * changed since (a new upload, an automatic one finished) is not overwritten.
 */
export const ZTranscriptCorrection = z.object({
  basedOn: z.iso.datetime({ offset: true, error: 'basedOn must be the updatedAt of the transcript edited' }),
  cues: z
    .array(
      z.object({
        index: z.number().int().min(0),
        text: z
          .string()
          .trim()
          .min(1, TRANSCRIPT_CORRECTION_MESSAGES.cueRequired)
          .max(TRANSCRIPT_CUE_MAX, TRANSCRIPT_CORRECTION_MESSAGES.cueTooLong),
      }),
    )
    .min(1, TRANSCRIPT_CORRECTION_MESSAGES.noCues)
    .max(20_000),
});
export type TTranscriptCorrection = z.infer<typeof ZTranscriptCorrection>;

export const ZTranscriptCue = z.object({ start: z.number().nullable(), end: z.number().nullable(), text: z.string() });
export type TTranscriptCue = z.infer<typeof ZTranscriptCue>;

export const ZTranscript = z.object({
  format: z.enum(['vtt', 'srt', 'text']),
  /** Whether cues carry times (the audio page follows playback and seeks on click). */
  timed: z.boolean(),
  cues: z.array(ZTranscriptCue),
  /** `automatic`: made by the server's speech recogniser (the page says so); `manual`: the creator's. */
  source: z.enum(['manual', 'automatic']),
  updatedAt: z.string(),
});
export type TTranscript = z.infer<typeof ZTranscript>;

/** Upload categories whose audio is mostly speech: they get an automatic transcript where a recogniser is installed. */
export const SPOKEN_WORD_CATEGORIES: readonly string[] = ['Podcast', 'Audiobook', 'Educational'];

/** The automatic transcript of a track, as its owner sees it (`available`: a recogniser is installed here). */
export const ZAutoTranscript = z.object({
  available: z.boolean(),
  status: z.enum(['queued', 'running', 'done', 'failed']).nullable(),
  error: z.string().nullable(),
});
export type TAutoTranscript = z.infer<typeof ZAutoTranscript>;
export const AUTO_TRANSCRIPT_UNAVAILABLE = 'Automatic transcripts are not available on this server';

/** A search hit inside a transcript: the track and the moment the words are said. */
export const ZTranscriptHit = z.object({
  trackId: z.string(),
  title: z.string(),
  creatorName: z.string().nullable(),
  coverUrl: z.string(),
  start: z.number().nullable(),
  text: z.string(),
});
export type TTranscriptHit = z.infer<typeof ZTranscriptHit>;

/** The embedded player's default frame sizes. */
export const EMBED_SIZES = {
  track: { width: 480, height: 152 },
  playlist: { width: 480, height: 360 },
  live: { width: 480, height: 152 },
  radio: { width: 480, height: 152 },
} as const;

export type EmbedKind = keyof typeof EMBED_SIZES;

/** An embed's frame URL; `startAt` (whole seconds, a track's only) becomes `?t=`, as on the audio page. */
export function embedSrc(origin: string, kind: EmbedKind, id: string, startAt: number | null = null): string {
  const src = `${origin.replace(/\/+$/, '')}/embed/${kind}/${encodeURIComponent(id)}`;
  return kind === 'track' && startAt !== null && startAt > 0 ? `${src}?t=${Math.floor(startAt)}` : src;
}

/** The iframe code of an embed: what Share → Embed copies and what oEmbed answers. */
export function embedIframe(
  origin: string,
  kind: EmbedKind,
  id: string,
  title: string,
  size: { width: number; height: number } = EMBED_SIZES[kind],
  startAt: number | null = null,
): string {
  const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const src = embedSrc(origin, kind, id, startAt);
  return `<iframe src="${esc(src)}" width="${size.width}" height="${size.height}" title="${esc(title)}" frameborder="0" allow="autoplay; encrypted-media" loading="lazy"></iframe>`;
}
