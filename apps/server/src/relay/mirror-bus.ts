import { Redis } from 'ioredis';
import { DEFAULT_REDIS_LIMITS, type RedisLimits, redisConnectionOptions } from '../realtime/redis-options';

/**
 * The binary side channel that carries live audio between server processes over Redis pub/sub
 * (ADR 0019). One channel per stream carries frames: a type byte, then the payload.
 *
 * - `D` + WebM bytes: the origin's output, exactly as its listeners get it.
 * - `J` + 36-byte mirror id + WebM bytes: the answer to one mirror's join request (header and the
 *   recent audio in its clusters). Published on the same connection as the `D` frames, so a mirror
 *   sees its join point in order and needs nothing before it.
 * - `E`: the broadcast ended.
 *
 * Join requests travel on one control channel as `streamId mirrorId` text.
 */
export const FRAME = { data: 0x44, join: 0x4a, end: 0x45 } as const;
const ID_LENGTH = 36;

type FrameHandler = (frame: Buffer) => void;

export interface MirrorFrame {
  type: number;
  mirrorId?: string;
  payload: Buffer;
}

export function parseFrame(frame: Buffer): MirrorFrame {
  const type = frame[0];
  if (type === FRAME.join) {
    return {
      type,
      mirrorId: frame.subarray(1, 1 + ID_LENGTH).toString('latin1'),
      payload: frame.subarray(1 + ID_LENGTH),
    };
  }
  return { type, payload: frame.subarray(1) };
}

export class LiveMirrorBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<FrameHandler>>();
  private readonly ready: Promise<unknown>;
  private readonly controlChannel: string;

  constructor(
    url: string,
    private readonly prefix = 'wavecast:live:',
    onJoinRequest: (streamId: string, mirrorId: string) => void = () => {},
    limits: RedisLimits = DEFAULT_REDIS_LIMITS,
  ) {
    this.controlChannel = `${prefix}join`;
    // Timeouts so a Redis that stops answering fails a mirror's join instead of hanging it.
    this.pub = new Redis(url, redisConnectionOptions(limits));
    this.sub = new Redis(url, redisConnectionOptions(limits));
    this.pub.on('error', () => {}); // the frames' publish calls see the failures
    this.sub.on('error', () => {});
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const name = channel.toString();
      if (name === this.controlChannel) {
        const [streamId, mirrorId] = message.toString().split(' ');
        if (streamId && mirrorId?.length === ID_LENGTH) onJoinRequest(streamId, mirrorId);
        return;
      }
      for (const h of this.handlers.get(name) ?? []) h(message);
    });
    this.ready = this.sub.subscribe(this.controlChannel);
    this.ready.catch(() => {}); // a timed-out first subscribe is retried on reconnect (autoResubscribe)
  }

  whenReady(): Promise<void> {
    return this.ready.then(() => undefined);
  }

  private channel(streamId: string): string {
    return `${this.prefix}${streamId}`;
  }

  /** Publishes a frame; resolves with how many processes received it (0: nobody mirrors). */
  publish(streamId: string, type: number, payload: Buffer, mirrorId?: string): Promise<number> {
    const head = Buffer.alloc(mirrorId ? 1 + ID_LENGTH : 1);
    head[0] = type;
    if (mirrorId) head.write(mirrorId, 1, 'latin1');
    return this.pub.publish(this.channel(streamId), Buffer.concat([head, payload]));
  }

  /** Asks the origin of a stream for a join point addressed to `mirrorId`. */
  async requestJoin(streamId: string, mirrorId: string): Promise<void> {
    await this.pub.publish(this.controlChannel, `${streamId} ${mirrorId}`);
  }

  /** Receives a stream's frames; resolves once Redis confirmed the subscription. */
  async subscribe(streamId: string, handler: FrameHandler): Promise<() => void> {
    const name = this.channel(streamId);
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
      await this.sub.subscribe(name);
    }
    set.add(handler);
    return () => {
      const s = this.handlers.get(name);
      if (!s?.delete(handler) || s.size > 0) return;
      this.handlers.delete(name);
      this.sub.unsubscribe(name).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
