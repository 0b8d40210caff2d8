CREATE TABLE "track_cues" (
	"audio_id" uuid PRIMARY KEY NOT NULL,
	"integrated_lufs" real,
	"peak_dbfs" real,
	"cue_in_ms" integer NOT NULL,
	"cue_out_ms" integer NOT NULL,
	"crossfade_start_ms" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "track_cues" ADD CONSTRAINT "track_cues_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;