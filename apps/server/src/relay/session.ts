import { ListenerFanOut, type Sink } from './fan-out';
import { Pacer } from './pacer';
import { LiveTimeline } from './timeline';
import { WebmDemuxer } from './webm-demuxer';

export type { Sink } from './fan-out';

export interface SessionEvents {
  /** The listener count changed. */
  listeners(count: number): void;
  /** The publisher stayed away longer than the grace period. */
  graceExpired(): void;
}

export interface SessionOptions {
  graceMs: number;
  /** A publisher may send this many bytes a second on average, with bursts up to `ingestBurstBytes`. */
  ingestBytesPerSecond: number;
  ingestBurstBytes: number;
  /** A listener with more unsent bytes than this is dropped (its player reconnects at the edge). */
  maxListenerBuffer: number;
  /** Audio (ms) gathered per listener write (default LISTENER_BATCH.mediaMs; 0: every output at once). */
  listenerBatchMs?: number;
  burstMs?: number;
  /** Re-emit blocks at their audio pace (default true; a mirror's source is paced already). */
  paced?: boolean;
  /** The pacer's longest hold (default PACING.maxHoldMs). */
  pacingHoldMs?: number;
  /** A paced block whose release failed (logged; the broadcast goes on). */
  log?(msg: string, err?: unknown): void;
}

/** The publisher sent far more than real-time audio: the connection is cut, nothing is relayed. */
export class IngestTooFast extends Error {
  constructor() {
    super('Audio is arriving faster than real time');
  }
}

export interface Publisher {
  /** Feeds a chunk of the publisher's WebM; throws a WebmError on bytes we cannot relay. */
  push(chunk: Buffer): void;
  detach(): void;
}

/**
 * One live broadcast in this process: one publisher at a time, a shared timeline, and fan-out of
 * each produced Buffer to every listener, the recording and any forwarders.
 */
export class LiveSession {
  readonly timeline: LiveTimeline;
  /** Re-emits the publishers' blocks at their audio pace (ADR 0042). */
  readonly pacer: Pacer;
  private publisher: { ended?: () => void } | null = null;
  /** Listeners get the output in batches (ADR 0062); taps get each output at once. */
  private readonly listeners: ListenerFanOut;
  /** Always-on sinks (recording, Icecast): never dropped for being slow. */
  private readonly taps = new Set<Sink>();
  /** Sinks that arrived before the header: they join when it does. */
  private readonly waiting = new Set<{ sink: Sink; tap: boolean }>();
  private graceTimer?: NodeJS.Timeout;
  private heardAudio = false;
  private ended = false;
  /** Wall-clock ms when the publisher last left (null while connected). */
  publisherGoneAt: number | null = null;

  constructor(
    readonly streamId: string,
    private readonly opts: SessionOptions,
    private readonly events: SessionEvents,
  ) {
    this.timeline = new LiveTimeline(opts.burstMs);
    this.listeners = new ListenerFanOut({
      maxListenerBuffer: opts.maxListenerBuffer,
      batchMs: opts.listenerBatchMs,
      dropped: () => this.events.listeners(this.listenerCount),
    });
    this.pacer = new Pacer(
      () => this.flush(),
      undefined,
      (e) => opts.log?.('live relay: a paced block could not be relayed', e),
      opts.pacingHoldMs,
    );
  }

  get hasPublisher(): boolean {
    return this.publisher !== null;
  }
  get listenerCount(): number {
    let waiting = 0;
    for (const w of this.waiting) if (!w.tap) waiting++;
    return this.listeners.size + waiting;
  }
  /** Always-on sinks, waiting or joined (an idle mirror has neither listeners nor taps). */
  get tapCount(): number {
    let waiting = 0;
    for (const w of this.waiting) if (w.tap) waiting++;
    return this.taps.size + waiting;
  }
  get isLive(): boolean {
    return this.heardAudio;
  }
  get isEnded(): boolean {
    return this.ended;
  }

