import net from 'node:net';
import { RADIO_KEY_PREFIX } from '@wavecast/shared';
import { AppError } from '../../../lib/errors';
import { type LiveTranscode, liveToWebm } from '../../../media/live-transcode';
import { IngestTooFast, type Publisher } from '../../../relay/session';
import { WebmError } from '../../../relay/webm-demuxer';
import type { LiveService } from '../service';
import type { KeyHolder, streamKeysService } from '../stream-keys';
import { ChunkedDecoder, ChunkedError } from './chunked';
import { pipeDjSource, type RadioDjAdmission, type RadioDjMetadata } from './dj-source';
import { type MetadataUpdate, metadataResponse, metadataUpdate } from './metadata-update';
import { RTMP_APP, serveRtmp } from './rtmp-source';
import {
  declaredFormat,
  decodeEncoderText,
  headEnd,
  iceMetadata,
  MAX_SOURCE_HEAD,
  parseHeaderLines,
  parseRequestHead,
  SNIFF_BYTES,
  SOURCE_CONTINUE,
  SOURCE_OK,
  type SourceRefusal,
  sniffFormat,
  sourceKey,
  sourceRequest,
  sourceResponse,
} from './source-request';

export interface EncoderIngestOptions {
  port: number;
  host: string;
  /**
   * SHOUTcast v1 sources: the Icecast port + 1, as SHOUTcast clients assume (0 with port 0: a free
   * one); null: none.
   */
  shoutcastPort?: number | null;
  /** RTMP publishers (OBS's default output, ADR 0045): `rtmp://host:PORT/live`, the key as stream name; null or 0: none. */
  rtmpPort?: number | null;
  ffmpegPath?: string;
  /** The whole request head must arrive within this. */
  headTimeoutMs?: number;
  log(msg: string, err?: unknown): void;
}

/** How a source, Icecast or SHOUTcast, asks to go live, and how it is answered. */
interface SourceStart {
  key: string | null;
  /** `content-type`, `ice-*`/`icy-*` (lower-cased names). */
  headers: Record<string, string>;
  chunked: boolean;
  /** Written once the source is accepted (RTMP: called, it answers the publish itself). */
  accepted: string | (() => void);
  refuse(r: SourceRefusal): void;
}

/**
 * What the ingest reads a source's body from: its TCP socket, or an RTMP connection's FLV audio
 * (`RtmpBody`, the same events and flow control).
 */
interface SourceSocket {
  readonly destroyed: boolean;
  write(s: string): unknown;
  on(event: 'data', fn: (d: Buffer) => void): unknown;
  on(event: 'end' | 'close', fn: () => void): unknown;
  off(event: 'data', fn: (d: Buffer) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  end(): unknown;
  destroy(): unknown;
  setTimeout(ms: number, fn: () => void): unknown;
}

/**
 * Everything an RTMP publisher sends, video included (read and dropped), is capped at this: OBS's
 * highest presets stay under it, a flood does not. The audio alone is capped as any source's.
 */
const RTMP_MAX_BYTES_PER_SECOND = 4 * 1024 * 1024;
const RTMP_BURST_BYTES = 16 * 1024 * 1024;

/** SHOUTcast v1's answer to a good password (DNAS sends the capabilities line after it). */
const SHOUTCAST_OK = 'OK2\r\nicy-caps:11\r\n\r\n';

/** The end of the blank line a header-less SHOUTcast source starts with (0: no blank line, audio at once). */
function firstBlank(buf: Buffer): number {
  if (buf[0] === 0xff) return 0;
  if (buf[0] === 0x0a) return 1;
  return buf.length < 2 ? -1 : buf[1] === 0x0a ? 2 : 1;
}

/** Gate refusals (WebSocket close codes) in the source client's HTTP terms. */
function refusalOf(code: number, reason: string): SourceRefusal {
  if (code === 4401) return { status: 401, message: reason };
  if (code === 4404) return { status: 404, message: reason };
  // 4409: Icecast's own answer to a second source on a mount in use is 403 "Mountpoint in use".
  if (code === 4409) return { status: 403, message: 'Mountpoint in use' };
  return { status: 403, message: reason };
}

/**
 * A source that sends nothing for this long has stalled (then the grace period runs, as for a
 * browser that left): the grace period, but at least 3 s (Ogg muxers send a page about every
 * second) and at most 10 s.
 */
const stallMs = (graceMs: number) => Math.min(10_000, Math.max(3_000, graceMs));

/**
 * The encoder ingest (ADR 0020): Icecast source clients (OBS, BUTT, Mixxx, Liquidsoap, ffmpeg)
 * connect on their own TCP port, authenticate with a stream key, and go live through the same
 * ingest gate and relay hub as a browser. The head is parsed here, not by Node's HTTP parser: a
 * source body has no length, SOURCE is no standard method, and a wrong key must be refused
 * before one byte of audio is read.
 */
export class EncoderIngest {
  private server: net.Server | null = null;
  private shoutcast: net.Server | null = null;
  private rtmp: net.Server | null = null;
  private readonly byKey = new Map<string, Set<() => void>>();
  private readonly byUser = new Map<string, Set<() => void>>();
  private readonly sockets = new Set<net.Socket>();
  /** Radio channels' DJ keys (`wrk_…`) are the radio module's to admit (issue 38); set by it. */
  private radioDj: RadioDjAdmission | null = null;
  private radioDjMetadata: RadioDjMetadata | null = null;

