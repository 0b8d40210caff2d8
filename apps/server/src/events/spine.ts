import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventName, DomainEvents, RealtimeMessage } from '@wavecast/shared';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { EventBus } from '../realtime/bus';

/** The bus topic that carries delivered lifecycle events to every process. */
export const DOMAIN_TOPIC = 'internal:domain';

export type DomainHandler<K extends DomainEventName> = (event: DomainEvent<K>) => Promise<void> | void;
type AnyHandler = (event: DomainEvent) => Promise<void> | void;
type OutboxRow = { id: string; name: DomainEventName; payload: unknown; created_at: Date | string };

interface Log {
  error(obj: object, msg: string): void;
}

/** How long a dispatcher holds the rows it claimed; a dead one's rows are taken again after. */
const LEASE_SECONDS = 30;
/** Rows nobody delivered (their process died between commit and dispatch) are looked for this often. */
const SWEEP_MS = 5_000;
/** A recorded event this process has not seen delivered is looked for again after 10, 20, 40… ms, up to this. */
const MAX_RETRY_MS = 400;
/** A recorded id still unseen after this was rolled back with its transaction: stop looking. */
const FORGET_AFTER_MS = 10_000;

/**
 * The lifecycle spine (ADR 0027). `record` writes an event in the caller's transaction (the outbox);
 * a dispatcher claims undelivered rows (SKIP LOCKED, with a lease), publishes the event on the
 * bus, runs the `once` subscribers and marks it delivered. Every process runs its `on` subscribers
 * when the bus brings the event (its own included). Delivery is at least once: subscribers are
 * idempotent, and a process ignores an id it has handled.
 */
