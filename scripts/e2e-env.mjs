// The environment of an e2e server (scripts/serve-e2e.mjs), shared with the demo template it starts
// from (scripts/e2e-template.mjs): what the template's worker does depends on some of it (HD
// publishing follows the plans, the speech recogniser is off).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The OAuth provider's client secret (apps/server/test/oauth-provider-main.ts). */
export const OAUTH_SECRET = 'e2e-oauth-secret';

/**
 * The server on `port` (a number): the OAuth provider on port + 1, the fake Stripe on + 2, the
 * Icecast ingest on + 3 (its SHOUTcast twin on + 4), RTMP on + 5. DATA_DIR is the caller's.
 */
export function e2eServerEnv(port) {
  const oauthPort = port + 1;
  const stripePort = port + 2;
  return {
    PORT: String(port),
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
    OIDC_CLIENT_SECRET: OAUTH_SECRET,
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
    LIVE_INGEST_PORT: String(port + 3),
    LIVE_INGEST_HOST: '127.0.0.1',
    // RTMP publishers (ADR 0045) on the port after the SHOUTcast one.
    RTMP_PORT: String(port + 5),
  };
}
