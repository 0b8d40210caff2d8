import type { Database } from '../../db/client';
import * as repo from './repo';

export type Flags = Map<string, { liked: boolean; likeCount: number }>;

interface Waiting {
  userId: string;
  trackIds: string[];
  resolve: (flags: Flags) => void;
  reject: (e: unknown) => void;
}

/**
 * The signed-in viewers' flags (`liked`, fresh like count) for the tracks of their page. Lookups that
 * arrive in the same turn of the event loop go to the database as one statement: under load most of a
 * lookup's cost is the round trip itself (the socket write to PostgreSQL, its wake-up), not the rows,
 * so fifty viewers answered together cost little more than one (ADR 0023).
 */
class ViewerFlagsBatch {
  private waiting: Waiting[] = [];

  constructor(private readonly database: Database) {}

  of(userId: string, trackIds: string[]): Promise<Flags> {
    if (trackIds.length === 0) return Promise.resolve(new Map());
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ userId, trackIds, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    // Each (user, track) pair once, however many of the batch's pages show it.
    const tracksOf = new Map<string, Set<string>>();
    for (const w of batch) {
      const tracks = tracksOf.get(w.userId) ?? new Set<string>();
      for (const t of w.trackIds) tracks.add(t);
      tracksOf.set(w.userId, tracks);
    }
    const users: string[] = [];
    const tracks: string[] = [];
    for (const [u, ts] of tracksOf) {
      for (const t of ts) {
        users.push(u);
        tracks.push(t);
      }
    }
    try {
      const rows = await repo.viewerFlags(this.database, users, tracks);
      const flagsOf = new Map<string, Flags>();
      for (const r of rows) {
        const flags = flagsOf.get(r.user_id) ?? new Map();
        flags.set(r.id, { liked: r.liked, likeCount: Number(r.like_count) });
        flagsOf.set(r.user_id, flags);
      }
      // A viewer's map may hold tracks of their other pages in the batch: callers look up their own.
      for (const w of batch) w.resolve(flagsOf.get(w.userId) ?? new Map());
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }
}

const batches = new WeakMap<Database, ViewerFlagsBatch>();

/** The flag lookups of one database (one batch per app). */
export function viewerFlagsOf(database: Database): ViewerFlagsBatch {
  const batch = batches.get(database) ?? new ViewerFlagsBatch(database);
  batches.set(database, batch);
  return batch;
}
