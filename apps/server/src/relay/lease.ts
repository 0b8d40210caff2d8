import { Redis } from 'ioredis';
import { DEFAULT_REDIS_LIMITS, type RedisLimits, redisConnectionOptions } from '../realtime/redis-options';

/**
 * Who holds each live broadcast (ADR 0046): the process with its publisher refreshes a short
 * lease; a lease that lapses means that process is gone (killed, frozen, cut off), and the one
 * process that notices first tells everyone. In Redis with several processes, in memory with one.
 */
export type LeaseAcquired = 'taken' | 'kept' | 'held' | 'lapsed';

export interface StreamLeases {
  /**
   * Takes or refreshes `holder`'s lease for `ttlMs`: 'taken' when it was free (new, or declared
   * lapsed since), 'kept' when `holder` already had it, 'held' when another holder has it,
   * 'lapsed' when it ran out and nobody has declared it yet (taken now: nobody else ever will, so
   * a process taking another's broadcast over must tell of the interruption itself).
   */
  acquire(streamId: string, holder: string, ttlMs: number): Promise<LeaseAcquired>;
  /** Lets the lease go at a clean end (nobody is told of an interruption). */
  release(streamId: string, holder: string): Promise<void>;
  /** The holder of a live lease, or null. */
  holder(streamId: string): Promise<string | null>;
  /** Leases that lapsed, each answered to exactly one caller (across processes). */
  takeLapsed(): Promise<string[]>;
  close(): Promise<void>;
}

const ACQUIRE = `
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return -1 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local added = redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[3])
-- No key but still indexed: it ran out and the sweep has not declared it (nobody was told).
if not cur and added == 0 then return 2 end
return added`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[2])
end
return 0`;

// The expiry index says which leases may have lapsed; the lease key, whether one really did.
const LAPSED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 100)) do
  if redis.call('EXISTS', ARGV[1] .. id) == 0 then
    redis.call('ZREM', KEYS[1], id)
    table.insert(out, id)
  end
end
return out`;

export class RedisStreamLeases implements StreamLeases {
  private readonly redis: Redis;
  private readonly index: string;

  constructor(
    url: string,
    private readonly prefix: string,
    limits: RedisLimits = DEFAULT_REDIS_LIMITS,
  ) {
    this.redis = new Redis(url, redisConnectionOptions(limits));
    this.redis.on('error', () => {}); // each command sees its failure
    this.index = `${prefix}leases`;
  }

  private key(streamId: string): string {
    return `${this.prefix}lease:${streamId}`;
  }

  async acquire(streamId: string, holder: string, ttlMs: number): Promise<LeaseAcquired> {
    const r = Number(await this.redis.eval(ACQUIRE, 2, this.key(streamId), this.index, holder, ttlMs, streamId));
    return r < 0 ? 'held' : r === 1 ? 'taken' : r === 2 ? 'lapsed' : 'kept';
  }

  async release(streamId: string, holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 2, this.key(streamId), this.index, holder, streamId);
  }

  holder(streamId: string): Promise<string | null> {
    return this.redis.get(this.key(streamId));
  }

  async takeLapsed(): Promise<string[]> {
    return (await this.redis.eval(LAPSED, 1, this.index, `${this.prefix}lease:`)) as string[];
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}

/** One process: the same rules in a Map (a lease lapses only if this process stalls past it). */
export class MemoryStreamLeases implements StreamLeases {
  private readonly leases = new Map<string, { holder: string; until: number }>();

  async acquire(streamId: string, holder: string, ttlMs: number): Promise<LeaseAcquired> {
    const now = Date.now();
    const cur = this.leases.get(streamId);
    if (cur && cur.holder !== holder && cur.until > now) return 'held';
    this.leases.set(streamId, { holder, until: now + ttlMs });
    if (cur && cur.until <= now) return 'lapsed';
    return cur ? 'kept' : 'taken';
  }

  async release(streamId: string, holder: string): Promise<void> {
    if (this.leases.get(streamId)?.holder === holder) this.leases.delete(streamId);
  }

  async holder(streamId: string): Promise<string | null> {
    const cur = this.leases.get(streamId);
    return cur && cur.until > Date.now() ? cur.holder : null;
  }

  async takeLapsed(): Promise<string[]> {
    const now = Date.now();
    const lapsed = [...this.leases].filter(([, l]) => l.until <= now).map(([id]) => id);
    for (const id of lapsed) this.leases.delete(id);
    return lapsed;
  }

  async close(): Promise<void> {}
}
