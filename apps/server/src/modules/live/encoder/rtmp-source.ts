import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type net from 'node:net';
import { LIVE_INGEST_MOUNT } from '@wavecast/shared';

/**
 * An RTMP publisher (OBS, ffmpeg `-f flv rtmp://…`, any RTMP encoder) as a source of the encoder
 * ingest (ADR 0045). The RTMP handshake, chunk stream and AMF0 commands are node-media-server's
 * protocol class (`Rtmp`, Apache-2.0), used in-process without its server; this file gates its
 * `publish` on our key check and hands the audio on as an FLV byte stream (video is read and
 * dropped), which the ingest relays like any other encoder body (ffmpeg: FLV → Opus).
 */

/** The parts of node-media-server's `Rtmp` (src/protocol/rtmp.js, 4.4.x) this file relies on. */
interface NmsAvPacket {
  codec_type: number;
  size: number;
  dts: number;
  data: Buffer;
}
interface NmsRtmp {
  onConnectCallback: (req: unknown) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
  onPacketCallback: (p: NmsAvPacket) => void;
  onOutputCallback: (b: Buffer) => void;
  parserData(b: Buffer): string | null;
  sendStatusMessage(sid: number, level: string, code: string, description: string): void;
  respondPublish(): void;
  parserPacket: { header: { length: number; stream_id: number; type: number } };
  inPackets: Map<number, unknown>;
  inChunkSize: number;
  streamApp?: string;
  streamName?: string;
  streamId?: number;
}
type NmsRtmpClass = new () => NmsRtmp;
interface NmsFlv {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(p: NmsAvPacket): Buffer;
}

const require = createRequire(import.meta.url);
const Rtmp = require('node-media-server/src/protocol/rtmp.js') as NmsRtmpClass;
const Flv = require('node-media-server/src/protocol/flv.js') as NmsFlv;

