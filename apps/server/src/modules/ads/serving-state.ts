import type { AdContentType, AdFormat } from '@wavecast/shared';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { oneAtATimePerKey } from '../../lib/one-at-a-time';
import { perApp } from '../../lib/per-app';
import { CampaignIndex } from './campaign-index';
import type { ServeRow } from './repo';
import * as repo from './repo';

const ADS_TOPIC = 'internal:ads';
/** How long a content's category and creator are trusted (a track made private may get ads that long). */
const CONTENT_CACHE_MS = 10_000;
/** In the last this-many ms of their life, facts are read again behind the decision using them. */
const CONTENT_REFRESH_AHEAD_MS = 5_000;
const MEMORY_MAX = 200_000;

export interface ListenerMemory {
  lastCampaignId: string | null;
  /** When they last heard (impression counted) an ad of this format, ms. */
  heardAt: number | null;
  /** They have listened the audio cap's 15 minutes since `heardAt`. */
  capOpen?: boolean;
  /** When their listening since `heardAt` was last read, ms. */
  capCheckedAt?: number;
  /** A client without a cookie: its serves since `windowStart` (ms), for the repeated-serves rule. */
  cookieless?: { windowStart: number; serves: number };
}

export interface ContentFacts {
  category: string | null;
  creatorId: string;
}

export type ContentKind = 'track' | 'stream';

/** Facts as kept: with the content type an ad there targets, and until when they are trusted. */
interface KeptFacts extends ContentFacts {
  type: AdContentType;
  until: number;
  refreshing?: boolean;
}

/**
 * Serves are recorded just after the decision answers: rows gathered within one turn of the event
 * loop go in one INSERT, kept as columns from the start (`repo.insertServes`: a fixed statement
 * with 8 array parameters). A tracking URL is only counted seconds later (an impression after
 * 1–2 s); one that reaches this process first waits for the write (`settled`).
 */
class ServeWriter {
  private queue: repo.ServeColumns = repo.emptyServeColumns();
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(private readonly ctx: AppContext) {}

