import type { RedisOptions } from 'ioredis';

/** How long Redis may take before the bus stops waiting for it (ADR 0031). */
export interface RedisLimits {
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  /** How often the bus checks its connections: an idle subscriber notices nothing on its own. */
  pingIntervalMs: number;
}

export const DEFAULT_REDIS_LIMITS: RedisLimits = {
  connectTimeoutMs: 5000,
  commandTimeoutMs: 3000,
  pingIntervalMs: 5000,
};

export function redisConnectionOptions(limits: RedisLimits): RedisOptions {
  return {
    connectTimeout: limits.connectTimeoutMs,
    commandTimeout: limits.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    // Reconnect quickly once Redis is back; never give up.
    retryStrategy: (times) => Math.min(times * 100, 1000),
    keepAlive: 10_000,
  };
}

/**
 * The per-deployment start of every channel name. Pub/sub ignores the database number, so
 * deployments sharing one Redis on different databases would hear each other without it.
 */
export function redisChannelPrefix(redisUrl: string, configured?: string): string {
  if (configured) return configured.endsWith(':') ? configured : `${configured}:`;
  const url = new URL(redisUrl);
  const db = Number.parseInt(url.pathname.slice(1) || url.searchParams.get('db') || '0', 10);
  return `wavecast:${Number.isFinite(db) ? db : 0}:`;
}
