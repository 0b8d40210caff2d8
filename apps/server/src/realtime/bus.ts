import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { RealtimeEventName, RealtimeEvents, RealtimeMessage } from '@wavecast/shared';
import { Redis } from 'ioredis';
import { DEFAULT_REDIS_LIMITS, type RedisLimits, redisChannelPrefix, redisConnectionOptions } from './redis-options';

type Handler = (msg: RealtimeMessage) => void;

/** Publishes typed events to every server process (in-process, or across processes through Redis). */
export interface EventBus {
  readonly driver: 'memory' | 'redis';
  publish<K extends RealtimeEventName>(topic: string, event: K, data: RealtimeEvents[K]): Promise<void>;
  subscribe(handler: Handler): () => void;
  /** Whether events reach the other processes (the in-process bus: always). */
  status(): 'ok' | 'down';
  close(): Promise<void>;
}

export class MemoryBus implements EventBus {
  readonly driver = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish<K extends RealtimeEventName>(topic: string, event: K, data: RealtimeEvents[K]) {
    this.emitter.emit('message', { topic, event, data } satisfies RealtimeMessage);
  }
  subscribe(handler: Handler) {
    this.emitter.on('message', handler);
    return () => this.emitter.off('message', handler);
  }
  status() {
    return 'ok' as const;
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

export interface RedisBusOptions extends Partial<RedisLimits> {
  /** Where state changes are told (default: the console). */
  log?: { warn(msg: string): void; info(msg: string): void };
}

/**
 * Events go to this process's subscribers at once and, through Redis, to the other processes.
 * While Redis cannot be reached the bus keeps working in-process (one warning), checks its
 * connections every ping interval, and resubscribes when Redis returns (ADR 0031).
 */
export class RedisBus implements EventBus {
  readonly driver = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new MemoryBus();
  /** Tags our own messages: they come back from Redis but were delivered here already. */
  private readonly origin = randomUUID();
  private readonly limits: RedisLimits;
  private readonly log: NonNullable<RedisBusOptions['log']>;
  private readonly timer: NodeJS.Timeout;
  private state: 'starting' | 'up' | 'down' = 'starting';
  private subscribed = false;
  private probing = false;
  private probeAgain = false;
  private closed = false;
  private readonly ready: Promise<void>;
  private markReady!: () => void;

  constructor(
    url: string,
    private readonly channel = 'wavecast:events',
    opts: RedisBusOptions = {},
  ) {
    this.limits = { ...DEFAULT_REDIS_LIMITS, ...opts };
    this.log = opts.log ?? { warn: (m) => console.warn(m), info: (m) => console.info(m) };
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    // No offline queue: a command while disconnected fails at once instead of waiting.
    const options = { ...redisConnectionOptions(this.limits), enableOfflineQueue: false, autoResubscribe: false };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    for (const conn of [this.pub, this.sub]) {
      conn.on('error', () => {}); // told once through the state change, not per reconnect attempt
      conn.on('ready', () => void this.probe());
    }
    this.sub.on('close', () => {
      this.subscribed = false; // a new connection starts without our subscription
    });
    this.sub.on('message', (_channel: string, raw: string) => {
      try {
        const msg = JSON.parse(raw) as RealtimeMessage & { origin?: string };
        if (msg.origin === this.origin) return;
        void this.local.publish(msg.topic, msg.event, msg.data as never);
      } catch {
        // a foreign message on our channel: ignore it
      }
    });
    this.timer = setInterval(() => void this.probe(), this.limits.pingIntervalMs);
    this.timer.unref();
  }

  async publish<K extends RealtimeEventName>(topic: string, event: K, data: RealtimeEvents[K]) {
    await this.local.publish(topic, event, data);
    if (this.state !== 'up') return;
    // Not awaited: the other processes' copy must not hold up this one for a command timeout.
    this.pub.publish(this.channel, JSON.stringify({ topic, event, data, origin: this.origin })).catch((err) => {
      this.setUp(false, err);
      this.reset(this.pub);
    });
  }
  subscribe(handler: Handler) {
    return this.local.subscribe(handler);
  }
  status(): 'ok' | 'down' {
    return this.state === 'up' ? 'ok' : 'down';
  }
  /** Resolves once the subscription is live (tests wait on it). */
  whenReady() {
    return this.ready;
  }

  /** Pings both connections (subscribing first when needed); a silent one is reconnected. */
  private async probe(): Promise<void> {
    if (this.closed) return;
    if (this.probing) {
      this.probeAgain = true; // a connection became ready meanwhile: check it right after
      return;
    }
    this.probing = true;
    this.probeAgain = false;
    try {
      const [pub, sub] = await Promise.allSettled([
        this.pub.ping(),
        this.subscribed
          ? this.sub.ping()
          : this.sub.subscribe(this.channel).then(() => {
              this.subscribed = true;
            }),
      ]);
      if (this.closed) return;
      if (pub.status === 'rejected') this.reset(this.pub);
      if (sub.status === 'rejected') {
        this.subscribed = false;
        this.reset(this.sub);
      }
      const failed = [pub, sub].find((r) => r.status === 'rejected');
      this.setUp(!failed, failed?.status === 'rejected' ? failed.reason : undefined);
    } finally {
      this.probing = false;
    }
    if (this.probeAgain) await this.probe();
  }

  /** A connection that stopped answering may still deliver stale replies later: start afresh. */
  private reset(conn: Redis): void {
    if (conn.status === 'ready' || conn.status === 'connect') conn.disconnect(true);
  }

  private setUp(up: boolean, err?: unknown): void {
    if (up && this.state !== 'up') {
      if (this.state === 'down') this.log.info('Redis is back: events reach every process again');
      this.state = 'up';
      this.markReady();
    } else if (!up && this.state !== 'down') {
      this.state = 'down';
      this.log.warn(`Redis unreachable (${errorText(err)}): events reach this process only until it returns`);
    }
  }

  async close() {
    this.closed = true;
    clearInterval(this.timer);
    // quit waits for Redis's answer, which may never come: bounded, then the sockets are dropped.
    const quit = (conn: Redis) =>
      Promise.race([conn.quit(), new Promise((r) => setTimeout(r, this.limits.commandTimeoutMs).unref())]);
    await Promise.allSettled([quit(this.pub), quit(this.sub)]);
    this.pub.disconnect();
    this.sub.disconnect();
    await this.local.close();
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err ?? 'no answer'));

export interface BusConfig {
  REDIS_URL?: string;
  REDIS_PREFIX?: string;
  REDIS_CONNECT_TIMEOUT_MS: number;
  REDIS_COMMAND_TIMEOUT_MS: number;
  REDIS_PING_INTERVAL_MS: number;
}

export function createBus(config: BusConfig, log?: RedisBusOptions['log']): EventBus {
  if (!config.REDIS_URL) return new MemoryBus();
  return new RedisBus(config.REDIS_URL, `${redisChannelPrefix(config.REDIS_URL, config.REDIS_PREFIX)}events`, {
    connectTimeoutMs: config.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
    pingIntervalMs: config.REDIS_PING_INTERVAL_MS,
    log,
  });
}