  constructor(
    private readonly live: LiveService,
    private readonly keys: ReturnType<typeof streamKeysService>,
    private readonly opts: EncoderIngestOptions,
  ) {}

  async listen(): Promise<void> {
    this.server = await this.open(this.opts.port, (socket) => this.accept(socket));
    const sc = this.opts.shoutcastPort;
    if (sc !== null && sc !== undefined && sc <= 65535) {
      try {
        this.shoutcast = await this.open(sc, (socket) => this.acceptShoutcast(socket));
      } catch (e) {
        // The Icecast ingest works without it; the port being taken must not stop the server.
        this.opts.log(`live ingest: SHOUTcast v1 sources cannot connect (port ${sc} unavailable)`, e);
      }
    }
    const rtmp = this.opts.rtmpPort;
    if (rtmp) {
      try {
        this.rtmp = await this.open(rtmp, (socket) => this.acceptRtmp(socket));
      } catch (e) {
        this.opts.log(`live ingest: RTMP encoders cannot connect (port ${rtmp} unavailable)`, e);
      }
    }
  }

  private async open(port: number, onSocket: (socket: net.Socket) => void): Promise<net.Server> {
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
      socket.setNoDelay(true);
      onSocket(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server;
  }

  /** The port it listens on (after `listen`). */
  get port(): number | null {
    const a = this.server?.address();
    return a && typeof a === 'object' ? a.port : null;
  }

  /** The RTMP port (after `listen`; null when it does not run). */
  get rtmpPort(): number | null {
    const a = this.rtmp?.address();
    return a && typeof a === 'object' ? a.port : null;
  }

  /** The SHOUTcast v1 source port (after `listen`; null when it does not run). */
  get shoutcastPort(): number | null {
    const a = this.shoutcast?.address();
    return a && typeof a === 'object' ? a.port : null;
  }

  async close(): Promise<void> {
    const servers = [this.server, this.shoutcast, this.rtmp];
    this.server = null;
    this.shoutcast = null;
    this.rtmp = null;
    for (const s of this.sockets) s.destroy();
    for (const server of servers) if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  /** A revoked (or regenerated) key's sources are cut at once. */
  keyRevoked(keyId: string): void {
    for (const stop of [...(this.byKey.get(keyId) ?? [])]) stop();
  }

  /** A suspended or deleted account's sources are cut at once, whatever their key. */
  accountEnded(userId: string): void {
    for (const stop of [...(this.byUser.get(userId) ?? [])]) stop();
  }

  /** Open TCP connections on the ingest port (tests: a cut source's is closed, not just detached). */
  get connectionCount(): number {
    return this.sockets.size;
  }

  /** How many sources are relaying here (tests). */
  get sourceCount(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }

  private accept(socket: net.Socket): void {
    let head = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), this.opts.headTimeoutMs ?? 10_000);
    timer.unref();
    const onData = (d: Buffer) => {
      head = Buffer.concat([head, d]);
      const end = headEnd(head);
      if (end < 0) {
        if (head.length > MAX_SOURCE_HEAD) {
          clearTimeout(timer);
          socket.off('data', onData);
          this.refuse(socket, { status: 413, message: 'Request head too large' });
        }
        return;
      }
      clearTimeout(timer);
      // Nothing more is read until the source is accepted: a refused one never has its audio read.
      socket.off('data', onData);
      socket.pause();
      const rest = head.subarray(end);
      const parsed = parseRequestHead(head.toString('latin1', 0, end));
      if ('status' in parsed) return this.refuse(socket, parsed);
      const update = metadataUpdate(parsed);
      if (update) return this.answerMetadata(socket, update);
      const req = sourceRequest(parsed);
      if ('status' in req) return this.refuse(socket, req);
      const source: SourceStart = {
        key: sourceKey(req.headers.authorization),
        headers: req.headers,
        chunked: req.chunked,
        accepted: (req.expectContinue ? SOURCE_CONTINUE : '') + SOURCE_OK,
        refuse: (r) => this.refuse(socket, r),
      };
      this.admitting(socket, source, rest);
    };
    socket.on('data', onData);
  }

