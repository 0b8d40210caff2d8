CREATE TABLE "podcast_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audio_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"app" text,
	"window_start" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	"day" date
);
--> statement-breakpoint
CREATE TABLE "track_daily_downloads" (
	"audio_id" uuid NOT NULL,
	"day" date NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "track_daily_downloads_audio_id_day_pk" PRIMARY KEY("audio_id","day")
);
--> statement-breakpoint
ALTER TABLE "podcast_downloads" ADD CONSTRAINT "podcast_downloads_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_downloads" ADD CONSTRAINT "track_daily_downloads_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "podcast_downloads_client_idx" ON "podcast_downloads" USING btree ("audio_id","client_key","window_start");--> statement-breakpoint
CREATE INDEX "podcast_downloads_day_idx" ON "podcast_downloads" USING btree ("day");