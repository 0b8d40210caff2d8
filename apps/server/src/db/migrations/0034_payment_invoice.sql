ALTER TABLE "billing_accounts" ADD COLUMN "previous_stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" text;--> statement-breakpoint
-- Paid subscription entries name their invoice already, in their external id (`in_…:paid`).
UPDATE "payments" SET "invoice_id" = split_part("external_id", ':', 1)
WHERE "kind" = 'paid' AND "purpose" = 'subscription' AND "external_id" LIKE 'in\_%:paid';
