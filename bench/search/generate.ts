import { FIRST_NAMES, LAST_NAMES, prng, vocabulary } from './vocabulary';

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Secondary indexes of audio_content: dropped for the bulk load, rebuilt from their definitions. */
async function trackIndexes(query: Query): Promise<{ name: string; def: string }[]> {
  const rows = await query(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE tablename = 'audio_content' AND indexname <> 'audio_content_pkey'`,
  );
  return rows as { name: string; def: string }[];
}

/** Every word of the vocabulary is drawn as words[floor(V * r^SKEW)]: a Zipf-like skew. */
const SKEW = 2;

/**
 * Fills the catalogue with `tracks` generated tracks by `creators` creators, the way a restore
 * would: secondary indexes dropped, rows inserted in batches with the search vector computed by
 * the same function the trigger uses, indexes rebuilt with the migration's own definitions, the
 * search lexicon filled as the migration fills it, then ANALYZE.
 *
 * Word frequencies are skewed like real text: of 50,000 words the most common one is in about
 * 6.5 % of the tracks, the 10th in about 1 %, most in a handful. Titles have 2-4 words, tags
 * 1-3 (from 300), descriptions 8-15 words. 2.5 % of the tracks are private and 2 % still
 * processing; play counts and upload dates are spread out.
 */
export async function generateCatalogue(
  query: Query,
  opts: { tracks: number; creators: number; log?: (m: string) => void },
): Promise<void> {
  const log = opts.log ?? (() => {});
  const words = vocabulary(50_000);
  await query(
    `INSERT INTO users (id, email, display_name, user_role)
     SELECT 'bench-c-' || g, 'bench-c-' || g || '@bench.local',
            ($1::text[])[1 + (g % array_length($1::text[], 1))] || ' ' ||
            ($2::text[])[1 + ((g / 7) % array_length($2::text[], 1))] || ' ' || g,
            'creator'
     FROM generate_series(1, $3::int) g`,
    [FIRST_NAMES, LAST_NAMES, opts.creators],
  );
  const indexes = await trackIndexes(query);
  for (const ix of indexes) await query(`DROP INDEX ${ix.name}`);
  await query('ALTER TABLE audio_content DISABLE TRIGGER audio_search_vector_trg');
  const rand = prng(7);
  const n = words.length;
  const word = (skew: number, size = n) => words[Math.floor(rand() ** skew * size)] as string;
  const phrase = (count: number) => Array.from({ length: count }, () => word(SKEW)).join(' ');
  const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
  const categories = ['Music', 'Podcast', 'Audiobook', 'Educational', 'Meditation', 'Other'];
  const now = Date.now();
  const batch = 5_000;
  for (let start = 1; start <= opts.tracks; start += batch) {
    const cols = { user: [] as string[], title: [] as string[], description: [] as string[], tags: [] as string[] };
    const more = {
      category: [] as string[],
      isPublic: [] as boolean[],
      status: [] as string[],
      plays: [] as number[],
      at: [] as string[],
    };
    for (let g = start; g < Math.min(opts.tracks + 1, start + batch); g++) {
      cols.user.push(`bench-c-${1 + (g % opts.creators)}`);
      cols.title.push(titleCase(phrase(2 + (g % 3))));
      cols.description.push(phrase(8 + (g % 8)));
      // Tags travel as one space-separated string per track (arrays of arrays must be rectangular).
      cols.tags.push(Array.from({ length: 1 + (g % 3) }, () => word(1.5, 300)).join(' '));
      more.category.push(categories[g % 6] as string);
      more.isPublic.push(g % 40 !== 0);
      more.status.push(g % 50 === 1 ? 'processing' : 'ready');
      more.plays.push(Math.floor(rand() ** 4 * 100_000));
      more.at.push(new Date(now - rand() * 730 * 86_400_000).toISOString());
    }
    await query(
      `INSERT INTO audio_content (user_id, title, description, tags, category, audio_key, audio_mime,
                                  audio_bytes, duration, is_public, status, play_count, created_at,
                                  search_vector)
       SELECT r.user_id, r.title, r.description, string_to_array(r.tags, ' '), r.category,
              'bench/' || r.user_id || '/' || r.ord || '.mp3', 'audio/mpeg', 1000000, 60 + r.ord % 3000,
              r.is_public, r.status, r.plays, r.at,
              wc_track_search_vector(r.title, string_to_array(r.tags, ' '), r.description, u.display_name)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[],
                   $8::int[], $9::timestamptz[]) WITH ORDINALITY
            AS r(user_id, title, description, tags, category, is_public, status, plays, at, ord)
       JOIN users u ON u.id = r.user_id`,
      [
        cols.user,
        cols.title,
        cols.description,
        cols.tags,
        more.category,
        more.isPublic,
        more.status,
        more.plays,
        more.at,
      ],
    );
    const done = Math.min(opts.tracks, start + batch - 1);
    if (done % 50_000 === 0 || done === opts.tracks) log(`  ${done.toLocaleString('en')} tracks`);
  }
  await query('ALTER TABLE audio_content ENABLE TRIGGER audio_search_vector_trg');
  for (const ix of indexes) {
    const t = Date.now();
    await query(ix.def);
    log(`  index ${ix.name} rebuilt in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await query(
    `INSERT INTO search_terms (term)
     SELECT wc_search_words(title || ' ' || coalesce(array_to_string(tags, ' '), '')) FROM audio_content
     UNION SELECT wc_search_words(display_name) FROM users
     ON CONFLICT DO NOTHING`,
  );
  await query('ANALYZE');
}
