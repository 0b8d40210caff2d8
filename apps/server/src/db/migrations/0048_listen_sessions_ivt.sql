ALTER TABLE "listen_sessions" ADD COLUMN "ivt_reason" text;--> statement-breakpoint
-- hand-edited: NOT VALID, so adding it reads none of the (many, all NULL, so valid) existing rows under its lock; every new or changed row is checked.
ALTER TABLE "listen_sessions" ADD CONSTRAINT "listen_sessions_ivt_not_counted_ck" CHECK ("listen_sessions"."ivt_reason" IS NULL OR NOT "listen_sessions"."counted") NOT VALID;
