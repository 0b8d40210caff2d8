CREATE TABLE "earnings_late_listening" (
	"month" text NOT NULL,
	"day" date NOT NULL,
	"listener_id" text NOT NULL,
	"audio_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"plays" integer NOT NULL,
	"long_plays" integer NOT NULL,
	"heard_seconds" integer NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earnings_late_listening_month_listener_id_audio_id_day_found_at_pk" PRIMARY KEY("month","listener_id","audio_id","day","found_at")
);
--> statement-breakpoint
CREATE INDEX "earnings_late_listening_found_idx" ON "earnings_late_listening" USING btree ("found_at");--> statement-breakpoint
CREATE TRIGGER "earnings_late_listening_append_only" BEFORE UPDATE OR DELETE ON "earnings_late_listening" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();