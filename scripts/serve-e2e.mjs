// The server the e2e tests run against: a fresh data directory and the demo catalogue.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(root, `.data-e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });

// A local OAuth provider (a sign-in form), configured as the server's generic OIDC provider, so the
// browser can make the whole round trip (Google and GitHub cannot be reached from here).
const oauthPort = String(Number(port) + 1);
const oauthSecret = 'e2e-oauth-secret';
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
    // e2e moves the billing clock (POST /api/test/clock) to see a trial end without waiting 14 days.
    TEST_CLOCK: '1',
    // A Premium month earns a creator a few dollars: e2e pays creators from $1 (default $50).
    CREATOR_PAYOUT_MIN_CENTS: '100',
    NODE_ENV: 'test',
    // The demo's podcasts would each run the speech recogniser beside the browsers.
    SPEECH_RECOGNIZER: 'off',
    // e2e specs sign this address up to act as an admin (see ADMIN_EMAILS in config.ts).
    ADMIN_EMAILS: 'admin@e2e.test',
    // Every spec signs up from this one address: auth rate limits stay on, 50x higher.
    AUTH_RATE_LIMIT_SCALE: '50',
    OIDC_ISSUER: `http://127.0.0.1:${oauthPort}`,
    OIDC_CLIENT_ID: 'wavecast-test',
    OIDC_CLIENT_SECRET: oauthSecret,
    OIDC_PROVIDER_NAME: 'Local ID',
    // Payments through the fake Stripe (its fakeStripeEnv values).
    STRIPE_SECRET_KEY: 'sk_test_wavecast',
    STRIPE_WEBHOOK_SECRET: 'whsec_wavecast_test',
    STRIPE_PRICE_CREATOR: 'price_creator',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_FAMILY: 'price_family',
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    // Encoders (Icecast source clients, e.g. ffmpeg) connect here (ADR 0020).
    LIVE_INGEST_PORT: String(Number(port) + 3),
    LIVE_INGEST_HOST: '127.0.0.1',
    // RTMP publishers (ADR 0045) on the port after the SHOUTcast one.
    RTMP_PORT: String(Number(port) + 5),
  },
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    child.kill(signal);
    provider.kill(signal);
    stripe.kill(signal);
  });
}
child.on('exit', (code) => {
  provider.kill('SIGTERM');
  stripe.kill('SIGTERM');
  process.exit(process.exitCode || (code ?? 0));
});
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
    child.kill('SIGTERM');
    process.exitCode = 1;
  });
}
