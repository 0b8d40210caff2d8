import { LiveHlsPlayer, liveHlsUrl } from './liveHlsPlayer';
import { canUseMse, LiveMsePlayer } from './liveMsePlayer';
import type { LivePlayerOptions } from './livePlayerBase';

/** What the live player drives, whichever way the audio arrives. */
export interface LiveEngine {
  start(): void;
  stop(): void;
  /** The broadcast ended: play out the audio already here, then stop (state `stopped`). */
  finish(): void;
  /** After the browser blocked autoplay: a click calls this. */
  resume(): void;
}

/**
 * One choice, made once per play: MSE with WebM/Opus (the ~0.3 s path) where the browser has it,
 * else HLS (native, or hls.js loaded on demand). `data-engine` on the element says which.
 */
export function createLiveEngine(
  audio: HTMLAudioElement,
  stream: { id: string; streamUrl: string },
  opts: LivePlayerOptions,
): LiveEngine {
  if (canUseMse()) {
    const sameOrigin = new URL(stream.streamUrl, location.href).origin === location.origin;
    audio.dataset.engine = sameOrigin ? 'mse' : 'plain';
    return new LiveMsePlayer(audio, stream.streamUrl, opts);
  }
  return new LiveHlsPlayer(audio, liveHlsUrl(stream.id), opts);
}
