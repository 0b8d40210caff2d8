import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { FIXED_SECURITY_HEADERS, OWN_SECURITY_HEADERS } from '../../lib/fixed-headers';
import { perApp } from '../../lib/per-app';
import { SharedRows } from './shared-rows';

interface Entry {
  body: string;
  type: string;
  expires: number;
  /** While one request recomputes an expired entry, the others get the old answer until then. */
  refreshingUntil: number;
}

/** How long the old answer stands in for one being recomputed (a failed refresh retries after it). */
const REFRESH_GRACE_MS = 5_000;

/**
 * A CDN-style micro-cache for the answers that are the same for every anonymous visitor (Home,
 * Explore): a GET's serialized 200 body is reused for PUBLIC_CACHE_MS per URL, so a crowd on the
 * home page costs one set of queries per URL every few seconds instead of one per visitor. Signed-in viewers get
 * an answer of their own (it carries their `liked` flags), composed from the same pages' shared
 * rows (`rows`, ADR 0023). Everything is dropped at once when a track
 * changes in this process (`forgetTrack`) or a stream starts or ends anywhere (bus events); other
 * changes (counts, another process's edits) show within PUBLIC_CACHE_MS. When an answer expires, one
 * request recomputes it while the others still get the old one (stale-while-revalidate), so expiry
 * never sends a crowd to the database at once. Answers say `x-cache` (MISS, HIT or STALE).
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /** The generation each request started in: an answer computed before a change is not kept. */
  private readonly startedIn = new WeakMap<FastifyRequest, number>();

  /** The same pages' shared rows, for signed-in viewers (kept and dropped with the answers). */
  readonly rows: SharedRows;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {
    this.rows = new SharedRows(ttlMs, maxEntries);
  }

  /**
   * The cached answer of a URL, even expired (the SPA's first-paint hints read Home's first cover,
   * ADR 0022: only a track write changes it, and that drops every entry).
   */
  peek(url: string): string | null {
    return this.entries.get(url)?.body ?? null;
  }

  forget(): void {
    this.generation++;
    this.entries.clear();
    this.rows.forget();
  }

  private cacheable(req: FastifyRequest): boolean {
    return this.ttlMs > 0 && req.method === 'GET' && req.user === null;
  }

  /** Route options to spread into each cached route's (helmet's per-request cost would dominate a hit). */
  readonly routeOptions = {
    ...OWN_SECURITY_HEADERS,
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      reply.headers(FIXED_SECURITY_HEADERS);
      if (!this.cacheable(req)) return;
      const hit = this.entries.get(req.url);
      const now = Date.now();
      if (hit && (hit.expires > now || hit.refreshingUntil > now)) {
        reply.header('x-cache', hit.expires > now ? 'HIT' : 'STALE').type(hit.type);
        return reply.send(hit.body);
      }
      // A miss, or the one request that recomputes an expired answer (no stampede on the database).
      if (hit) hit.refreshingUntil = now + REFRESH_GRACE_MS;
      this.startedIn.set(req, this.generation);
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const started = this.startedIn.get(req);
      if (started === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      reply.header('x-cache', 'MISS');
      if (started !== this.generation) return payload;
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      this.entries.set(req.url, { body: payload, type, expires: Date.now() + this.ttlMs, refreshingUntil: 0 });
      return payload;
    },
  };
}

/** This app's cache of public lists (made on first use, forgotten when a stream starts or ends anywhere). */
export const publicCache = perApp((ctx: AppContext): PublicCache => {
  const answers = new PublicCache(ctx.config.PUBLIC_CACHE_MS);
  ctx.bus.subscribe((msg) => {
    if (msg.event === 'live.started' || msg.event === 'live.ended') answers.forget();
  });
  return answers;
});

/** A track was written: public lists are recomputed on their next request. */
export const forgetPublicLists = (ctx: AppContext): void => publicCache(ctx).forget();

/** Home and Explore are recomputed on every process when a track or its owner changes (events/, ADR 0027). */
export function subscribePublicCache(ctx: AppContext): void {
  const forget = () => forgetPublicLists(ctx);
  for (const name of [
    'track.changed',
    'track.hidden',
    'track.shown',
    'account.suspended',
    'account.restored',
    'account.deleted',
  ] as const)
    ctx.events.on(name, forget);
}
