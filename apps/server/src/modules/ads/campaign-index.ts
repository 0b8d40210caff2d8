import { type AdContentType, type AdFormat, impressionPriceMicros } from '@wavecast/shared';
import type { Db } from '../../db/client';
import {
  type Candidate,
  type Charged,
  type SelectionQuery,
  type ServableRow,
  servableCampaigns,
  servableSpend,
  utcDay,
} from './repo';

/** How old the snapshot may get before a decision reloads it in the background (other processes' spend). */
export const INDEX_REFRESH_MS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Campaigns whose spend a background reload moves per turn of the event loop. */
const UPDATE_SLICE = 2_000;

interface Balance {
  micros: number;
  reservedMicros: number;
}

interface Entry extends ServableRow {
  price: number;
  /** Its advertiser's balance (shared by the advertiser's entries): no lookup per scanned entry. */
  balance: Balance;
  /** The UTC day `daySpentMicros` belongs to. */
  day: string;
  completed: boolean;
}

/** The integer written in `text` from `from` to `to` (a bigint column's text: micros, exact below 2^53). */
export function integerAt(text: string, from: number, to: number): number {
  let i = from;
  const negative = text.charCodeAt(i) === 45; // '-'
  if (negative) i++;
  let n = 0;
  for (; i < to; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return negative ? -n : n;
}

/**
 * The eligible campaigns of a process, kept in memory so a decision reads no database (ADR 0025):
 * a snapshot of the active campaigns (bids, targeting, schedule, budgets, today's spend, balances)
 * loaded in one statement, reloaded on every campaign or balance change (`changed()`, from this
 * process or through the bus) before the next decision, and in the background every few seconds
 * for what other processes spent. This process's own charges move it at once (`charged`). It can
 * only be behind the database, never ahead: the charge at impression time stays the conditional
 * UPDATE that keeps spend exact, so a stale answer costs at worst an ad played and not paid.
 */
export class CampaignIndex {
  private entries: Entry[] = [];
  private byId = new Map<string, Entry>();
  /** The entries in id order: the order the spend reload lists them in (matched without a lookup). */
  private idOrder: Entry[] = [];
  /** Per advertiser: the balance, and what its campaigns' live reservations hold of it. */
  private balances = new Map<string, Balance>();
  /** Per format, content type and category: the campaigns targeted there, highest bid first. */
  private buckets = new Map<AdFormat, Map<AdContentType, Map<string | null, Entry[]>>>();
  private dayNumber = Number.NaN;
  private dayText = '';
  private loadedAt = Number.NEGATIVE_INFINITY;
  private dirty = true;
  private loading: Promise<void> | null = null;
  /**
   * A whole snapshot being read after a change: decisions wait for it. The old one may hold a
   * paused campaign, and a reservation made on it would be lost with it (a burst served past the
   * budget while the new snapshot loaded).
   */
  private installing = false;
  private reloadQueued = false;
  /**
   * Charges made while a snapshot is being read: it may or may not include them, so they are applied
   * to it again (counted twice at worst until the next reload: an ad skipped, never one unpaid).
   */
  private chargedDuringLoad: { c: Charged; at: Date }[] | null = null;
  /** Reservations made while a snapshot is being read, applied to it again (held twice at worst: an ad skipped). */
  private reservedDuringLoad: string[] | null = null;

  constructor(
    private readonly db: Db,
    private readonly today: () => Date,
    /** Tests shorten these: how old the spend may get, and how many campaigns one turn moves. */
    private readonly options: { refreshMs: number; updateSlice: number } = {
      refreshMs: INDEX_REFRESH_MS,
      updateSlice: UPDATE_SLICE,
    },
    /** Awaited before each read: serves (and their reservations) recorded so far are written. */
    private readonly beforeRead: () => Promise<void> = async () => {},
  ) {}

  /** A campaign or a balance changed: the next decision reads a fresh snapshot. */
  changed(): void {
    this.dirty = true;
  }

  /** Whether a decision may use the snapshot as it is (a reload of the spend is started behind when due). */
  usable(): boolean {
    if (this.dirty || this.installing) return false;
    if (performance.now() - this.loadedAt > this.options.refreshMs && !this.loading && !this.reloadQueued) {
      // Started after this turn of the event loop: no part of the decision that noticed it.
      this.reloadQueued = true;
      setImmediate(() => {
        this.reloadQueued = false;
        void this.reload().catch(() => {});
      });
    }
    return true;
  }

  /** The snapshot a decision may use: awaited when changed (or never loaded), else at most refreshed behind. */
  async ready(): Promise<void> {
    if (this.dirty) {
      // A load already under way may have read before the change: wait for it, then read again.
      if (this.loading) await this.loading.catch(() => {});
      return this.reload();
    }
    if (this.installing && this.loading) return this.loading;
    if (performance.now() - this.loadedAt > this.options.refreshMs) void this.reload().catch(() => {});
  }

  private reload(): Promise<void> {
    if (this.loading) return this.loading;
    const started = performance.now();
    this.chargedDuringLoad = [];
    this.reservedDuringLoad = [];
    // After a change (or at first) the whole snapshot; else only what moves (spend and balances).
    const full = this.dirty || this.loadedAt === Number.NEGATIVE_INFINITY;
    this.installing = full;
    this.dirty = false;
    this.loading = (async () => {
      try {
        await this.beforeRead();
        const now = this.today();
        const day = utcDay(now);
        if (full) this.install(await servableCampaigns(this.db, day, now), day);
        else await this.update(await servableSpend(this.db, day, now), day);
        this.loadedAt = started;
        for (const { c, at } of this.chargedDuringLoad ?? []) this.apply(c, at);
        for (const id of this.reservedDuringLoad ?? []) this.hold(id);
      } catch (e) {
        this.dirty = true;
        throw e;
      } finally {
        this.chargedDuringLoad = null;
        this.reservedDuringLoad = null;
        this.loading = null;
        this.installing = false;
      }
    })();
    return this.loading;
  }

  private install(rows: ServableRow[], day: string) {
    const balances = new Map<string, Balance>();
    this.entries = rows.map((r) => {
      let balance = balances.get(r.advertiserId);
      if (balance) balance.reservedMicros += r.reservedMicros;
      else {
        balance = { micros: r.balanceMicros, reservedMicros: r.reservedMicros };
        balances.set(r.advertiserId, balance);
      }
      return { ...r, price: impressionPriceMicros(r.cpmMicros), balance, day, completed: false };
    });
    this.balances = balances;
    this.byId = new Map(this.entries.map((e) => [e.id, e]));
    this.idOrder = [...this.entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.buckets = new Map();
  }

  /**
   * The spend and balances read again for the same campaigns, moved in place (the buckets stay).
   * A campaign that appeared or left (another process changed it, its message not here yet) makes
   * the next decision read the whole snapshot. Parsed in slices of UPDATE_SLICE campaigns, one
   * turn of the event loop each: 10,000 at once held decisions waiting behind it for several ms
   * (cpu-prof of bench/ads); decisions between two slices see some campaigns moved, some not yet,
   * each of them as the database had it a moment ago or as this process last charged it.
   *
   * The text lists the campaigns in id order, as `idOrder` holds them: each one is matched against
   * the next expected entry in place (`startsWith`) and its figures read digit by digit, so a
   * reload allocates nothing per campaign (a substring and a Map lookup each cost ~2 µs under load:
   * 20–100 ms and 50,000 strings of garbage per reload of 10,000, ADR 0044). Out of order (another
   * process's campaign not here yet), the id is looked up.
   */
  private async update(packed: string, day: string) {
    let seen = 0;
    let from = 0;
    let sliced = 0;
    let next = 0;
    const order = this.idOrder;
    for (const b of this.balances.values()) b.reservedMicros = 0;
    while (from < packed.length) {
      let end = packed.indexOf(',', from);
      if (end < 0) end = packed.length;
      const a = packed.indexOf(':', from);
      const b = packed.indexOf(':', a + 1);
      const c = packed.indexOf(':', b + 1);
      const d = packed.indexOf(':', c + 1);
      const expected = order[next];
      let e: Entry | undefined;
      if (expected && a - from === expected.id.length && packed.startsWith(expected.id, from)) {
        e = expected;
        next++;
      } else {
        e = this.byId.get(packed.slice(from, a));
      }
      if (!e) {
        this.dirty = true;
      } else {
        seen++;
        e.spentMicros = integerAt(packed, a + 1, b);
        e.day = day;
        e.daySpentMicros = integerAt(packed, b + 1, c);
        e.completed = false;
        e.reservedMicros = integerAt(packed, d + 1, end);
        e.balance.micros = integerAt(packed, c + 1, d);
        e.balance.reservedMicros += e.reservedMicros;
      }
      from = end + 1;
      if (++sliced === this.options.updateSlice && from < packed.length) {
        sliced = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (seen !== this.entries.length) this.dirty = true;
  }

  private bucket(format: AdFormat, contentType: AdContentType, category: string | null): Entry[] {
    // Nested maps, not a joined key: a decision builds no string to find its bucket.
    let byType = this.buckets.get(format);
    if (!byType) {
      byType = new Map();
      this.buckets.set(format, byType);
    }
    let byCategory = byType.get(contentType);
    if (!byCategory) {
      byCategory = new Map();
      byType.set(contentType, byCategory);
    }
    let list = byCategory.get(category);
    if (!list) {
      list = this.entries.filter(
        (e) =>
          e.format === format &&
          e.contentTypes.includes(contentType) &&
          (e.categories.length === 0 || (category !== null && e.categories.includes(category))),
      );
      // Highest bid first: the snapshot is read in that order and filtering keeps it.
      byCategory.set(category, list);
    }
    return list;
  }

  /** 'YYYY-MM-DD' of a moment, kept for the day: a decision allocates no string for it. */
  private dayOf(ms: number): string {
    const n = Math.floor(ms / DAY_MS);
    if (n !== this.dayNumber) {
      this.dayNumber = n;
      this.dayText = utcDay(new Date(ms));
    }
    return this.dayText;
  }

  /**
   * The same selection as `repo.selectionSql`, in memory: active, in schedule, targeted, total
   * budget, today's paced share and the balance left for one more impression; highest bid, then
   * furthest behind its daily pace, then chance. Scans from the highest bid and stops below it.
   * Returns the index's own entry (read-only for the caller): the decision copies nothing.
   */
  select(q: SelectionQuery): Candidate | null {
    const now = q.now.getTime();
    const day = this.dayOf(now);
    let best: Entry | null = null;
    let ties = 0;
    let bestRatio = Number.POSITIVE_INFINITY;
    for (const e of this.bucket(q.format, q.contentType, q.category)) {
      if (best && e.cpmMicros < best.cpmMicros) break;
      if (e.completed || e.id === q.excludeId) continue;
      if (q.size && (e.creativeWidth !== q.size.width || e.creativeHeight !== q.size.height)) continue;
      if (e.startsAt.getTime() > now || (e.endsAt && e.endsAt.getTime() <= now)) continue;
      // What is held for serves not heard yet counts as spent (ADR 0040): a burst never serves
      // more than the budgets and the balance can pay.
      if (e.spentMicros + e.reservedMicros + e.price > e.totalBudgetMicros) continue;
      if (e.balance.micros - e.balance.reservedMicros < e.price) continue;
      const daySpent = e.day === day ? e.daySpentMicros : 0;
      const dayHeld = daySpent + e.reservedMicros;
      if (dayHeld + e.price > Math.max(e.price, Math.floor(e.dailyBudgetMicros * q.paceFraction))) continue;
      const ratio = daySpent / e.dailyBudgetMicros;
      if (ratio < bestRatio) {
        best = e;
        ties = 1;
        bestRatio = ratio;
      } else if (ratio === bestRatio) {
        // Chance among equals without a list: the k-th tie replaces the pick with probability 1/k.
        ties++;
        if (Math.random() * ties < 1) best = e;
      }
    }
    return best;
  }

  /** A serve of this campaign holds its price until heard, filtered or lapsed (`release`). */
  reserve(campaignId: string): void {
    this.reservedDuringLoad?.push(campaignId);
    this.hold(campaignId);
  }

  private hold(campaignId: string): void {
    const e = this.byId.get(campaignId);
    if (!e) return;
    e.reservedMicros += e.price;
    e.balance.reservedMicros += e.price;
  }

  /**
   * A reservation ended without a charge (filtered, not counted). Lapsed ones leave at the next
   * reload (the database counts only those still in time).
   */
  release(campaignId: string, micros: number): void {
    const e = this.byId.get(campaignId);
    if (!e || micros <= 0) return;
    e.reservedMicros = Math.max(0, e.reservedMicros - micros);
    const balance = this.balances.get(e.advertiserId);
    if (balance) balance.reservedMicros = Math.max(0, balance.reservedMicros - micros);
  }

  /** This process charged an impression: the snapshot moves by it without a reload. */
  charged(c: Charged, at: Date): void {
    this.chargedDuringLoad?.push({ c, at });
    this.apply(c, at);
  }

  private apply(c: Charged, at: Date): void {
    const day = utcDay(at);
    const e = this.byId.get(c.campaignId);
    if (e) {
      e.spentMicros += c.price;
      if (e.day !== day) {
        e.day = day;
        e.daySpentMicros = 0;
      }
      e.daySpentMicros += c.price;
      // The spend replaces the serve's reservation (applied again after a reload: spend and
      // reservation move together, so what is held plus spent stays right).
      e.reservedMicros = Math.max(0, e.reservedMicros - c.reservedMicros);
      if (c.status !== 'active') e.completed = true;
    }
    const balance = this.balances.get(c.advertiserId);
    if (balance) {
      balance.micros -= c.price;
      balance.reservedMicros = Math.max(0, balance.reservedMicros - c.reservedMicros);
    }
  }
}
