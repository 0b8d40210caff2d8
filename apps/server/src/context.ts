import type { Config } from './config';
import type { Database } from './db/client';
import { DomainEventSpine } from './events/spine';
import type { JobQueue } from './jobs/queue';
import { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';
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

/** Background work an app started that tests (and shutdown) wait for; set when its module registers. */
export interface AppBackground {
  /** The notifications subscriber on the bus (notifications/subscriber.ts). */
  notifications?: { idle(): Promise<void> };
}

/**
 * What every module is given: the process's shared resources, the clock, the event spine and the
 * background work. A module's in-memory state (caches, clients) is not here: it lives in the module
 * that owns it, made on first use per context (`lib/per-app.ts`), so this file imports no module.
 */
export interface AppContext extends AppResources {
  /** The time billing and allowances decide by (tests move it). */
  clock: Clock;
  /** Lifecycle events: recorded with the change, delivered to every process (events/spine.ts, ADR 0027). */
  events: DomainEventSpine;
  background: AppBackground;
}

/** Adds the app's clock, event spine and background slots to its resources. */
export function appContext(resources: AppResources): AppContext {
  return {
    ...resources,
    clock: new Clock(),
    events: new DomainEventSpine(resources.database, resources.bus),
    background: {},
  };
}
