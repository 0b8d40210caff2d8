CREATE TABLE "content_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"owner_id" text,
	"reason" text NOT NULL,
	"snapshot" jsonb,
	"removed_at" timestamp with time zone NOT NULL,
	"removed_by" text,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"restored_by" text,
	CONSTRAINT "content_removals_item_uq" UNIQUE("target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "copyright_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" text NOT NULL,
	"owner_id" text,
	"removal_id" uuid NOT NULL,
	"claimant_name" text NOT NULL,
	"claimant_email" text NOT NULL,
	"work" text NOT NULL,
	"status" text DEFAULT 'takedown' NOT NULL,
	"counter_text" text,
	"countered_at" timestamp with time zone,
	"restore_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"owner_id" text,
	"reason" text NOT NULL,
	"severity" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	CONSTRAINT "reports_once_uq" UNIQUE("reporter_id","target_type","target_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_removals" ADD CONSTRAINT "content_removals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copyright_notices" ADD CONSTRAINT "copyright_notices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_removals_owner_idx" ON "content_removals" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "copyright_notices_track_idx" ON "copyright_notices" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "copyright_notices_due_idx" ON "copyright_notices" USING btree ("status","restore_at");--> statement-breakpoint
CREATE INDEX "reports_item_idx" ON "reports" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id");