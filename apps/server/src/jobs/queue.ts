import type { JobPayloads, JobType } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type JobHandler<P> = (payload: P) => Promise<void>;

/** A job to insert, typed by the job map (for repos that queue one inside their own transaction). */
export type JobRequest = { [T in JobType]: { type: T; payload: JobPayloads[T] } }[JobType];

export interface JobOptions<P> {
  lane?: JobLane;
  /** Called once a job of this type has used all its attempts (after its row is marked failed). */
  onFailed?: (payload: P, message: string) => Promise<void>;
  /** Seconds before the next try after failed attempt n (1-based); default 2^n. */
  retryDelaySeconds?: (attempt: number) => number;
}

interface Registered {
  handler: (payload: unknown) => Promise<void>;
  lane: JobLane;
  onFailed?: (payload: unknown, message: string) => Promise<void>;
  retryDelaySeconds?: (attempt: number) => number;
}

/**
 * Jobs of one lane run one at a time; lanes run side by side, so mail never waits behind a
 * transcode, nor an upload's transcode behind an hour of speech recognition or a batch of the
 * radio's loudness measurements.
 */
export type JobLane = 'default' | 'media' | 'speech' | 'analysis';

interface JobRow {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** How long a claimed job is its worker's: after that a dead worker's job is claimed again. */
const LOCK_SECONDS = 600;

/**
 * A durable queue in the database. A worker claims one job at a time with SKIP LOCKED; a job whose
 * worker died is claimed again once its lock expires, so work resumes after a restart. Typed by a
 * job map: the app's is `JobPayloads` (packages/shared); the queue's own tests bring theirs.
 */
export class JobQueue<M = JobPayloads> {
  private readonly handlers = new Map<string, Registered>();
  private running = false;
  private readonly wakers = new Set<() => void>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly database: Database,
    private readonly lockSeconds = LOCK_SECONDS,
  ) {}

  /** One handler per type; registering a type again replaces it. */
  register<T extends keyof M & string>(type: T, handler: JobHandler<M[T]>, opts: JobOptions<M[T]> = {}): void {
    this.handlers.set(type, {
      handler: handler as Registered['handler'],
      lane: opts.lane ?? 'default',
      onFailed: opts.onFailed as Registered['onFailed'],
      retryDelaySeconds: opts.retryDelaySeconds,
    });
  }

  private typesOf(lane?: JobLane): string[] {
    return [...this.handlers].filter(([, h]) => !lane || h.lane === lane).map(([type]) => type);
  }

  async enqueue<T extends keyof M & string>(type: T, payload: M[T], opts: { maxAttempts?: number } = {}) {
    const [row] = await this.database.query<{ id: string }>(
      'INSERT INTO jobs (type, payload, max_attempts) VALUES ($1, $2, $3) RETURNING id',
      [type, JSON.stringify(payload), opts.maxAttempts ?? 3],
    );
    for (const wake of this.wakers) wake();
    return row.id;
  }

  /**
   * Queues a job unless one of its type is already waiting: one scheduled run of a recurring job,
   * however many processes ask at once (an advisory lock serialises them). True when queued.
   */
  async enqueueUnlessWaiting<T extends keyof M & string>(
    type: T,
    payload: M[T],
    opts: { runAt: Date },
  ): Promise<boolean> {
    const queued = await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${type}))`);
      const waiting = (await tx.execute(
        sql`SELECT 1 FROM jobs WHERE type = ${type} AND status = 'queued' LIMIT 1`,
      )) as {
        rows: unknown[];
      };
      if (waiting.rows.length > 0) return false;
      await tx.execute(
        sql`INSERT INTO jobs (type, payload, run_at) VALUES (${type}, ${JSON.stringify(payload)}::jsonb, ${opts.runAt.toISOString()}::timestamptz)`,
      );
      return true;
    });
    if (queued) for (const wake of this.wakers) wake();
    return queued;
  }

  /** Claims and runs the next due job (of one lane, or any); false when there was none. */
  async runOnce(lane?: JobLane): Promise<boolean> {
    const types = this.typesOf(lane);
    if (types.length === 0) return false;
    const [job] = await this.database.query<JobRow>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = now(),
         locked_until = now() + make_interval(secs => ${Math.max(1, Math.round(this.lockSeconds))})
       WHERE id = (
         SELECT id FROM jobs
         WHERE type = ANY($1) AND run_at <= now()
           AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
         ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, type, payload, attempts, max_attempts`,
      [types],
    );
    if (!job) return false;
    try {
      await this.handlers.get(job.type)?.handler(job.payload);
      await this.database.query(`UPDATE jobs SET status = 'done', updated_at = now() WHERE id = $1`, [job.id]);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const final = job.attempts >= job.max_attempts;
      const delay = this.handlers.get(job.type)?.retryDelaySeconds?.(job.attempts) ?? 2 ** job.attempts;
      await this.database.query(
        `UPDATE jobs SET status = $2, last_error = $3, updated_at = now(),
           run_at = now() + make_interval(secs => $4), locked_until = NULL WHERE id = $1`,
        [job.id, final ? 'failed' : 'queued', message.slice(0, 2000), delay],
      );
      if (final) await this.handlers.get(job.type)?.onFailed?.(job.payload, message);
    }
    return true;
  }

  start(pollMs = 1000): void {
    if (this.running) return;
    this.running = true;
    const lanes = [...new Set([...this.handlers.values()].map((h) => h.lane))];
    this.loops = lanes.map((lane) => this.runLane(lane, pollMs));
  }

  private async runLane(lane: JobLane, pollMs: number): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce(lane);
      } catch {
        // database briefly unavailable: retry on the next tick
      }
      if (!worked && this.running) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, pollMs);
          this.wakers.add(wake);
        });
      }
    }
  }

  /** Resolves once no job is due (tests). */
  async drain(): Promise<void> {
    while (await this.runOnce()) {}
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const wake of [...this.wakers]) wake();
    await Promise.all(this.loops);
  }
}
