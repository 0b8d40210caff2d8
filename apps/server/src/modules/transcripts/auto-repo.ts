import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AutoTranscriptStatus, autoTranscripts, type TranscriptCue, transcripts } from '../../db/schema';

/** The track's automatic transcript request, or undefined when none was made. */
export async function findRequest(database: Database, trackId: string) {
  const [row] = await database.db.select().from(autoTranscripts).where(eq(autoTranscripts.audioId, trackId));
  return row;
}

export async function setStatus(
  database: Database,
  trackId: string,
  status: AutoTranscriptStatus,
  error: string | null,
  at: Date,
): Promise<void> {
  await database.db
    .update(autoTranscripts)
    .set({ status, error, updatedAt: at })
    .where(eq(autoTranscripts.audioId, trackId));
}

/**
 * Records a request as queued; true when it was recorded. `again`: a finished request (done or
 * failed) is queued again; otherwise only a track never asked about is.
 */
export async function recordRequest(database: Database, trackId: string, again: boolean, at: Date): Promise<boolean> {
  const insert = database.db
    .insert(autoTranscripts)
    .values({ audioId: trackId, status: 'queued', error: null, updatedAt: at });
  const rows = await (again
    ? insert.onConflictDoUpdate({
        target: autoTranscripts.audioId,
        set: { status: 'queued', error: null, updatedAt: at },
        setWhere: sql`${autoTranscripts.status} IN ('done', 'failed')`,
      })
    : insert.onConflictDoNothing()
  ).returning({ id: autoTranscripts.audioId });
  return rows.length > 0;
}

/** Who made the track's transcript, or undefined when it has none. */
export async function transcriptSource(database: Database, trackId: string) {
  const [row] = await database.db
    .select({ source: transcripts.source })
    .from(transcripts)
    .where(eq(transcripts.audioId, trackId));
  return row?.source;
}

/** Saves the recogniser's cues, unless the creator's own transcript is there (saved while it ran). */
export async function saveAutomatic(database: Database, trackId: string, cues: TranscriptCue[], at: Date) {
  const values = {
    audioId: trackId,
    format: 'vtt' as const,
    cues,
    plainText: cues.map((c) => c.text).join('\n'),
    source: 'automatic' as const,
    updatedAt: at,
  };
  await database.db
    .insert(transcripts)
    .values(values)
    .onConflictDoUpdate({
      target: transcripts.audioId,
      set: values,
      setWhere: sql`${transcripts.source} = 'automatic'`,
    });
}
