import {
  DEFAULT_COVER_URL,
  MESSAGES,
  TRANSCRIPT_CORRECTION_MESSAGES,
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPT_TOO_LARGE,
  type TTranscript,
  type TTranscriptCorrection,
  type TTranscriptHit,
  type TTranscriptInput,
} from '@wavecast/shared';
import { and, eq, sql } from 'drizzle-orm';
import { discoverableSql, loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { type TranscriptCue, transcripts } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { fuzzyAllowed, MIN_FUZZY_LENGTH } from '../discovery/sql';
import { canEditTrack } from '../tracks/policy';
import { correctCues } from './correct';
import { parsePlain, parseTimed } from './parse';

type Row = typeof transcripts.$inferSelect;

const present = (row: Row): TTranscript => ({
  format: row.format,
  timed: row.format !== 'text',
  cues: row.cues,
  source: row.source,
  updatedAt: row.updatedAt.toISOString(),
});

const SEARCH_LIMIT = 20;

/** Lower-case, without accents: how transcript words are compared (the SQL side uses wc_unaccent). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The query's words as searched inside transcripts (at most 8, two characters or more). */
const searchWords = (q: string) =>
  fold(q)
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((w) => w.length >= 2)
    .slice(0, 8);

/** The first cue holding the most query words (each word as typed or one of its alternatives). */
function bestCue(cues: TranscriptCue[], alternatives: string[][]): TranscriptCue | undefined {
  let best: TranscriptCue | undefined = cues[0];
  let most = 0;
  for (const cue of cues) {
    const text = fold(cue.text);
    const held = alternatives.filter((a) => a.some((w) => text.includes(w))).length;
    if (held > most) [best, most] = [cue, held];
  }
  return best;
}

/** An ILIKE pattern for text containing `word` (its own % _ \\ taken literally). */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type HitRow = { id: string; title: string; cover_key: string | null; display_name: string | null; cues: Row['cues'] };

/** Transcripts of tracks: upload (WebVTT/SRT) or paste (text), read, remove, and search. */
export const transcriptService = perApp(makeTranscriptService);

function makeTranscriptService(ctx: AppContext) {
  const { db } = ctx.database;
  const audioNotFound = () => new AppError('NOT_FOUND', MESSAGES.audioNotFound);

  async function ownTrack(user: SessionUser, trackId: string) {
    const track = await loadVisibleTrack(ctx.database, user.id, trackId);
    // Someone else's track, visible or not, answers like a missing one: an edit reveals nothing.
    if (!track || !canEditTrack(user, track)) throw audioNotFound();
    return track;
  }

  async function row(trackId: string): Promise<Row | undefined> {
    const [r] = await db.select().from(transcripts).where(eq(transcripts.audioId, trackId));
    return r;
  }

  /** Discoverable tracks whose transcript holds, for every word, one of its alternatives; `not`: ids left out. */
  const transcriptHits = (alternatives: string[][], not: string[]) =>
    ctx.database.query<HitRow>(
      `SELECT a.id, a.title, a.cover_key, u.display_name, t.cues
         FROM transcripts t
         JOIN audio_content a ON a.id = t.audio_id
         JOIN users u ON u.id = a.user_id
        WHERE ${discoverableSql('a')}
          AND ${alternatives.map((_, i) => `wc_unaccent(t.plain_text) ILIKE ANY ($${i + 2}::text[])`).join(' AND ')}
          AND NOT (a.id = ANY ($1::uuid[]))
        ORDER BY a.play_count DESC, a.created_at DESC
        LIMIT ${SEARCH_LIMIT}`,
      [not, ...alternatives.map((a) => a.map(containsPattern))],
    );

  return {
    /** The transcript of a track the viewer may see; null when it has none. */
    async get(viewerId: string | null, trackId: string): Promise<Row | null> {
      if (!(await loadVisibleTrack(ctx.database, viewerId, trackId))) throw audioNotFound();
      return (await row(trackId)) ?? null;
    },

    present,

    async save(user: SessionUser, trackId: string, input: TTranscriptInput): Promise<TTranscript> {
      if (Buffer.byteLength(input.content, 'utf8') > TRANSCRIPT_MAX_BYTES) throw badRequest(TRANSCRIPT_TOO_LARGE);
      if (input.content.includes('\u0000')) throw badRequest('Transcript must be text');
      await ownTrack(user, trackId);
      const parsed = input.kind === 'file' ? parseTimed(input.content) : parsePlain(input.content);
      if (!parsed.ok) throw badRequest(parsed.message);
      const values = {
        audioId: trackId,
        format: parsed.format,
        cues: parsed.cues,
        plainText: parsed.cues.map((c) => c.text).join('\n'),
        source: 'manual' as const,
        updatedAt: ctx.clock.now(),
      };
      const [saved] = await db
        .insert(transcripts)
        .values(values)
        .onConflictDoUpdate({ target: transcripts.audioId, set: values })
        .returning();
      return present(saved);
    },

    /**
     * The creator's correction of the stored transcript (an automatic one, typically): new texts
     * for the cues kept, at their stored times; cues left out are deleted. It becomes the creator's
     * own (`manual`: no longer labelled automatic, never overwritten by the recogniser). Refused
     * (409) when the transcript changed since `basedOn`, so a newer one is not overwritten.
     */
    async correct(user: SessionUser, trackId: string, input: TTranscriptCorrection): Promise<TTranscript> {
      await ownTrack(user, trackId);
      const stored = await row(trackId);
      if (!stored) throw new AppError('NOT_FOUND', 'This audio has no transcript');
      if (stored.updatedAt.getTime() !== Date.parse(input.basedOn))
        throw conflict(TRANSCRIPT_CORRECTION_MESSAGES.changed);
      const corrected = correctCues(stored.cues, input.cues);
      if (!corrected.ok) throw badRequest(corrected.message);
      const plainText = corrected.cues.map((c) => c.text).join('\n');
      if (Buffer.byteLength(plainText, 'utf8') > TRANSCRIPT_MAX_BYTES) throw badRequest(TRANSCRIPT_TOO_LARGE);
      // Only the version edited is replaced (another save between the read and here wins); the
      // new time is later than the old one even within the same millisecond.
      const [saved] = await db
        .update(transcripts)
        .set({
          cues: corrected.cues,
          plainText,
          source: 'manual',
          updatedAt: sql`greatest(${ctx.clock.now().toISOString()}::timestamptz, ${transcripts.updatedAt} + interval '1 millisecond')`,
        })
        .where(
          and(
            eq(transcripts.audioId, trackId),
            sql`date_trunc('milliseconds', ${transcripts.updatedAt}) = ${stored.updatedAt.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!saved) throw conflict(TRANSCRIPT_CORRECTION_MESSAGES.changed);
      return present(saved);
    },

    /** Throws "not found" unless the user may edit the track (its owner, or an admin). */
    async assertEditable(user: SessionUser, trackId: string): Promise<void> {
      await ownTrack(user, trackId);
    },

    async remove(user: SessionUser, trackId: string): Promise<void> {
      await ownTrack(user, trackId);
      await db.delete(transcripts).where(eq(transcripts.audioId, trackId));
    },

    /**
     * Public tracks whose transcript contains all the query's words, each with the first cue that
     * holds most of them (its start time opens the track at that moment). Tolerant of typos as
     * titles are: when the words as typed fill less than a page, each word may also be one of its
     * closest transcript words by trigram similarity ('marmalde' finds 'marmalade'), ranked after.
     */
    async search(q: string): Promise<TTranscriptHit[]> {
      const words = searchWords(q);
      if (words.length === 0) return [];
      const exact = await transcriptHits(
        words.map((w) => [w]),
        [],
      );
      let hits = exact.map((row) => ({ row, alternatives: words.map((w) => [w]) }));
      if (exact.length < SEARCH_LIMIT && fuzzyAllowed(q)) {
        const near = await nearTranscriptWords(ctx.database, words);
        const alternatives = words.map((w) => [w, ...(near.get(w) ?? [])]);
        if (alternatives.some((a) => a.length > 1)) {
          const fuzzy = await transcriptHits(
            alternatives,
            exact.map((r) => r.id),
          );
          hits = hits.concat(fuzzy.map((row) => ({ row, alternatives })));
        }
      }
      return hits.slice(0, SEARCH_LIMIT).map(({ row: r, alternatives }) => {
        const cue = bestCue(r.cues, alternatives);
        return {
          trackId: r.id,
          title: r.title,
          creatorName: r.display_name,
          coverUrl: r.cover_key ? `/api/tracks/${r.id}/cover` : DEFAULT_COVER_URL,
          start: cue?.start ?? null,
          text: cue?.text.slice(0, 300) ?? '',
        };
      });
    },
  };
}

/**
 * Each query word's closest words of all transcripts (up to 3, by trigram similarity over the
 * `transcript_terms` lexicon, migration 0039): what a one-letter typo most likely meant.
 */
async function nearTranscriptWords(database: Database, words: string[]): Promise<Map<string, string[]>> {
  const fuzzy = words.filter((w) => w.length >= MIN_FUZZY_LENGTH);
  if (fuzzy.length === 0) return new Map();
  const rows = await database.query<{ word: string; term: string }>(
    `SELECT w.word, near.term FROM unnest($1::text[]) AS w(word)
     CROSS JOIN LATERAL (
       SELECT s.term FROM transcript_terms s
       WHERE s.term % w.word AND s.term <> w.word
       ORDER BY similarity(s.term, w.word) DESC, s.term
       LIMIT 3
     ) near`,
    [fuzzy],
  );
  const near = new Map<string, string[]>();
  for (const r of rows) near.set(r.word, [...(near.get(r.word) ?? []), r.term]);
  return near;
}
