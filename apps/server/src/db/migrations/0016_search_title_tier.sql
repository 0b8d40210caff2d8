CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" IS NOT NULL;--> statement-breakpoint
-- hand-written:
-- Search tier 0 (search-repo.ts): the title words of every track's vector. A common word's entry
-- here is a fraction of its entry in audio_search_vector_idx, so a search that titles alone answer
-- never builds the big bitmap. Not partial, unlike the other discovery indexes: the planner takes
-- an expression's statistics only from a non-partial index, and without them it guessed 0.5 % of
-- the table for every word and walked the whole table for a rare one. fastupdate off for PGlite.
CREATE INDEX IF NOT EXISTS "audio_search_title_idx" ON "audio_content" USING gin (ts_filter("search_vector", '{a}'))
  WITH (fastupdate = off);
