// Radio plays at scale (issue 38, ADR 0075): a creator's radio plays (`radioPlaysByTrack`, what
// `/api/radio/plays` and the analytics overview run) and the earnings month's radio listening
// (`radioListening`, what the month close reads), both from the one definition in
// analytics/radio-repo.ts, over a month of made-up airings and listening. Prints each statement's
// EXPLAIN ANALYZE (the app's exact SQL) and the median of timed rounds.
//   npx tsx bench/radio-plays/run.ts [--channels N] [--listens N] [--rounds N] [--keep] [--reuse] [--plans]
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/); the database BENCH_RADIO_PLAYS_DB
// (default `bench_radio_plays`) is created, migrated and loaded for the run and dropped after it
// (unless --keep; --reuse migrates the kept data to the current schema and measures it again).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  radioListening,
  radioListeningSql,
  radioPlaysByTrack,
  radioPlaysSql,
} from '../../apps/server/src/modules/analytics/radio-repo';
import { adminQuery, BENCH_PG_URL } from '../postgres';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const DB_NAME = process.env.BENCH_RADIO_PLAYS_DB ?? 'bench_radio_plays';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_RADIO_PLAYS_DB: not a plain name: ${DB_NAME}`);
const REUSE = args.includes('--reuse');
const KEEP = args.includes('--keep') || REUSE;
const PLANS = args.includes('--plans');
/** 28 channels × 30 days of 4-minute slots: 302k airings. */
const CHANNELS = Number(option('--channels', '28'));
/** Connections to the channels' streams over the 30 days (plus a third as many on other live streams). */
const LISTENS = Number(option('--listens', '1500000'));
const ROUNDS = Number(option('--rounds', '5'));
const CREATORS = 2_000;
const TRACKS_PER_CREATOR = 10;
/** Raw listening is kept 30 days (analytics retention): the data is the 30 days before END. */
const START = '2026-10-02T00:00:00Z';
const END = '2026-11-01T00:00:00Z';
const SLOT_SECONDS = 240;
/** The measured creator: 20 tracks, 3 % of the airings on the first 10 channels. */
const CREATOR = 'bench-c-measured';

const log = (m: string) => console.log(m);
const loadavg = () =>
  `${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;
type Query = (text: string, params?: unknown[]) => Promise<unknown[]>;

async function load(q: Query) {
  await q(`SET session_replication_role = replica`);
  await q(`INSERT INTO users (id, email, display_name, user_role)
           SELECT 'bench-c-' || g, 'bench-c-' || g || '@bench.test', 'Creator ' || g, 'creator' FROM generate_series(1, ${CREATORS}) g
           UNION ALL SELECT '${CREATOR}', '${CREATOR}@bench.test', 'Measured Creator', 'creator'`);
  // Tracks: the measured creator's 20 (bench_n 1–20), then every creator's 10 (bench_n 21…); 3–5 minutes.
  await q(`CREATE TEMP TABLE bench_tracks AS
           SELECT g AS n, CASE WHEN g <= 20 THEN '${CREATOR}' ELSE 'bench-c-' || ((g - 21) / ${TRACKS_PER_CREATOR} + 1) END AS user_id,
                  180 + (g * 7919) % 121 AS duration, gen_random_uuid() AS id
             FROM generate_series(1, 20 + ${CREATORS * TRACKS_PER_CREATOR}) g`);
  await q(`INSERT INTO audio_content (id, user_id, title, audio_key, audio_mime, audio_bytes, duration)
           SELECT id, user_id, 'Track ' || n, 'bench/' || n, 'audio/mpeg', 1000000, duration FROM bench_tracks`);
  await q(`INSERT INTO radio_channels (user_id, name, category, artist_separation, track_separation_hours, dj_grace_seconds)
           SELECT 'bench-c-' || g, 'Channel ' || g, 'Music', 3, 2, 8 FROM generate_series(1, ${CHANNELS}) g`);
  await q(`CREATE TEMP TABLE bench_channels AS SELECT id, row_number() OVER (ORDER BY name) AS n FROM radio_channels`);
  await q(`INSERT INTO live_streams (user_id, title, category, radio_channel_id)
           SELECT 'bench-c-' || c.n, 'Channel ' || c.n, 'Music', c.id FROM bench_channels c`);
  // Other (non-radio) live streams share the table.
  await q(`INSERT INTO live_streams (user_id, title, category)
           SELECT 'bench-c-' || (g % ${CREATORS} + 1), 'Live ' || g, 'Music' FROM generate_series(1, 2000) g`);
  // Airings: one per 4-minute slot per channel; the measured creator's tracks in 3 % of the slots of
  // channels 1–10, else any other track (a track longer than its slot is cut by the next airing).
  const slots = Math.round((Date.parse(END) - Date.parse(START)) / 1000 / SLOT_SECONDS);
  await q(`INSERT INTO radio_airings (channel_id, audio_id, title, artist, source, started_at)
           SELECT p.channel_id, t.id, 'Track ' || t.n, 'Artist', 'autodj', timestamptz '${START}' + p.slot * interval '${SLOT_SECONDS} seconds'
             FROM (SELECT c.id AS channel_id, s AS slot,
                          CASE WHEN c.n <= 10 AND random() < 0.03 THEN 1 + floor(random() * 20)::int
                               ELSE 21 + floor(random() * ${CREATORS * TRACKS_PER_CREATOR})::int END AS pick
                     FROM bench_channels c CROSS JOIN generate_series(0, ${slots - 1}) s) p
             JOIN bench_tracks t ON t.n = p.pick`);
  // Listening: connections spread over the month (30 % under a minute, 50 % up to 30 minutes,
  // 20 % up to 4 hours), 200k listeners (40 % signed in), 3 % invalid traffic; written in the
  // order they closed, as the server writes them.
  await q(
    `CREATE TEMP TABLE bench_streams AS SELECT id, row_number() OVER (ORDER BY id) AS n, radio_channel_id IS NOT NULL AS radio FROM live_streams`,
  );
  const radioStreams = CHANNELS;
  const insertListens = async (count: number, radio: boolean) => {
    for (let done = 0; done < count; done += 500_000) {
      const n = Math.min(500_000, count - done);
      await q(`INSERT INTO live_listens (stream_id, listener_key, started_at, seconds, ivt_reason)
               SELECT st.id, k.key, x.started_at, x.seconds, CASE WHEN random() < 0.03 THEN 'known-bot' END
                 FROM (SELECT floor(random() * ${radio ? radioStreams : 2000})::int AS pick,
                              timestamptz '${START}' + random() * (timestamptz '${END}' - timestamptz '${START}') AS started_at,
                              CASE WHEN r < 0.3 THEN 1 + floor(random() * 60) WHEN r < 0.8 THEN 60 + floor(random() * 1740)
                                   ELSE 1800 + floor(random() * 12600) END::int AS seconds,
                              floor(random() * 200000)::int AS listener
                         FROM (SELECT random() AS r FROM generate_series(1, ${n})) r) x
                 JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM bench_streams WHERE radio = ${radio}) st ON st.i = x.pick
                 CROSS JOIN LATERAL (SELECT CASE WHEN x.listener % 5 < 2 THEN 'u:bench-l-' ELSE 'a:bench-' END || x.listener AS key) k
                WHERE x.started_at + make_interval(secs => x.seconds) < timestamptz '${END}'
                ORDER BY x.started_at + make_interval(secs => x.seconds)`);
    }
  };
  await insertListens(LISTENS, true);
  await insertListens(Math.round(LISTENS / 3), false);
  await q(`SET session_replication_role = DEFAULT`);
  await q('VACUUM ANALYZE');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-bench-radio-plays-'));
  if (!REUSE) {
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  }
  // The load's statements run for minutes; the server's 15 s statement timeout would stop them.
  const hour = 3_600_000;
  const database = await openDatabase({
    dataDir: dir,
    databaseUrl: new URL(DB_NAME, BENCH_PG_URL).toString(),
    limits: { statementTimeoutMs: hour, queryTimeoutMs: hour, idleInTransactionTimeoutMs: hour },
  });
  const q: Query = database.query.bind(database);
  const dialect = new PgDialect();
  try {
    const t0 = performance.now();
    if (!REUSE) await load(q);
    // As after the load: a migration that rewrote rows (0051 fills live_listens.ended_at) leaves
    // dead rows and no statistics for the new column until autovacuum comes round.
    else await q('VACUUM ANALYZE');
    const [counts] = (await q(`SELECT (SELECT count(*) FROM radio_airings)::int AS airings,
        (SELECT count(*) FROM live_listens)::int AS listens,
        (SELECT count(*) FROM live_listens ll JOIN live_streams ls ON ls.id = ll.stream_id WHERE ls.radio_channel_id IS NOT NULL)::int AS radio_listens,
        (SELECT count(*) FROM audio_content)::int AS tracks, (SELECT count(*) FROM radio_channels)::int AS channels`)) as [
      Record<string, number>,
    ];
    log(
      `${REUSE ? 'kept' : 'loaded in ' + ((performance.now() - t0) / 1000).toFixed(0) + ' s'}: ${JSON.stringify(counts)}`,
    );
    const indexes = (await q(`SELECT indexname FROM pg_indexes WHERE tablename = 'live_listens' ORDER BY 1`)) as {
      indexname: string;
    }[];
    log(`live_listens indexes: ${indexes.map((i) => i.indexname).join(', ')}`);

    // The measured creator's last 7 days (the `/api/radio/plays` and analytics default), and the
    // earnings close's month (the data's 30 days lie within it).
    const weekFrom = new Date(Date.parse(END) - 7 * 86_400_000).toISOString();
    const cases: { name: string; sql: SQL; run: () => Promise<number> }[] = [
      {
        name: `radio plays of one creator, 7 days`,
        sql: radioPlaysSql(CREATOR, weekFrom, END),
        run: async () =>
          [...(await radioPlaysByTrack(database.db, CREATOR, weekFrom, END)).values()].reduce((a, b) => a + b, 0),
      },
      {
        name: 'radio plays of one creator, 30 days',
        sql: radioPlaysSql(CREATOR, START, END),
        run: async () =>
          [...(await radioPlaysByTrack(database.db, CREATOR, START, END)).values()].reduce((a, b) => a + b, 0),
      },
      {
        name: 'earnings: radio listening of the month, 2026-10',
        sql: radioListeningSql('2026-10-01T00:00:00Z', END),
        run: async () => (await radioListening(database.db, '2026-10-01T00:00:00Z', END)).length,
      },
      {
        name: 'earnings: radio listening of one day (2026-10-31)',
        sql: radioListeningSql('2026-10-31T00:00:00Z', END),
        run: async () => (await radioListening(database.db, '2026-10-31T00:00:00Z', END)).length,
      },
    ];
    for (const c of cases) {
      const { sql: text, params } = dialect.sqlToQuery(c.sql);
      const plan = (await q(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)) as { 'QUERY PLAN': string }[];
      const lines = plan.map((r) => r['QUERY PLAN']);
      const times: number[] = [];
      let result = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const s = performance.now();
        result = await c.run();
        times.push(performance.now() - s);
      }
      log(
        `\n== ${c.name}: result ${result}; median of ${ROUNDS} rounds ${median(times).toFixed(0)} ms ` +
          `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); EXPLAIN ${lines.at(-1)}; load ${loadavg()}`,
      );
      if (PLANS) log(lines.join('\n'));
    }
  } finally {
    await database.close();
    if (!KEEP) await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
