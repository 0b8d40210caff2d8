CREATE TABLE "analytics_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_buckets" (
	"session_id" uuid NOT NULL,
	"bucket" integer NOT NULL,
	CONSTRAINT "listen_buckets_session_id_bucket_pk" PRIMARY KEY("session_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "listen_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"audio_id" uuid NOT NULL,
	"listener_key" text NOT NULL,
	"user_id" text,
	"source" text NOT NULL,
	"device" text NOT NULL,
	"app" text NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_daily_listeners" (
	"audio_id" uuid NOT NULL,
	"day" date NOT NULL,
	"listener_key" text NOT NULL,
	CONSTRAINT "track_daily_listeners_audio_id_day_listener_key_pk" PRIMARY KEY("audio_id","day","listener_key")
);
--> statement-breakpoint
CREATE TABLE "track_daily_stats" (
	"audio_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer NOT NULL,
	"listeners" integer NOT NULL,
	"seconds_listened" integer NOT NULL,
	"heard" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"devices" jsonb NOT NULL,
	"apps" jsonb NOT NULL,
	CONSTRAINT "track_daily_stats_audio_id_day_pk" PRIMARY KEY("audio_id","day")
);
--> statement-breakpoint
ALTER TABLE "listen_buckets" ADD CONSTRAINT "listen_buckets_session_id_listen_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."listen_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_sessions" ADD CONSTRAINT "listen_sessions_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_sessions" ADD CONSTRAINT "listen_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_listeners" ADD CONSTRAINT "track_daily_listeners_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_stats" ADD CONSTRAINT "track_daily_stats_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listen_sessions_audio_day_idx" ON "listen_sessions" USING btree ("audio_id","day");--> statement-breakpoint
CREATE INDEX "listen_sessions_day_idx" ON "listen_sessions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "track_daily_stats_day_idx" ON "track_daily_stats" USING btree ("day");