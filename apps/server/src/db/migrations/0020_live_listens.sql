CREATE TABLE "live_listens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"listener_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_listens" ADD CONSTRAINT "live_listens_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_listens_listener_idx" ON "live_listens" USING btree ("listener_key","started_at");