import type { AppContext } from '../../context';
import type { LiveHub } from '../../relay/hub';

/** What the parts of the live feature share: the relay hub of this process and its lifecycle. */
export interface LiveRuntime {
  readonly ctx: AppContext;
  readonly hub: LiveHub;
  readonly log: (msg: string, err?: unknown) => void;
  /** When this process started: a stream refreshed since then is held by another process. */
  readonly bootTime: Date;
  /** How long a stream waits for its publisher to come back (tests shorten it). */
  readonly graceMs: number;
  /** How often this process refreshes the streams it holds in the database (publisher_seen_at). */
  readonly heartbeatMs: number;
  /** Shutting down: background work stops and its failures are no longer logged. */
  readonly closed: boolean;
}
