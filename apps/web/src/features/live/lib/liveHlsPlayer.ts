import type Hls from 'hls.js';
import type { LivePlayerOptions } from './liveMsePlayer';
import { watchTail } from './tailWatch';

const MAX_RETRY_DELAY_MS = 5_000;

/** The stream's LL-HLS playlist (fMP4/AAC parts of ~0.34 s), served beside the endless WebM. */
export function liveHlsUrl(streamId: string): string {
  return `/api/live/${streamId}/hls/index.m3u8`;
}

/** Whether the browser plays HLS itself (Safari, iOS): then hls.js is never loaded. */
export function hasNativeHls(audio: HTMLMediaElement): boolean {
  return audio.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * Plays the live stream over HLS where MSE cannot play WebM/Opus: natively when the browser can
 * (`<audio src>`), otherwise through hls.js (its light build, lazy-loaded into its own chunk) in
 * low-latency mode, which follows the playlist's PART-HOLD-BACK (~1 s) behind the newest part. The
 * engine in use is written to `data-engine` on the audio element. Errors retry with backoff. At
 * the broadcast's end the playlist says ENDLIST and what is buffered plays out (`finish()`).
 */
export class LiveHlsPlayer {
  private hls?: Hls;
  private stopped = true;
  private retries = 0;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private finishing = false;
  private stopTailWatch = () => {};

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly url: string,
    private readonly opts: LivePlayerOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.opts.onState(this.retries > 0 ? 'reconnecting' : 'connecting');
    if (hasNativeHls(this.audio)) {
      this.audio.dataset.engine = 'native-hls';
      this.audio.src = this.url;
      this.audio.onerror = () => this.fail();
      this.audio.onended = () => this.stop();
      this.play();
      return;
    }
    void this.startHlsJs();
  }

  stop(): void {
    this.stopped = true;
    this.finishing = false;
    clearTimeout(this.retryTimer);
    this.stopTailWatch();
    this.teardown();
    this.opts.onState('stopped');
  }

  /** The broadcast ended: what is buffered plays to the playlist's end (until its playhead stops moving), then stop. */
  finish(): void {
    if (this.stopped || this.finishing) return;
    if (this.audio.paused) {
      this.stop();
      return;
    }
    this.finishing = true;
    this.stopTailWatch = watchTail(this.audio, () => this.stop());
  }

  resume(): void {
    void this.audio.play().then(
      () => this.opts.onState('playing'),
      () => this.opts.onState('blocked'),
    );
  }

  private async startHlsJs(): Promise<void> {
    let HlsJs: typeof Hls;
    try {
      HlsJs = (await import('hls.js/light')).default;
    } catch {
      return this.fail();
    }
    if (this.stopped || this.hls) return;
    // Played to ENDLIST: the broadcast is over (reconnecting would replay the finished playlist).
    this.audio.onended = () => this.stop();
    if (!HlsJs.isSupported()) {
      // Neither MSE nor HLS: the endless stream through a plain element is all that is left.
      this.audio.dataset.engine = 'plain';
      this.audio.src = this.url.replace(/\/hls\/index\.m3u8$/, '/stream');
      this.play();
      return;
    }
    this.audio.dataset.engine = 'hls.js';
    const hls = new HlsJs({
      lowLatencyMode: true,
      // Audio-only fMP4 needs no transmuxing worker (and our CSP allows no blob: workers).
      enableWorker: false,
      backBufferLength: 10,
      // ~PART-HOLD-BACK behind the newest part; drift back to it by playing up to 10 % faster, and
      // jump forward when a stall left playback more than 3 s behind (what MSE does at 0.8 s).
      liveSyncDuration: 1.1,
      liveMaxLatencyDuration: 3,
      maxLiveSyncPlaybackRate: 1.1,
    });
    this.hls = hls;
    hls.on(HlsJs.Events.ERROR, (_e, data) => {
      if (data.fatal) this.fail();
    });
    hls.on(HlsJs.Events.MANIFEST_PARSED, () => this.play());
    hls.attachMedia(this.audio);
    hls.loadSource(this.url);
  }

  private play(): void {
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

  private fail(): void {
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

  private teardown(): void {
    this.hls?.destroy();
    this.hls = undefined;
    this.audio.onerror = null;
    this.audio.onended = null;
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
  }
}
