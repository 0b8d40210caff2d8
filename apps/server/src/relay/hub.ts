import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import type { RealtimeMessage } from '@wavecast/shared';
import type { EventBus } from '../realtime/bus';
import type { RedisLimits } from '../realtime/redis-options';
import { IcecastForwarder, icecastListeners, icecastMount } from './icecast';
import { MemoryStreamLeases, RedisStreamLeases, type StreamLeases } from './lease';
import { FRAME, LiveMirrorBus, parseFrame } from './mirror-bus';
import { RecordingSink, rawRecordingPath } from './recording';
import { type PartStore, RecordingPartsSink, recordingPartsPrefix, recordingRunKey } from './recording-parts';
import { LiveSession, type Publisher, type Sink } from './session';

/** What tests may change (`configure`). */
export type LiveLimit =
  | 'graceMs'
  | 'maxListenerBuffer'
  | 'burstMs'
  | 'ingestBytesPerSecond'
  | 'ingestBurstBytes'
  | 'pacingHoldMs'
  | 'listenerBatchMs';

export interface HubOptions {
  dataDir: string;
  icecastUrl?: string;
  graceMs: number;
  maxListenerBuffer: number;
  ingestBytesPerSecond: number;
  ingestBurstBytes: number;
  burstMs?: number;
  /** The relay's longest pacing hold (ADR 0042; default PACING.maxHoldMs, 0: no pacing). */
  pacingHoldMs?: number;
  /** Audio (ms) gathered per listener write (ADR 0062; default LISTENER_BATCH.mediaMs, 0: none). */
  listenerBatchMs?: number;
  icecastPollMs?: number;
  /** Set (with the Redis bus): a listener on any process hears a broadcast published on another. */
  redisUrl?: string;
  /** Redis channel prefix of the mirror frames (tests isolate themselves with their own). */
  mirrorPrefix?: string;
  /** Redis timeouts of the mirror connections (default: DEFAULT_REDIS_LIMITS). */
  redisLimits?: RedisLimits;
  /** How long a broadcast's lease lasts unrefreshed (ADR 0046; default LEASE_TTL_MS). */
  leaseTtlMs?: number;
  /** Set (scale-out): the recording also goes to shared storage in parts as it happens (ADR 0046). */
  recordingParts?: PartStore;
}

/** What the hub tells the live service (which owns the database side). */
export interface HubHooks {
  /** A publisher connection's first audio (`first`: the broadcast's first ever). */
  audio(streamId: string, first: boolean): Promise<void>;
  graceExpired(streamId: string): void;
  /** The process holding a broadcast stopped refreshing its lease (told by one process only). */
  interrupted?(streamId: string): void | Promise<void>;
  /** This process got back a lease others had declared lapsed (it had stalled, not died). */
  resumed?(streamId: string): void;
  /** The total listener count of a stream this process publishes changed. */
  viewers(streamId: string, viewers: number): void;
  log(msg: string, err?: unknown): void;
}

export interface StreamInfo {
  id: string;
  title: string;
  description: string | null;
}

const INTERNAL_TOPIC = 'internal:live';
const COUNT_TTL_MS = 15_000;
const COUNT_REFRESH_MS = 5_000;
/** How long a mirror waits for the origin's join point before the listener gets a 404. */
const MIRROR_JOIN_TIMEOUT_MS = 3_000;
/** A mirror with no listener and no tap closes after this long (checked on the count refresh). */
const MIRROR_LINGER_MS = 5_000;
/** A mirror hearing nothing for the grace period plus this long assumes its origin is gone. */
const MIRROR_SILENCE_MS = 15_000;
/**
 * A broadcast's lease lasts this long unrefreshed; it is refreshed (and lapsed ones looked for)
 * four times as often, so a dead holder is noticed within about 2.5 s (listeners are told in 3).
 */
export const LEASE_TTL_MS = 2_000;
/** How long a process waits for a broadcast's holder to let it go (it answers within milliseconds). */
const HANDOVER_WAIT_MS = 3_000;
/** Mirrors take what the origin already let through: no ingest limit of their own. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** A session fed over Redis from the process that holds the broadcast's publisher. */
interface Mirror {
  session: LiveSession;
  unsubscribe: () => void;
  lastFrameAt: number;
  idleSince: number | null;
}

/** The origin side: a tap on the real session that forwards its output while anyone mirrors it. */
class OriginFeed implements Sink {
  private skipJoin = true;
  private generation = 0;

