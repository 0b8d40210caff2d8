CREATE TABLE "ad_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"serve_id" uuid NOT NULL,
	"reporter_key" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_serve_errors" (
	"serve_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"code" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_campaign_reporter_uq" ON "ad_reports" USING btree ("campaign_id","reporter_key");--> statement-breakpoint
CREATE INDEX "ad_reports_created_idx" ON "ad_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_serve_errors_campaign_idx" ON "ad_serve_errors" USING btree ("campaign_id","code");