import {
  LIVE_CATEGORIES,
  LIVE_DESCRIPTION_MAX_LENGTH,
  LIVE_INGEST_MOUNT,
  LIVE_TITLE_MAX_LENGTH,
} from '@wavecast/shared';

/**
 * The Icecast source protocol's request head, as encoders send it: `PUT /live HTTP/1.1` (with or
 * without `Expect: 100-continue`, chunked or not) or the older `SOURCE /live HTTP/1.0`, Basic auth
 * with the stream key as password, the audio's Content-Type and `ice-*` metadata.
 */
export interface SourceRequest {
  method: 'PUT' | 'SOURCE';
  mount: string;
  /** Lower-cased names; a repeated header keeps its first value. */
  headers: Record<string, string>;
  expectContinue: boolean;
  chunked: boolean;
}

/** A refusal in the source client's terms: an HTTP status it understands. */
export interface SourceRefusal {
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 500 | 503;
  message: string;
}

/** The longest request head we read (Icecast's own limit is similar). */
export const MAX_SOURCE_HEAD = 16 * 1024;

const REASONS: Record<SourceRefusal['status'], string> = {
  400: 'Bad Request',
  401: 'Authentication Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The index just past the head's blank line, or -1 while it has not all arrived. */
export function headEnd(buf: Buffer): number {
  const i = buf.indexOf('\r\n\r\n');
  if (i >= 0) return i + 4;
  const j = buf.indexOf('\n\n'); // a few old clients end lines with a bare LF
  return j >= 0 ? j + 2 : -1;
}

/**
 * Text as encoders send it, given as its bytes read one per character (Latin-1): UTF-8 when the
 * bytes are valid UTF-8 (what current encoders send), else Latin-1 (older Windows encoders).
 */
export function decodeEncoderText(latin1: string, charset?: string): string {
  const bytes = Buffer.from(latin1, 'latin1');
  const cs = charset?.trim().toLowerCase().replace(/_/g, '-');
  if (cs === 'iso-8859-1' || cs === 'latin1' || cs === 'latin-1') return latin1;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return latin1;
  }
}

/** A request line and its headers (values decoded as `decodeEncoderText` says). */
export interface RequestHead {
  method: string;
  /** As sent: path and query, still percent-encoded. */
  target: string;
  /** Lower-cased names; a repeated header keeps its first value. */
  headers: Record<string, string>;
}

/** Parses a request head read as Latin-1 (without the blank line's bytes after it). */
export function parseRequestHead(head: string): RequestHead | SourceRefusal {
  const lines = head.split(/\r?\n/).filter((l, i) => i === 0 || l.length > 0);
  const m = /^([A-Z]+) (\S+) HTTP\/1\.[01]$/.exec(lines[0] ?? '');
  if (!m) return { status: 400, message: 'Malformed request' };
  const headers = parseHeaderLines(lines.slice(1));
  if (!headers) return { status: 400, message: 'Malformed header' };
  return { method: m[1], target: m[2], headers };
}

/** `Name: value` lines (the SHOUTcast v1 `icy-name:value` form too); null when one has no colon. */
export function parseHeaderLines(lines: string[]): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeEncoderText(line.slice(colon + 1).trim());
  }
  return headers;
}

/** A PUT or SOURCE request to the live mount, or why not. */
export function sourceRequest(head: RequestHead): SourceRequest | SourceRefusal {
  const { method, target, headers } = head;
  if (method !== 'PUT' && method !== 'SOURCE') return { status: 405, message: 'Use PUT or SOURCE to send a stream' };
  const mount = target.split('?')[0].replace(/\/+$/, '') || '/';
  if (mount !== LIVE_INGEST_MOUNT)
    return { status: 404, message: `Unknown mount point: publish to ${LIVE_INGEST_MOUNT}` };
  const te = headers['transfer-encoding']?.toLowerCase();
  if (te && te !== 'chunked') return { status: 400, message: 'Unsupported transfer encoding' };
  return {
    method,
    mount,
    headers,
    expectContinue: headers.expect?.toLowerCase() === '100-continue',
    chunked: te === 'chunked',
  };
}

/** Parses a source request head (without the blank line's bytes after it). */
export function parseSourceHead(head: string): SourceRequest | SourceRefusal {
  const parsed = parseRequestHead(head);
  return 'status' in parsed ? parsed : sourceRequest(parsed);
}

/**
 * The stream key from `Authorization: Basic`: the password (any user name, `source` by convention).
 * Clients with a password field only (the SHOUTcast v1 form) send `user:key` as the password, so
 * the key is what follows the last colon (keys never contain one).
 */
export function sourceKey(authorization: string | undefined): string | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const password = decoded.slice(colon + 1);
  const key = password.slice(password.lastIndexOf(':') + 1);
  return key.length > 0 ? key : null;
}

