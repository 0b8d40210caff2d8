CREATE TABLE "affiliate_payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text NOT NULL,
	"payout_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "affiliate_ledger_payment_uq";--> statement-breakpoint
DROP INDEX "affiliate_payouts_period_uq";--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ALTER COLUMN "status" SET DEFAULT 'requested';--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "method_secret" text;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_commission_uq" ON "affiliate_ledger" USING btree ("payment_id") WHERE "affiliate_ledger"."kind" = 'commission';--> statement-breakpoint
CREATE INDEX "affiliate_ledger_payment_idx" ON "affiliate_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_batch_idx" ON "affiliate_payouts" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_period_uq" ON "affiliate_payouts" USING btree ("affiliate_id","period") WHERE "affiliate_payouts"."status" <> 'failed';--> statement-breakpoint
UPDATE "affiliate_payouts" SET "status" = 'requested' WHERE "status" = 'due';