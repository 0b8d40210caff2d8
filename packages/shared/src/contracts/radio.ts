import { z } from 'zod';
import { LIVE_CATEGORIES } from '../constants';

/**
 * Radio channels (issue 38): a creator's 24/7 station. The auto-DJ plays the program (rotations of
 * the creator's playlists, weekly show slots, jingles); a DJ with the channel's key takes over live
 * from an encoder and hands back. These are the channel's contracts and the spec constants.
 */
export const RADIO_CATEGORIES = LIVE_CATEGORIES;
export const RADIO_NAME_MAX = 100;
export const RADIO_DESCRIPTION_MAX = 2000;
/** Channels a Creator or Pro account may hold; the free plan holds one. */
export const RADIO_CHANNELS_MAX = 10;
export const RADIO_FREE_CHANNELS_MAX = 1;
export const RADIO_ROTATIONS_MAX = 20;
export const RADIO_SLOTS_MAX = 100;
export const RADIO_JINGLES_MAX = 50;
export const RADIO_WEIGHT_MAX = 100;
/** Defaults of a new channel's program. */
export const RADIO_DEFAULTS = {
  djGraceSeconds: 8,
  artistSeparation: 3,
  trackSeparationHours: 2,
} as const;
export const RADIO_DJ_GRACE_MAX = 120;
export const RADIO_ARTIST_SEPARATION_MAX = 50;
export const RADIO_TRACK_SEPARATION_HOURS_MAX = 72;
/** The played-history list's length. */
export const RADIO_HISTORY_PAGE_SIZE = 20;
/** Channel stream keys are told apart from personal stream keys (`wsk_`) by their prefix. */
export const RADIO_KEY_PREFIX = 'wrk_';
export const MINUTES_PER_WEEK = 7 * 24 * 60;
/** A channel's public addresses: its page, embed frame, and the entries desktop and podcast apps open. */
export const radioPaths = {
  page: (id: string) => `/radio/${encodeURIComponent(id)}`,
  embed: (id: string) => `/embed/radio/${encodeURIComponent(id)}`,
  stream: (id: string) => `/api/radio/channels/${encodeURIComponent(id)}/stream`,
  listen: (id: string, kind: 'm3u' | 'pls') => `/api/radio/channels/${encodeURIComponent(id)}/listen.${kind}`,
  rss: (id: string) => `/api/radio/channels/${encodeURIComponent(id)}/feed.rss`,
};

export const RADIO_MESSAGES = {
  nameRequired: 'Channel name is required',
  nameTooLong: `Channel name must be at most ${RADIO_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${RADIO_DESCRIPTION_MAX} characters`,
  categoryInvalid: 'Choose a category',
  tooMany: `You can have at most ${RADIO_CHANNELS_MAX} channels`,
  freeTooMany: 'The Free plan includes one radio channel. Upgrade to Creator or Pro for more.',
  allowanceUsed: 'Your free live time for this month is used up. Upgrade to keep your channel on air.',
  notOwnPlaylist: 'A rotation plays only your own playlists',
  notOwnJingle: 'Jingles are your own tracks',
  duplicatePlaylist: 'A playlist can be in the rotation only once',
  slotOverlap: 'Show slots cannot overlap',
  slotPlaylistRequired: 'A playlist slot needs a playlist',
  emptyProgram: 'Add a playlist to the rotation before going on air',
  keyCreated: 'Channel key created. Copy it now: it will not be shown again.',
  djOutsideSlot: 'This channel takes DJs only in their show slots',
  coverRequired: 'Choose a cover image',
  coverInvalid: 'The cover must be a JPEG, PNG or WebP image',
  coverUnreadable: 'The image could not be read. Please choose another image.',
  coverSaved: 'Cover updated',
  coverRemoved: 'Cover removed',
  notOnAir: 'This channel is off air',
  noChannels: 'No radio channels yet',
  noHistory: 'Nothing played yet',
  created: 'Channel created',
  saved: 'Channel saved',
  deleted: 'Channel deleted',
} as const;

const noControl = (s: string) => ![...s].some((c) => c.charCodeAt(0) < 32 && c !== '\n');

export const ZRadioChannelInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, RADIO_MESSAGES.nameRequired)
    .max(RADIO_NAME_MAX, RADIO_MESSAGES.nameTooLong)
    .refine(noControl, 'Name contains an invalid character'),
  description: z.string().trim().max(RADIO_DESCRIPTION_MAX, RADIO_MESSAGES.descriptionTooLong).nullish(),
  category: z.enum(RADIO_CATEGORIES, { error: RADIO_MESSAGES.categoryInvalid }),
});
export type TRadioChannelInput = z.input<typeof ZRadioChannelInput>;
export const ZRadioChannelUpdate = ZRadioChannelInput.partial();
export type TRadioChannelUpdate = z.input<typeof ZRadioChannelUpdate>;

export const ZRadioRotation = z.object({
  playlistId: z.uuid(),
  weight: z.number().int().min(1).max(RADIO_WEIGHT_MAX),
});
export const RADIO_SLOT_KINDS = ['playlist', 'dj'] as const;
export const RADIO_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A weekly show slot: day 0 = Sunday, start in minutes after midnight UTC. */
export const ZRadioSlot = z
  .object({
    title: z.string().trim().min(1, 'Show title is required').max(RADIO_NAME_MAX).refine(noControl),
    day: z.number().int().min(0).max(6),
    startMinute: z.number().int().min(0).max(1439),
    durationMinutes: z
      .number()
      .int()
      .min(15)
      .max(24 * 60),
    kind: z.enum(RADIO_SLOT_KINDS),
    playlistId: z.uuid().nullish(),
  })
  .refine((s) => s.kind !== 'playlist' || !!s.playlistId, {
    message: RADIO_MESSAGES.slotPlaylistRequired,
    path: ['playlistId'],
  });
