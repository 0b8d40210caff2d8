import type { Database } from '../../db/client';
import { type RawRow, TRACK_SELECT } from './rows';
import { DISCOVERABLE, fuzzyAllowed, TSQUERY } from './sql';

/** ts_rank weights {D, C, B, A}: title (A) outranks tags (B), which outrank description and creator (C). */
const RANK_WEIGHTS = `'{0.05, 0.2, 0.4, 1.0}'`;
/** Full-text matches ranked per tier: enough for relevance, bounded for very common words. */
export const SEARCH_CANDIDATES = 500;
/** The title words of a track's vector: what `audio_search_title_idx` (migration 0015) indexes. */
const TITLE_VECTOR = `ts_filter(a.search_vector, '{a}')`;

/**
 * One tier of candidates: at most SEARCH_CANDIDATES discoverable tracks whose `vector` matches
 * `tsquery`, none of the earlier tiers' tracks, ranked by weight over the whole vector. It only
 * runs while the earlier tiers together hold fewer than the page ($2): PostgreSQL checks that
 * one-time condition before touching the index.
 */
const tier = (vector: string, tsquery: string, earlier: string[]) => {
  const gate = earlier.length ? `(${earlier.map((t) => `(SELECT count(*) FROM ${t})`).join(' + ')}) < $2 AND` : '';
  const notEarlier = earlier.map((t) => ` AND a.id NOT IN (SELECT id FROM ${t})`).join('');
  return `
  SELECT c.id, c.play_count, ts_rank(${RANK_WEIGHTS}, c.search_vector, ${tsquery}) AS rank
  FROM (
    SELECT a.id, a.play_count, a.search_vector FROM audio_content a
    WHERE ${gate} ${vector} @@ ${tsquery} AND ${DISCOVERABLE}${notEarlier}
    LIMIT ${SEARCH_CANDIDATES}
  ) c`;
};

/**
 * The ranked, typo-tolerant search page, in one statement. Four tiers, each only while the ones
 * before it are short of the page ($2):
 *   0. the query as typed matches the title;  1. it matches anywhere else (tags, description, name);
 *   2. the typo-corrected query ($3) matches the title;  3. it matches anywhere else.
 * A title match ranks first anyway (weight A), and the title-only GIN index has a fraction of the
 * full index's entries, so a common word is answered from a small bitmap: the full-text index of
 * the whole vector is only read when titles alone do not fill the page.
 *
 * `corrected`: while $3 is null, typo matching is allowed ($4, `fuzzyAllowed`) and the query as
 * typed fills less than a page, the corrected tsquery (text) to run this statement again with:
 * every query word replaced by its closest lexicon words by trigram similarity, or the words it
 * begins (`wc_fuzzy_tsquery`, migration 0002). The rerun gives both tsqueries to the planner as
 * constants, so it sees how selective they are. The row carrying it has no track when nothing
 * matched yet (the page is a LEFT JOIN on it), so it always comes back. MATERIALIZED: inlined,
 * the lookup ran once per returned row.
 * $1 = the query text, $2 = the limit, $3 = the corrected tsquery (text) or null, $4 = boolean.
 */
export const SEARCH_TRACKS_SQL = `
WITH title AS MATERIALIZED (${tier(TITLE_VECTOR, TSQUERY('$1'), [])}
),
exact AS MATERIALIZED (${tier('a.search_vector', TSQUERY('$1'), ['title'])}
),
fuzzy_title AS MATERIALIZED (${tier(TITLE_VECTOR, '$3::text::tsquery', ['title', 'exact'])}
),
fuzzy AS MATERIALIZED (${tier('a.search_vector', '$3::text::tsquery', ['title', 'exact', 'fuzzy_title'])}
),
hits AS MATERIALIZED (
  SELECT id, 0 AS tier, rank, play_count FROM title
  UNION ALL SELECT id, 1 AS tier, rank, play_count FROM exact
  UNION ALL SELECT id, 2 AS tier, rank, play_count FROM fuzzy_title
  UNION ALL SELECT id, 3 AS tier, rank, play_count FROM fuzzy
  ORDER BY tier, rank DESC, play_count DESC, id
  LIMIT $2
),
correction AS MATERIALIZED (
  SELECT CASE WHEN $3::text IS NULL AND $4::boolean AND (SELECT count(*) FROM hits) < $2
    THEN wc_fuzzy_tsquery($1)::text END AS corrected
)
SELECT ${TRACK_SELECT}, m.corrected
FROM correction m
LEFT JOIN (hits h JOIN audio_content a ON a.id = h.id LEFT JOIN users u ON u.id = a.user_id) ON true
ORDER BY h.tier, h.rank DESC, h.play_count DESC, h.id`;

/** The statement's parameters for the query text `q` (`corrected`: from a first run, or null). */
export const searchParams = (q: string, limit: number, corrected: string | null) => [
  q,
  limit,
  corrected,
  fuzzyAllowed(q),
];

/**
 * The ranked, typo-tolerant track search: SEARCH_TRACKS_SQL once, and once more with the
 * correction only when the query as typed filled less than a page and a correction exists.
 */
export async function searchTracks(database: Database, q: string, limit: number): Promise<RawRow[]> {
  let rows = await database.query(SEARCH_TRACKS_SQL, searchParams(q, limit, null));
  const corrected = rows[0]?.corrected as string | null | undefined;
  if (corrected) rows = await database.query(SEARCH_TRACKS_SQL, searchParams(q, limit, corrected));
  return rows.filter((r) => r.id !== null);
}
