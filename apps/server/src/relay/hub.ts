import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import type { RealtimeMessage } from '@wavecast/shared';
import type { EventBus } from '../realtime/bus';
import { IcecastForwarder, icecastListeners, icecastMount } from './icecast';
import { RecordingSink, rawRecordingPath } from './recording';
import { LiveSession, type Publisher, type Sink } from './session';

/** What tests may change (`configure`). */
export type LiveLimit = 'graceMs' | 'maxListenerBuffer' | 'burstMs' | 'ingestBytesPerSecond' | 'ingestBurstBytes';

export interface HubOptions {
  dataDir: string;
  icecastUrl?: string;
  graceMs: number;
  maxListenerBuffer: number;
  ingestBytesPerSecond: number;
  ingestBurstBytes: number;
  burstMs?: number;
  icecastPollMs?: number;
}

/** What the hub tells the live service (which owns the database side). */
export interface HubHooks {
  /** A publisher connection's first audio (`first`: the broadcast's first ever). */
  audio(streamId: string, first: boolean): Promise<void>;
  graceExpired(streamId: string): void;
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
  private readonly forwarders = new Map<string, IcecastForwarder>();
  private readonly counts = new Map<string, Map<string, { n: number; at: number }>>();
  private readonly icecastCounts = new Map<string, number>();
  private readonly totals = new Map<string, number>();
  private readonly pendingCount = new Map<string, NodeJS.Timeout>();
  private readonly unsubscribe: () => void;
  private readonly refreshTimer: NodeJS.Timeout;
  private readonly pollTimer?: NodeJS.Timeout;

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

  activeIds(): string[] {
    return [...this.sessions.keys()];
  }

  /**
   * Attaches a publisher, creating the session on first contact (throws if one is connected).
   * `onAir` runs once this connection's first audio arrived.
   */
  connectPublisher(stream: StreamInfo, onAir: () => void, onEnded?: () => void): Publisher {
    let session = this.sessions.get(stream.id);
    if (!session) session = this.createSession(stream);
    const s = session;
    return s.attachPublisher((first) => {
      if (first) this.startTaps(stream, s);
      // Confirmed as soon as audio arrives; the database catches up in parallel.
      onAir();
      this.hooks.audio(stream.id, first).catch((e) => this.hooks.log('live: marking the stream live failed', e));
    }, onEnded);
  }

  private createSession(stream: StreamInfo): LiveSession {
    const id = stream.id;
    const session = new LiveSession(
      id,
      {
        graceMs: this.opts.graceMs,
        maxListenerBuffer: this.opts.maxListenerBuffer,
        burstMs: this.opts.burstMs,
        ingestBytesPerSecond: this.opts.ingestBytesPerSecond,
        ingestBurstBytes: this.opts.ingestBurstBytes,
      },
      {
        listeners: (n) => this.localCountChanged(id, n),
        graceExpired: () => this.hooks.graceExpired(id),
      },
    );
    this.sessions.set(id, session);
    // Recorded from the very first byte (the file appears with the header).
    const recording = new RecordingSink(rawRecordingPath(this.opts.dataDir, id));
    this.recordings.set(id, recording);
    session.addTap(recording);
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
  async end(streamId: string): Promise<boolean> {
    const session = this.sessions.get(streamId);
    if (!session) return false;
    this.sessions.delete(streamId);
    session.end();
    this.forwarders.get(streamId)?.close();
    this.forwarders.delete(streamId);
    const recording = this.recordings.get(streamId);
    this.recordings.delete(streamId);
    this.counts.delete(streamId);
    this.icecastCounts.delete(streamId);
    this.totals.delete(streamId);
    clearTimeout(this.pendingCount.get(streamId));
    this.pendingCount.delete(streamId);
    if (!recording) return false;
    recording.close();
    await recording.done;
    return session.isLive;
  }

  /** Position in the broadcast (seconds of audio so far), for chat offsets. */
  mediaSeconds(streamId: string): number | null {
    const s = this.sessions.get(streamId);
    return s?.isLive ? s.timeline.mediaSeconds : null;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.refreshTimer);
    clearInterval(this.pollTimer);
    for (const t of this.pendingCount.values()) clearTimeout(t);
    // Raw recordings stay on disk: the next start finalizes them.
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
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
  }

  private onBus(msg: RealtimeMessage): void {
    if (msg.topic !== INTERNAL_TOPIC || msg.event !== 'live.listeners') return;
    const { streamId, processId, listeners } = msg.data as { streamId: string; processId: string; listeners: number };
    let byProcess = this.counts.get(streamId);
    if (!byProcess) {
      if (!this.sessions.has(streamId)) return;
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
