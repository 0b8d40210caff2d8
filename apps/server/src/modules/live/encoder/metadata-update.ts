import { LIVE_INGEST_MOUNT, LIVE_NOW_PLAYING_MAX_LENGTH } from '@wavecast/shared';
import { cleanEncoderText, decodeEncoderText, type RequestHead, type SourceRefusal, sourceKey } from './source-request';

/**
 * A "now playing" update as encoders send it on the ingest port: Icecast's
 * `GET /admin/metadata?mount=/live&mode=updinfo&song=…[&charset=…]` with the source's Basic auth,
 * or SHOUTcast v1's `GET /admin.cgi?pass=KEY&mode=updinfo&song=…` (the key, or `source:KEY`).
 */
export interface MetadataUpdate {
  protocol: 'icecast' | 'shoutcast';
  key: string | null;
  /** Decoded and cleaned; empty clears what is playing. */
  song: string;
}

/** A query's values as bytes read one per character (Latin-1), so their charset can be decided after. */
function queryBytes(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const [k, v] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const bytes = (s: string) =>
      s
        .replace(/\+/g, ' ')
        .replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    const name = bytes(k).toLowerCase();
    if (!out.has(name)) out.set(name, bytes(v));
  }
  return out;
}

/** The metadata update a request is, a refusal for a bad one, or null when it is no metadata request. */
export function metadataUpdate(head: RequestHead): MetadataUpdate | SourceRefusal | null {
  const q = head.target.indexOf('?');
  const path = (q < 0 ? head.target : head.target.slice(0, q)).replace(/\/+$/, '');
  const protocol = path === '/admin/metadata' ? 'icecast' : path === '/admin.cgi' ? 'shoutcast' : null;
  if (!protocol) return null;
  if (head.method !== 'GET') return { status: 405, message: 'Use GET to update metadata' };
  const params = queryBytes(q < 0 ? '' : head.target.slice(q + 1));
  if (params.get('mode') !== 'updinfo') return { status: 400, message: 'Unsupported mode: use mode=updinfo' };
  if (protocol === 'icecast') {
    const mount = (params.get('mount') ?? '').replace(/\/+$/, '');
    if (mount !== LIVE_INGEST_MOUNT) return { status: 400, message: 'Source does not exist' };
  }
  const song = params.get('song');
  if (song === undefined) return { status: 400, message: 'Missing parameter: song' };
  const text = decodeEncoderText(song, params.get('charset'));
  // SHOUTcast's password is the key, or `source:KEY` (keys never hold a colon).
  const pass = params.get('pass');
  const key =
    protocol === 'shoutcast' && pass !== undefined
      ? pass.slice(pass.lastIndexOf(':') + 1) || null
      : sourceKey(head.headers.authorization);
  return { protocol, key, song: cleanEncoderText(text, LIVE_NOW_PLAYING_MAX_LENGTH) };
}

const xml = (message: string, ok: boolean) =>
  `<?xml version="1.0"?>\n<iceresponse><message>${message
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</message><return>${ok ? 1 : 0}</return></iceresponse>\n`;

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Authentication Required',
  403: 'Forbidden',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

/**
 * The answer real clients expect: Icecast's `iceresponse` XML (`<return>1</return>` on success,
 * what liquidsoap and BUTT look for), SHOUTcast's small HTML page; a 401 carries the Basic
 * challenge.
 */
export function metadataResponse(protocol: MetadataUpdate['protocol'], status: number, message: string): string {
  const body =
    protocol === 'icecast'
      ? xml(message, status === 200)
      : `<html><body>${message.replace(/</g, '&lt;')}</body></html>\n`;
  const type = protocol === 'icecast' ? 'text/xml' : 'text/html';
  const auth = status === 401 ? 'WWW-Authenticate: Basic realm="Icecast2 Server"\r\n' : '';
  return (
    `HTTP/1.0 ${status} ${REASONS[status] ?? 'Error'}\r\n${auth}Content-Type: ${type}; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
