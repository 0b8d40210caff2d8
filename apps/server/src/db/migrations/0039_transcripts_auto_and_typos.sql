CREATE TABLE "auto_transcripts" (
	"audio_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_transcripts" ADD CONSTRAINT "auto_transcripts_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Typo-tolerant search inside transcripts (hand-written, issue 36): a lexicon of every word said
-- in a transcript, like search_terms for titles (migration 0002) but apart from it, so that a
-- title's typo is not "corrected" to a word only ever spoken.
CREATE TABLE IF NOT EXISTS "transcript_terms" ("term" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transcript_terms_trgm_idx" ON "transcript_terms" USING gin ("term" gin_trgm_ops)
  WITH (fastupdate = off);--> statement-breakpoint
CREATE OR REPLACE FUNCTION wc_transcript_terms_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO transcript_terms (term) SELECT wc_search_words(NEW.plain_text) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS transcripts_terms_trg ON "transcripts";--> statement-breakpoint
CREATE TRIGGER transcripts_terms_trg AFTER INSERT OR UPDATE OF plain_text ON "transcripts"
  FOR EACH ROW EXECUTE FUNCTION wc_transcript_terms_trigger();--> statement-breakpoint
INSERT INTO transcript_terms (term) SELECT wc_search_words(plain_text) FROM transcripts ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Words inside transcripts are matched with ILIKE '%word%' on the unaccented text.
CREATE INDEX IF NOT EXISTS "transcripts_plain_text_trgm_idx" ON "transcripts" USING gin (wc_unaccent("plain_text") gin_trgm_ops)
  WITH (fastupdate = off);
