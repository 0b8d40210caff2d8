import type { AppContext } from '../../context';
import { redisChannelPrefix } from '../../realtime/redis-options';
import { MemoryStreamLeases, RedisStreamLeases, type StreamLeases } from '../../relay/lease';

/**
 * Who runs each channel's engine (ADR 0065): the live relay's leases (ADR 0046) keyed by channel
 * instead of stream, under their own prefix. In Redis with the Redis bus (several processes), in
 * memory with one.
 */
export function channelLeases(ctx: AppContext): StreamLeases {
  const url = ctx.bus.driver === 'redis' ? ctx.config.REDIS_URL : undefined;
  if (!url) return new MemoryStreamLeases();
  return new RedisStreamLeases(url, `${redisChannelPrefix(url, ctx.config.REDIS_PREFIX)}radio:`, {
    connectTimeoutMs: ctx.config.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: ctx.config.REDIS_COMMAND_TIMEOUT_MS,
    pingIntervalMs: ctx.config.REDIS_PING_INTERVAL_MS,
  });
}
