CREATE TABLE "podcast_shows" (
	"user_id" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"explicit" boolean DEFAULT false NOT NULL,
	"owner_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"audio_id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"cues" jsonb NOT NULL,
	"plain_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "podcast_shows" ADD CONSTRAINT "podcast_shows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_audio_id_audio_content_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_content"("id") ON DELETE cascade ON UPDATE no action;