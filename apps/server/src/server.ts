import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type AppContext, appContext } from './context';
import { openDatabase, type PostgresLimits } from './db/client';
import { registerSubscribers } from './events/registry';
import { JobQueue } from './jobs/queue';
import { registerJobs } from './jobs/registry';
import { Mailer } from './mail/mailer';
import { createBus } from './realtime/bus';
import { createStorage } from './storage';

/** Opens the database, storage and bus named by the config. */
export async function createContext(config: Config): Promise<AppContext> {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.DATABASE_URL,
    limits: postgresLimits(config),
  });
  const storage = createStorage(config);
  const bus = createBus(config);
  const jobs = new JobQueue(database, config.JOB_LOCK_SECONDS);
  const mail = new Mailer(database, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dropDir: path.join(config.dataDir, 'mail'),
  });
  const ctx = appContext({ config, database, storage, bus, jobs, mail });
  registerJobs(ctx);
  registerSubscribers(ctx);
  return ctx;
}

export const postgresLimits = (config: Config): PostgresLimits => ({
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
  idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  keepAliveDelayMs: config.DB_KEEPALIVE_DELAY_MS,
  poolMax: config.DB_POOL_MAX,
});

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.events.stop();
  await ctx.jobs.stop();
  await ctx.bus.close();
  await ctx.database.close();
}

export interface Running {
  ctx: AppContext;
  app?: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the roles the config asks for (api, worker or both) on an open context. */
export async function startRoles(ctx: AppContext): Promise<Running> {
  let app: FastifyInstance | undefined;
  if (ctx.config.roles.has('api')) {
    app = await buildApp(ctx);
    await app.listen({ port: ctx.config.PORT, host: ctx.config.HOST });
  }
  if (ctx.config.roles.has('worker')) ctx.jobs.start();
  ctx.events.start(); // after the app registered its subscribers (a worker-only process dispatches too)
  return {
    ctx,
    app,
    async close() {
      await app?.close();
      await closeContext(ctx);
    },
  };
}

/** The address the API really answers on (PORT=0 picks a free port), as a browser on this machine reaches it. */
export function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export const dataPath = (config: Config, ...parts: string[]) => path.join(config.dataDir, ...parts);
