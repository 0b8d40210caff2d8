// Shared by the PostgreSQL benchmarks: statements on the server's maintenance database (create and
// drop the benchmark's own database).
import pg from 'pg';

/** The benchmarks' PostgreSQL server (BENCH_PG_URL, default the local one). */
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';

/** Runs one statement on the `postgres` database of BENCH_PG_URL's server. */
export async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: new URL('postgres', BENCH_PG_URL).toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
