import { discoverableSql } from '../../access/tracks';

// SQL fragments every discovery query shares (the migration's partial indexes are built on them).

export const DISCOVERABLE = discoverableSql('a');
/** The query as typed, as a tsquery (websearch syntax never raises; unaccented; English stems). */
export const TSQUERY = (p: string) => `websearch_to_tsquery('english', wc_unaccent(${p}))`;

/** Trigram matching needs a trigram: shorter input is matched by full-text search only. */
export const MIN_FUZZY_LENGTH = 3;

/**
 * Typo matching needs a trigram (3+ characters), and stays out of queries that use search syntax
 * ("exact phrase", -exclusion, or): those ask for precision.
 */
export const fuzzyAllowed = (q: string) => q.length >= MIN_FUZZY_LENGTH && !/"|(^|\s)-\S|\sor\s/i.test(q);
