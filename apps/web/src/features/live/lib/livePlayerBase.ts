import { watchTail } from './tailWatch';

export type LivePlayerState = 'connecting' | 'playing' | 'reconnecting' | 'blocked' | 'stopped';

export interface LivePlayerOptions {
  onState(state: LivePlayerState): void;
}

const MAX_RETRY_DELAY_MS = 5_000;

/**
 * What both live players share (MSE and HLS): the states they report, retries with backoff after
 * an error, the tail played out after the broadcast's end, and autoplay resumed by a click. A player
 * says how it starts and how it lets go of the element.
 */
export abstract class LivePlayerBase {
  protected stopped = true;
  protected retries = 0;
  /** The broadcast is over: play out what is held, then stop (not reconnect). */
  protected finishing = false;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private stopTailWatch = () => {};

  constructor(
    protected readonly audio: HTMLAudioElement,
    protected readonly url: string,
    protected readonly opts: LivePlayerOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.opts.onState(this.retries > 0 ? 'reconnecting' : 'connecting');
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.finishing = false;
    clearTimeout(this.retryTimer);
    this.stopTailWatch();
    this.teardown();
    this.opts.onState('stopped');
  }

  /** The broadcast ended: the audio already here plays while its playhead moves, then stop. */
  finish(): void {
    if (this.stopped || this.finishing) return;
    // Nothing is playing (connecting, blocked, between reconnects): nothing to play out.
    if (this.audio.paused) {
      this.stop();
      return;
    }
    this.finishing = true;
    this.stopTailWatch = watchTail(this.audio, () => this.stop());
  }

  /** After the browser blocked autoplay: a click calls this. */
  resume(): void {
    void this.audio.play().then(
      () => this.opts.onState('playing'),
      () => this.opts.onState('blocked'),
    );
  }

  /** Opens the stream into the element (state already reported). */
  protected abstract connect(): void;
  /** Lets go of the stream and the element. */
  protected abstract teardown(): void;

  protected play(): void {
    void this.audio.play().then(
      () => {
        this.retries = 0;
        this.opts.onState('playing');
      },
      (e: DOMException) => {
        if (e.name === 'NotAllowedError') this.opts.onState('blocked');
      },
    );
  }

  /** An error: reconnect with backoff, or, while the tail plays, the end. */
  protected fail(): void {
    if (this.stopped) return;
    if (this.finishing) {
      this.stop();
      return;
    }
    this.teardown();
    const delay = Math.min(MAX_RETRY_DELAY_MS, 500 * 2 ** this.retries++);
    this.opts.onState('reconnecting');
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) this.start();
    }, delay);
  }

  /** Resets the element (what both players do last in `teardown`). */
  protected releaseElement(): void {
    this.audio.onerror = null;
    this.audio.onended = null;
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
  }
}
