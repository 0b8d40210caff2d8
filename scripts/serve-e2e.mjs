// The server the e2e tests run against: a fresh data directory and the demo catalogue.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(root, `.data-e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'),
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // e2e specs sign this address up to act as an admin (see ADMIN_EMAILS in config.ts).
    ADMIN_EMAILS: 'admin@e2e.test',
    // Every spec signs up from this one address: auth rate limits stay on, 50x higher.
    AUTH_RATE_LIMIT_SCALE: '50',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
