CREATE TABLE "live_listener_samples" (
	"stream_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"listeners" integer NOT NULL,
	CONSTRAINT "live_listener_samples_stream_id_minute_pk" PRIMARY KEY("stream_id","minute")
);
--> statement-breakpoint
ALTER TABLE "live_listener_samples" ADD CONSTRAINT "live_listener_samples_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;