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

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const PGLITE_EXTENSIONS = { citext, pg_trgm, unaccent };
const EXTENSIONS_SQL = ['citext', 'pg_trgm', 'unaccent'].map((e) => `CREATE EXTENSION IF NOT EXISTS ${e}`);

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PGlite only: start from this dump instead of the data directory (tests). */
  loadDataDir?: Blob;
  /** Skip the data-directory lock (in-memory PGlite in tests). */
  inMemory?: boolean;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts);
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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

export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
