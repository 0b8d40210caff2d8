import { integer, pgTable, real, timestamp, uuid } from 'drizzle-orm/pg-core';
import { audioContent } from './tracks';

/**
 * The radio engine's measurement of a track (ADR 0055): EBU R128 integrated loudness and cue
 * points from 100 ms frames, computed once by the `radio.cues.track` job (at upload, ADR 0079) or the
 * `radio.cues` catch-up. A track with no row plays whole at its upload gain.
 */
export const trackCues = pgTable('track_cues', {
  audioId: uuid('audio_id')
    .primaryKey()
    .references(() => audioContent.id, { onDelete: 'cascade' }),
  integratedLufs: real('integrated_lufs'),
  peakDbfs: real('peak_dbfs'),
  cueInMs: integer('cue_in_ms').notNull(),
  cueOutMs: integer('cue_out_ms').notNull(),
  crossfadeStartMs: integer('crossfade_start_ms').notNull(),
  durationMs: integer('duration_ms').notNull(),
  analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
});