export type TRadioSlot = z.infer<typeof ZRadioSlot>;

/** Slots as minute ranges of the week (wrapping past Saturday night), overlapping or not. */
export function slotsOverlap(slots: Pick<TRadioSlot, 'day' | 'startMinute' | 'durationMinutes'>[]): boolean {
  const ranges = slots.map((s) => [s.day * 1440 + s.startMinute, s.day * 1440 + s.startMinute + s.durationMinutes]);
  for (let i = 0; i < ranges.length; i++)
    for (let j = i + 1; j < ranges.length; j++) {
      const [a0, a1] = ranges[i] as [number, number];
      const [b0, b1] = ranges[j] as [number, number];
      for (const shift of [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK]) if (a0 < b1 + shift && b0 + shift < a1) return true;
    }
  return false;
}

/** PUT /api/radio/channels/:id/program: the whole program, replaced at once. */
export const ZRadioProgram = z.object({
  rotations: z
    .array(ZRadioRotation)
    .max(RADIO_ROTATIONS_MAX)
    .refine((r) => new Set(r.map((x) => x.playlistId)).size === r.length, RADIO_MESSAGES.duplicatePlaylist),
  slots: z
    .array(ZRadioSlot)
    .max(RADIO_SLOTS_MAX)
    .refine((s) => !slotsOverlap(s), RADIO_MESSAGES.slotOverlap),
  jingleTrackIds: z
    .array(z.uuid())
    .max(RADIO_JINGLES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'A jingle can appear only once'),
  /** A jingle after every N songs (null: not by count). */
  jingleEverySongs: z.number().int().min(1).max(100).nullable(),
  /** A jingle at least every N minutes (null: not by time). */
  jingleEveryMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .nullable(),
  /** No artist twice within N tracks. */
  artistSeparation: z.number().int().min(0).max(RADIO_ARTIST_SEPARATION_MAX),
  /** No track twice within M hours. */
  trackSeparationHours: z.number().int().min(0).max(RADIO_TRACK_SEPARATION_HOURS_MAX),
  /** Seconds the auto-DJ waits after a DJ leaves before fading back in. */
  djGraceSeconds: z.number().int().min(0).max(RADIO_DJ_GRACE_MAX),
  /** A DJ may take over only during a DJ slot. */
  djOnlyInSlot: z.boolean(),
  /** The going-live jingle: played when a DJ takes over, between the fade-out and the DJ (own track). */
  goingLiveJingleTrackId: z.uuid().nullable().default(null),
});
export type TRadioProgram = z.input<typeof ZRadioProgram>;

export const ZRadioNowPlaying = z.object({
  /** The track the auto-DJ plays; null while a DJ is live or nothing is known. */
  trackId: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
  artworkUrl: z.string().nullable(),
  startedAt: z.string(),
  source: z.enum(['autodj', 'dj']),
});
export type TRadioNowPlaying = z.infer<typeof ZRadioNowPlaying>;

export const ZRadioChannel = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  coverUrl: z.string().nullable(),
  onAir: z.boolean(),
  listenerCount: z.number().int(),
  owner: z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() }),
  nowPlaying: ZRadioNowPlaying.nullable(),
  /** The live relay stream the channel is heard on while on air (the live player's id). */
  streamId: z.string().nullable(),
  createdAt: z.string(),
});
export type TRadioChannel = z.infer<typeof ZRadioChannel>;
export const ZRadioChannelList = z.object({ items: z.array(ZRadioChannel) });
export type TRadioChannelList = z.infer<typeof ZRadioChannelList>;

/** The owner's view: the channel with its program and its key's prefix. */
export const ZRadioChannelDetail = ZRadioChannel.extend({
  program: z.object({
    rotations: z.array(ZRadioRotation.extend({ playlistName: z.string(), trackCount: z.number().int() })),
    slots: z.array(
      z.object({
        title: z.string(),
        day: z.number().int(),
        startMinute: z.number().int(),
        durationMinutes: z.number().int(),
        kind: z.enum(RADIO_SLOT_KINDS),
        playlistId: z.string().nullable(),
      }),
    ),
    jingles: z.array(z.object({ trackId: z.string(), title: z.string() })),
    jingleEverySongs: z.number().int().nullable(),
    jingleEveryMinutes: z.number().int().nullable(),
    artistSeparation: z.number().int(),
    trackSeparationHours: z.number().int(),
    djGraceSeconds: z.number().int(),
    djOnlyInSlot: z.boolean(),
    goingLiveJingleTrackId: z.string().nullable(),
  }),
  keyPrefix: z.string().nullable(),
});
export type TRadioChannelDetail = z.infer<typeof ZRadioChannelDetail>;

export const ZRadioKeyCreated = z.object({ secret: z.string(), prefix: z.string(), message: z.string() });
export type TRadioKeyCreated = z.infer<typeof ZRadioKeyCreated>;

export const ZRadioHistoryItem = z.object({
  trackId: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
  artworkUrl: z.string().nullable(),
  startedAt: z.string(),
  source: z.enum(['autodj', 'dj']),
});
export const ZRadioHistory = z.object({ items: z.array(ZRadioHistoryItem) });
export type TRadioHistory = z.infer<typeof ZRadioHistory>;

/** GET /api/radio/plays: the creator's tracks heard on any channel in the last 30 days (radio plays, apart from on-demand). */
export const RADIO_PLAYS_DAYS = 30;
export const ZRadioPlays = z.object({
  total: z.number().int(),
  items: z.array(z.object({ trackId: z.string(), plays: z.number().int() })),
});
export type TRadioPlays = z.infer<typeof ZRadioPlays>;
