import { LIVE_MSE_TYPE, LIVE_PLAYER } from '@wavecast/shared';
import { LivePlayerBase, type LivePlayerOptions } from './livePlayerBase';
import { liveRate } from './liveRate';

/** Seconds of played audio kept behind the playhead (older data is removed from the buffer). */
const KEEP_BEHIND_SECONDS = 10;
/** How often the buffer ahead is measured and the playback rate steered. */
const EDGE_CHECK_MS = 100;
/** The playhead this close to a buffered range's end, with a hole after it, counts as stuck there. */
const GAP_EPSILON_SECONDS = 0.05;
/**
 * Chromium sometimes stops with audio buffered ahead in one range ("waiting" for seconds, seen with
 * Vorbis input transcoded by the relay): a playhead this long still with this much ahead is nudged on
 * by `STALL_NUDGE_SECONDS`, as hls.js does, instead of waiting for the lag to become a seek.
 */
const STALL_MS = 300;
const STALL_NUDGE_SECONDS = 0.05;

/** Whether this browser can play our endless WebM/Opus through Media Source Extensions. */
export function canUseMse(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(LIVE_MSE_TYPE);
}

/**
 * Plays an endless live WebM at the live edge: fetch → MediaSource. Starts once ~0.4 s is
 * buffered, seeks to the edge, then keeps a small buffer by playing ±3 % faster or slower
 * (`liveRate`, ADR 0042; 10 % faster when more than 0.8 s behind, ADR 0061); it jumps forward only
 * after a long outage (8 s behind), since a jump skips audio, or while joining (a backlog that came
 * while the element started, before anything was heard). Any error tears down and reconnects
 * with backoff (`LivePlayerBase`).
 * When the server ends the stream, what has arrived plays to its end first (`endOfStream`): the
 * broadcast's last second is heard; then the player reconnects, unless `finish()` said the
 * broadcast is over, when it stops.
 * Where MSE cannot play WebM/Opus (or the URL is Icecast's), a plain `<audio src>` is used.
 */
export class LiveMsePlayer extends LivePlayerBase {
  private abort?: AbortController;
  private mediaSource?: MediaSource;
  private objectUrl?: string;
  private sourceBuffer?: SourceBuffer;
  private queue: ArrayBuffer[] = [];
  private started = false;
  /** Where the playhead was put at the start: until it has played `joinSeconds` from there, joining. */
  private startedAt = 0;
  /** The playhead at the last check, and since when it has not moved (stall detection). */
  private lastPlayhead = -1;
  private stillSince = 0;
  private edgeTimer?: ReturnType<typeof setInterval>;
  /** This connection's response ended: what is queued is the last of it. */
  private fetchDone = false;
  private readonly useMse: boolean;

  constructor(audio: HTMLAudioElement, url: string, opts: LivePlayerOptions) {
    super(audio, url, opts);
    const sameOrigin = new URL(url, location.href).origin === location.origin;
    this.useMse = canUseMse() && sameOrigin;
  }

  protected connect(): void {
    if (this.useMse) this.startMse();
    else this.startPlain();
  }

  private startPlain(): void {
    this.audio.src = this.url;
    this.audio.onerror = () => this.fail();
    this.audio.onended = () => this.playedOut();
    this.play();
  }

  private startMse(): void {
    const ms = new MediaSource();
    this.mediaSource = ms;
    this.objectUrl = URL.createObjectURL(ms);
    this.audio.src = this.objectUrl;
    this.audio.onerror = () => this.fail();
    this.audio.onended = () => this.playedOut();
    ms.addEventListener(
      'sourceopen',
      () => {
        if (this.mediaSource !== ms) return;
        try {
          const sb = ms.addSourceBuffer(LIVE_MSE_TYPE);
          this.sourceBuffer = sb;
          sb.addEventListener('updateend', () => this.afterAppend());
          sb.addEventListener('error', () => this.fail());
        } catch {
          this.fail();
          return;
        }
        void this.pump();
      },
      { once: true },
    );
    this.edgeTimer = setInterval(() => this.keepAtEdge(), EDGE_CHECK_MS);
  }

  private async pump(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    try {
      const res = await fetch(this.url, { signal: abort.signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          this.fetchDone = true;
          this.endWhenAppended();
          return;
        }
        this.queue.push(value.slice().buffer);
        this.appendNext();
      }
    } catch {
      if (!abort.signal.aborted) this.fail();
    }
  }

