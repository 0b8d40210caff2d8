import type { AdFormat } from '@wavecast/shared';
import type { AppContext } from '../../context';
import type { adServes } from '../../db/schema';
import { CampaignIndex } from './campaign-index';
import * as repo from './repo';

const ADS_TOPIC = 'internal:ads';
/** How long a content's category and creator are trusted (a track made private may get ads that long). */
const CONTENT_CACHE_MS = 10_000;
/** In the last this-many ms of their life, facts are read again behind the decision using them. */
const CONTENT_REFRESH_AHEAD_MS = 5_000;
const MEMORY_MAX = 200_000;

interface ListenerMemory {
  lastCampaignId: string | null;
  /** When they last heard (impression counted) an ad of this format, ms. */
  heardAt: number | null;
}

export interface ContentFacts {
  category: string | null;
  creatorId: string;
}

/**
 * Serves are recorded just after the decision answers: rows gathered within one turn of the event
 * loop go in one INSERT. A tracking URL is only counted seconds later (an impression after 1–2 s);
 * one that reaches this process first waits for the write (`settled`).
 */
class ServeWriter {
  private queue: (typeof adServes.$inferInsert)[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(private readonly ctx: AppContext) {}

  add(row: typeof adServes.$inferInsert): void {
    this.queue.push(row);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const rows = this.queue;
      this.queue = [];
      this.writing = this.writing.then(() => this.write(rows));
    });
  }

  private async write(rows: (typeof adServes.$inferInsert)[]) {
    const db = this.ctx.database.db;
    try {
      await repo.insertServes(db, rows);
    } catch {
      // One bad row (a campaign deleted a moment ago) must not lose the others: one at a time.
      for (const row of rows) {
        // A serve not written: its tracking URLs are refused (unknown serve), nothing counted or charged.
        await repo.insertServes(db, [row]).catch((e: unknown) => console.error('ads: recording a serve failed', e));
      }
    }
  }

  /** Resolves once every serve recorded so far is written. */
  async settled(): Promise<void> {
    while (this.scheduled || this.queue.length) await new Promise((r) => setImmediate(r));
    await this.writing;
  }
}

/**
 * What the decision keeps in memory for one app (ADR 0025): the campaign index, each listener's
 * last campaign and last ad heard (read once from the serves, then kept), the content's category
 * and creator, and the serves waiting to be written.
 */
export class AdServingState {
  readonly index: CampaignIndex;
  readonly serves: ServeWriter;
  private readonly listeners = new Map<string, ListenerMemory>();
  private readonly content = new Map<string, ContentFacts & { until: number; refreshing?: boolean }>();

  constructor(private readonly ctx: AppContext) {
    this.index = new CampaignIndex(ctx.database.db, () => ctx.clock.now());
    this.serves = new ServeWriter(ctx);
    ctx.bus.subscribe((msg) => {
      if (msg.event === 'ads.changed') this.index.changed();
    });
  }

  /** A campaign or a balance changed (here): this process and the others reload their index. */
  changed(): void {
    this.index.changed();
    void this.ctx.bus
      .publish(ADS_TOPIC, 'ads.changed', { at: new Date().toISOString() })
      .catch((e: unknown) => console.error('ads: publishing a change failed', e));
  }

  /** The listener's memory if this process has it. */
  knownHistory(listenerKey: string, format: AdFormat): ListenerMemory | undefined {
    return this.listeners.get(`${format}|${listenerKey}`);
  }

  async history(listenerKey: string, format: AdFormat): Promise<ListenerMemory> {
    const key = `${format}|${listenerKey}`;
    const known = this.listeners.get(key);
    if (known) return known;
    const read = await repo.listenerHistory(this.ctx.database.db, listenerKey, format);
    // Another decision for the same listener may have answered meanwhile: it is the newer.
    const again = this.listeners.get(key);
    if (again) return again;
    if (this.listeners.size >= MEMORY_MAX) this.listeners.clear();
    const entry = { lastCampaignId: read.lastCampaignId, heardAt: read.lastHeardAt };
    this.listeners.set(key, entry);
    return entry;
  }

  served(listenerKey: string, format: AdFormat, campaignId: string): void {
    const entry = this.listeners.get(`${format}|${listenerKey}`);
    if (entry) entry.lastCampaignId = campaignId;
    else this.listeners.set(`${format}|${listenerKey}`, { lastCampaignId: campaignId, heardAt: null });
  }

  heard(listenerKey: string, format: AdFormat, at: Date): void {
    const entry = this.listeners.get(`${format}|${listenerKey}`);
    if (entry) entry.heardAt = at.getTime();
  }

  /**
   * A content's facts as last read, used at most CONTENT_CACHE_MS; in their last
   * CONTENT_REFRESH_AHEAD_MS they are read again behind the decisions (`refresh`, once at a time),
   * so content asked for often never waits. A content that became hidden is forgotten by that read.
   */
  contentFacts(key: string, refresh: () => Promise<ContentFacts | null>): ContentFacts | null {
    const hit = this.content.get(key);
    const now = performance.now();
    if (!hit || hit.until <= now) return null;
    if (hit.until - now < CONTENT_REFRESH_AHEAD_MS && !hit.refreshing) {
      hit.refreshing = true;
      // Started after this turn of the event loop: building the query is no part of the decision.
      void new Promise<void>((resolve) => setImmediate(resolve))
        .then(refresh)
        .then((facts) => (facts ? this.rememberContent(key, facts) : this.content.delete(key)))
        .catch(() => {
          hit.refreshing = false;
        });
    }
    return hit;
  }

  rememberContent(key: string, facts: ContentFacts): void {
    if (this.content.size >= MEMORY_MAX) this.content.clear();
    this.content.set(key, { ...facts, until: performance.now() + CONTENT_CACHE_MS });
  }
}

/** The app's serving state, made on first use. */
export function servingState(ctx: AppContext): AdServingState {
  ctx.caches.ads ??= new AdServingState(ctx);
  return ctx.caches.ads;
}
