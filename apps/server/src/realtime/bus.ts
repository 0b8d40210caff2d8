import { EventEmitter } from 'node:events';
import type { RealtimeEventName, RealtimeEvents, RealtimeMessage } from '@wavecast/shared';
import { Redis } from 'ioredis';

type Handler = (msg: RealtimeMessage) => void;

/** Publishes typed events to every server process (in-process, or across processes through Redis). */
export interface EventBus {
  readonly driver: 'memory' | 'redis';
  publish<K extends RealtimeEventName>(topic: string, event: K, data: RealtimeEvents[K]): Promise<void>;
  subscribe(handler: Handler): () => void;
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
  async close() {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements EventBus {
  readonly driver = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new MemoryBus();
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly channel = 'wavecast:events',
  ) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub.on('message', (_channel: string, raw: string) => {
      try {
        const msg = JSON.parse(raw) as RealtimeMessage;
        void this.local.publish(msg.topic, msg.event, msg.data as never);
      } catch {
        // a foreign message on our channel: ignore it
      }
    });
    this.ready = this.sub.subscribe(this.channel);
  }

  async publish<K extends RealtimeEventName>(topic: string, event: K, data: RealtimeEvents[K]) {
    await this.pub.publish(this.channel, JSON.stringify({ topic, event, data }));
  }
  subscribe(handler: Handler) {
    return this.local.subscribe(handler);
  }
  /** Resolves once the subscription is live (tests wait on it). */
  whenReady() {
    return this.ready.then(() => undefined);
  }
  async close() {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    await this.local.close();
  }
}

export function createBus(redisUrl?: string): EventBus {
  return redisUrl ? new RedisBus(redisUrl) : new MemoryBus();
}