  add(row: ServeRow): void {
    const q = this.queue;
    q.id.push(row.id);
    q.campaignId.push(row.campaignId);
    q.format.push(row.format);
    q.placement.push(row.placement);
    q.listenerKey.push(row.listenerKey);
    q.creatorId.push(row.creatorId);
    q.priceMicros.push(row.priceMicros);
    q.servedAt.push(row.servedAt);
    q.clientKey.push(row.clientKey);
    q.ivtReason.push(row.ivtReason);
    q.reservedUntil.push(row.reservedUntil);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = () => {
    this.scheduled = false;
    const rows = this.queue;
    this.queue = repo.emptyServeColumns();
    this.writing = this.writing.then(() => this.write(rows));
  };

  private async write(rows: repo.ServeColumns) {
    try {
      await repo.insertServes(this.ctx.database, rows);
    } catch {
      // One bad row (a campaign deleted a moment ago) must not lose the others: one at a time.
      for (let i = 0; i < rows.id.length; i++) {
        const one = repo.emptyServeColumns();
        for (const k of Object.keys(one) as (keyof repo.ServeColumns)[]) (one[k] as unknown[]).push(rows[k][i]);
        // A serve not written: its tracking URLs are refused (unknown serve), nothing counted or charged.
        // Its campaign deleted meanwhile is expected, not worth a log line.
        await repo.insertServes(this.ctx.database, one).catch((e: unknown) => {
          if (!isForeignKeyViolation(e)) console.error('ads: recording a serve failed', e);
        });
      }
    }
  }

  /** Resolves once every serve recorded so far is written. */
  async settled(): Promise<void> {
    while (this.scheduled || this.queue.id.length) await new Promise((r) => setImmediate(r));
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
  /**
   * One campaign's impressions are charged one at a time here: they queue on its row anyway, and
   * queued there each holds a pool connection, so a burst of reports (many listeners at once)
   * filled the pool and the rest failed after DB_CONNECT_TIMEOUT_MS, other requests with them.
   */
  readonly charging = oneAtATimePerKey();
  /** Per format, by listener key: no joined key string is built per decision. */
  private readonly listeners = new Map<AdFormat, Map<string, ListenerMemory>>();
  private listenerCount = 0;
  /** Tracks' and streams' facts, by id. */
  private readonly content = { track: new Map<string, KeptFacts>(), stream: new Map<string, KeptFacts>() };

  constructor(private readonly ctx: AppContext) {
    this.serves = new ServeWriter(ctx);
    // A reload reads the reservations from the serves: those recorded so far are written first.
    this.index = new CampaignIndex(
      ctx.database.db,
      () => ctx.clock.now(),
      undefined,
      () => this.serves.settled(),
    );
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

  private listenersOf(format: AdFormat): Map<string, ListenerMemory> {
    let m = this.listeners.get(format);
    if (!m) {
      m = new Map();
      this.listeners.set(format, m);
    }
    return m;
  }

  private remember(format: AdFormat, listenerKey: string, entry: ListenerMemory): void {
    if (this.listenerCount >= MEMORY_MAX) {
      this.listeners.clear();
      this.listenerCount = 0;
    }
    this.listenersOf(format).set(listenerKey, entry);
    this.listenerCount++;
  }

  /** The listener's memory if this process has it. */
  knownHistory(listenerKey: string, format: AdFormat): ListenerMemory | undefined {
    return this.listeners.get(format)?.get(listenerKey);
  }

  async history(listenerKey: string, format: AdFormat): Promise<ListenerMemory> {
    const known = this.knownHistory(listenerKey, format);
    if (known) return known;
    const read = await repo.listenerHistory(this.ctx.database.db, listenerKey, format);
    // Another decision for the same listener may have answered meanwhile: it is the newer.
    const again = this.knownHistory(listenerKey, format);
    if (again) return again;
    const entry = { lastCampaignId: read.lastCampaignId, heardAt: read.lastHeardAt };
    this.remember(format, listenerKey, entry);
    return entry;
  }

  served(listenerKey: string, format: AdFormat, campaignId: string): void {
    const entry = this.knownHistory(listenerKey, format);
    if (entry) entry.lastCampaignId = campaignId;
    else this.remember(format, listenerKey, { lastCampaignId: campaignId, heardAt: null });
  }

  /**
   * An impression counted. Display and sponsored ads become the listener's last campaign here, not
   * when served: a slot's serve that was never seen (hidden, scrolled past) holds nothing back.
   */
  heard(listenerKey: string, format: AdFormat, at: Date, campaignId?: string): void {
    const entry = this.knownHistory(listenerKey, format);
    if (!entry) {
      if (format !== 'audio' && campaignId)
        this.remember(format, listenerKey, { lastCampaignId: campaignId, heardAt: at.getTime() });
      return;
    }
    if (format !== 'audio' && campaignId) entry.lastCampaignId = campaignId;
    entry.heardAt = at.getTime();
    entry.capOpen = false;
    entry.capCheckedAt = undefined;
  }

  /**
   * A content's facts as last read, used at most CONTENT_CACHE_MS; in their last
   * CONTENT_REFRESH_AHEAD_MS they are read again behind the decisions (`refresh`, once at a time),
   * so content asked for often never waits. A content that became hidden is forgotten by that read.
   * The kept object itself is returned (read-only for the caller).
   */
  contentFacts(kind: ContentKind, id: string, refresh: () => Promise<ContentFacts | null>): KeptFacts | null {
    const kept = this.content[kind];
    const hit = kept.get(id);
    const now = performance.now();
    if (!hit || hit.until <= now) return null;
    if (hit.until - now < CONTENT_REFRESH_AHEAD_MS && !hit.refreshing) {
      hit.refreshing = true;
      // Started after this turn of the event loop: building the query is no part of the decision.
      void new Promise<void>((resolve) => setImmediate(resolve))
        .then(refresh)
        .then((facts) => (facts ? this.rememberContent(kind, id, facts) : kept.delete(id)))
        .catch(() => {
          hit.refreshing = false;
        });
    }
    return hit;
  }

  rememberContent(kind: ContentKind, id: string, facts: ContentFacts): void {
    const kept = this.content[kind];
    if (kept.size >= MEMORY_MAX) kept.clear();
    kept.set(id, {
      category: facts.category,
      creatorId: facts.creatorId,
      type: kind === 'track' ? 'on-demand' : 'live',
      until: performance.now() + CONTENT_CACHE_MS,
    });
  }
}

/** The app's serving state, made on first use. */
export const servingState = perApp((ctx: AppContext) => new AdServingState(ctx));

/**
 * An advertiser suspended, restored or deleted (issue 31): every process reads its campaign index
 * again before its next decision, so the index SQL's "advertiser not suspended" holds everywhere at
 * once, not after the next reload.
 */
export function subscribeAdServing(ctx: AppContext): void {
  const reload = () => servingState(ctx).index.changed();
  ctx.events.on('account.suspended', reload);
  ctx.events.on('account.restored', reload);
  ctx.events.on('account.deleted', reload);
}
