// Our server for the delivery benchmark: a real Wavecast process (API role, production mode) on a
// fresh data directory holding one public, ready track whose original is the given file.
// Prints one JSON line { url, storagePath } once it listens.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { audioContent, authUsers, users } from '../../apps/server/src/db/schema';
import { streamVersion } from '../../apps/server/src/modules/tracks/presenter';
import { createContext, startRoles } from '../../apps/server/src/server';

const [file, port, dataDir] = process.argv.slice(2);
if (!file || !port || !dataDir) throw new Error('usage: serve.ts <audio file> <port> <data dir>');

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ROLES: 'api',
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
});
const ctx = await createContext(config);
const userId = 'bench-creator';
const id = randomUUID();
const audioKey = `audio/${userId}/${id}.mp3`;
await ctx.storage.put(audioKey, fs.createReadStream(file), { contentType: 'audio/mpeg' });
await ctx.database.db
  .insert(authUsers)
  .values({ id: userId, name: 'Bench', email: 'bench@bench.local', emailVerified: true });
await ctx.database.db.insert(users).values({ id: userId, email: 'bench@bench.local', userRole: 'creator' });
const [row] = await ctx.database.db
  .insert(audioContent)
  .values({
    id,
    userId,
    title: 'Bench',
    audioKey,
    audioMime: 'audio/mpeg',
    audioBytes: fs.statSync(file).size,
    duration: 1,
    status: 'ready',
    isPublic: true,
  })
  .returning();
const running = await startRoles(ctx);
process.stdout.write(
  `${JSON.stringify({
    url: `http://127.0.0.1:${port}/api/tracks/${id}/stream?v=${streamVersion(row)}&format=original`,
    storagePath: `/${audioKey}`,
    storageRoot: path.join(config.dataDir, 'storage'),
  })}\n`,
);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
