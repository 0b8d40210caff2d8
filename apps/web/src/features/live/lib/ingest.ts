import {
  LIVE_AUDIO_BITS_PER_SECOND,
  LIVE_INGEST_CLOSE,
  LIVE_MIME_TYPE,
  LIVE_TIMESLICE_MS,
  type TLiveEndReason,
  type TLiveIngestMessage,
} from '@wavecast/shared';

export interface IngestHandlers {
  /** The server receives our audio: the stream is on air. */
  onAir(): void;
  /** The month's live allowance runs out in `secondsLeft`; the server then ends the stream. */
  onAllowance?(secondsLeft: number): void;
  /** The server says the stream has ended (before it closes the connection). */
  onEnded?(reason: TLiveEndReason | undefined): void;
  /** The connection closed (not by us). */
  onClose(code: number, reason: string): void;
  /** What the server allows this account (/api/me entitlements: higher with HD publishing). */
  audioBitsPerSecond?: number;
}

/** Close codes after which reconnecting is pointless. */
export const FINAL_CLOSE_CODES: readonly number[] = [
  LIVE_INGEST_CLOSE.ended,
  LIVE_INGEST_CLOSE.forbidden,
  LIVE_INGEST_CLOSE.notFound,
  LIVE_INGEST_CLOSE.unauthenticated,
  LIVE_INGEST_CLOSE.notWebm,
  LIVE_INGEST_CLOSE.tooFast,
  LIVE_INGEST_CLOSE.allowanceUsed,
];

export function canBroadcast(): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(LIVE_MIME_TYPE);
}

/**
 * One publisher connection: a fresh MediaRecorder (its first chunk carries the WebM header) whose
 * chunks go out as binary WebSocket frames, in order, as they are produced.
 */
export class IngestConnection {
  private readonly ws: WebSocket;
  private recorder: MediaRecorder | null = null;
  private closedByUs = false;

  constructor(streamId: string, mic: MediaStream, handlers: IngestHandlers) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    this.ws = new WebSocket(`${scheme}://${location.host}/api/live/${encodeURIComponent(streamId)}/ingest`);
    this.ws.onopen = () => {
      const recorder = new MediaRecorder(mic, {
        mimeType: LIVE_MIME_TYPE,
        audioBitsPerSecond: handlers.audioBitsPerSecond ?? LIVE_AUDIO_BITS_PER_SECOND,
      });
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0 && this.ws.readyState === WebSocket.OPEN) this.ws.send(e.data);
      };
      recorder.start(LIVE_TIMESLICE_MS);
      this.recorder = recorder;
    };
    this.ws.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      try {
        const msg = JSON.parse(e.data) as TLiveIngestMessage;
        if (msg.type === 'live') handlers.onAir();
        else if (msg.type === 'allowance') handlers.onAllowance?.(msg.secondsLeft);
        else if (msg.type === 'ended') handlers.onEnded?.(msg.reason);
      } catch {
        // not ours
      }
    };
    this.ws.onclose = (e) => {
      this.stopRecorder();
      if (!this.closedByUs) handlers.onClose(e.code, e.reason);
    };
  }

  private stopRecorder() {
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.recorder = null;
  }

  close() {
    this.closedByUs = true;
    this.stopRecorder();
    if (this.ws.readyState <= WebSocket.OPEN) this.ws.close(1000, 'done');
  }
}
