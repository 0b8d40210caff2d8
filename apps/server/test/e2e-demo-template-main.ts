import { loadConfig } from '../src/config';
import { seedDemoOnce } from '../src/db/seed';
import { createContext, startRoles } from '../src/server';

/**
 * The e2e servers' starting data directory (scripts/e2e-template.mjs): the demo catalogue seeded and
 * processed (renditions, loudness, peaks, cover sizes) by a worker of our own, as a server seeding
 * it would, then closed cleanly. Every e2e server starts from a copy, so the catalogue is transcoded
 * once per run instead of once per server, and no spec waits for it. No port: ROLES=worker.
 * The environment is the e2e server's (DATA_DIR the template's).
 */
const config = loadConfig({ ...process.env, ROLES: 'worker' });
const ctx = await createContext(config);
const running = await startRoles(ctx);
const started = Date.now();
await seedDemoOnce(ctx);
// Done when no job is due or running (a recurring job's next run, queued for later, may wait).
for (;;) {
  const [busy] = await ctx.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= now())`,
  );
  if (Number(busy?.n) === 0) break;
  await new Promise((r) => setTimeout(r, 200));
}
// A ceiling, not a wait: delivery takes milliseconds; a loaded machine gets room.
await ctx.events.settled(60_000);
const [failed] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'failed'`);
await running.close();
if (Number(failed?.n) > 0) {
  console.error(`e2e demo template: ${failed?.n} jobs failed`);
  process.exit(1);
}
console.log(`e2e demo template: seeded and processed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
