import type { EventBus } from '../../../realtime/bus';
import type { LiveHub, StreamInfo } from '../../../relay/hub';
import type { RadioOutput } from './types';

/**
 * The channel's output as a publisher of the relay hub under `stream.id`: listeners of the hub
 * (endless WebM, MSE), ICY and LL-HLS hear it like a live broadcast; titles go out as
 * `live.nowPlaying` on `live:{id}`, which live/now-playing.ts carries to ICY and HLS.
 */
export function hubOutput(_hub: LiveHub, _bus: EventBus, _stream: StreamInfo): RadioOutput {
  throw new Error('not implemented yet');
}
