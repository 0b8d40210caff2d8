import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { EventBus } from './realtime/bus';
import type { StorageDriver } from './storage';

/** What every module is given: the process's shared resources. */
export interface AppContext {
  config: Config;
  database: Database;
  storage: StorageDriver;
  bus: EventBus;
  jobs: JobQueue;
  mail: Mailer;
}
