CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" IS NOT NULL;--> statement-breakpoint
-- hand-written:
-- Search tier 0 (search-repo.ts): the title words of every discoverable track's vector. A common
-- word's entry here is a fraction of its entry in audio_search_vector_idx, so a search that titles
-- alone answer never builds the big bitmap. fastupdate off for PGlite, as in 0002.
CREATE INDEX IF NOT EXISTS "audio_search_title_idx" ON "audio_content" USING gin (ts_filter("search_vector", '{a}'))
  WITH (fastupdate = off) WHERE is_public AND status = 'ready';
