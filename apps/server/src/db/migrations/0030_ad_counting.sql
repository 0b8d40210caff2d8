ALTER TABLE "ad_serves" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "ad_serves" ADD COLUMN "ivt_reason" text;--> statement-breakpoint
ALTER TABLE "ad_serves" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ad_serves_client_idx" ON "ad_serves" USING btree ("client_key","served_at") WHERE "ad_serves"."client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ad_serves_reserved_idx" ON "ad_serves" USING btree ("reserved_until","campaign_id") WHERE "ad_serves"."reserved_until" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "ad_tracking_events" (
	"serve_id" uuid NOT NULL,
	"event" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_tracking_events_serve_id_event_pk" PRIMARY KEY("serve_id","event")
);--> statement-breakpoint
CREATE INDEX "ad_tracking_events_campaign_idx" ON "ad_tracking_events" USING btree ("campaign_id","outcome");--> statement-breakpoint
CREATE TRIGGER "ad_tracking_events_append_only" BEFORE UPDATE OR DELETE ON "ad_tracking_events" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
