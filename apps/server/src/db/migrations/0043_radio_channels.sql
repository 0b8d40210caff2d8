CREATE TABLE "radio_airings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"audio_id" uuid,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"listeners" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "radio_airings_start_uq" UNIQUE("channel_id","started_at")
);
--> statement-breakpoint
CREATE TABLE "radio_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"cover_key" text,
	"on_air" boolean DEFAULT false NOT NULL,
	"on_air_at" timestamp with time zone,
	"stream_id" uuid,
	"listener_count" integer DEFAULT 0 NOT NULL,
	"now_playing" jsonb,
	"jingle_every_songs" integer,
	"jingle_every_minutes" integer,
	"artist_separation" integer NOT NULL,
	"track_separation_hours" integer NOT NULL,
	"dj_grace_seconds" integer NOT NULL,
	"dj_only_in_slot" boolean DEFAULT false NOT NULL,
	"key_hash" text,
	"key_prefix" text,
	"key_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radio_channels_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "radio_jingles" (
	"channel_id" uuid NOT NULL,
	"audio_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "radio_jingles_channel_id_audio_id_pk" PRIMARY KEY("channel_id","audio_id")
);
--> statement-breakpoint
CREATE TABLE "radio_rotations" (
	"channel_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"weight" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "radio_rotations_channel_id_playlist_id_pk" PRIMARY KEY("channel_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "radio_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"title" text NOT NULL,
	"day" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"kind" text NOT NULL,
	"playlist_id" uuid
);
--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "radio_channel_id" uuid;--> statement-breakpoint
ALTER TABLE "radio_airings" ADD CONSTRAINT "radio_airings_channel_id_radio_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."radio_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_airings" ADD CONSTRAINT "radio_airings_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_channels" ADD CONSTRAINT "radio_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_jingles" ADD CONSTRAINT "radio_jingles_channel_id_radio_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."radio_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_jingles" ADD CONSTRAINT "radio_jingles_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_rotations" ADD CONSTRAINT "radio_rotations_channel_id_radio_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."radio_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_rotations" ADD CONSTRAINT "radio_rotations_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_slots" ADD CONSTRAINT "radio_slots_channel_id_radio_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."radio_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radio_slots" ADD CONSTRAINT "radio_slots_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "radio_airings_audio_idx" ON "radio_airings" USING btree ("audio_id","started_at");--> statement-breakpoint
CREATE INDEX "radio_channels_user_idx" ON "radio_channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "radio_channels_on_air_idx" ON "radio_channels" USING btree ("on_air","listener_count");--> statement-breakpoint
CREATE INDEX "radio_slots_channel_idx" ON "radio_slots" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_radio_channel_id_radio_channels_id_fk" FOREIGN KEY ("radio_channel_id") REFERENCES "public"."radio_channels"("id") ON DELETE set null ON UPDATE no action;