export class DomainEventSpine {
  private readonly everywhere = new Map<DomainEventName, AnyHandler[]>();
  private readonly onceOnly = new Map<DomainEventName, AnyHandler[]>();
  /** Ids recorded here and not yet seen delivered, with when they were recorded. */
  private readonly awaiting = new Map<string, number>();
  private readonly handled = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private flushing: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = 10;
  private sweep: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly database: Database,
    private readonly bus: EventBus,
    private readonly log: Log = { error: () => {} },
  ) {}

  /** Runs `handler` on every process for each `name` event (caches, sockets, connections held here). */
  on<K extends DomainEventName>(name: K, handler: DomainHandler<K>): void {
    this.add(this.everywhere, name, handler as AnyHandler);
  }

  /**
   * Runs `handler` once for each `name` event, on the process that dispatches it (outside calls:
   * Stripe, mail). At least once: it must be idempotent, and one that must not be lost queues a job.
   */
  once<K extends DomainEventName>(name: K, handler: DomainHandler<K>): void {
    this.add(this.onceOnly, name, handler as AnyHandler);
  }

  /** Writes the event in `tx`, the transaction of the change; it is delivered after the commit. */
  async record<K extends DomainEventName>(tx: Db, name: K, payload: DomainEvents[K]): Promise<void> {
    const id = randomUUID();
    await tx.execute(
      sql`INSERT INTO domain_events (id, name, payload) VALUES (${id}, ${name}, ${JSON.stringify(payload)}::jsonb)`,
    );
    this.awaiting.set(id, Date.now());
    this.scheduleRetry(0);
  }

  /** For a change made outside our transactions (better-auth's): recorded and delivered at once. */
  async publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    await this.record(this.database.db, name, payload);
    await this.flush();
  }

  /**
   * After the change's transaction committed: delivers its events now and waits (at most 2 s) until
   * this process's subscribers handled them, so the request that made the change answers after its
   * effects here (read-your-writes); other processes follow through the bus. Never throws.
   */
  async deliverNow(): Promise<void> {
    await this.settled(2_000).catch((err) => this.log.error({ err }, 'domain events: slow delivery'));
  }

  /** Starts listening on the bus and sweeping for rows a dead process left. */
  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.bus.subscribe((msg) => {
      if (msg.topic === DOMAIN_TOPIC && msg.event === 'domain.event')
        this.receive(msg as RealtimeMessage<'domain.event'>);
    });
    this.sweep = setInterval(() => void this.flush(), SWEEP_MS);
    this.sweep.unref();
    void this.flush();
  }

  /** Claims and dispatches what is waiting now (joins a dispatch under way). */
  flush(): Promise<void> {
    this.flushing ??= this.dispatch()
      .catch((err) => this.log.error({ err }, 'domain events: dispatch failed'))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  /**
   * Resolves once everything recorded here and committed was delivered and every handler that
   * started has ended (tests; call it after the change's transaction has ended).
   */
  async settled(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.awaiting.size > 0 || this.inFlight.size > 0 || this.flushing) {
      if (Date.now() > until) throw new Error(`domain events not settled: ${this.awaiting.size} awaiting`);
      await this.flush();
      await Promise.all([...this.inFlight]);
      if (this.awaiting.size > 0) await this.forgetRolledBack();
      if (this.awaiting.size > 0) await new Promise((r) => setTimeout(r, 10));
    }
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.sweep) clearInterval(this.sweep);
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.flushing;
    await Promise.all([...this.inFlight]);
  }

  /** Awaited ids with no row (their transaction rolled back, or has not committed yet) are no longer awaited. */
  private async forgetRolledBack(): Promise<void> {
    const ids = [...this.awaiting.keys()];
    const result: unknown = await this.database.db.execute(
      sql`SELECT id FROM domain_events WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const present = new Set((result as { rows: { id: string }[] }).rows.map((r) => r.id));
    for (const id of ids) if (!present.has(id)) this.awaiting.delete(id);
  }

  private add(map: Map<DomainEventName, AnyHandler[]>, name: DomainEventName, handler: AnyHandler) {
    map.set(name, [...(map.get(name) ?? []), handler]);
  }

  private scheduleRetry(ms: number): void {
    if (this.retry || !this.unsubscribe) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.flush().then(() => {
        const now = Date.now();
        for (const [id, at] of this.awaiting) if (now - at > FORGET_AFTER_MS) this.awaiting.delete(id);
        if (this.awaiting.size === 0) {
          this.retryMs = 10;
          return;
        }
        this.scheduleRetry(this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
      });
    }, ms);
  }

  private async dispatch(): Promise<void> {
    const result: unknown = await this.database.db.execute(sql`
      UPDATE domain_events SET claimed_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id IN (
        SELECT id FROM domain_events
        WHERE delivered_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, created_at`);
    // Both drivers answer `{ rows }` (the statement runs outside `database.query`, so the periodic
    // sweep never shows up in tests that count a request's statements).
    const claimed = (result as { rows: OutboxRow[] }).rows;
    claimed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    for (const row of claimed) {
      const event = {
        id: row.id,
        name: row.name,
        payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as never,
        at: new Date(row.created_at).toISOString(),
      } satisfies DomainEvent;
      // Every process first (sockets, broadcasts, caches), then the outside calls, which may be slow.
      await this.bus.publish(DOMAIN_TOPIC, 'domain.event', event);
      await this.runAll(this.onceOnly.get(event.name), event);
      await this.database.db.execute(sql`UPDATE domain_events SET delivered_at = now() WHERE id = ${row.id}`);
      this.awaiting.delete(row.id);
    }
  }

  private receive(msg: RealtimeMessage<'domain.event'>): void {
    const event = msg.data;
    this.awaiting.delete(event.id);
    if (this.handled.has(event.id)) return;
    this.handled.add(event.id);
    if (this.handled.size > 10_000) this.handled.delete(this.handled.values().next().value as string);
    const work = this.runAll(this.everywhere.get(event.name), event).finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async runAll(handlers: AnyHandler[] | undefined, event: DomainEvent): Promise<void> {
    for (const handler of handlers ?? []) {
      try {
        await handler(event);
      } catch (err) {
        this.log.error({ err, event: event.name, id: event.id }, 'domain event subscriber failed');
      }
    }
  }
}
