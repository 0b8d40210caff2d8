-- A connection's end, indexed with its stream: radio plays and earnings read a range's listening by
-- when it ended (ADR 0075). Existing rows get it from their start and length.
ALTER TABLE "live_listens" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
UPDATE "live_listens" SET "ended_at" = "started_at" + make_interval(secs => "seconds");--> statement-breakpoint
ALTER TABLE "live_listens" ALTER COLUMN "ended_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "live_listens_stream_idx";--> statement-breakpoint
CREATE INDEX "live_listens_stream_end_idx" ON "live_listens" USING btree ("stream_id","ended_at");
;--> statement-breakpoint
-- The hours an interval touches, for matching airings and connections by hour (analytics/radio-repo.ts).
-- STRICT keeps it from being inlined, so the planner takes its ROWS (a connection spans an hour or
-- two) rather than generate_series' 1,000 per call, whose inflated costs set off JIT compilation
-- that took longer than the query.
CREATE FUNCTION "radio_hours"(from_ts timestamptz, to_ts timestamptz) RETURNS SETOF timestamptz
  LANGUAGE sql STABLE STRICT PARALLEL SAFE ROWS 2
  AS $$ SELECT generate_series(date_trunc('hour', from_ts), to_ts, interval '1 hour') $$;