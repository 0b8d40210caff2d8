CREATE TABLE "analytics_dirty" (
	"audio_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_dirty_audio_id_day_pk" PRIMARY KEY("audio_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_dirty" ADD CONSTRAINT "analytics_dirty_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;