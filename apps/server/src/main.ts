import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { seedDemoOnce } from './db/seed';
import { createContext, listeningUrl, startRoles } from './server';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const running = await startRoles(ctx);
  const log = running.app?.log ?? console;
  let closing = false;
  const seedWanted = config.SEED_DEMO ?? config.NODE_ENV !== 'production';
  if (seedWanted && config.roles.has('api')) {
    // Stopped mid-seed (Ctrl-C on the first run kills its ffmpeg too): not an error worth a log.
    seedDemoOnce(ctx).catch((e) => closing || log.error(e, 'demo catalogue seeding failed'));
  }
  if (running.app) {
    const url = listeningUrl(running.app, config.HOST);
    const publicUrl = new URL(config.PUBLIC_URL).origin === url ? '' : `, public URL ${config.PUBLIC_URL}`;
    console.log(`Wavecast is running at ${url} (database: ${ctx.database.driver}${publicUrl})`);
  }

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await running.close();
      clearTimeout(force);
      process.exit(0);
    } catch (e) {
      console.error(e);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
