/** Somewhere the stream's bytes go: a listener's socket, the recording file, an Icecast source. */
export interface Sink {
  write(buf: Buffer): void;
  /** Bytes written but not yet sent (the kernel's buffers come on top). */
  buffered(): number;
  close(): void;
  /** Cut off at once (a listener too far behind); defaults to close. */
  drop?(): void;
}

/**
 * How listeners' writes are batched (ADR 0062). A write to a listener's socket costs about the
 * same whatever its size (a loopback or NIC send is mostly per-call work), so the fan-out's CPU is
 * writes per second times listeners: the output is gathered until it holds `mediaMs` of audio
 * (two of the browser publisher's 100 ms chunks; one pacer quantum of an encoder's page), and
 * nothing waits longer than `maxWaitMs` for the rest of a batch.
 */
export const LISTENER_BATCH = {
  mediaMs: 200,
  maxWaitMs: 150,
} as const;

export interface FanOutOptions {
  /** A listener with more unsent bytes than this is dropped (its player reconnects at the edge). */
  maxListenerBuffer: number;
  /** Audio (ms) gathered per write; 0 writes every output at once. */
  batchMs?: number;
  maxWaitMs?: number;
  /** Listeners were dropped for being slow (the count changed). */
  dropped(): void;
}

/**
 * The listeners of one broadcast: every one gets the same Buffer per batch, written straight to
 * its socket; one that falls `maxListenerBuffer` behind is dropped.
 */
export class ListenerFanOut {
  private readonly sinks = new Set<Sink>();
  private pending: Buffer[] = [];
  /** The media time (ms) of the newest output pushed, and of the newest one written. */
  private pushedMs = Number.NEGATIVE_INFINITY;
  private writtenMs = Number.NEGATIVE_INFINITY;
  private timer?: NodeJS.Timeout;

  constructor(private readonly opts: FanOutOptions) {}

  get size(): number {
    return this.sinks.size;
  }

  /** A listener starts with `start` (the header and recent audio, which include anything pending). */
  add(sink: Sink, start: Buffer): void {
    // What is pending is in `start` already: the others get it first, so the newcomer never does.
    this.flush();
    sink.write(start);
    this.sinks.add(sink);
  }

  delete(sink: Sink): boolean {
    return this.sinks.delete(sink);
  }

  /** Output whose newest audio starts at media time `mediaMs`: written once a batch is full. */
  push(buf: Buffer, mediaMs: number): void {
    this.pending.push(buf);
    this.pushedMs = mediaMs;
    if (this.sinks.size === 0) {
      this.pending = [];
      this.writtenMs = mediaMs;
      return;
    }
    const batchMs = this.opts.batchMs ?? LISTENER_BATCH.mediaMs;
    // (Less a millisecond: the media time comes as float seconds.)
    if (mediaMs - this.writtenMs >= batchMs - 1) {
      this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, this.opts.maxWaitMs ?? LISTENER_BATCH.maxWaitMs);
      this.timer.unref?.();
    }
  }

  /** Writes what is pending to every listener now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const buf = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.writtenMs = this.pushedMs;
    let dropped = false;
    for (const s of this.sinks) {
      s.write(buf);
      // Checked after the write, so the last batch of a burst also finds a listener that fell behind.
      if (s.buffered() > this.opts.maxListenerBuffer) {
        this.sinks.delete(s);
        if (s.drop) s.drop();
        else s.close();
        dropped = true;
      }
    }
    if (dropped) this.opts.dropped();
  }

  /** Writes what is pending, then ends every listener's response. */
  closeAll(): void {
    this.flush();
    for (const s of this.sinks) s.close();
    this.sinks.clear();
  }
}
