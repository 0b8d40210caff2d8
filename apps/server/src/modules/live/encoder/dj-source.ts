import { PassThrough, type Readable } from 'node:stream';
import type { LiveInputFormat } from '../../../media/live-transcode';
import { ChunkedDecoder } from './chunked';
import { SNIFF_BYTES, SNIFF_WEBM_BYTES, sniffFormat } from './source-request';

/** How a refused source is told (the ingest's own refusal shape). */
export interface DjRefusal {
  status: 401 | 403 | 503;
  message: string;
}

/**
 * A radio channel's DJ key reaching the encoder ingest (issue 38, ADR 0056): the radio module
 * decides whether the key opens a channel here, and where the DJ's audio goes (the channel
 * engine's takeover). `cut` ends the DJ's connection (key regenerated, channel off air).
 */
export type RadioDjAdmission = (
  key: string,
  djName: string,
) => Promise<
  | DjRefusal
  | {
      start(source: Readable, format: LiveInputFormat, cut: () => void): void;
    }
>;

/**
 * A metadata update (Icecast `/admin/metadata`, SHOUTcast `admin.cgi`) with a radio channel's DJ
 * key: the radio module makes it the DJ's now playing; the answer is the ingest's (status, text).
 */
export type RadioDjMetadata = (key: string, song: string) => Promise<{ status: 200 | 400 | 401; message: string }>;

interface DjSocket {
  on(event: 'data', fn: (d: Buffer) => void): unknown;
  on(event: 'end' | 'close', fn: () => void): unknown;
  resume(): unknown;
  destroy(): unknown;
  setTimeout(ms: number, fn: () => void): unknown;
}

/**
 * Feeds an accepted DJ source's body (de-chunked) to the engine as a Readable, once its first bytes
 * tell the format. The body ending, the connection closing or stalling for `stallMs` is the DJ
 * leaving (the engine plays out what it buffered, then hands back).
 */
export function pipeDjSource(
  socket: DjSocket,
  o: { chunked: boolean; rest: Buffer; stallMs: number; forcedFormat?: LiveInputFormat },
  start: (source: Readable, format: LiveInputFormat, cut: () => void) => void,
): void {
  const body = new PassThrough();
  const chunked = o.chunked ? new ChunkedDecoder() : null;
  let sniffed: Buffer | null = o.forcedFormat ? null : Buffer.alloc(0);
  let ended = false;
  const cut = () => {
    finish();
    socket.destroy();
  };
  const finish = () => {
    if (ended) return;
    ended = true;
    if (sniffed && sniffed.length > 0) decide(true);
    body.end();
  };
  const decide = (final: boolean): boolean => {
    if (!sniffed) return true;
    const format = sniffFormat(sniffed, final);
    if (format === 'more' && sniffed.length < SNIFF_WEBM_BYTES && !final) return false;
    if (!format || format === 'more') {
      sniffed = null;
      cut();
      return false;
    }
    const first = sniffed;
    sniffed = null;
    start(body, format, cut);
    body.write(first);
    return true;
  };
  if (o.forcedFormat) start(body, o.forcedFormat, cut);
  const feed = (d: Buffer) => {
    if (ended) return;
    for (const part of chunked ? chunked.push(d) : [d]) {
      if (sniffed) {
        sniffed = Buffer.concat([sniffed, part]);
        if (sniffed.length >= SNIFF_BYTES) decide(false);
      } else if (!ended) body.write(part);
    }
    if (chunked?.done) finish();
  };
  socket.on('data', (d) => {
    try {
      feed(d);
    } catch {
      cut();
    }
  });
  socket.on('end', finish);
  socket.on('close', finish);
  socket.setTimeout(o.stallMs, cut);
  if (o.rest.length) feed(o.rest);
  socket.resume();
}
