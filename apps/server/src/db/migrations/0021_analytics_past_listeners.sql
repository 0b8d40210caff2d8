CREATE TABLE "analytics_past_listeners" (
	"creator_id" text NOT NULL,
	"tracks" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"listeners" integer NOT NULL,
	CONSTRAINT "analytics_past_listeners_creator_id_tracks_from_day_to_day_pk" PRIMARY KEY("creator_id","tracks","from_day","to_day")
);
--> statement-breakpoint
ALTER TABLE "analytics_past_listeners" ADD CONSTRAINT "analytics_past_listeners_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_daily_stats_totals_idx" ON "track_daily_stats" USING btree ("audio_id","day","plays","seconds_listened");