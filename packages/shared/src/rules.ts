/**
 * Limits and rules that the server and the forms share. Plain values, no zod: the app shell (the
 * player, the sidebar) imports these without pulling the schema library into the first load.
 */
import { formatFileSize, formatTime } from './format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Every id is a UUID: anything else cannot name a row (and must not reach a uuid column as a query error). */
export const isUuid = (id: string) => UUID.test(id);

/** Upload and edit limits (server and form share them). */
export const TRACK_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  tagMax: 50,
  tagsMax: 20,
  chaptersMax: 100,
  chapterTitleMax: 200,
  coverMaxBytes: 10 * 1024 * 1024,
} as const;

/** Play counts that make a milestone in the creator's Recent Activity. */
export const PLAY_MILESTONES = [1, 10, 50, 100, 500, 1000, 5000, 10000, 50000, 100000, 1000000] as const;
export const CREATOR_ACTIVITY_LIMIT = 20;

/** A play counts once this much was really listened to: 30 s, or half a shorter track. */
export const PLAY_COUNT_MIN_SECONDS = 30;
/** At most one counted play per listener per track in this window. */
export const PLAY_COUNT_WINDOW_MINUTES = 30;
/** Tracks longer than this (podcasts, audiobooks) resume where the listener left off. */
export const RESUME_MIN_DURATION_SECONDS = 600;
/** Playback speed bounds and the steps offered in the player. */
export const PLAYBACK_RATE_MIN = 0.5;
export const PLAYBACK_RATE_MAX = 3;
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
/** Arrow keys and the lock screen's skip buttons move this far. */
export const SEEK_STEP_SECONDS = 5;
export const HISTORY_PAGE_SIZE = 50;
export const CONTINUE_LISTENING_LIMIT = 12;

/** Seconds of listening needed before a play of a track of this duration counts. */
export function playCountThreshold(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return PLAY_COUNT_MIN_SECONDS;
  return Math.min(PLAY_COUNT_MIN_SECONDS, durationSeconds / 2);
}

/** Whether a track's position is kept on the server (long-form listening). */
export function isLongForm(durationSeconds: number): boolean {
  return durationSeconds > RESUME_MIN_DURATION_SECONDS;
}

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;
/** A playlist holds at most this many tracks. */
export const PLAYLIST_MAX_TRACKS = 1000;
/** Cover images: JPEG, PNG or WebP (checked by magic bytes), at most 5 MB. */
export const PLAYLIST_COVER_MAX_BYTES = 5 * 1024 * 1024;
export const PLAYLIST_SEARCH_LIMIT = 20;

export const PLAYLIST_MESSAGES = {
  nameRequired: 'Playlist name is required',
  nameTooLong: `Playlist name must be at most ${PLAYLIST_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${PLAYLIST_DESCRIPTION_MAX} characters`,
  notFound: 'Playlist not found',
  trackNotFound: 'Track not found',
  alreadyInPlaylist: 'This track is already in the playlist',
  playlistFull: `A playlist can hold at most ${PLAYLIST_MAX_TRACKS} tracks`,
  itemNotFound: 'This track is not in the playlist',
  coverRequired: 'Choose an image file for the cover',
  coverInvalid: 'The cover must be a JPEG, PNG or WebP image',
  coverUnreadable: 'The image could not be read. Please choose another image.',
  created: 'Playlist created',
  deleted: 'Playlist deleted',
  updated: 'Playlist updated',
  added: 'Added to playlist',
  removed: 'Removed from playlist',
} as const;

/** The form's check of a playlist name (the same rule as ZCreatePlaylist, without zod). */
export function playlistNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return PLAYLIST_MESSAGES.nameRequired;
  if (trimmed.length > PLAYLIST_NAME_MAX) return PLAYLIST_MESSAGES.nameTooLong;
  return null;
}

export const CHAPTER_TIME_FORMAT_MESSAGE = 'Chapter times must be m:ss, for example 1:30';

/**
 * Why a chapter start (in seconds) does not fit a track `duration` seconds long, or null when it
 * does. The end is only checked where the duration is known (a positive number).
 */
export function chapterTimeProblem(startTime: number, duration?: number | null): string | null {
  if (!Number.isFinite(startTime) || startTime < 0) return CHAPTER_TIME_FORMAT_MESSAGE;
  if (duration && duration > 0 && startTime >= duration) {
    return `Chapter times must be within the track (before ${formatTime(duration)})`;
  }
  return null;
}

/** The first problem among a track's chapter starts, or null. */
export function chaptersProblem(chapters: readonly { startTime: number }[], duration?: number | null): string | null {
  for (const c of chapters) {
    const problem = chapterTimeProblem(c.startTime, duration);
    if (problem) return problem;
  }
  return null;
}

/** The refusal for an audio file over the server's MAX_UPLOAD_BYTES (the browser says it first). */
export function audioTooLargeMessage(maxBytes: number): string {
  return `The audio file is larger than the ${formatFileSize(maxBytes)} limit.`;
}

/** The refusal for audio longer than the server's MAX_AUDIO_SECONDS, declared or found. */
export function audioTooLongMessage(maxSeconds: number): string {
  const hours = maxSeconds / 3600;
  const limit = Number.isInteger(hours)
    ? `${hours}-hour`
    : Number.isInteger(maxSeconds / 60)
      ? `${maxSeconds / 60}-minute`
      : `${maxSeconds}-second`;
  return `The audio is longer than the ${limit} limit. Please upload a shorter file.`;
}
