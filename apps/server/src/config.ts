import path from 'node:path';
import {
  CREATOR_PAYOUT_RULES,
  DEFAULT_MAX_AUDIO_SECONDS,
  DEFAULT_MAX_UPLOAD_BYTES,
  EARNINGS_DEFAULT_PLATFORM_SHARE_PCT,
  EARNINGS_RULES,
} from '@wavecast/shared';
import { z } from 'zod';

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const optionalUrl = z.url().optional();

/** Every environment variable the server reads. Nothing else reads process.env. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Unset: http://localhost:PORT, so `PORT=3900 npm start` accepts sign-ins from where it serves. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /**
   * PostgreSQL fault limits (ADR 0031): a network that silently drops packets must fail requests
   * fast (503) instead of hanging them. Connect: opening a connection, or waiting for a free one.
   * Statement: the server cancels a query running longer. Query: the client gives up waiting for an
   * answer (covers a server that cannot be reached at all) and discards the connection.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** A transaction left open this long by a stuck process is ended by the server (its locks freed). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** TCP keepalive: the first probe of an idle connection (finds connections a network dropped). */
  DB_KEEPALIVE_DELAY_MS: z.coerce.number().int().min(0).default(10_000),
  DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * What every Redis channel name starts with. Pub/sub ignores the database number, so two
   * deployments sharing one Redis need different prefixes (default: wavecast:<db number>:).
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w\-.:]{1,64}$/, 'must be 1-64 letters, digits or - . _ :')
    .optional(),
  /** Redis fault limits: connecting, one command, and how often an idle subscription is checked. */
  REDIS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  REDIS_PING_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('wavecast'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** S3 fault limits: opening a connection, and a request that stops sending or receiving bytes. */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY_HEADER: z.string().optional(),
  /**
   * Ads and plays (ADR 0040, 0072; the name is the ads', where it came first): loopback sources
   * (127.0.0.0/8, ::1) are invalid traffic, never charged, no play counted. Off by default so local
   * dev and e2e traffic counts; set it where every real client comes from elsewhere.
   */
  ADS_LOOPBACK_INVALID: bool.default(false),
  /**
   * Ads and plays: data-centre address ranges (comma-separated CIDRs) whose traffic is invalid:
   * never charged, no play counted.
   */
  ADS_DATACENTRE_CIDRS: z.string().default(''),
  SEED_DEMO: bool.optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
  /** Longest audio an upload may declare or hold, in seconds (12 hours); checked before transcoding. */
  MAX_AUDIO_SECONDS: z.coerce.number().int().positive().default(DEFAULT_MAX_AUDIO_SECONDS),
  /**
   * A transcode is killed once its CPU time passes FACTOR x the audio's seconds + BASE (processing
   * takes ~0.05 s per second): a decompression bomb that got past the probe (tests shrink them).
   */
  TRANSCODE_CPU_FACTOR: z.coerce.number().positive().default(0.5),
  TRANSCODE_CPU_BASE_SECONDS: z.coerce.number().min(0).default(120),
  FFMPEG_PATH: z.string().optional(),
  /**
   * The speech recogniser for automatic transcripts: `auto` finds CMU PocketSphinx
   * (`pocketsphinx_continuous`, Debian's pocketsphinx + pocketsphinx-en-us) on PATH, `off` disables
   * them, anything else is the program's path.
   */
  SPEECH_RECOGNIZER: z.string().default('auto'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  /** 1: webhooks may target http and private/loopback addresses (tests only). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  MAIL_FROM: z.string().default('Wavecast <no-reply@wavecast.local>'),
  /** Where contact-form notifications go. */
  SUPPORT_EMAIL: z.email().default('support@wavecast.local'),
  /** Comma-separated emails whose profiles are created with role admin (bootstrapping an instance). */
  ADMIN_EMAILS: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  /** A generic OpenID Connect / OAuth 2 sign-in provider (any IdP; the tests use a local one). */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be lower-case letters, digits or -')
    .default('oidc'),
  OIDC_PROVIDER_NAME: z.string().default('SSO'),
  /**
   * Multiplies every sign-in/sign-up/reset rate limit (they are always on). e2e runs raise it:
   * every spec there signs up from the same address.
   */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  ICECAST_URL: optionalUrl,
  /**
   * `nginx`: media routes check access, then hand the bytes to nginx with X-Accel-Redirect to
   * DELIVERY_ACCEL_PREFIX + the storage key (an `internal` location aliased to DATA_DIR/storage/).
   * Local storage only; S3 objects are still sent by the app. See README "Scaling out".
   * `nginx-signed`: the same, but a track's stream answers 302 to a short-lived signed URL under
   * DELIVERY_ACCEL_SIGNED_PREFIX that nginx checks itself (secure_link, DELIVERY_ACCEL_SECRET), so
   * a player's Range requests never reach Node (ADR 0019, "Signed links").
   */
  DELIVERY_ACCEL: z.enum(['off', 'nginx', 'nginx-signed']).default('off'),
  DELIVERY_ACCEL_PREFIX: z
    .string()
    .regex(/^\/[\w\-/]*\/$/, 'must be a path starting and ending with /')
    .default('/_media/'),
  DELIVERY_ACCEL_SIGNED_PREFIX: z
    .string()
    .regex(/^\/[\w\-/]*\/$/, 'must be a path starting and ending with /')
    .default('/_signed/'),
  /** The secret nginx's secure_link_md5 shares with us (required with nginx-signed). */
  DELIVERY_ACCEL_SECRET: z
    .string()
    .regex(/^[\w\-.~]{16,}$/, 'must be at least 16 letters, digits or - . _ ~')
    .optional(),
  /**
   * Encoder ingest (Icecast source protocol for OBS, BUTT, Mixxx, Liquidsoap, ffmpeg; ADR 0020):
   * its own TCP port (0 picks a free one); unset, no encoder ingest runs.
   */
  LIVE_INGEST_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * RTMP publishers (OBS's default output) connect here, on LIVE_INGEST_HOST, when the encoder
   * ingest runs (LIVE_INGEST_PORT set): `rtmp://host:1935/live`, the stream key as stream name.
   * 0: no RTMP listener (ADR 0045).
   */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  /** The address it binds (default: HOST). */
  LIVE_INGEST_HOST: z.string().min(1).optional(),
  /** What creators are told to connect to, e.g. icecast://ingest.example.com:8010/live (default: from the request's host). */
  LIVE_INGEST_PUBLIC_URL: optionalUrl,
  /** How long Home and Explore answers for anonymous visitors are reused, in ms (0: never). */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long a resolved session is reused in memory, in ms (0: looked up on every request). Sign-out,
   * password changes, role changes, suspension and deletion drop it at once on every process (ADR 0023).
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Slow-client limits (see lib/http-server.ts): the request head, body progress, idle connections. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_BODY_MIN_BYTES: z.coerce.number().int().min(1).default(1024),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Open WebSockets per client address (TRUST_PROXY_HEADER's when set). */
  WS_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  /** How long a worker holds a claimed job before another may take it over (the scale-out test shortens it). */
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).default(600),
  ROLES: z
    .string()
    .default('api,worker')
    .pipe(z.string().regex(/^(api|worker)(,(api|worker))*$/, 'must list api and/or worker')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** e2e only: exposes POST /api/test/clock, which moves the billing clock forward. Refused in production. */
  TEST_CLOCK: bool.default(false),
  /** Creators' revenue share (ADR 0053): the platform's share of net revenue, in whole percent. */
  EARNINGS_PLATFORM_SHARE_PCT: z.coerce.number().int().min(0).max(100).default(EARNINGS_DEFAULT_PLATFORM_SHARE_PCT),
  /** How a month's net revenue is split among creators. */
  EARNINGS_RULE: z.enum(EARNINGS_RULES).default('user-centric'),
  /**
   * The payment processor's fee per subscription payment (no ledger records fees): basis points of
   * the amount plus a fixed part in cents (Stripe's standard card pricing by default).
   */
  EARNINGS_PAYMENT_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(290),
  EARNINGS_PAYMENT_FEE_CENTS: z.coerce.number().int().min(0).max(1000).default(30),
  /** Smallest available balance a creator may ask to be paid, in cents (ADR 0054; e2e lowers it). */
  CREATOR_PAYOUT_MIN_CENTS: z.coerce.number().int().min(1).max(10_000_000).default(CREATOR_PAYOUT_RULES.minPayoutCents),
  /** Days raw listening sessions are kept once rolled up into daily analytics. */
  ANALYTICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  /** The free plan's monthly on-air allowance in seconds (tests shorten it). */
  LIVE_FREE_SECONDS: z.coerce.number().int().min(1).optional(),
  /**
   * How long before the allowance runs out a broadcast is warned, in seconds (default: the shared
   * LIVE_CAP_WARNING_SECONDS, 5 minutes; never more than the monthly allowance).
   */
  LIVE_CAP_WARNING_SECONDS: z.coerce.number().int().min(0).optional(),
  /** Stripe: paying is on only when the key, the webhook secret and all four price ids are set. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_CREATOR: z.string().optional(),
  STRIPE_PRICE_PRO: z.string().optional(),
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  STRIPE_PRICE_FAMILY: z.string().optional(),
  /** Where the Stripe SDK sends its requests (default Stripe's API; tests point it at a local fake). */
  STRIPE_API_URL: z
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must be an http(s):// URL')
    .optional(),
});

/** What turns paying on: all of them, or none. */
export const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_CREATOR',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_PREMIUM',
  'STRIPE_PRICE_FAMILY',
] as const;

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  dataDir: string;
  roles: Set<'api' | 'worker'>;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: string[];
};

export class ConfigError extends Error {}

/** Parses the environment; throws one error listing every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.TEST_CLOCK && c.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: must not be set in production');
  }
  if (c.DELIVERY_ACCEL === 'nginx-signed' && !c.DELIVERY_ACCEL_SECRET) {
    throw new ConfigError('Invalid configuration:\n  DELIVERY_ACCEL_SECRET: required when DELIVERY_ACCEL=nginx-signed');
  }
  const missing = STRIPE_KEYS.filter((k) => !c[k]);
  if (missing.length > 0 && missing.length < STRIPE_KEYS.length) {
    const lines = missing.map((k) => `  ${k}: required when paying through Stripe is configured`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    dataDir: path.resolve(c.DATA_DIR),
    roles: new Set(c.ROLES.split(',') as ('api' | 'worker')[]),
    adminEmails: c.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  };
}
