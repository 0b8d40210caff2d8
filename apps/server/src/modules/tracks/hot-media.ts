import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../../context';
import { peekStat, peekTrack } from './delivery-cache';
import { cacheControl, MEDIA_HEADERS, pickStream } from './delivery-routes';
import { peekHotObject } from './local-files';
import { canViewTrack, isTrackId } from './policy';
import { streamVersion } from './presenter';
import { answerObject } from './send-object';

const STREAM_URL = /^\/api\/tracks\/([^/?]+)\/stream(?:\?(.*))?$/;
const FORMATS = new Set(['opus', 'aac', 'original']);
let served = 0;

/** How many responses this process answered on the fast path (for metrics and tests). */
export const hotMediaServed = () => served;

/**
 * The media fast path, ahead of Fastify: a GET or HEAD of a public, ready track's stream whose row,
 * stat and bytes are all in this process's memory is answered here, like a CDN edge would, in a
 * fraction of a full request cycle (a player's Range requests are most of our traffic). Returns
 * false, having written nothing, for anything else: Fastify then answers with the same rules
 * (`answerObject`), and its lookups warm the memory this path reads.
 */
export function serveHotMedia(ctx: AppContext, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const m = STREAM_URL.exec(req.url ?? '');
  if (!m || !isTrackId(m[1])) return false;
  const query = new URLSearchParams(m[2] ?? '');
  const v = query.getAll('v');
  const format = query.getAll('format');
  // Anything the route would refuse or that needs more than defaults is left to it.
  if (v.length > 1 || format.length > 1 || (v[0]?.length ?? 0) > 64 || (format[0] && !FORMATS.has(format[0]))) {
    return false;
  }
  const track = peekTrack(ctx, m[1]);
  // Visible to anyone, so no session is needed; private tracks go through the full route.
  if (!track || !canViewTrack(null, track)) return false;
  const { key, type } = pickStream(track, format[0] as 'opus' | 'aac' | 'original' | undefined);
  const stat = peekStat(ctx, key);
  const bytes = stat ? peekHotObject(ctx, key) : null;
  if (!stat || !bytes || bytes.length !== stat.size) return false;
  const answer = answerObject(req.method, req.headers, stat, {
    contentType: type,
    cacheControl: cacheControl(track, v[0] === streamVersion(track)),
  });
  served++;
  res.writeHead(answer.status, { ...MEDIA_HEADERS, ...answer.headers });
  res.end(answer.body ? bytes.subarray(answer.body.start, answer.body.end + 1) : undefined);
  return true;
}