  /**
   * An RTMP publisher (ADR 0045): connect to app `live`, publish the stream key as the stream name.
   * The publish is answered after the same admission as an Icecast source (NetStream.Publish.Start,
   * or an error status with the same message); its audio goes on as FLV, through ffmpeg to Opus.
   */
  private acceptRtmp(socket: net.Socket): void {
    serveRtmp(socket, {
      headTimeoutMs: this.opts.headTimeoutMs ?? 10_000,
      maxBytesPerSecond: RTMP_MAX_BYTES_PER_SECOND,
      burstBytes: RTMP_BURST_BYTES,
      log: this.opts.log,
      onPublish: (req) => {
        if (req.app !== RTMP_APP) return req.refuse(`Unknown application: publish to rtmp://host:port/${RTMP_APP}`);
        this.admitting(
          req.body,
          {
            key: req.key || null,
            headers: {},
            chunked: false,
            accepted: req.accept,
            refuse: (r) => req.refuse(r.message),
          },
          Buffer.alloc(0),
        );
      },
    });
  }

  private admitting(socket: SourceSocket, source: SourceStart, rest: Buffer): void {
    this.admit(socket, source, rest).catch((e) => {
      this.opts.log('live ingest: admitting a source failed', e);
      source.refuse({ status: 500, message: 'Internal error' });
    });
  }

  /**
   * A SHOUTcast v1 source (ADR 0043): the password line (`KEY` or `source:KEY`), `OK2` once the key
   * is good, then `icy-*` header lines up to a blank one, then the audio. A wrong key is told
   * `invalid password` before anything else is read; refusals after `OK2` (the protocol has no
   * status) are one `ERROR - …` line, then the connection closes.
   */
  private acceptShoutcast(socket: net.Socket): void {
    let buf = Buffer.alloc(0);
    let stage: 'password' | 'checking' | 'headers' = 'password';
    let key: string | null = null;
    const timer = setTimeout(() => socket.destroy(), this.opts.headTimeoutMs ?? 10_000);
    timer.unref();
    const line = (text: string) => this.refuse(socket, `${text}\r\n`);
    const onData = (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length > MAX_SOURCE_HEAD) {
        clearTimeout(timer);
        socket.off('data', onData);
        return line('ERROR - Request head too large');
      }
      if (stage === 'password') {
        const eol = buf.indexOf('\n');
        if (eol < 0) return;
        const password = decodeEncoderText(buf.toString('latin1', 0, eol).replace(/\r$/, ''));
        buf = buf.subarray(eol + 1);
        key = password.slice(password.lastIndexOf(':') + 1) || null;
        stage = 'checking';
        socket.pause();
        void this.checkShoutcastKey(key).then(
          (refusal) => {
            if (refusal) {
              clearTimeout(timer);
              socket.off('data', onData);
              return line(refusal);
            }
            stage = 'headers';
            socket.write(SHOUTCAST_OK);
            socket.resume();
            onData(Buffer.alloc(0)); // headers that came with the password line
          },
          (e) => {
            this.opts.log('live ingest: checking a SHOUTcast source failed', e);
            line('ERROR - Internal error');
          },
        );
        return;
      }
      if (stage !== 'headers') return;
      // Some clients send no header at all: a blank line right away, or the audio itself.
      const end = buf[0] === 0x0d || buf[0] === 0x0a || buf[0] === 0xff ? firstBlank(buf) : headEnd(buf);
      if (end < 0) return;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.pause();
      const lines = buf
        .toString('latin1', 0, end)
        .split(/\r?\n/)
        .filter((l) => l.length > 0);
      const headers = parseHeaderLines(lines) ?? {};
      this.admitting(
        socket,
        {
          key,
          headers,
          chunked: false,
          accepted: '',
          refuse: (r) => line(`ERROR - ${r.message}`),
        },
        buf.subarray(end),
      );
    };
    socket.on('data', onData);
  }

