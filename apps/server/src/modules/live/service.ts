import { Readable } from 'node:stream';
import {
  LIVE_CAP_WARNING_SECONDS,
  LIVE_INGEST_BITS_PER_SECOND,
  LIVE_PUBLISHER_GRACE_MS,
  type Role,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { redisChannelPrefix } from '../../realtime/redis-options';
import { LiveHub, type LiveLimit } from '../../relay/hub';
import { billing } from '../billing';
import { LiveAllowance } from './allowance';
import { LiveChat } from './chat';
import { LiveHeartbeat } from './heartbeat';
import { LiveHls } from './hls';
import { IngestGate } from './ingest-gate';
import { NowPlayingWatch } from './now-playing';
import { RecordingFinalizer } from './recording-finalizer';
import type { LiveRuntime } from './runtime';
import { LiveStreams } from './streams';

const HEARTBEAT_MS = 5_000;
/** Unsent bytes after which a listener is dropped (about 16 s of 64 kbit/s audio). */
const MAX_LISTENER_BUFFER = 128 * 1024;
/**
 * A publisher's average byte rate may not exceed 256 KiB/s (8x Opus at its highest bitrate), with
 * bursts up to 4 MiB (a reconnect's backlog): a client flooding the relay is cut off.
 */
const INGEST_BYTES_PER_SECOND = 256 * 1024;
const INGEST_BURST_BYTES = 4 * 1024 * 1024;

export interface LiveServiceOptions {
  graceMs?: number;
  maxListenerBuffer?: number;
  heartbeatMs?: number;
}

/**
 * Live broadcasting in this process: the relay hub and the parts that use it, by job (streams,
 * the ingest gate, chat, the heartbeat, the recording finalizer), started and stopped together.
 */
export class LiveService implements LiveRuntime {
  readonly hub: LiveHub;
  readonly bootTime = new Date();
  readonly streams: LiveStreams;
  readonly chat: LiveChat;
  readonly ingest: IngestGate;
  readonly allowance: LiveAllowance;
  readonly hls: LiveHls;
  /** Now playing as ICY listeners and HLS runs of this process carry it (ADR 0045). */
  readonly nowPlaying: NowPlayingWatch;
  private readonly recordings: RecordingFinalizer;
  private readonly heartbeat: LiveHeartbeat;
  graceMs: number;
  readonly heartbeatMs: number;
  closed = false;

  constructor(
    readonly ctx: AppContext,
    readonly log: (msg: string, err?: unknown) => void,
    opts: LiveServiceOptions = {},
  ) {
    this.graceMs = opts.graceMs ?? LIVE_PUBLISHER_GRACE_MS;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.hub = new LiveHub(
      {
        dataDir: ctx.config.dataDir,
        icecastUrl: ctx.config.ICECAST_URL,
        // Mirrors need the Redis bus: with the in-memory bus there is one process, nothing to mirror.
        redisUrl: ctx.bus.driver === 'redis' ? ctx.config.REDIS_URL : undefined,
        mirrorPrefix: ctx.config.REDIS_URL
          ? `${redisChannelPrefix(ctx.config.REDIS_URL, ctx.config.REDIS_PREFIX)}live:`
          : undefined,
        redisLimits: {
          connectTimeoutMs: ctx.config.REDIS_CONNECT_TIMEOUT_MS,
          commandTimeoutMs: ctx.config.REDIS_COMMAND_TIMEOUT_MS,
          pingIntervalMs: ctx.config.REDIS_PING_INTERVAL_MS,
        },
        // Several processes: the recording goes to shared storage as it happens, so a process that
        // dies takes none of it along and any process can assemble it (ADR 0046).
        recordingParts:
          ctx.bus.driver === 'redis'
            ? { put: async (key, body) => void (await ctx.storage.put(key, Readable.from([body]))) }
            : undefined,
        graceMs: this.graceMs,
        maxListenerBuffer: opts.maxListenerBuffer ?? MAX_LISTENER_BUFFER,
        ingestBytesPerSecond: INGEST_BYTES_PER_SECOND,
        ingestBurstBytes: INGEST_BURST_BYTES,
      },
      ctx.bus,
      {
        audio: (id, first) => this.streams.onAudio(id, first),
        graceExpired: (id) =>
          void this.streams.endById(id).catch((e) => this.log('live: ending after grace failed', e)),
        viewers: (id, n) => void this.streams.onViewers(id, n),
        interrupted: (id) => this.streams.onInterrupted(id),
        resumed: (id) => void this.streams.onResumed(id),
        log,
      },
    );
    this.recordings = new RecordingFinalizer(this);
    // The free plan's allowance: billing decides what is left; ending works as End Stream does.
    this.allowance = new LiveAllowance(
      this,
      billing(ctx).entitlements,
      ctx.config.LIVE_CAP_WARNING_SECONDS ?? LIVE_CAP_WARNING_SECONDS,
      (id) => this.streams.endById(id),
    );
    this.streams = new LiveStreams(this, this.recordings, this.allowance);
    this.chat = new LiveChat(this);
    this.nowPlaying = new NowPlayingWatch(ctx.bus);
    this.hls = new LiveHls(this, this.streams, this.nowPlaying);
    this.ingest = new IngestGate(this, this.streams, this.allowance);
    this.heartbeat = new LiveHeartbeat(this, this.streams, this.allowance, this.heartbeatMs);
  }

  /**
   * The bitrate an encoder's audio may leave the relay at, by the owner's plan: the standard
   * (free) one, or null with HD publishing (the encoder's own Opus is relayed as is).
   */
  async encoderBitrateCap(owner: { id: string; role: Role }): Promise<number | null> {
    const { entitlements } = await billing(this.ctx).entitlements.of(owner);
    return entitlements.hdPublishing ? null : LIVE_INGEST_BITS_PER_SECOND.standard;
  }

  /** Tests shorten the grace period and change the bounds. */
  configure(o: Partial<Record<LiveLimit, number>>): void {
    this.hub.configure(o);
    if (o.graceMs !== undefined) this.graceMs = o.graceMs;
  }

  /** Background duties: heartbeats, ending abandoned streams, finalizing leftover recordings. */
  start(): void {
    void this.heartbeat.start().then(() => this.recordings.reconcile());
  }

  async close(): Promise<void> {
    this.closed = true;
    this.heartbeat.stop();
    this.allowance.stop();
    this.hls.close();
    this.nowPlaying.close();
    const carried = this.hub.activeIds();
    await this.hub.close();
    await this.streams.endCarried(carried);
    await this.recordings.allSettled();
  }

  /** Resolves once any recording work for the stream is done (tests, shutdown). */
  recordingSettled(id: string): Promise<void> {
    return this.recordings.settled(id);
  }
}
