CREATE TABLE "album_tracks" (
	"album_id" uuid NOT NULL,
	"audio_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "album_tracks_album_id_audio_id_pk" PRIMARY KEY("album_id","audio_id"),
	CONSTRAINT "album_tracks_position_uq" UNIQUE("album_id","position"),
	CONSTRAINT "album_tracks_audio_uq" UNIQUE("audio_id")
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"kind" text DEFAULT 'album' NOT NULL,
	"release_date" date NOT NULL,
	"cover_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "albums_kind_ck" CHECK ("albums"."kind" in ('album', 'ep'))
);
--> statement-breakpoint
CREATE TABLE "reposts" (
	"user_id" text NOT NULL,
	"audio_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reposts_user_id_audio_id_pk" PRIMARY KEY("user_id","audio_id")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notification_prefs" SET DEFAULT '{"emailNotifications":true,"pushNotifications":true,"newFollowers":true,"newComments":true,"newLikes":true,"newReposts":true,"liveStreamAlerts":true,"weeklyDigest":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "audio_content" ADD COLUMN "repost_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "autoplay_related" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "album_tracks" ADD CONSTRAINT "album_tracks_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_tracks" ADD CONSTRAINT "album_tracks_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "albums_user_release_idx" ON "albums" USING btree ("user_id","release_date");--> statement-breakpoint
CREATE INDEX "reposts_audio_idx" ON "reposts" USING btree ("audio_id");--> statement-breakpoint
CREATE INDEX "reposts_user_time_idx" ON "reposts" USING btree ("user_id","created_at");