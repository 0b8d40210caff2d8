import type { Database } from '../../db/client';
import { type RawRow, TRACK_SELECT } from './rows';
import { DISCOVERABLE, fuzzyAllowed, TSQUERY } from './sql';

/** ts_rank weights {D, C, B, A}: title (A) outranks tags (B), which outrank description and creator (C). */
const RANK_WEIGHTS = `'{0.05, 0.2, 0.4, 1.0}'`;
/** Full-text matches ranked per tier: enough for relevance, bounded for very common words. */
export const SEARCH_CANDIDATES = 500;

/**
 * Search step 1: when the query as typed has fewer full-text matches than the page ($2), the
 * typo-corrected tsquery (text): every word replaced by its closest lexicon words by trigram
 * similarity, or the words it begins (`wc_fuzzy_tsquery`, migration 0002). Otherwise null.
 * $1 = the query text, $2 = the limit, $3 = whether typo matching applies (`fuzzyAllowed`).
 */
export const SEARCH_CORRECTION_SQL = `
SELECT CASE WHEN $3::boolean AND (
  SELECT count(*) FROM (
    SELECT 1 FROM audio_content a WHERE a.search_vector @@ ${TSQUERY('$1')} AND ${DISCOVERABLE} LIMIT $2
  ) x
) < $2 THEN wc_fuzzy_tsquery($1)::text END AS corrected`;

/**
 * Search step 2: the ranked page. Tier 0: full-text matches of the query as typed; tier 1 (only
 * while tier 0 is short of the limit): matches of the corrected tsquery from step 1. Each tier
 * reads the GIN index (or, for very common words, stops after SEARCH_CANDIDATES rows), ranks its
 * candidates by weight, and only the final page is joined back to the table.
 * Both tsqueries reach the planner as constants, so it sees how selective they are.
 * $1 = the query text, $2 = the limit, $3 = the corrected tsquery (text) or null.
 */
export const SEARCH_TRACKS_SQL = `
WITH exact AS MATERIALIZED (
  SELECT c.id, c.play_count, ts_rank(${RANK_WEIGHTS}, c.search_vector, ${TSQUERY('$1')}) AS rank
  FROM (
    SELECT a.id, a.play_count, a.search_vector FROM audio_content a
    WHERE a.search_vector @@ ${TSQUERY('$1')} AND ${DISCOVERABLE}
    LIMIT ${SEARCH_CANDIDATES}
  ) c
),
fuzzy AS MATERIALIZED (
  SELECT c.id, c.play_count, ts_rank(${RANK_WEIGHTS}, c.search_vector, $3::tsquery) AS rank
  FROM (
    SELECT a.id, a.play_count, a.search_vector FROM audio_content a
    WHERE (SELECT count(*) FROM exact) < $2
      AND a.search_vector @@ $3::tsquery AND ${DISCOVERABLE}
      AND a.id NOT IN (SELECT id FROM exact)
    LIMIT ${SEARCH_CANDIDATES}
  ) c
),
hits AS MATERIALIZED (
  SELECT id, 0 AS tier, rank, play_count FROM exact
  UNION ALL
  SELECT id, 1 AS tier, rank, play_count FROM fuzzy
  ORDER BY tier, rank DESC, play_count DESC, id
  LIMIT $2
)
SELECT ${TRACK_SELECT}
FROM hits h
JOIN audio_content a ON a.id = h.id
LEFT JOIN users u ON u.id = a.user_id
ORDER BY h.tier, h.rank DESC, h.play_count DESC, h.id`;

/** The ranked, typo-tolerant track search: the two statements above. */
export async function searchTracks(database: Database, q: string, limit: number): Promise<RawRow[]> {
  const [step1] = await database.query<{ corrected: string | null }>(SEARCH_CORRECTION_SQL, [
    q,
    limit,
    fuzzyAllowed(q),
  ]);
  return database.query(SEARCH_TRACKS_SQL, [q, limit, step1?.corrected ?? null]);
}
