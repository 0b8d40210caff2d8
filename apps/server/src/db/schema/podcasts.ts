import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { audioContent } from './tracks';
import { users } from './users';

/**
 * A creator's show settings for their podcast feed (RSS). No row: the feed falls back to the
 * creator's profile (display name, bio) and the defaults in packages/shared/src/contracts/podcasts.ts.
 */
export const podcastShows = pgTable('podcast_shows', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title'),
  description: text('description'),
  /** An Apple Podcasts top-level category (PODCAST_CATEGORIES). */
  category: text('category').notNull(),
  /** BCP 47 language tag, e.g. 'en' or 'pt-BR'. */
  language: text('language').notNull(),
  explicit: boolean('explicit').notNull().default(false),
  ownerEmail: text('owner_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TranscriptFormat = 'vtt' | 'srt' | 'text';

/** One cue of a transcript: seconds from the start, and its text (a pasted text is one cue per paragraph, no times). */
export interface TranscriptCue {
  start: number | null;
  end: number | null;
  text: string;
}

/** A track's transcript (one per track), as uploaded (WebVTT, SRT) or pasted (text), and its parsed cues. */
export const transcripts = pgTable('transcripts', {
  audioId: uuid('audio_id')
    .primaryKey()
    .references(() => audioContent.id, { onDelete: 'cascade' }),
  format: text('format').$type<TranscriptFormat>().notNull(),
  cues: jsonb('cues').$type<TranscriptCue[]>().notNull(),
  /** The cues' text joined, for search. */
  plainText: text('plain_text').notNull(),
  /** `automatic`: the speech recogniser's (replaced by the creator's own, never the reverse). */
  source: text('source').$type<TranscriptSource>().notNull().default('manual'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TranscriptSource = 'manual' | 'automatic';
export type AutoTranscriptStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * A track's automatic transcript request (one per track): asked once, when a spoken-word track is
 * ready or when its owner asks; its state is what the owner sees.
 */
export const autoTranscripts = pgTable('auto_transcripts', {
  audioId: uuid('audio_id')
    .primaryKey()
    .references(() => audioContent.id, { onDelete: 'cascade' }),
  status: text('status').$type<AutoTranscriptStatus>().notNull(),
  error: text('error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
