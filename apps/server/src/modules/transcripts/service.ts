import {
  DEFAULT_COVER_URL,
  MESSAGES,
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPT_TOO_LARGE,
  type TTranscript,
  type TTranscriptHit,
  type TTranscriptInput,
} from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import { discoverableSql, loadVisibleTrack } from '../../access/tracks';
import type { AppContext } from '../../context';
import { transcripts } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import type { SessionUser } from '../../lib/session';
import { canEditTrack } from '../tracks/policy';
import { parsePlain, parseTimed } from './parse';

type Row = typeof transcripts.$inferSelect;

const present = (row: Row): TTranscript => ({
  format: row.format,
  timed: row.format !== 'text',
  cues: row.cues,
  updatedAt: row.updatedAt.toISOString(),
});

const SEARCH_LIMIT = 20;

type HitRow = { id: string; title: string; cover_key: string | null; display_name: string | null; cues: Row['cues'] };

/** Transcripts of tracks: upload (WebVTT/SRT) or paste (text), read, remove, and search. */
export function transcriptService(ctx: AppContext) {
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
        updatedAt: ctx.clock.now(),
      };
      const [saved] = await db
        .insert(transcripts)
        .values(values)
        .onConflictDoUpdate({ target: transcripts.audioId, set: values })
        .returning();
      return present(saved);
    },

    async remove(user: SessionUser, trackId: string): Promise<void> {
      await ownTrack(user, trackId);
      await db.delete(transcripts).where(eq(transcripts.audioId, trackId));
    },

    /**
     * Public tracks whose transcript contains all the query's words, each with the first cue that
     * contains the first word (its start time opens the track at that moment).
     */
    async search(q: string): Promise<TTranscriptHit[]> {
      const words = q
        .toLowerCase()
        .split(/\s+/)
        .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ''))
        .filter((w) => w.length >= 2)
        .slice(0, 8);
      if (words.length === 0) return [];
      const likes = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const rows = await ctx.database.query<HitRow>(
        `SELECT a.id, a.title, a.cover_key, u.display_name, t.cues
           FROM transcripts t
           JOIN audio_content a ON a.id = t.audio_id
           JOIN users u ON u.id = a.user_id
          WHERE ${discoverableSql('a')} AND ${likes.map((_, i) => `t.plain_text ILIKE $${i + 1}`).join(' AND ')}
          ORDER BY a.play_count DESC, a.created_at DESC
          LIMIT ${SEARCH_LIMIT}`,
        likes,
      );
      return rows.map((r) => {
        const cue = r.cues.find((c) => c.text.toLowerCase().includes(words[0])) ?? r.cues[0];
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