  /** Why a SHOUTcast source's password is refused before `OK2`; null when it may go on. */
  private async checkShoutcastKey(key: string | null): Promise<string | null> {
    // A radio channel's DJ key: the radio module admits it once the headers are read (ADR 0065).
    if (key?.startsWith(RADIO_KEY_PREFIX) && this.radioDj) return null;
    const holder = key ? await this.keys.authenticate(key) : null;
    if (!holder) return 'invalid password';
    if (holder.suspended || holder.user.role !== 'creator') return 'ERROR - This account cannot go live';
    return null;
  }

  private refuse(socket: net.Socket, r: SourceRefusal | string): void {
    if (socket.destroyed) return;
    socket.end(typeof r === 'string' ? r : sourceResponse(r));
    // Whatever the client still sends is not read; a client that never closes is cut.
    setTimeout(() => socket.destroy(), 2000).unref();
  }

  /**
   * A metadata update (Icecast `/admin/metadata`, SHOUTcast `/admin.cgi`): the creator's stream on
   * air says what plays; with a radio channel's DJ key, the DJ's set on that channel does.
   */
  private answerMetadata(socket: net.Socket, update: MetadataUpdate | SourceRefusal): void {
    if ('status' in update) {
      this.refuse(socket, update);
      return;
    }
    const answer = (status: number, message: string) =>
      this.refuse(socket, metadataResponse(update.protocol, status, message));
    void (async () => {
      if (update.key?.startsWith(RADIO_KEY_PREFIX) && this.radioDjMetadata) {
        const r = await this.radioDjMetadata(update.key, update.song);
        return answer(r.status, r.message);
      }
      const holder = update.key ? await this.keys.authenticate(update.key) : null;
      if (!holder) return answer(401, 'Invalid or revoked stream key');
      if (holder.suspended || holder.user.role !== 'creator') return answer(403, 'This account cannot go live');
      const streamId = await this.live.streams.onAirOf(holder.user.id);
      if (!streamId || !(await this.live.streams.setNowPlaying(streamId, update.song))) {
        return answer(400, 'Source does not exist');
      }
      answer(200, 'Metadata update successful');
    })().catch((e) => {
      this.opts.log('live ingest: a metadata update failed', e);
      answer(500, 'Internal error');
    });
  }

  setRadioDj(admission: RadioDjAdmission, metadata?: RadioDjMetadata): void {
    this.radioDj = admission;
    this.radioDjMetadata = metadata ?? null;
  }

  /** A DJ key: the radio module admits it and takes the audio (the channel's takeover), not a broadcast. */
  private async admitDj(
    socket: SourceSocket,
    source: SourceStart,
    rest: Buffer,
    key: string,
    radioDj: RadioDjAdmission,
  ) {
    if (!declaredFormat(source.headers['content-type'])) {
      return source.refuse({
        status: 415,
        message: 'Unsupported content type: send Ogg (Opus or Vorbis), WebM, MP3 or AAC',
      });
    }
    // Icecast sources name themselves with ice-name, SHOUTcast v1 ones with icy-name.
    const djName = (source.headers['ice-name'] ?? source.headers['icy-name'])?.trim() || 'Live DJ';
    const admitted = await radioDj(key, djName);
    if ('status' in admitted) return source.refuse(admitted);
    if (socket.destroyed) return;
    if (typeof source.accepted === 'function') source.accepted();
    else if (source.accepted) socket.write(source.accepted);
    // RTMP bodies are FLV (rtmp-source.ts); the others tell their format by their first bytes.
    const rtmp = typeof source.accepted === 'function';
    pipeDjSource(
      socket,
      { chunked: source.chunked, rest, stallMs: stallMs(this.live.graceMs), forcedFormat: rtmp ? 'flv' : undefined },
      admitted.start,
    );
  }

