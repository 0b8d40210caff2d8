import type { RealtimeMessage, SyncClientMessage } from '@wavecast/shared';
import { realtime } from '../../../lib/socket';

/** What the sync adapter needs of the tab's socket (the realtime client; tests give a fake). */
export interface SyncTransport {
  send(message: SyncClientMessage): boolean;
  readonly open: boolean;
  /** Frames the server sends unasked (`clock`). */
  listen(topic: string, listener: (msg: RealtimeMessage) => void): () => void;
  /** A room topic (subscribes the socket). */
  subscribe(topic: string, listener: (msg: RealtimeMessage) => void): () => void;
  onOpen(listener: () => void): () => void;
}

export const realtimeTransport: SyncTransport = realtime;
