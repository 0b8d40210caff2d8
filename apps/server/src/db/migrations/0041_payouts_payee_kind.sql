CREATE TABLE "payout_methods" (
	"payee_kind" text NOT NULL,
	"user_id" text NOT NULL,
	"method_kind" text NOT NULL,
	"method_secret" text NOT NULL,
	"method_masked" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_methods_payee_kind_user_id_pk" PRIMARY KEY("payee_kind","user_id")
);
--> statement-breakpoint
DROP INDEX "affiliate_payouts_period_uq";--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "payee_kind" text DEFAULT 'affiliate' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payee_period_uq" ON "affiliate_payouts" USING btree ("payee_kind","affiliate_id","period") WHERE "affiliate_payouts"."status" <> 'failed';