/** The RTMP application encoders publish to: `rtmp://host:port/live`, the stream key as the stream name. */
export const RTMP_APP = LIVE_INGEST_MOUNT.replace(/^\//, '');

const FLV_AUDIO = 8;
/** One RTMP message's ceiling: a video keyframe of a high-bitrate stream fits, a 16 MB claim does not. */
export const RTMP_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Chunk streams a publisher may open (OBS and ffmpeg use 4 or 5); each holds one message buffer. */
export const RTMP_MAX_CHUNK_STREAMS = 16;

export class RtmpProtocolError extends Error {}

/**
 * node-media-server's protocol with limits (a peer cannot make it allocate more than
 * RTMP_MAX_CHUNK_STREAMS × RTMP_MAX_MESSAGE_BYTES, nor set a chunk size that stalls the parser)
 * and a `publish` that is answered only once `onPublishRequest` decides.
 */
class GatedRtmp extends (Rtmp as unknown as new () => NmsRtmp & {
  packetAlloc(): void;
  controlHandler(): void;
  onPublish(msg: { streamName: string }): void;
  onDeleteStream(msg: unknown): void;
}) {
  onPublishRequest: (app: string, name: string, streamId: number) => void = () => {};
  onUnpublish: () => void = () => {};
  private publishing = false;

  override packetAlloc(): void {
    if (this.parserPacket.header.length > RTMP_MAX_MESSAGE_BYTES) throw new RtmpProtocolError('Message too large');
    if (this.inPackets.size > RTMP_MAX_CHUNK_STREAMS) throw new RtmpProtocolError('Too many chunk streams');
    super.packetAlloc();
  }

  override controlHandler(): void {
    super.controlHandler();
    if (!(this.inChunkSize >= 1 && this.inChunkSize <= 0x7fffffff)) throw new RtmpProtocolError('Bad chunk size');
  }

  override onPublish(msg: { streamName: string }): void {
    // One publish per connection; the answer (NetStream.Publish.Start or an error) waits for the key check.
    if (this.publishing || typeof msg.streamName !== 'string') throw new RtmpProtocolError('Unexpected publish');
    this.publishing = true;
    this.streamName = msg.streamName.split('?')[0];
    this.streamId = this.parserPacket.header.stream_id;
    this.onPublishRequest(this.streamApp ?? '', this.streamName, this.streamId);
  }

  override onDeleteStream(): void {
    if (this.publishing) this.onUnpublish();
  }
}

export interface RtmpPublishRequest {
  /** The stream name: the stream key. */
  key: string;
  app: string;
  /** The publisher's audio as FLV (header first), for `EncoderIngest.relay`, and its connection's events. */
  body: RtmpBody;
  /** Answers the publish: NetStream.Publish.Start, audio flows from here on. */
  accept(): void;
  /** Answers the publish with an error status (the encoder shows `description`), then closes. */
  refuse(description: string): void;
}

/**
 * The publisher's connection as the ingest's relay sees a source socket: `data` is FLV (audio
 * tags only), `end` when the encoder unpublishes or closes its side, `close` when the TCP
 * connection is gone; pause/resume/timeouts act on the TCP connection.
 */
export class RtmpBody extends EventEmitter {
  private ended = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly status: (level: string, code: string, description: string) => void,
  ) {
    super();
    socket.on('end', () => this.finish());
    socket.on('close', () => {
      this.finish();
      this.emit('close');
    });
  }

  get destroyed(): boolean {
    return this.socket.destroyed;
  }

  /** The stream is over (unpublished, or the encoder closed its side). */
  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('end');
  }

  write(_s: string): void {}

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  setTimeout(ms: number, fn: () => void): void {
    this.socket.setTimeout(ms, fn);
  }

  /** A clean end: the encoder is told its stream was unpublished. */
  end(): void {
    if (this.socket.destroyed) return;
    this.status('status', 'NetStream.Unpublish.Success', 'The stream has ended');
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * Speaks RTMP on an accepted connection until the encoder publishes, then calls `onPublish`;
 * throws nothing (a protocol error closes the connection). `maxBytesPerSecond`/`burstBytes`:
 * everything the peer sends, video included, is capped (the audio alone is capped again by the ingest).
 */
export function serveRtmp(
  socket: net.Socket,
  opts: {
    headTimeoutMs: number;
    maxBytesPerSecond: number;
    burstBytes: number;
    onPublish(req: RtmpPublishRequest): void;
    log(msg: string, err?: unknown): void;
  },
): void {
  const rtmp = new GatedRtmp();
  let accepted = false;
  let sentHeader = false;
  let streamId = 0;
  const status = (level: string, code: string, description: string) => {
    if (!socket.destroyed) rtmp.sendStatusMessage(streamId, level, code, description);
  };
  const body = new RtmpBody(socket, status);
  rtmp.onOutputCallback = (b) => {
    if (!socket.destroyed) socket.write(b);
  };
  // Not accepted yet or video/data: dropped. Audio goes on as FLV tags, copied out of the parser's buffer.
  rtmp.onPacketCallback = (p) => {
    if (!accepted || p.codec_type !== FLV_AUDIO || p.size === 0) return;
    if (!sentHeader) {
      sentHeader = true;
      body.emit('data', Flv.createHeader(true, false));
    }
    body.emit('data', Flv.createMessage(p));
  };
  // A publisher that has not asked to publish within the head timeout is cut.
  const timer = setTimeout(() => socket.destroy(), opts.headTimeoutMs);
  timer.unref();
  rtmp.onPublishRequest = (app, name, sid) => {
    clearTimeout(timer);
    streamId = sid;
    opts.onPublish({
      key: name,
      app,
      body,
      accept: () => {
        accepted = true;
        rtmp.respondPublish();
      },
      refuse: (description) => {
        const code = /key/i.test(description) ? 'NetStream.Publish.BadName' : 'NetStream.Publish.Denied';
        status('error', code, description);
        socket.end();
        setTimeout(() => socket.destroy(), 2000).unref();
      },
    });
  };
  rtmp.onUnpublish = () => body.finish();

  let allowance = opts.burstBytes;
  let refilledAt = Date.now();
  socket.on('data', (d: Buffer) => {
    const now = Date.now();
    allowance = Math.min(opts.burstBytes, allowance + ((now - refilledAt) / 1000) * opts.maxBytesPerSecond) - d.length;
    refilledAt = now;
    try {
      if (allowance < 0) throw new RtmpProtocolError('Sending too fast');
      const err = rtmp.parserData(d);
      if (err) throw new RtmpProtocolError(err);
    } catch (e) {
      // A broken or hostile peer: its connection goes (and with it, its stream, through `close`).
      if (!(e instanceof RtmpProtocolError) && !(e instanceof TypeError) && !(e instanceof RangeError)) {
        opts.log('live ingest: an RTMP connection failed', e);
      }
      clearTimeout(timer);
      socket.destroy();
    }
  });
}
