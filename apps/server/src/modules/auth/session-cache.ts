import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';

const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]{1,512})/;

/** The session cookie's value, if the Cookie header has one. */
export const sessionTokenOf = (cookie: string | undefined): string | null =>
  (cookie && SESSION_TOKEN.exec(cookie)?.[1]) || null;

interface Entry {
  user: SessionUser;
  expires: number;
}

/**
 * Resolved sessions, kept in memory for a few seconds (`SESSION_CACHE_MS`), keyed by a hash of the
 * session cookie (the token itself is never kept). A signed-in page then costs no session lookup.
 * What must show at once drops a user's entries on every process through lifecycle events
 * (`subscribeSessionCache`): sign-out, password change or reset, role or display-name change,
 * suspension, deletion. A lookup that started
 * before such a drop is not stored (generation), so a slow resolve cannot bring an old user back.
 * Bounded: the least recently used entry goes first.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfUser = new Map<string, Set<string>>();
  /** Lookups under way, by key: requests that miss together share one (no stampede at expiry). */
  private readonly lookups = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  static key(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  /** The generation a lookup starts in; pass it to `set`. */
  start(): number {
    return this.generation;
  }

  get(key: string): SessionUser | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.user;
  }

  /** Keeps `user` for the cache's lifetime, never past `notAfter` (the session's own expiry, ms). */
  set(key: string, user: SessionUser, startedIn: number, notAfter = Number.POSITIVE_INFINITY): void {
    if (!this.enabled || startedIn !== this.generation) return;
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { user, expires: Math.min(Date.now() + this.ttlMs, notAfter) });
    const keys = this.keysOfUser.get(user.id) ?? new Set<string>();
    keys.add(key);
    this.keysOfUser.set(user.id, keys);
  }

  /**
   * Runs `lookup` for `key`, or joins the one already running: when a busy viewer's entry expires,
   * their concurrent requests resolve the session once, not once each. A drop (`forgetUser`) makes
   * later requests start a lookup of their own.
   */
  resolveOnce<T>(key: string, lookup: () => Promise<T>): Promise<T> {
    const running = this.lookups.get(key);
    if (running) return running as Promise<T>;
    const started = lookup().finally(() => {
      if (this.lookups.get(key) === started) this.lookups.delete(key);
    });
    this.lookups.set(key, started);
    return started;
  }

  /** Drops every cached session of the user in this process (every process does on the events above). */
  forgetUser(userId: string): void {
    this.generation++;
    this.lookups.clear();
    for (const key of this.keysOfUser.get(userId) ?? []) this.entries.delete(key);
    this.keysOfUser.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    const keys = this.keysOfUser.get(hit.user.id);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfUser.delete(hit.user.id);
  }
}

/** This app's resolved sessions (made on first use); lifecycle events drop them (below). */
export const sessionCache = perApp((ctx: AppContext): SessionCache => new SessionCache(ctx.config.SESSION_CACHE_MS));

/**
 * Lifecycle events that end or change sessions drop the user's cached ones on every process:
 * suspension, deletion, sign-out, a password change, a role or display-name change (events/, ADR 0027).
 */
export function subscribeSessionCache(ctx: AppContext): void {
  const forget = ({ payload }: { payload: { userId: string } }) => sessionCache(ctx).forgetUser(payload.userId);
  for (const name of [
    'account.suspended',
    'account.deleted',
    'session.revoked',
    'password.changed',
    'role.changed',
    'account.changed',
  ] as const)
    ctx.events.on(name, forget);
}