  private async admit(socket: SourceSocket, source: SourceStart, rest: Buffer): Promise<void> {
    const { key, headers } = source;
    if (key?.startsWith(RADIO_KEY_PREFIX) && this.radioDj) return this.admitDj(socket, source, rest, key, this.radioDj);
    const holder = key ? await this.keys.authenticate(key) : null;
    if (!holder) return source.refuse({ status: 401, message: 'Invalid or revoked stream key' });
    if (holder.suspended || holder.user.role !== 'creator') {
      return source.refuse({ status: 403, message: 'This account cannot go live' });
    }
    const declared = declaredFormat(headers['content-type']);
    if (!declared) {
      return source.refuse({
        status: 415,
        message: 'Unsupported content type: send Ogg (Opus or Vorbis), WebM, MP3 or AAC',
      });
    }
    const fallback = `${holder.user.displayName ?? 'Creator'} live`;
    let stop = () => {};
    const link = { tell: () => {}, close: () => stop() };
    let streamId = '';
    let opened: Awaited<ReturnType<LiveService['ingest']['open']>> = { code: 4410, reason: 'The stream has ended' };
    // Twice at most: an open stream the gate finds abandoned (lost in a restart) is ended, then a new one starts.
    for (let attempt = 0; attempt < 2 && 'code' in opened && opened.code === 4410; attempt++) {
      try {
        streamId = await this.live.streams.forEncoder(holder.user, iceMetadata(headers, fallback));
      } catch (e) {
        if (e instanceof AppError) return source.refuse({ status: 403, message: e.message });
        throw e;
      }
      if (socket.destroyed) return;
      opened = await this.live.ingest.open(holder.user, streamId, link, { keyName: holder.keyName });
    }
    if ('code' in opened) return source.refuse(refusalOf(opened.code, opened.reason));
    if (socket.destroyed) {
      opened.detach();
      this.live.ingest.gone(streamId);
      return;
    }
    let cap: number | null;
    try {
      cap = await this.live.encoderBitrateCap(holder.user);
    } catch (e) {
      opened.detach();
      this.live.ingest.gone(streamId);
      throw e;
    }
    if (socket.destroyed) {
      opened.detach();
      this.live.ingest.gone(streamId);
      return;
    }
    if (typeof source.accepted === 'function') source.accepted();
    else if (source.accepted) socket.write(source.accepted);
    stop = this.relay(socket, { chunked: source.chunked, cap }, rest, opened, streamId, holder);
  }