  constructor(
    private readonly bus: LiveMirrorBus,
    private readonly streamId: string,
    private readonly session: LiveSession,
    private readonly onIdle: () => void,
  ) {}

  /** Answers one mirror: the join bytes go out between two fan-outs, so nothing is lost or doubled. */
  join(mirrorId: string): void {
    this.generation++;
    const start = this.session.timeline.joinBytes();
    if (start) void this.bus.publish(this.streamId, FRAME.join, start, mirrorId).catch(() => {});
  }

  write(buf: Buffer): void {
    // A tap first gets its own join bytes: mirrors get theirs from join().
    if (this.skipJoin) {
      this.skipJoin = false;
      return;
    }
    const generation = this.generation;
    void this.bus
      .publish(this.streamId, FRAME.data, buf)
      .then((receivers) => {
        // Nobody subscribed any more (and no join since): stop publishing until the next join.
        if (receivers === 0 && generation === this.generation) this.onIdle();
      })
      .catch(() => {});
  }
  buffered(): number {
    return 0;
  }
  close(): void {}
}

/** A listener's HTTP connection as a sink (written to directly: no chunked framing, like Icecast). */
export function socketSink(socket: net.Socket): Sink & { drop(): void } {
  return {
    write: (buf) => {
      socket.write(buf);
    },
    buffered: () => socket.writableLength,
    close: () => {
      socket.end();
      // A listener that stopped reading must not keep the socket open forever.
      setTimeout(() => socket.destroy(), 5000).unref();
    },
    drop: () => socket.destroy(),
  };
}

/**
 * The live broadcasts of this process: sessions with their recording and Icecast forwarding, and
 * listener counts summed across processes over the bus.
 */
