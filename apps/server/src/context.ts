import type { Config } from './config';
import type { Database } from './db/client';
import { DomainEventSpine } from './events/spine';
import type { JobQueue } from './jobs/queue';
import { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';
import type { AdServingState } from './modules/ads/serving-state';
import { SessionCache } from './modules/auth/session-cache';
import type { StripeBilling } from './modules/billing/stripe/client';
import { DeliveryCache } from './modules/delivery/cache';
import { HotMediaRoutes } from './modules/delivery/hot-media';
import { LocalObjects } from './modules/delivery/local-files';
import { PublicCache } from './modules/discovery/public-cache';
import type { EventBus } from './realtime/bus';
import type { StorageDriver } from './storage';

/** The process's shared resources, opened by server.ts (or a test, or a benchmark). */
export interface AppResources {
  config: Config;
  database: Database;
  storage: StorageDriver;
  bus: EventBus;
  jobs: JobQueue;
  mail: Mailer;
}

/**
 * The in-memory state of one app, built once with its context and dropped with it: two apps in one
 * process (tests) never share an entry, and nothing lives at module level.
 */
export interface AppCaches {
  /** Anonymous Home and Explore answers (discovery/public-cache.ts, ADR 0003). */
  publicAnswers: PublicCache;
  /** Resolved sessions for a few seconds, dropped on every process when they change (auth/session-cache.ts). */
  sessions: SessionCache;
  /** Track rows and object stats that delivery reads per request (delivery/cache.ts). */
  delivery: DeliveryCache;
  /** Hot objects in memory and open local files (delivery/local-files.ts). */
  objects: LocalObjects;
  /** Stream URLs the hot-media fast path resolved, and how many answers it gave (ADR 0002). */
  hotMedia: HotMediaRoutes;
  /** The Stripe client, made on first use (null: not configured; billing/stripe/client.ts). */
  stripe: { client?: StripeBilling | null };
  /** The ad decision's campaign index and listener memory, made on first use (ads/serving-state.ts). */
  ads?: AdServingState;
}

/** Background work an app started that tests (and shutdown) wait for; set when its module registers. */
export interface AppBackground {
  /** The notifications subscriber on the bus (notifications/subscriber.ts). */
  notifications?: { idle(): Promise<void> };
}

/** What every module is given: the process's shared resources and this app's caches. */
export interface AppContext extends AppResources {
  /** The time billing and allowances decide by (tests move it). */
  clock: Clock;
  /** Lifecycle events: recorded with the change, delivered to every process (events/spine.ts, ADR 0027). */
  events: DomainEventSpine;
  caches: AppCaches;
  background: AppBackground;
}

/** Adds an app's caches to its resources; the public answers are forgotten when a stream starts or ends anywhere. */
export function appContext(resources: AppResources): AppContext {
  const publicAnswers = new PublicCache(resources.config.PUBLIC_CACHE_MS);
  resources.bus.subscribe((msg) => {
    if (msg.event === 'live.started' || msg.event === 'live.ended') publicAnswers.forget();
  });
  const sessions = new SessionCache(resources.config.SESSION_CACHE_MS);
  sessions.listen(resources.bus);
  return {
    ...resources,
    clock: new Clock(),
    events: new DomainEventSpine(resources.database, resources.bus),
    caches: {
      publicAnswers,
      sessions,
      delivery: new DeliveryCache(),
      objects: new LocalObjects(),
      hotMedia: new HotMediaRoutes(),
      stripe: {},
    },
    background: {},
  };
}
