-- Discovery and search (hand-written; runs on PGlite and PostgreSQL alike).
-- unaccent() is only STABLE (it reads a dictionary), so index expressions and the search vector
-- go through an IMMUTABLE wrapper that names its dictionary explicitly.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wc_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint

-- Weighted full-text vector of a track: title A, tags B, description and creator name C.
CREATE OR REPLACE FUNCTION wc_track_search_vector(title text, tags text[], description text, creator text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english'::regconfig, wc_unaccent(coalesce(title, ''))), 'A')
        || setweight(to_tsvector('english'::regconfig, wc_unaccent(coalesce(array_to_string(tags, ' '), ''))), 'B')
        || setweight(to_tsvector('english'::regconfig, wc_unaccent(coalesce(description, ''))), 'C')
        || setweight(to_tsvector('english'::regconfig, wc_unaccent(coalesce(creator, ''))), 'C')
  $$;--> statement-breakpoint

-- The words of titles, tags and names (unaccented, lowercased, 3-40 characters).
CREATE OR REPLACE FUNCTION wc_search_words(text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT DISTINCT w FROM regexp_split_to_table(lower(wc_unaccent($1)), '[^[:alnum:]]+') AS w
    WHERE char_length(w) BETWEEN 3 AND 40
  $$;--> statement-breakpoint

-- The search lexicon: every distinct word of titles, tags and display names. Typo tolerance looks
-- words up here by trigram similarity (a small table) instead of running trigram matching over
-- every title, then searches the corrected words through the full-text index.
CREATE TABLE IF NOT EXISTS "search_terms" ("term" text PRIMARY KEY);--> statement-breakpoint
-- GIN indexes here skip the pending list (fastupdate): PGlite runs no autovacuum to merge it, and a
-- long pending list is scanned linearly by every search (the planner then avoids the index).
CREATE INDEX IF NOT EXISTS "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops)
  WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_terms_prefix_idx" ON "search_terms" ("term" text_pattern_ops);--> statement-breakpoint

-- A tsquery of the likely intended words: each query word becomes (its 3 most similar lexicon words
-- by trigrams | up to 3 words it is the beginning of); the words are ANDed. Lexicon words are
-- alphanumeric, so the built text is always a valid tsquery. NULL when nothing is close.
-- PL/pgSQL so its plans are cached per connection (a SQL function is re-planned on every call).
CREATE OR REPLACE FUNCTION wc_fuzzy_tsquery(q text) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE result tsquery;
  BEGIN
    WITH words AS (
      SELECT t.w, t.ord
      FROM regexp_split_to_table(lower(wc_unaccent(q)), '[^[:alnum:]]+') WITH ORDINALITY AS t(w, ord)
      WHERE char_length(t.w) BETWEEN 3 AND 40
      LIMIT 8
    ),
    alternatives AS (
      SELECT words.ord, near.term FROM words CROSS JOIN LATERAL (
        SELECT s.term FROM search_terms s
        WHERE s.term % words.w
        ORDER BY similarity(s.term, words.w) DESC, s.term
        LIMIT 3
      ) near
      UNION
      SELECT words.ord, pre.term FROM words CROSS JOIN LATERAL (
        SELECT s.term FROM search_terms s
        WHERE s.term ~>=~ words.w AND s.term ~<~ (words.w || chr(1114111))
        ORDER BY s.term USING ~<~
        LIMIT 3
      ) pre
    )
    SELECT to_tsquery('english'::regconfig, string_agg(grp, ' & ')) INTO result
    FROM (SELECT '(' || string_agg(term, ' | ') || ')' AS grp FROM alternatives GROUP BY ord) g;
    RETURN result;
  END
  $$--> statement-breakpoint

-- The creator's name lives in another table, so the vector is a trigger-kept column rather than a
-- generated one. It is deliberately not in the Drizzle schema: ordinary selects never carry it.
ALTER TABLE "audio_content" ADD COLUMN IF NOT EXISTS "search_vector" tsvector;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wc_audio_search_vector_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_vector := wc_track_search_vector(
      NEW.title, NEW.tags, NEW.description,
      (SELECT u.display_name FROM users u WHERE u.id = NEW.user_id));
    INSERT INTO search_terms (term)
      SELECT wc_search_words(NEW.title || ' ' || coalesce(array_to_string(NEW.tags, ' '), ''))
      ON CONFLICT DO NOTHING;
    RETURN NEW;
  END
  $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audio_search_vector_trg ON "audio_content";--> statement-breakpoint
CREATE TRIGGER audio_search_vector_trg BEFORE INSERT OR UPDATE OF title, tags, description, user_id
  ON "audio_content" FOR EACH ROW EXECUTE FUNCTION wc_audio_search_vector_trigger();--> statement-breakpoint
-- A renamed creator's tracks are found by the new name; every display name joins the lexicon.
CREATE OR REPLACE FUNCTION wc_creator_rename_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_terms (term) SELECT wc_search_words(NEW.display_name) ON CONFLICT DO NOTHING;
    IF TG_OP = 'INSERT' THEN
      RETURN NULL;
    END IF;
    UPDATE audio_content a
      SET search_vector = wc_track_search_vector(a.title, a.tags, a.description, NEW.display_name)
      WHERE a.user_id = NEW.id;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_rename_search_trg ON "users";--> statement-breakpoint
CREATE TRIGGER users_rename_search_trg AFTER UPDATE OF display_name ON "users"
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION wc_creator_rename_trigger();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_insert_search_trg ON "users";--> statement-breakpoint
CREATE TRIGGER users_insert_search_trg AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW.display_name IS NOT NULL)
  EXECUTE FUNCTION wc_creator_rename_trigger();--> statement-breakpoint
UPDATE "audio_content" a SET search_vector = wc_track_search_vector(
  a.title, a.tags, a.description, (SELECT u.display_name FROM users u WHERE u.id = a.user_id));--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT wc_search_words(title || ' ' || coalesce(array_to_string(tags, ' '), '')) FROM audio_content
  UNION SELECT wc_search_words(display_name) FROM users
  ON CONFLICT DO NOTHING;--> statement-breakpoint

-- Only public, ready tracks are ever discovered: every discovery index is partial on that.
CREATE INDEX IF NOT EXISTS "audio_search_vector_idx" ON "audio_content" USING gin ("search_vector")
  WITH (fastupdate = off) WHERE is_public AND status = 'ready';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_discover_recent_idx" ON "audio_content" ("created_at" DESC, "id" DESC)
  WHERE is_public AND status = 'ready';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_discover_popular_idx" ON "audio_content" ("play_count" DESC, "id" DESC)
  WHERE is_public AND status = 'ready';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_discover_category_recent_idx" ON "audio_content" ("category", "created_at" DESC, "id" DESC)
  WHERE is_public AND status = 'ready';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_discover_category_popular_idx" ON "audio_content" ("category", "play_count" DESC, "id" DESC)
  WHERE is_public AND status = 'ready';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_discover_recordings_idx" ON "audio_content" ("created_at" DESC, "id" DESC)
  WHERE is_public AND status = 'ready' AND live_stream_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "discovery_listen_recent_idx" ON "listen_events" ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_display_name_trgm_idx" ON "users" USING gin (wc_unaccent(coalesce(display_name, '')) gin_trgm_ops)
  WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_display_name_prefix_idx" ON "users" (lower(wc_unaccent(coalesce(display_name, ''))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin (lower(email::text) gin_trgm_ops)
  WITH (fastupdate = off);