/** What the Content-Type says the audio is; null when we cannot take it, 'sniff' when it does not say. */
export type DeclaredFormat = 'ogg' | 'webm' | 'mp3' | 'aac' | 'sniff';

const DECLARED: Record<string, DeclaredFormat> = {
  'audio/ogg': 'ogg',
  'application/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/vorbis': 'ogg',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpeg3': 'mp3',
  'audio/aac': 'aac',
  'audio/aacp': 'aac',
  'audio/x-aac': 'aac',
  'application/octet-stream': 'sniff',
};

export function declaredFormat(contentType: string | undefined): DeclaredFormat | null {
  if (!contentType) return 'sniff';
  return DECLARED[contentType.split(';')[0].trim().toLowerCase()] ?? null;
}

/** What the first bytes are: decides pass-through (WebM/Opus), remux (Ogg/Opus) or transcode. */
export type SniffedFormat = 'ogg-opus' | 'ogg' | 'webm' | 'webm-other' | 'mp3' | 'aac' | 'flv';

/** Bytes of a stream to look at before deciding (an Ogg page head with its OpusHead fits). */
export const SNIFF_BYTES = 64;
/** WebM names its codec in Tracks, after the EBML header and Info: look this far for it. */
export const SNIFF_WEBM_BYTES = 4096;

/**
 * Recognises the stream from its first bytes (at least SNIFF_BYTES of them, or all there will be);
 * 'more' when it is WebM whose codec has not shown yet; null when it is nothing we relay.
 */
export function sniffFormat(b: Buffer, final = false): SniffedFormat | 'more' | null {
  if (b.length >= 4 && b.toString('latin1', 0, 4) === 'OggS') {
    // The first page carries the codec's identification header right after the segment table.
    const segments = b[26] ?? 0;
    const start = 27 + segments;
    return b.toString('latin1', start, start + 8) === 'OpusHead' ? 'ogg-opus' : 'ogg';
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) {
    if (b.includes('A_OPUS')) return 'webm';
    if (b.includes('A_') || final || b.length >= SNIFF_WEBM_BYTES) return 'webm-other';
    return 'more';
  }
  if (b.length >= 3 && b.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  // FLV: what the RTMP ingest hands on (its audio tags, AAC or MP3).
  if (b.length >= 4 && b.toString('latin1', 0, 3) === 'FLV' && b[3] === 1) return 'flv';
  if (b.length >= 2 && b[0] === 0xff) {
    if ((b[1] & 0xf6) === 0xf0) return 'aac'; // ADTS: sync word, layer 00
    if ((b[1] & 0xe0) === 0xe0) return 'mp3'; // MPEG audio frame sync
  }
  return null;
}

export interface IceMetadata {
  title: string;
  description: string;
  category: (typeof LIVE_CATEGORIES)[number];
}

/** Cut to at most `max` UTF-16 units (the forms' limits count those) without halving an emoji. */
const cut = (s: string, max: number) => {
  const out = s.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(out) ? out.slice(0, -1) : out;
};

/** Control characters become spaces, runs of space one; then cut to the form's limit. */
export const cleanEncoderText = (s: string | undefined, max: number) =>
  cut(
    [...(s ?? '')]
      .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  ).trim();

/**
 * Title, description and category for a stream the encoder starts without one prepared on Go
 * Live: `ice-name`, `ice-description`, `ice-genre` (or SHOUTcast's `icy-name`, `icy-description`,
 * `icy-genre`), cleaned and cut like the form's limits. A genre that is no live category falls
 * back to Music.
 */
export function iceMetadata(headers: Record<string, string>, fallbackTitle: string): IceMetadata {
  const h = (name: string) => headers[`ice-${name}`] || headers[`icy-${name}`];
  const title =
    cleanEncoderText(h('name'), LIVE_TITLE_MAX_LENGTH) || cleanEncoderText(fallbackTitle, LIVE_TITLE_MAX_LENGTH);
  const genre = cleanEncoderText(h('genre'), 100).toLowerCase();
  const category = LIVE_CATEGORIES.find((c) => c.toLowerCase() === genre) ?? 'Music';
  return { title, description: cleanEncoderText(h('description'), LIVE_DESCRIPTION_MAX_LENGTH), category };
}

/** An Icecast-style answer (HTTP/1.0, then the connection closes). */
export function sourceResponse(r: SourceRefusal): string {
  const body = `${r.message}\r\n`;
  const auth = r.status === 401 ? 'WWW-Authenticate: Basic realm="Icecast2 Server"\r\n' : '';
  return (
    `HTTP/1.0 ${r.status} ${REASONS[r.status]}\r\n${auth}Content-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Icecast's answers once a source is accepted. */
export const SOURCE_CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
export const SOURCE_OK = 'HTTP/1.0 200 OK\r\nServer: Wavecast\r\n\r\n';
