// The server the e2e tests run against: a fresh data directory, copied from the run's template
// (migrated, the demo catalogue seeded and processed: scripts/e2e-template.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2eServerEnv, OAUTH_SECRET } from './e2e-env.mjs';
import { fromDemoTemplate, stopBuilding } from './e2e-template.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(root, `.data-e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const env = e2eServerEnv(Number(port));

// A local OAuth provider (a sign-in form), configured as the server's generic OIDC provider, so the
// browser can make the whole round trip (Google and GitHub cannot be reached from here).
const oauthPort = String(Number(port) + 1);
const oauthSecret = OAUTH_SECRET;
const provider = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/test/oauth-provider-main.ts'), oauthPort, oauthSecret],
  { stdio: 'inherit' },
);

// The fake Stripe (apps/server/test/fake-stripe.ts) with hosted Checkout pages: a browser can pay, and
// the server gets the signed webhooks Stripe would send.
const stripePort = String(Number(port) + 2);
const stripe = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'apps/server/test/fake-stripe-main.ts'),
    stripePort,
    `http://localhost:${port}/api/billing/webhook`,
  ],
  { stdio: 'inherit' },
);

let child = null;
let stopping = false;
/** Stops the server, or exits at once while the template is still being built. */
function stop(signal) {
  if (child) child.kill(signal);
  else {
    stopBuilding();
    process.exit(process.exitCode || 1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    provider.kill(signal);
    stripe.kill(signal);
    stop(signal);
  });
}
// A helper that dies (its port taken, say: E2E_PORT 5420's second worker would put the fake Stripe
// on PostgreSQL's 5432) takes the server down with it: the run stops at once naming the cause,
// instead of specs failing later on a half-working server.
for (const [name, helper] of [
  ['OAuth provider', provider],
  ['fake Stripe', stripe],
]) {
  helper.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`serve-e2e: the ${name} exited (code ${code}, signal ${signal}); stopping the server`);
    process.exitCode = 1;
    provider.kill('SIGTERM');
    stripe.kill('SIGTERM');
    stop('SIGTERM');
  });
}

// The helpers start meanwhile: the template's worker has the fake Stripe the server will have.
try {
  await fromDemoTemplate(dataDir, Number(process.env.E2E_BASE_PORT ?? port), env);
} catch (e) {
  console.error(`serve-e2e: ${e.message}`);
  stopping = true;
  provider.kill('SIGTERM');
  stripe.kill('SIGTERM');
  process.exit(1);
}
child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, ...env, DATA_DIR: dataDir },
});
child.on('exit', (code) => {
  provider.kill('SIGTERM');
  stripe.kill('SIGTERM');
  process.exit(process.exitCode || (code ?? 0));
});
