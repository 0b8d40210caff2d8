CREATE TABLE "affiliate_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" text NOT NULL,
	"visitor" text NOT NULL,
	"day" text NOT NULL,
	"campaign" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"referral_id" uuid NOT NULL,
	"payment_id" uuid,
	"payment_cents" integer DEFAULT 0 NOT NULL,
	"tier" text,
	"rate_bps" integer DEFAULT 0 NOT NULL,
	"ref_entry_id" uuid,
	"payout_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout_items" (
	"payout_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" text NOT NULL,
	"period" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"method_kind" text,
	"method_masked" text,
	"reference" text,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" text NOT NULL,
	"referred_user_id" text NOT NULL,
	"campaign" text,
	"signup_ip" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliate_referrals_referred_user_id_unique" UNIQUE("referred_user_id")
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tier" text DEFAULT 'bronze' NOT NULL,
	"active_referrals" integer DEFAULT 0 NOT NULL,
	"tier_at" timestamp with time zone,
	"payout_schedule" text DEFAULT 'monthly' NOT NULL,
	"payout_method_kind" text,
	"payout_method_secret" text,
	"payout_method_masked" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_payout_items" ADD CONSTRAINT "affiliate_payout_items_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_visitor_day_uq" ON "affiliate_clicks" USING btree ("affiliate_id","visitor","day");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_aff_idx" ON "affiliate_clicks" USING btree ("affiliate_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_payment_uq" ON "affiliate_ledger" USING btree ("payment_id") WHERE "affiliate_ledger"."payment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_paid_uq" ON "affiliate_ledger" USING btree ("ref_entry_id") WHERE "affiliate_ledger"."kind" = 'paid';--> statement-breakpoint
CREATE INDEX "affiliate_ledger_aff_idx" ON "affiliate_ledger" USING btree ("affiliate_id","occurred_at");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_referral_idx" ON "affiliate_ledger" USING btree ("referral_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payout_items_uq" ON "affiliate_payout_items" USING btree ("payout_id","entry_id");--> statement-breakpoint
CREATE INDEX "affiliate_payout_items_entry_idx" ON "affiliate_payout_items" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_period_uq" ON "affiliate_payouts" USING btree ("affiliate_id","period");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_status_idx" ON "affiliate_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_aff_idx" ON "affiliate_referrals" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_ip_idx" ON "affiliate_referrals" USING btree ("signup_ip","created_at");--> statement-breakpoint
-- hand-written: the commission ledger and the payouts' entries are append-only.
CREATE TRIGGER "affiliate_ledger_append_only" BEFORE UPDATE OR DELETE ON "affiliate_ledger" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "affiliate_payout_items_append_only" BEFORE UPDATE OR DELETE ON "affiliate_payout_items" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
