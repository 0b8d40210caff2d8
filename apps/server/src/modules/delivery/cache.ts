import type { Role } from '@wavecast/shared';
import type { TrackFacts } from '../../access/tracks';
import type { AppContext } from '../../context';
import { perApp } from '../../lib/per-app';
import type { StoredObject } from '../../storage';
import { billing } from '../billing';
import { findTrackWithCreator, type TrackRow } from '../tracks/repo';

/**
 * Short-lived memory of what delivery needs per request (the track row, object stats), so a
 * Range request costs no database query. Writes in this process invalidate at once; other
 * processes see changes within the TTL.
 */
class TtlCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  /** Bumped by every delete and clear: a lookup that began before one must not store its answer. */
  private epoch = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  /** Stores `value` unless an invalidation came since `stamp()` was read (its lookup may predate the change). */
  setIfUnchanged(key: string, value: V, since: number): void {
    if (since === this.epoch) this.set(key, value);
  }

  stamp(): number {
    return this.epoch;
  }

  delete(key: string): void {
    this.epoch++;
    this.map.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.map.clear();
  }
}

export const TRACK_CACHE_TTL_MS = 3000;
/** How long a viewer's HD listening answer is kept: a plan change is heard within this. */
export const VIEWER_CACHE_TTL_MS = 15_000;

/** One app's delivery memory (`caches(ctx)`, made on first use). */
export class DeliveryCache {
  readonly tracks = new TtlCache<DeliveryTrack | null>(TRACK_CACHE_TTL_MS, 10_000);
  // Storage keys are never rewritten (each processing run makes new ones), so stats keep longer.
  readonly stats = new TtlCache<StoredObject | null>(60_000, 20_000);
  /** Per signed-in viewer: whether their plan has HD listening (billing's entitlements decide). */
  readonly hdListeners = new TtlCache<boolean>(VIEWER_CACHE_TTL_MS, 20_000);
  /**
   * The same answer by session token, set by the route once the auth hook has verified that very
   * token, so the fast path can answer signed-in listeners without resolving their session.
   */
  readonly sessionHd = new TtlCache<boolean>(VIEWER_CACHE_TTL_MS, 20_000);
}

const caches = perApp((_ctx: AppContext) => new DeliveryCache());

/** The track row with its visibility facts (owner suspended, removed: canSeeTrack hides it; ADR 0015). */
export type DeliveryTrack = TrackRow & TrackFacts;

export async function cachedTrack(ctx: AppContext, id: string): Promise<DeliveryTrack | null> {
  const c = caches(ctx);
  const hit = c.tracks.get(id);
  if (hit !== undefined) return hit;
  // A row read before a suspension or hiding whose event lands meanwhile would otherwise be kept
  // (and served) for the whole TTL after the event dropped the entries.
  const since = c.tracks.stamp();
  const found = await findTrackWithCreator(ctx.database, id);
  const row = found ? { ...found.track, ...found.facts } : null;
  c.tracks.setIfUnchanged(id, row, since);
  return row;
}

export async function cachedStat(ctx: AppContext, key: string): Promise<StoredObject | null> {
  const c = caches(ctx);
  const hit = c.stats.get(key);
  if (hit !== undefined) return hit;
  const stat = await ctx.storage.stat(key);
  if (stat) c.stats.set(key, stat);
  return stat;
}

/**
 * Whether this viewer hears HD renditions, asked of billing's entitlements at most once per viewer
 * per VIEWER_CACHE_TTL_MS, so a player's Range requests cost no extra query. Only asked for a
 * signed-in viewer of a stream that has an HD rendition; anonymous listeners never are.
 */
export async function cachedHdListening(
  ctx: AppContext,
  viewer: { id: string; role: Role },
  verifiedSessionToken: string | null,
): Promise<boolean> {
  const c = caches(ctx);
  let hd = c.hdListeners.get(viewer.id);
  if (hd === undefined) {
    hd = (await billing(ctx).entitlements.of(viewer)).entitlements.hdListening;
    c.hdListeners.set(viewer.id, hd);
  }
  if (verifiedSessionToken) c.sessionHd.set(verifiedSessionToken, hd);
  return hd;
}

/** The HD answer remembered for a session token, or undefined when this process does not know it. */
export const peekSessionHd = (ctx: AppContext, token: string | null): boolean | undefined =>
  token ? caches(ctx).sessionHd.get(token) : undefined;

/** The cached row (null: known not to exist), or undefined when this process does not know it. */
export const peekTrack = (ctx: AppContext, id: string): DeliveryTrack | null | undefined => caches(ctx).tracks.get(id);

/** The cached stat, or undefined when it is not in memory. */
export const peekStat = (ctx: AppContext, key: string): StoredObject | null | undefined => caches(ctx).stats.get(key);

/**
 * Rows are dropped on every process when the spine says a track or its owner changed (an edit,
 * processing, hidden or shown, the owner suspended, restored or deleted): hidden content stops
 * being delivered at once, not when the entry expires.
 */
export function subscribeDeliveryCache(ctx: AppContext): void {
  const forgetTrack = ({ payload }: { payload: { trackId: string } }) => caches(ctx).tracks.delete(payload.trackId);
  ctx.events.on('track.changed', forgetTrack);
  ctx.events.on('track.hidden', forgetTrack);
  ctx.events.on('track.shown', forgetTrack);
  const forgetOwners = () => caches(ctx).tracks.clear();
  ctx.events.on('account.suspended', forgetOwners);
  ctx.events.on('account.restored', forgetOwners);
  ctx.events.on('account.deleted', forgetOwners);
  // A plan ended: the viewer's HD answer is asked again. The by-token answers cannot be found by
  // user, so they all go (a plan ending is rare next to Range requests; they refill on the next one).
  ctx.events.on('plan.ended', ({ payload }) => {
    caches(ctx).hdListeners.delete(payload.userId);
    caches(ctx).sessionHd.clear();
  });
}