  /** Once the last data is in the buffer, the element plays to its end and says `ended`. */
  private endWhenAppended(): void {
    const ms = this.mediaSource;
    if (!this.fetchDone || !ms || this.sourceBuffer?.updating || this.queue.length > 0) return;
    if (ms.readyState === 'ended') return; // ended already (an updateend may follow endOfStream)
    if (this.started && ms.readyState === 'open') {
      try {
        ms.endOfStream();
        return;
      } catch {
        // cannot end it: as if played out
      }
    }
    this.playedOut(); // (or too little arrived to have started: nothing to play out)
  }

  /** The element played all it had: the broadcast over, stop; otherwise the connection dropped. */
  private playedOut(): void {
    if (this.finishing) this.stop();
    else this.fail();
  }

  private appendNext(): void {
    const sb = this.sourceBuffer;
    if (!sb || sb.updating || this.queue.length === 0) {
      this.endWhenAppended();
      return;
    }
    const chunk = this.queue.length === 1 ? this.queue[0] : concat(this.queue);
    this.queue = [];
    try {
      sb.appendBuffer(chunk);
    } catch (e) {
      // Buffer full: drop what was played and try again; anything else is a real failure.
      if ((e as DOMException).name === 'QuotaExceededError') {
        this.queue.unshift(chunk);
        this.trim(true);
      } else this.fail();
    }
  }

  private afterAppend(): void {
    const b = this.audio.buffered;
    if (!this.started && b.length > 0) {
      const end = b.end(b.length - 1);
      if (end - b.start(0) >= LIVE_PLAYER.startBufferedSeconds) {
        this.started = true;
        this.audio.currentTime = Math.max(b.start(0), end - LIVE_PLAYER.targetLagSeconds);
        this.startedAt = this.audio.currentTime;
        this.play();
      }
    }
    this.appendNext();
  }

  /** Steers the buffer ahead towards its target by the playback rate; seeks only when far behind. */
  private keepAtEdge(): void {
    const b = this.audio.buffered;
    if (!this.started || b.length === 0) return;
    const end = b.end(b.length - 1);
    // Stuck at a hole in the buffer (the playhead at or past its range's end, more audio after it):
    // step over it, a few milliseconds, rather than wait for the lag to grow into a seek.
    const now = this.audio.currentTime;
    for (let i = 0; i + 1 < b.length; i++) {
      if (now >= b.end(i) - GAP_EPSILON_SECONDS && now < b.start(i + 1)) {
        this.audio.currentTime = b.start(i + 1);
        break;
      }
    }
    this.nudgeIfStalled(end);
    const joining = this.audio.currentTime - this.startedAt < LIVE_PLAYER.joinSeconds;
    const decision = liveRate(end - this.audio.currentTime, this.audio.playbackRate, joining);
    if (decision.seekBackBy !== undefined) this.audio.currentTime = end - decision.seekBackBy;
    if (this.audio.playbackRate !== decision.playbackRate) this.audio.playbackRate = decision.playbackRate;
    this.trim(false);
  }

  private nudgeIfStalled(end: number): void {
    const now = this.audio.currentTime;
    if (this.audio.paused || now !== this.lastPlayhead) {
      this.lastPlayhead = now;
      this.stillSince = performance.now();
      return;
    }
    if (performance.now() - this.stillSince >= STALL_MS && end - now > STALL_NUDGE_SECONDS * 4) {
      this.audio.currentTime = now + STALL_NUDGE_SECONDS;
      this.stillSince = performance.now();
    }
  }

  private trim(force: boolean): void {
    const sb = this.sourceBuffer;
    const b = this.audio.buffered;
    // After endOfStream a removal would reopen the MediaSource (and the tail would never end).
    if (!sb || sb.updating || b.length === 0 || this.mediaSource?.readyState === 'ended') return;
    const upTo = this.audio.currentTime - (force ? 1 : KEEP_BEHIND_SECONDS);
    if (upTo - b.start(0) > (force ? 0 : 5)) {
      try {
        sb.remove(b.start(0), upTo);
      } catch {
        // ignored: the next check tries again
      }
    }
  }

  protected teardown(): void {
    this.abort?.abort();
    this.abort = undefined;
    clearInterval(this.edgeTimer);
    this.releaseElement();
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = undefined;
    this.mediaSource = undefined;
    this.sourceBuffer = undefined;
    this.queue = [];
    this.started = false;
    this.fetchDone = false;
    this.audio.playbackRate = 1;
  }
}

function concat(parts: ArrayBuffer[]): ArrayBuffer {
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(total);
  let pos = 0;
  for (const p of parts) {
    out.set(new Uint8Array(p), pos);
    pos += p.byteLength;
  }
  return out.buffer;
}
