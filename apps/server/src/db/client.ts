import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** PGlite only: a gzipped dump of the data directory (tests copy a migrated template). */
  dump?(): Promise<Blob>;
}

// Re-exported: tests read a migration's SQL.
export { MIGRATIONS_DIR };
export const PGLITE_EXTENSIONS = { citext, pg_trgm, unaccent };
const EXTENSIONS_SQL = ['citext', 'pg_trgm', 'unaccent'].map((e) => `CREATE EXTENSION IF NOT EXISTS ${e}`);

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PGlite only: start from this dump instead of the data directory (tests). */
  loadDataDir?: Blob;
  /** Skip the data-directory lock (in-memory PGlite in tests). */
  inMemory?: boolean;
  /** PostgreSQL only: fault limits (defaults: the config's). */
  limits?: Partial<PostgresLimits>;
}

/** How long PostgreSQL may take before a request fails instead of hanging (ADR 0031). */
export interface PostgresLimits {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  keepAliveDelayMs: number;
  poolMax: number;
}

export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  connectTimeoutMs: 5000,
  statementTimeoutMs: 15_000,
  queryTimeoutMs: 20_000,
  idleInTransactionTimeoutMs: 60_000,
  keepAliveDelayMs: 10_000,
  poolMax: 10,
};

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, { ...DEFAULT_POSTGRES_LIMITS, ...opts.limits })
    : openPglite(opts);
}

async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
  const release = opts.inMemory ? () => {} : acquireDataDirLock(opts.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: opts.inMemory ? undefined : path.join(opts.dataDir, 'pgdata'),
      loadDataDir: opts.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    for (const stmt of EXTENSIONS_SQL) await client.exec(stmt);
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async query(text, params) {
      return (await client.query(text, params as unknown[])).rows as never;
    },
    dump: () => client.dumpDataDir('gzip'),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, limits: PostgresLimits): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolMax,
    // Also how long a query waits for a free client: a pool full of stuck clients fails fast too.
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: limits.keepAliveDelayMs,
  });
  pool.on('connect', discardWhenBroken);
  // An idle client losing its connection (a database restart) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  try {
    for (const stmt of EXTENSIONS_SQL) await pool.query(stmt);
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
  } catch (e) {
    await pool.end();
    throw e;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows as never;
    },
    close: () => pool.end(),
  };
}

/**
 * A client whose query timed out or whose connection broke is given back to the pool at once, as
 * broken, so the pool removes it and opens a fresh one on demand:
 * - a timed-out connection is in an unknown state (the answer may arrive after the network returns
 *   and be taken for the next query's), so it is destroyed;
 * - Drizzle's transaction() never releases its client when BEGIN fails (BEGIN runs before its
 *   try/finally): without this, every transaction cut off there would hold a pool slot for good,
 *   and a partition would leave the pool empty after the network returned.
 * Whoever releases it afterwards (pool.query, a transaction's finally) finds a no-op.
 */
function discardWhenBroken(client: pg.PoolClient): void {
  // A checked-out client whose connection breaks emits 'error' (the pool listens only while it is
  // idle): unheard, that would crash the process. Its query fails, which is what the caller sees.
  client.on('error', () => {});
  const internals = client as unknown as {
    _queryable: boolean;
    connection: { stream: { destroy(): void } };
    query: (...args: unknown[]) => unknown;
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const discard = (err: unknown) => {
    const timedOut = err instanceof Error && /Query read timeout/i.test(err.message);
    if (!timedOut && internals._queryable) return; // an SQL error: the connection is fine
    internals.connection.stream.destroy();
    const release = client.release;
    client.release = () => {};
    try {
      release(err instanceof Error ? err : new Error('connection broken'));
    } catch {
      // released already (pg-pool refuses a second release): the pool has let it go
    }
  };
  internals.query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (err) discard(err);
        last(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(discard);
    return result;
  };
}

export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
