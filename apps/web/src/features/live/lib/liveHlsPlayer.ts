import type Hls from 'hls.js';
import { LivePlayerBase } from './livePlayerBase';

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
export class LiveHlsPlayer extends LivePlayerBase {
  private hls?: Hls;

  protected connect(): void {
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
      // jump forward only after a long outage left playback 8 s behind (as the MSE player: a jump
      // throws away audio that arrived, ADR 0042).
      liveSyncDuration: 1.1,
      liveMaxLatencyDuration: 8,
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

  protected teardown(): void {
    this.hls?.destroy();
    this.hls = undefined;
    this.releaseElement();
  }
}