  /**
   * Feeds the accepted source's body to the publisher: through ffmpeg unless it is WebM/Opus and
   * the plan sets no bitrate cap.
   */
  private relay(
    socket: SourceSocket,
    body: { chunked: boolean; cap: number | null },
    rest: Buffer,
    publisher: Publisher,
    streamId: string,
    holder: KeyHolder,
  ): () => void {
    const { bytesPerSecond: rate, burstBytes: burst } = this.live.hub.ingestLimits;
    const chunked = body.chunked ? new ChunkedDecoder() : null;
    let allowance = burst;
    let refilledAt = Date.now();
    let sniffed = Buffer.alloc(0);
    let transcode: LiveTranscode | null = null;
    let passThrough = false;
    let finished = false;

    /** ended: the body ended; gone: the encoder stalled or dropped (what it sent is still relayed); error: cut. */
    const finish = (why: 'ended' | 'gone' | 'error', err?: unknown) => {
      if (finished) return;
      finished = true;
      socket.off('data', onData);
      keySet.delete(cut);
      if (keySet.size === 0 && this.byKey.get(holder.keyId) === keySet) this.byKey.delete(holder.keyId);
      userSet.delete(cut);
      if (userSet.size === 0 && this.byUser.get(holder.user.id) === userSet) this.byUser.delete(holder.user.id);
      if (why === 'error') {
        if (err && !(err instanceof IngestTooFast) && !(err instanceof WebmError) && !(err instanceof ChunkedError)) {
          this.opts.log('live ingest: relaying a source failed', err);
        }
        transcode?.kill();
        socket.destroy();
        publisher.detach();
        this.live.ingest.gone(streamId);
        return;
      }
      if (why === 'gone') socket.destroy();
      else socket.end();
      if (!transcode) {
        publisher.detach();
        this.live.ingest.gone(streamId);
        return;
      }
      // The source is done: ffmpeg flushes its last packets, then the publisher leaves.
      transcode.end();
      const t = transcode;
      const killer = setTimeout(() => t.kill(), 5000);
      killer.unref();
      void t.done.then(() => {
        clearTimeout(killer);
        publisher.detach();
        this.live.ingest.gone(streamId);
      });
    };
    const cut = () => finish('error');

    const toHub = (chunk: Buffer) => {
      if (finished && !transcode) return;
      try {
        publisher.push(chunk);
      } catch (e) {
        finish('error', e);
      }
    };

    /** Decides how to relay from the first bytes; false while WebM has not named its codec yet. */
    const start = (bytes: Buffer, final = false): boolean => {
      const format = sniffFormat(bytes, final);
      if (!format) throw new WebmError('Not a stream we can relay', true);
      if (format === 'more') return false;
      // WebM/Opus goes to the hub as is, unless the plan caps the bitrate (then it is transcoded too).
      if (format === 'webm' && body.cap === null) passThrough = true;
      else {
        transcode = liveToWebm(format, toHub, { ffmpegPath: this.opts.ffmpegPath, capBitsPerSecond: body.cap });
        const t = transcode;
        void t.done.then(({ code, stderr }) => {
          if (!finished) {
            this.opts.log(`live ingest: ffmpeg stopped (${code}): ${stderr.trim().split('\n').slice(-2).join(' ')}`);
            finish('error');
          }
        });
      }
      return true;
    };

    const feed = (data: Buffer) => {
      if (data.length === 0) return;
      // The same byte-rate cap as the browser's publisher, on what the encoder sends.
      const now = Date.now();
      allowance = Math.min(burst, allowance + ((now - refilledAt) / 1000) * rate) - data.length;
      refilledAt = now;
      if (allowance < 0) throw new IngestTooFast();
      if (!passThrough && !transcode) {
        sniffed = Buffer.concat([sniffed, data]);
        if (sniffed.length < SNIFF_BYTES || !start(sniffed)) return;
        data = sniffed;
      }
      if (passThrough) publisher.push(data);
      else if (transcode && !transcode.write(data)) {
        // ffmpeg is behind: stop reading until it catches up (TCP pushes back on the encoder).
        socket.pause();
        transcode.onDrain(() => socket.resume());
      }
    };

    const onData = (d: Buffer) => {
      try {
        for (const part of chunked ? chunked.push(d) : [d]) feed(part);
        if (chunked?.done) finish('ended');
      } catch (e) {
        finish('error', e);
      }
    };

    const keySet = this.byKey.get(holder.keyId) ?? new Set();
    this.byKey.set(holder.keyId, keySet);
    keySet.add(cut);
    const userSet = this.byUser.get(holder.user.id) ?? new Set();
    this.byUser.set(holder.user.id, userSet);
    userSet.add(cut);
    socket.on('data', onData);
    socket.on('end', () => {
      // A short stream may end before the sniff filled up: decide on what there is.
      try {
        if (!passThrough && !transcode && sniffed.length > 0) {
          start(sniffed, true);
          if (passThrough) publisher.push(sniffed);
          else (transcode as LiveTranscode | null)?.write(sniffed);
        }
      } catch (e) {
        return finish('error', e);
      }
      finish('ended');
    });
    socket.on('close', () => finish('gone'));
    socket.setTimeout(stallMs(this.live.graceMs), () => finish('gone'));
    if (rest.length) onData(rest);
    socket.resume();
    return cut;
  }
}
