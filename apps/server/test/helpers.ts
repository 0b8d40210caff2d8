import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@wavecast/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type AppContext, appContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { registerSubscribers } from '../src/events/registry';
import { JobQueue } from '../src/jobs/queue';
import { registerJobs } from '../src/jobs/registry';
import { Mailer } from '../src/mail/mailer';
import { type EventBus, MemoryBus } from '../src/realtime/bus';
import { LocalStorage } from '../src/storage/local';
import { adminQuery, databaseAt } from './postgres-admin';

/**
 * A fresh database for one test file: a copy of the migrated PGlite template, or, with
 * TEST_DATABASE_URL, a new PostgreSQL database dropped again at close.
 */
async function openTestDatabase(dataDir: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = await fs.readFile(inject('pgliteTemplate'));
    return openDatabase({ dataDir, inMemory: true, loadDataDir: new Blob([template]) });
  }
  const name = `wavecast_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const database = await openDatabase({ dataDir, databaseUrl: databaseAt(url, name) });
  const close = database.close;
  database.close = async () => {
    await close();
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

/** The real application on a real database, driven through `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: { write(line: string): void };
    /** Another process's view of the same system: a database and a bus owned (and closed) by the caller. */
    share?: { database?: Database; bus?: EventBus };
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests read lists right after writing rows with SQL; the public cache has its own tests.
    PUBLIC_CACHE_MS: '0',
    // Tests change roles and sessions with SQL too; the session cache has its own tests.
    SESSION_CACHE_MS: '0',
    // Spoken-word uploads would each run the recogniser; transcripts/auto.int.test.ts turns it on.
    SPEECH_RECOGNIZER: 'off',
    // No RTMP listener on 1935 in every test app with an encoder ingest: RTMP tests name a free port.
    RTMP_PORT: '0',
    // scripts/test-bundled-ffmpeg.mjs names the npm-packaged ffmpeg here.
    ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
    ...env,
  });
  const database = opts.share?.database ?? (await openTestDatabase(dataDir));
  const ctx = appContext({
    config,
    database,
    storage: new LocalStorage(path.join(dataDir, 'storage')),
    bus: opts.share?.bus ?? new MemoryBus(),
    jobs: new JobQueue(database),
    mail: new Mailer(database, { from: config.MAIL_FROM, dropDir: path.join(dataDir, 'mail'), log: () => {} }),
  });

  registerJobs(ctx);
  registerSubscribers(ctx);
  const app = await buildApp(ctx, opts);
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    async close() {
      await app.close();
      await ctx.jobs.stop();
      if (!opts.share?.bus) await ctx.bus.close();
      if (!opts.share?.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The Cookie header of the user's session. */
  cookie: string;
}

let userSeq = 0;

/**
 * A different client address for every test sign-up: sign-up is rate limited per address (always
 * on), and test users stand for different people. Rate-limit tests pass one address on purpose.
 */
let ipSeq = 0;
export const testClientIp = () => {
  const n = ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Signs a user up through the real auth API and gives them a role (set directly in the database). */
export async function signUp(
  t: TestApp,
  opts: { email?: string; password?: string; name?: string; role?: Role } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user${++userSeq}-${randomUUID().slice(0, 8)}@test.local`;
  const password = opts.password ?? 'correct-horse-battery';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: opts.name ?? email.split('@')[0] },
    remoteAddress: testClientIp(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const id = res.json().user.id as string;
  if (opts.role && opts.role !== 'listener') {
    await t.ctx.database.db.update(users).set({ userRole: opts.role }).where(eq(users.id, id));
  }
  return { id, email, password, cookie: cookieHeader(res.headers['set-cookie']) };
}

/** Another session of the user (another device), signed in through the real auth API. */
export async function signInAgain(t: TestApp, user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
    remoteAddress: testClientIp(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...user, cookie: cookieHeader(res.headers['set-cookie']) };
}

/** Turns Set-Cookie headers into a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** The whole mails sent to `to` that no relay took (Mailer's drop directory), oldest first. */
export async function droppedMails(t: TestApp, to: string): Promise<{ subject: string; text: string }[]> {
  await t.ctx.jobs.drain();
  const dir = path.join(t.dataDir, 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
  return mails
    .map((m) => {
      const [head, ...body] = m.split('\n\n');
      const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return { to: field('To'), subject: field('Subject'), text: body.join('\n\n') };
    })
    .filter((m) => m.to === to)
    .map(({ subject, text }) => ({ subject, text }));
}
