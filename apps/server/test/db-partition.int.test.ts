import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { FaultProxy, reachable, waitFor } from './fault-proxy';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from './helpers';
import { adminQuery } from './postgres-admin';

// PostgreSQL behind a proxy that silently drops every packet (ADR 0031): the app must answer its
// health check within 2 s, fail requests with 503 within the query timeout, and recover by
// itself once the network is back. Runs where a PostgreSQL is reachable (CI, this machine).
const baseUrl =
  process.env.TEST_DATABASE_URL ??
  ((await reachable('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);

const LIMITS = { connectTimeoutMs: 1000, statementTimeoutMs: 1000, queryTimeoutMs: 1500, poolMax: 4 };

describe.skipIf(!baseUrl)('a database partitioned away by the network', () => {
  const name = `wavecast_partition_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let proxy: FaultProxy;
  let database: Database;
  let t: TestApp;
  let user: TestUser;

  const admin = (sql: string) => adminQuery(baseUrl as string, sql);

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(baseUrl as string);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(baseUrl as string);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    database = await openDatabase({ dataDir: '/nonexistent', databaseUrl: url.toString(), limits: LIMITS });
    t = await createTestApp({}, { share: { database } });
    user = await signUp(t);
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await database?.close(); // hangs if a client was never given back to the pool
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 30_000);

  const timed = async (req: string | InjectOptions) => {
    const start = Date.now();
    const res = await t.app.inject(req);
    return { res, ms: Date.now() - start };
  };

  it('answers, fails fast during the partition, and recovers on its own', async () => {
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    expect((await t.app.inject('/api/explore/tracks')).statusCode).toBe(200);

    proxy.blackhole();

    // The health check does not wait for the database's timeouts.
    const health = await timed('/api/health');
    expect(health.ms).toBeLessThan(2000);
    expect(health.res.statusCode).toBe(503);
    expect(health.res.headers['retry-after']).toBe('5');
    expect(health.res.json()).toMatchObject({
      status: 'degraded',
      database: { status: 'down', driver: 'postgres', error: 'database unavailable' },
      storage: { status: 'ok' },
    });

    // More requests at once than the pool holds: each fails with 503 within connect + query timeout.
    const requests = await Promise.all([
      timed('/api/explore/tracks'),
      timed('/api/search?q=x'),
      timed({ url: '/api/me/likes', headers: { cookie: user.cookie } }),
      timed({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `p-${randomUUID().slice(0, 8)}@test.local`, password: 'long-enough-pass', name: 'P' },
        remoteAddress: testClientIp(),
      }),
      ...Array.from({ length: 6 }, () => timed('/api/tracks/00000000-0000-4000-8000-000000000000')),
    ]);
    for (const { res, ms } of requests) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(ms).toBeLessThan(LIMITS.connectTimeoutMs + LIMITS.queryTimeoutMs + 1500);
    }

    proxy.heal();

    // No restart: the broken connections were discarded, fresh ones open.
    const recovered = await waitFor(
      async () => (await t.app.inject('/api/explore/tracks')).statusCode === 200,
      5000,
      'requests succeed again',
    );
    expect(recovered).toBeLessThan(5000);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me/likes', headers: { cookie: user.cookie } });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('a statement running past statement_timeout is cancelled by the server and answered as 503', async () => {
    const start = Date.now();
    const err = await database.query('select pg_sleep(5)').catch((e: unknown) => e);
    expect(Date.now() - start).toBeLessThan(LIMITS.queryTimeoutMs);
    expect((err as { code?: string }).code).toBe('57014');
    // The connection was healthy: the pool goes on working.
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('transactions cut off at BEGIN neither keep their pool slots nor answer later queries late', async () => {
    // Every slot holds an open connection first, so each transaction below gets one and sends BEGIN.
    await Promise.all(
      Array.from({ length: LIMITS.poolMax }, () =>
        database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.1)`)),
      ),
    );
    proxy.blackhole({ late: true });
    const start = Date.now();
    // As many as the pool holds: each BEGIN times out (Drizzle would keep such a client forever).
    const failed = await Promise.all(
      Array.from({ length: LIMITS.poolMax }, () =>
        database.db.transaction((tx) => tx.execute(sql`select 1`)).catch((e: unknown) => e),
      ),
    );
    expect(Date.now() - start).toBeLessThan(LIMITS.connectTimeoutMs + LIMITS.queryTimeoutMs + 1000);
    for (const err of failed) expect(err).toBeInstanceOf(Error);
    proxy.heal(); // the BEGINs and their answers arrive now, on connections nobody may use again
    const values = Array.from({ length: 3 * LIMITS.poolMax }, (_, i) => i);
    const answers = await Promise.all(
      values.map((n) =>
        database.db.transaction(async (tx) => {
          const res = (await tx.execute(sql`select ${n}::int as n`)) as unknown as { rows: { n: number }[] };
          return res.rows[0]?.n;
        }),
      ),
    );
    expect(answers).toEqual(values);
  });
});
