CREATE TABLE "premieres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"room_id" uuid NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" text,
	"guest_name" text,
	"guest_token_hash" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"member_id" uuid,
	"user_id" text,
	"author_name" text NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"media_ms" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_queue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"added_by" uuid,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'room' NOT NULL,
	"visibility" text DEFAULT 'link' NOT NULL,
	"queue_policy" text DEFAULT 'everyone' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_id" text,
	"host_member_id" uuid,
	"playback" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notification_prefs" SET DEFAULT '{"emailNotifications":true,"pushNotifications":true,"newFollowers":true,"newComments":true,"newLikes":true,"newReposts":true,"liveStreamAlerts":true,"premiereAlerts":true,"weeklyDigest":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "premieres" ADD CONSTRAINT "premieres_track_id_audio_content_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premieres" ADD CONSTRAINT "premieres_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premieres" ADD CONSTRAINT "premieres_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_messages" ADD CONSTRAINT "room_messages_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_messages" ADD CONSTRAINT "room_messages_member_id_room_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."room_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_messages" ADD CONSTRAINT "room_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_queue_items" ADD CONSTRAINT "room_queue_items_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_queue_items" ADD CONSTRAINT "room_queue_items_track_id_audio_content_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premieres_due_idx" ON "premieres" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "premieres_track_open_uq" ON "premieres" USING btree ("track_id") WHERE status in ('scheduled', 'live');--> statement-breakpoint
CREATE UNIQUE INDEX "room_members_user_uq" ON "room_members" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_members_guest_uq" ON "room_members" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE INDEX "room_members_room_idx" ON "room_members" USING btree ("room_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "room_messages_room_idx" ON "room_messages" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "room_queue_room_idx" ON "room_queue_items" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "room_queue_track_idx" ON "room_queue_items" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "rooms_open_public_idx" ON "rooms" USING btree ("status","visibility","created_at");