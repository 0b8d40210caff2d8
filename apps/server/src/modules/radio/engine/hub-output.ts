import type { LiveHub, StreamInfo } from '../../../relay/hub';
import type { RadioOutput } from './types';

/**
 * Where the channel's now-playing text goes: the live stream's `setNowPlaying` (it keeps the text
 * on the stream row, for ICY listeners, HLS runs and `GET /api/live/:id` that start mid-item,
 * and publishes `live.nowPlaying`), as the encoder metadata path does. False: the stream ended.
 */
export interface NowPlayingSink {
  setNowPlaying(streamId: string, text: string): Promise<boolean>;
}

/**
 * The channel's output as a publisher of the relay hub under `stream.id`: listeners of the hub
 * (endless WebM, MSE), ICY and LL-HLS hear it like a live broadcast; titles go to `titles`
 * (the stream row and `live.nowPlaying` on `live:{id}`, which live/now-playing.ts carries to ICY
 * and HLS and the live player shows; the radio page feeds its own track metadata to the Media
 * Session). The engine paces its output to real time, a little ahead, in 250 ms batches (ADR
 * 0080), which the hub's pacer smooths (ADR 0042).
 */
export function hubOutput(
  hub: LiveHub,
  titles: NowPlayingSink,
  stream: StreamInfo,
  hooks: { onAir?: () => void; log?: (msg: string, err?: unknown) => void } = {},
): RadioOutput {
  const publisher = hub.connectPublisher(stream, () => hooks.onAir?.());
  let ended = false;
  // One write at a time: a jingle's title and the next track's, close together, land in order.
  let titleChain: Promise<unknown> = Promise.resolve();
  return {
    push(chunk) {
      if (ended) return;
      try {
        publisher.push(chunk);
      } catch (e) {
        // The hub refused our own bytes (never expected): the channel goes on, the log says why.
        hooks.log?.('radio: the relay refused a chunk', e);
      }
    },
    title(text) {
      titleChain = titleChain
        .then(() => titles.setNowPlaying(stream.id, text ?? ''))
        .catch((e) => hooks.log?.('radio: now playing could not be saved', e));
    },
    end() {
      if (ended) return;
      ended = true;
      publisher.detach();
    },
  };
}
