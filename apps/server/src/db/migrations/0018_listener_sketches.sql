ALTER TABLE "track_daily_stats" ADD COLUMN "listener_hashes" "bytea" NOT NULL DEFAULT '\x00'::bytea;--> statement-breakpoint
-- hand-written: the kept listener keys become the day's sketch (exact hash list, tag byte 0, the
-- same hash as repo.rollupDay) before their table goes; then the column loses its default.
UPDATE track_daily_stats d SET listener_hashes = k.hs
FROM (
  SELECT audio_id, day, '\x00'::bytea || string_agg(int4send(h), ''::bytea ORDER BY h) AS hs
  FROM (SELECT DISTINCT audio_id, day, ('x' || left(md5(listener_key), 8))::bit(32)::int AS h FROM track_daily_listeners) t
  GROUP BY audio_id, day
) k
WHERE k.audio_id = d.audio_id AND k.day = d.day;--> statement-breakpoint
ALTER TABLE "track_daily_stats" ALTER COLUMN "listener_hashes" DROP DEFAULT;--> statement-breakpoint
DROP TABLE "track_daily_listeners" CASCADE;