export class LiveHub {
  readonly processId = randomUUID();
  private readonly sessions = new Map<string, LiveSession>();
  private readonly recordings = new Map<string, RecordingSink>();
  private readonly recordingParts = new Map<string, RecordingPartsSink>();
  private readonly forwarders = new Map<string, IcecastForwarder>();
  private readonly counts = new Map<string, Map<string, { n: number; at: number }>>();
  private readonly icecastCounts = new Map<string, number>();
  private readonly totals = new Map<string, number>();
  private readonly pendingCount = new Map<string, NodeJS.Timeout>();
  private readonly unsubscribe: () => void;
  private readonly refreshTimer: NodeJS.Timeout;
  private readonly pollTimer?: NodeJS.Timeout;
  private readonly mirrorBus?: LiveMirrorBus;
  private readonly feeds = new Map<string, OriginFeed>();
  private readonly mirrors = new Map<string, Mirror>();
  private readonly opening = new Map<string, Promise<LiveSession | undefined>>();
  private readonly leases: StreamLeases;
  private readonly declaredLapsed = new Set<string>();
  private readonly leaseTimer: NodeJS.Timeout;
  private leaseTick: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly opts: HubOptions,
    private readonly bus: EventBus,
    private readonly hooks: HubHooks,
  ) {
    this.unsubscribe = bus.subscribe((msg) => this.onBus(msg));
    this.refreshTimer = setInterval(() => this.refreshCounts(), COUNT_REFRESH_MS);
    this.refreshTimer.unref();
    if (opts.icecastUrl) {
      this.pollTimer = setInterval(() => void this.pollIcecast(), opts.icecastPollMs ?? 3000);
      this.pollTimer.unref();
    }
    if (opts.redisUrl) {
      this.mirrorBus = new LiveMirrorBus(
        opts.redisUrl,
        opts.mirrorPrefix,
        (streamId, mirrorId) => this.onJoinRequest(streamId, mirrorId),
        opts.redisLimits,
      );
    }
    this.leases = opts.redisUrl
      ? new RedisStreamLeases(opts.redisUrl, opts.mirrorPrefix ?? 'wavecast:live:', opts.redisLimits)
      : new MemoryStreamLeases();
    this.leaseTimer = setInterval(() => {
      // One round at a time: a slow Redis must not pile rounds up.
      this.leaseTick = this.leaseTick.then(() => this.refreshLeases());
    }, this.leaseTtlMs / 4);
    this.leaseTimer.unref();
  }

  private get leaseTtlMs(): number {
    return this.opts.leaseTtlMs ?? LEASE_TTL_MS;
  }

  /**
   * Takes the broadcast's lease for this process before its publisher attaches here: false while
   * another process holds it (that one is alive and has the broadcast).
   */
  async claim(streamId: string): Promise<boolean> {
    return (await this.leases.acquire(streamId, this.processId, this.leaseTtlMs)) !== 'held';
  }

  /**
   * Takes a broadcast held by another process over: at once when its lease is free (its holder
   * died), else by asking the holder to let go, which it does only while it has no publisher (its
   * publisher is the one coming back here). False when the holder keeps it.
   */
  async takeOver(streamId: string, timeoutMs = HANDOVER_WAIT_MS): Promise<boolean> {
    const acquire = () => this.leases.acquire(streamId, this.processId, this.leaseTtlMs);
    let r = await acquire();
    if (r === 'held') {
      await this.bus.publish(INTERNAL_TOPIC, 'live.handover', { streamId, processId: this.processId });
      const deadline = Date.now() + timeoutMs;
      while (r === 'held' && Date.now() < deadline && !this.closed) {
        await new Promise((res) => setTimeout(res, 100));
        r = await acquire();
      }
    }
    if (r === 'held') return false;
    // A mirror of it here gives way to the broadcast itself (its listeners reconnect to it).
    this.closeMirror(streamId);
    // Its holder died and no sweep has said so yet (an encoder reconnecting at once is usually
    // faster): none ever will, so this process tells of the interruption before the broadcast
    // resumes here (listeners elsewhere let their mirrors go and reconnect; pages say so).
    if (r === 'lapsed') await this.hooks.interrupted?.(streamId);
    return true;
  }

  /** Whether other processes see this one's leases (Redis): a broadcast can move between them. */
  get sharesLeases(): boolean {
    return !!this.opts.redisUrl;
  }

  /** The process holding the broadcast's lease (null: nobody, e.g. its holder died). */
  leaseHolder(streamId: string): Promise<string | null> {
    return this.leases.holder(streamId);
  }

  /** Refreshes the leases of the broadcasts held here, and tells of those that lapsed elsewhere. */
  private async refreshLeases(): Promise<void> {
    if (this.closed) return;
    try {
      for (const id of this.activeIds()) {
        const r = await this.leases.acquire(id, this.processId, this.leaseTtlMs);
        // Free again while held here: another process declared it lapsed (listeners were told),
        // unless this one did so itself (nobody was told).
        if (r === 'taken' && !this.declaredLapsed.delete(id)) this.hooks.resumed?.(id);
        if (r === 'held') {
          // Another process took the broadcast over while this one stalled: it is theirs now.
          this.hooks.log(`live: the broadcast ${id} is held by another process now; letting it go here`);
          void this.end(id, { keepLease: true });
        }
      }
      for (const id of await this.leases.takeLapsed()) {
        if (this.sessions.has(id) && !this.mirrors.has(id)) {
          // Ours: this process stalled past its own lease. Taken back at the next round.
          this.declaredLapsed.add(id);
          continue;
        }
        // Listeners here reconnect (other processes close theirs on the live.interrupted event).
        this.closeMirror(id);
        void this.hooks.interrupted?.(id);
      }
    } catch (e) {
      if (!this.closed) this.hooks.log('live: refreshing the broadcast leases failed', e);
    }
  }

  /** Resolves once the mirror channel listens (tests wait on it before publishing). */
  async whenReady(): Promise<void> {
    await this.mirrorBus?.whenReady();
  }

  /** Tests shorten the grace period and change the bounds (applies to new sessions). */
  configure(o: Partial<Pick<HubOptions, LiveLimit>>): void {
    Object.assign(this.opts, o);
  }

  /** The publisher byte-rate cap new sessions get (the encoder ingest applies it to its input too). */
  get ingestLimits(): { bytesPerSecond: number; burstBytes: number } {
    return { bytesPerSecond: this.opts.ingestBytesPerSecond, burstBytes: this.opts.ingestBurstBytes };
  }

  get(streamId: string): LiveSession | undefined {
    return this.sessions.get(streamId);
  }

  /** Broadcasts whose publisher this process holds (mirrors excluded). */
  activeIds(): string[] {
    return [...this.sessions.keys()].filter((id) => !this.mirrors.has(id));
  }

  /** Broadcasts published on another process that this one mirrors. */
  mirroredIds(): string[] {
    return [...this.mirrors.keys()];
  }

  isMirror(streamId: string): boolean {
    return this.mirrors.has(streamId);
  }

  /**
   * The session listeners and taps use: this process's own, or a mirror of a broadcast published
   * on another process (Redis only). Undefined when nobody here or elsewhere holds it.
   */
  async open(streamId: string): Promise<LiveSession | undefined> {
    const local = this.sessions.get(streamId);
    if (local && !local.isEnded) return local;
    if (!this.mirrorBus || this.closed) return undefined;
    let pending = this.opening.get(streamId);
    if (!pending) {
      pending = this.openMirror(this.mirrorBus, streamId).finally(() => this.opening.delete(streamId));
      this.opening.set(streamId, pending);
    }
    return pending;
  }

  /**
   * Attaches a publisher, creating the session on first contact (throws if one is connected).
   * `onAir` runs once this connection's first audio arrived.
   */
  connectPublisher(stream: StreamInfo, onAir: () => void, onEnded?: () => void): Publisher {
    let session = this.sessions.get(stream.id);
    if (!session) {
      session = this.createSession(stream);
      // Normally claimed already (the ingest gate); a hub used on its own takes it here.
      void this.claim(stream.id).catch(() => {});
    }
    const s = session;
    return s.attachPublisher((first) => {
      if (first) this.startTaps(stream, s);
      // Confirmed as soon as audio arrives; the database catches up in parallel.
      onAir();
      this.hooks.audio(stream.id, first).catch((e) => this.hooks.log('live: marking the stream live failed', e));
    }, onEnded);
  }

  private newSession(id: string, mirror: boolean): LiveSession {
    return new LiveSession(
      id,
      {
        graceMs: this.opts.graceMs,
        maxListenerBuffer: this.opts.maxListenerBuffer,
        listenerBatchMs: this.opts.listenerBatchMs,
        burstMs: this.opts.burstMs,
        ingestBytesPerSecond: mirror ? UNLIMITED : this.opts.ingestBytesPerSecond,
        ingestBurstBytes: mirror ? UNLIMITED : this.opts.ingestBurstBytes,
        // A mirror gets the origin's output, already paced (its join burst must not delay it).
        paced: !mirror,
        pacingHoldMs: this.opts.pacingHoldMs,
        log: (msg, err) => this.hooks.log(msg, err),
      },
      {
        listeners: (n) => this.localCountChanged(id, n),
        graceExpired: () => {
          if (!this.mirrors.has(id)) this.hooks.graceExpired(id);
        },
      },
    );
  }

  private createSession(stream: StreamInfo): LiveSession {
    const id = stream.id;
    const session = this.newSession(id, false);
    this.sessions.set(id, session);
    // Recorded from the very first byte (the file appears with the header).
    const recording = new RecordingSink(rawRecordingPath(this.opts.dataDir, id));
    this.recordings.set(id, recording);
    session.addTap(recording);
    if (this.opts.recordingParts) {
      const run = `${recordingPartsPrefix(id)}${recordingRunKey(Date.now(), this.processId)}/`;
      const parts = new RecordingPartsSink(this.opts.recordingParts, run, this.hooks.log);
      this.recordingParts.set(id, parts);
      session.addTap(parts);
    }
    return session;
  }

  /** Icecast starts with the first audio: a stream that never went on air makes no mount. */
  private startTaps(stream: StreamInfo, session: LiveSession): void {
    if (this.opts.icecastUrl) {
      const fwd = new IcecastForwarder({
        icecastUrl: this.opts.icecastUrl,
        streamId: stream.id,
        name: stream.title,
        description: stream.description ?? '',
        joinBytes: () => session.timeline.joinBytes(),
        log: this.hooks.log,
      });
      this.forwarders.set(stream.id, fwd);
      session.addTap(fwd);
      fwd.start();
    }
  }

  /** Adds a listener's socket; false when this process has no such broadcast. */
  addListener(streamId: string, sink: Sink): boolean {
    const session = this.sessions.get(streamId);
    if (!session || session.isEnded) return false;
    session.addListener(sink);
    return true;
  }

  removeListener(streamId: string, sink: Sink): void {
    this.sessions.get(streamId)?.removeListener(sink);
  }

  /** Where listeners should play from when Icecast carries the broadcast. */
  listenUrl(streamId: string): string | null {
    return this.opts.icecastUrl ? icecastMount(this.opts.icecastUrl, streamId).listenUrl : null;
  }

  /**
   * Ends the broadcast in this process. Resolves once the raw recording is on disk (true when
   * there is one to finalize).
   */
  async end(streamId: string, o: { keepLease?: boolean } = {}): Promise<boolean> {
    if (this.mirrors.has(streamId)) {
      this.closeMirror(streamId);
      return false;
    }
    const session = this.sessions.get(streamId);
    if (!session) {
      // Claimed here without a publisher attached since: not ours to keep.
      if (!o.keepLease) void this.leases.release(streamId, this.processId).catch(() => {});
      return false;
    }
    this.sessions.delete(streamId);
    this.declaredLapsed.delete(streamId);
    if (!o.keepLease) void this.leases.release(streamId, this.processId).catch(() => {});
    this.feeds.delete(streamId);
    if (this.mirrorBus) void this.mirrorBus.publish(streamId, FRAME.end, Buffer.alloc(0)).catch(() => {});
    session.end();
    this.forwarders.get(streamId)?.close();
    this.forwarders.delete(streamId);
    const recording = this.recordings.get(streamId);
    this.recordings.delete(streamId);
    const parts = this.recordingParts.get(streamId);
    this.recordingParts.delete(streamId);
    parts?.close();
    this.counts.delete(streamId);
    this.icecastCounts.delete(streamId);
    this.totals.delete(streamId);
    clearTimeout(this.pendingCount.get(streamId));
    this.pendingCount.delete(streamId);
    if (!recording) return false;
    recording.close();
    await Promise.all([recording.done, parts?.done]);
    return session.isLive;
  }

  /** Position in the broadcast (seconds of audio so far), for chat offsets. */
  mediaSeconds(streamId: string): number | null {
    const s = this.sessions.get(streamId);
    return s?.isLive ? s.timeline.mediaSeconds : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.mirrors.keys()]) this.closeMirror(id);
    this.unsubscribe();
    clearInterval(this.refreshTimer);
    clearInterval(this.pollTimer);
    clearInterval(this.leaseTimer);
    for (const t of this.pendingCount.values()) clearTimeout(t);
    // Raw recordings stay on disk: the next start finalizes them.
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
    await this.leaseTick;
    await this.mirrorBus?.close();
    await this.leases.close();
  }

  // Mirrors (ADR 0019): the origin publishes its output to Redis while a mirror asks for it.

  private onJoinRequest(streamId: string, mirrorId: string): void {
    const session = this.sessions.get(streamId);
    if (!session || session.isEnded || this.mirrors.has(streamId) || !this.mirrorBus) return;
    let feed = this.feeds.get(streamId);
    if (!feed) {
      const created = new OriginFeed(this.mirrorBus, streamId, session, () => {
        if (this.feeds.get(streamId) !== created) return;
        this.feeds.delete(streamId);
        session.removeTap(created);
      });
      feed = created;
      this.feeds.set(streamId, feed);
      session.addTap(feed);
    }
    feed.join(mirrorId);
  }

  private async openMirror(bus: LiveMirrorBus, streamId: string): Promise<LiveSession | undefined> {
    const mirrorId = randomUUID();
    const session = this.newSession(streamId, true);
    const publisher = session.attachPublisher(() => {});
    let joined = false;
    let settle: (ok: boolean) => void = () => {};
    const settled = new Promise<boolean>((resolve) => (settle = resolve));
    const mirror: Mirror = { session, unsubscribe: () => {}, lastFrameAt: Date.now(), idleSince: null };
    mirror.unsubscribe = await bus.subscribe(streamId, (raw) => {
      const frame = parseFrame(raw);
      mirror.lastFrameAt = Date.now();
      if (frame.type === FRAME.end) {
        if (joined) this.closeMirror(streamId);
        else settle(false);
        return;
      }
      if (frame.type === FRAME.join) {
        if (joined || frame.mirrorId !== mirrorId) return;
        joined = true;
      } else if (!joined) {
        return;
      }
      try {
        publisher.push(frame.payload);
      } catch (e) {
        this.hooks.log('live: a mirrored chunk could not be relayed', e);
        if (this.mirrors.has(streamId)) this.closeMirror(streamId);
        settle(false);
        return;
      }
      settle(true);
    });
    await bus.requestJoin(streamId, mirrorId);
    const timer = setTimeout(() => settle(false), MIRROR_JOIN_TIMEOUT_MS);
    const ok = await settled;
    clearTimeout(timer);
    if (!ok || this.closed || session.isEnded || this.sessions.has(streamId)) {
      mirror.unsubscribe();
      session.end();
      return ok && !this.closed ? this.sessions.get(streamId) : undefined;
    }
    this.sessions.set(streamId, session);
    this.mirrors.set(streamId, mirror);
    return session;
  }

  private closeMirror(streamId: string): void {
    const mirror = this.mirrors.get(streamId);
    if (!mirror) return;
    this.mirrors.delete(streamId);
    if (this.sessions.get(streamId) === mirror.session) this.sessions.delete(streamId);
    mirror.unsubscribe();
    mirror.session.end();
  }

  /** Closes mirrors nobody uses any more, and those whose origin went silent. */
  private sweepMirrors(now: number): void {
    for (const [id, m] of this.mirrors) {
      const idle = m.session.listenerCount === 0 && m.session.tapCount === 0;
      if (!idle) m.idleSince = null;
      else m.idleSince ??= now;
      const silent = now - m.lastFrameAt > this.opts.graceMs + MIRROR_SILENCE_MS;
      if (silent || (m.idleSince !== null && now - m.idleSince >= MIRROR_LINGER_MS)) this.closeMirror(id);
    }
  }

  // Listener counts: each process announces its own; the publishing process sums and reports.

  private localCountChanged(streamId: string, _n: number): void {
    if (this.pendingCount.has(streamId)) return;
    const t = setTimeout(() => {
      this.pendingCount.delete(streamId);
      this.announce(streamId);
    }, 150);
    t.unref();
    this.pendingCount.set(streamId, t);
  }

  private announce(streamId: string): void {
    const listeners = this.sessions.get(streamId)?.listenerCount ?? 0;
    void this.bus.publish(INTERNAL_TOPIC, 'live.listeners', { streamId, processId: this.processId, listeners });
  }

  private refreshCounts(): void {
    for (const id of this.sessions.keys()) this.announce(id);
    this.sweepMirrors(Date.now());
  }

  private onBus(msg: RealtimeMessage): void {
    if (msg.event === 'live.ended' || msg.event === 'live.interrupted') {
      // Interrupted: its listeners' connections end here, so their players reconnect to wherever
      // the broadcast comes back.
      this.closeMirror((msg.data as { streamId: string }).streamId);
      return;
    }
    if (msg.topic === INTERNAL_TOPIC && msg.event === 'live.handover') {
      const { streamId, processId } = msg.data as { streamId: string; processId: string };
      const session = this.sessions.get(streamId);
      if (processId === this.processId || !session || this.mirrors.has(streamId) || session.hasPublisher) return;
      // Our publisher is back, elsewhere: the broadcast goes on there (listeners here reconnect,
      // this run of the recording is stored; the stream's row stays open).
      void this.end(streamId);
      return;
    }
    if (msg.topic !== INTERNAL_TOPIC || msg.event !== 'live.listeners') return;
    const { streamId, processId, listeners } = msg.data as { streamId: string; processId: string; listeners: number };
    let byProcess = this.counts.get(streamId);
    if (!byProcess) {
      // Only the origin sums the counts: mirrors just announce theirs.
      if (!this.sessions.has(streamId) || this.mirrors.has(streamId)) return;
      byProcess = new Map();
      this.counts.set(streamId, byProcess);
    }
    byProcess.set(processId, { n: listeners, at: Date.now() });
    this.recompute(streamId);
  }

  private recompute(streamId: string): void {
    const session = this.sessions.get(streamId);
    if (!session || session.isEnded) return;
    const now = Date.now();
    let total = this.icecastCounts.get(streamId) ?? 0;
    for (const [pid, c] of this.counts.get(streamId) ?? []) {
      if (now - c.at > COUNT_TTL_MS) this.counts.get(streamId)?.delete(pid);
      else total += c.n;
    }
    if (this.totals.get(streamId) === total) return;
    this.totals.set(streamId, total);
    this.hooks.viewers(streamId, total);
  }

  private async pollIcecast(): Promise<void> {
    if (!this.opts.icecastUrl || this.forwarders.size === 0) return;
    const counts = await icecastListeners(this.opts.icecastUrl);
    if (!counts) return;
    for (const [id, fwd] of this.forwarders) {
      this.icecastCounts.set(id, counts.get(fwd.mount) ?? 0);
      this.recompute(id);
    }
  }
}
