CREATE TABLE "earnings_creator_months" (
	"month" text NOT NULL,
	"creator_id" text NOT NULL,
	"rule" text NOT NULL,
	"earned_cents" bigint NOT NULL,
	"subscription_cents" bigint NOT NULL,
	"ad_cents" bigint NOT NULL,
	"reversal_cents" bigint NOT NULL,
	"pro_rata_cents" bigint NOT NULL,
	"subscribers" integer NOT NULL,
	"plays" integer NOT NULL,
	"heard_seconds" bigint NOT NULL,
	CONSTRAINT "earnings_creator_months_month_creator_id_pk" PRIMARY KEY("month","creator_id")
);
--> statement-breakpoint
CREATE TABLE "earnings_folded_days" (
	"day" date PRIMARY KEY NOT NULL,
	"folded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"audio_id" uuid,
	"rule" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"ref_entry_id" uuid,
	"payout_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_listening" (
	"month" text NOT NULL,
	"day" date NOT NULL,
	"listener_id" text NOT NULL,
	"audio_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"plays" integer NOT NULL,
	"long_plays" integer NOT NULL,
	"heard_seconds" integer NOT NULL,
	CONSTRAINT "earnings_listening_month_listener_id_audio_id_day_pk" PRIMARY KEY("month","listener_id","audio_id","day") INCLUDE ("creator_id","plays","long_plays","heard_seconds")
);
--> statement-breakpoint
CREATE TABLE "earnings_months" (
	"month" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"platform_share_bps" integer NOT NULL,
	"subscription_net_cents" bigint NOT NULL,
	"ad_net_cents" bigint NOT NULL,
	"creators_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"subscribers" integer NOT NULL,
	"listening_subscribers" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "earnings_creator_months_creator_idx" ON "earnings_creator_months" USING btree ("creator_id","month");--> statement-breakpoint
CREATE INDEX "earnings_ledger_creator_idx" ON "earnings_ledger" USING btree ("creator_id","month");--> statement-breakpoint
CREATE INDEX "earnings_ledger_month_idx" ON "earnings_ledger" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_ledger_paid_uq" ON "earnings_ledger" USING btree ("ref_entry_id") WHERE "earnings_ledger"."kind" = 'paid';--> statement-breakpoint
CREATE INDEX "earnings_ledger_payout_idx" ON "earnings_ledger" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "earnings_listening_creator_idx" ON "earnings_listening" USING btree ("creator_id","month");--> statement-breakpoint
CREATE TRIGGER "earnings_ledger_append_only" BEFORE UPDATE OR DELETE ON "earnings_ledger" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "earnings_months_append_only" BEFORE UPDATE OR DELETE ON "earnings_months" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
