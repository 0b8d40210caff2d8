CREATE TABLE "ad_balances" (
	"advertiser_id" text PRIMARY KEY NOT NULL,
	"balance_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"spent_micros" bigint DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_campaign_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"click_url" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_types" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"total_budget_micros" bigint NOT NULL,
	"daily_budget_micros" bigint NOT NULL,
	"cpm_micros" bigint NOT NULL,
	"spent_micros" bigint DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"sponsored_text" text,
	"creative_key" text,
	"creative_mime" text,
	"creative_seconds" real,
	"creative_width" smallint,
	"creative_height" smallint,
	"review_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"payment_id" uuid,
	"campaign_id" uuid,
	"serve_id" uuid,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_serves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"format" text NOT NULL,
	"placement" text NOT NULL,
	"listener_key" text,
	"creator_id" text,
	"price_micros" bigint NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	"impressed_at" timestamp with time zone,
	"quartiles" smallint DEFAULT 0 NOT NULL,
	"clicked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_serves" ADD CONSTRAINT "ad_serves_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_advertiser_idx" ON "ad_campaigns" USING btree ("advertiser_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_campaigns_serving_idx" ON "ad_campaigns" USING btree ("format","cpm_micros") WHERE "ad_campaigns"."status" = 'active';--> statement-breakpoint
CREATE INDEX "ad_campaigns_status_idx" ON "ad_campaigns" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_ledger_payment_uq" ON "ad_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_ledger_serve_uq" ON "ad_ledger" USING btree ("serve_id");--> statement-breakpoint
CREATE INDEX "ad_ledger_advertiser_idx" ON "ad_ledger" USING btree ("advertiser_id","at");--> statement-breakpoint
CREATE INDEX "ad_serves_listener_idx" ON "ad_serves" USING btree ("listener_key","served_at");--> statement-breakpoint
CREATE INDEX "ad_serves_campaign_idx" ON "ad_serves" USING btree ("campaign_id","served_at");--> statement-breakpoint
CREATE INDEX "ad_serves_creator_idx" ON "ad_serves" USING btree ("creator_id","impressed_at");--> statement-breakpoint
-- hand-written: the advertisers' ledger is append-only (a correction is a reversing entry).
CREATE TRIGGER "ad_ledger_append_only" BEFORE UPDATE OR DELETE ON "ad_ledger" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
