import type { EventBus } from '../../../realtime/bus';
import type { LiveHub, StreamInfo } from '../../../relay/hub';
import type { RadioOutput } from './types';

/**
 * The channel's output as a publisher of the relay hub under `stream.id`: listeners of the hub
 * (endless WebM, MSE), ICY and LL-HLS hear it like a live broadcast; titles go out as
 * `live.nowPlaying` on `live:{id}`, which live/now-playing.ts carries to ICY and HLS and the
 * live player shows (its Media Session title). The engine paces its output to real time, a
 * little ahead, which the hub's pacer smooths (ADR 0042).
 */
export function hubOutput(
  hub: LiveHub,
  bus: EventBus,
  stream: StreamInfo,
  hooks: { onAir?: () => void; log?: (msg: string, err?: unknown) => void } = {},
): RadioOutput {
  const publisher = hub.connectPublisher(stream, () => hooks.onAir?.());
  let ended = false;
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
      void bus
        .publish(`live:${stream.id}`, 'live.nowPlaying', { streamId: stream.id, nowPlaying: text })
        .catch((e) => hooks.log?.('radio: now playing could not be published', e));
    },
    end() {
      if (ended) return;
      ended = true;
      publisher.detach();
    },
  };
}