  /**
   * @param onAudio runs at this connection's first audio block (`first`: the broadcast's very first).
   * @param onEnded runs if the broadcast ends while this publisher is connected.
   */
  attachPublisher(onAudio: (first: boolean) => void, onEnded?: () => void): Publisher {
    if (this.ended) throw new Error('session ended');
    if (this.publisher) throw new Error('a publisher is already connected');
    const token = { ended: onEnded };
    this.publisher = token;
    this.publisherGoneAt = null;
    clearTimeout(this.graceTimer);
    const timelineSink = this.timeline.connection();
    const sink = this.opts.paced === false ? timelineSink : this.pacer.connection(timelineSink);
    const demuxer = new WebmDemuxer(sink);
    let heard = false;
    // A token bucket: refills at the allowed rate, holds at most one burst.
    const { ingestBytesPerSecond: rate, ingestBurstBytes: burst } = this.opts;
    let allowance = burst;
    let refilledAt = Date.now();
    return {
      push: (chunk) => {
        if (this.publisher !== token) return;
        const now = Date.now();
        allowance = Math.min(burst, allowance + ((now - refilledAt) / 1000) * rate) - chunk.length;
        refilledAt = now;
        if (allowance < 0) throw new IngestTooFast();
        try {
          demuxer.push(chunk);
        } finally {
          this.flush();
        }
        if (!heard && sink.blocks > 0) {
          heard = true;
          const first = !this.heardAudio;
          this.heardAudio = true;
          onAudio(first);
        }
      },
      detach: () => {
        if (this.publisher !== token) return;
        this.publisher = null;
        if (this.ended) return;
        this.publisherGoneAt = Date.now();
        this.graceTimer = setTimeout(() => {
          if (!this.publisher && !this.ended) this.events.graceExpired();
        }, this.opts.graceMs);
        this.graceTimer.unref?.();
      },
    };
  }

  addListener(sink: Sink): void {
    if (this.ended) {
      sink.close();
      return;
    }
    this.join(sink, false);
    this.events.listeners(this.listenerCount);
  }

  removeListener(sink: Sink): void {
    let removed = this.listeners.delete(sink);
    for (const w of this.waiting) {
      if (w.sink === sink) {
        this.waiting.delete(w);
        removed = true;
      }
    }
    if (removed) this.events.listeners(this.listenerCount);
  }

  addTap(sink: Sink): void {
    if (this.ended) {
      sink.close();
      return;
    }
    this.join(sink, true);
  }

  removeTap(sink: Sink): void {
    this.taps.delete(sink);
    for (const w of this.waiting) if (w.sink === sink) this.waiting.delete(w);
  }

  /** Ends the broadcast here: listeners' responses end, taps close. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.graceTimer);
    const publisher = this.publisher;
    this.publisher = null;
    publisher?.ended?.();
    // What was received but not yet due still reaches the recording and the listeners.
    this.pacer.drain();
    this.flush();
    const hadListeners = this.listenerCount > 0;
    this.listeners.closeAll();
    for (const s of this.taps) s.close();
    for (const w of this.waiting) w.sink.close();
    this.taps.clear();
    this.waiting.clear();
    if (hadListeners) this.events.listeners(0);
  }

  /** Sends what the timeline produced; sinks that waited for the header get everything from the very start. */
  private flush(): void {
    if (this.ended && this.listeners.size === 0 && this.taps.size === 0) return;
    const out = this.timeline.take();
    if (out) this.fanOut(out);
    this.joinWaiting(out);
  }

  /** A sink gets the header and recent audio, then every Buffer fanned out after that. */
  private join(sink: Sink, tap: boolean): void {
    const start = this.timeline.joinBytes();
    if (!start) {
      this.waiting.add({ sink, tap });
      return;
    }
    if (tap) {
      sink.write(start);
      this.taps.add(sink);
    } else {
      this.listeners.add(sink, start);
    }
  }

  /** Once the header exists: waiting sinks get it and the first output (after its fan-out). */
  private joinWaiting(firstOutput: Buffer | null): void {
    const header = this.timeline.header;
    if (this.waiting.size === 0 || !header) return;
    const start = firstOutput ? Buffer.concat([header.bytes, firstOutput]) : header.bytes;
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const w of waiting) {
      if (w.tap) {
        w.sink.write(start);
        this.taps.add(w.sink);
      } else {
        this.listeners.add(w.sink, start);
      }
    }
  }

  private fanOut(buf: Buffer): void {
    for (const s of this.taps) s.write(buf);
    this.listeners.push(buf, this.timeline.mediaSeconds * 1000);
  }
}
