import { createHash } from 'node:crypto';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  LISTEN_BUCKET_SECONDS,
  type SourceIvtReason,
  type TAnalyticsOverview,
  type TAnalyticsRangeQuery,
  type TAnalyticsTrack,
  type TListenReport,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { serverSecret } from '../../lib/server-secret';
import { isKnownBot, knownApp } from '../../lib/user-agents';
import { type Listener, listenerKey } from '../plays/repo';
import { deviceFromUserAgent } from './device';
import { DOWNLOAD_WINDOW_MS, downloadClientKey, isProbe, minuteOfBytes } from './downloads';
import { uniqueListeners } from './listeners';
import { radioPlaysByTrack } from './radio-repo';
import { addDays, type DayRange, dayOf, previousRange, resolveRange } from './range';
import * as repo from './repo';
import { biggestDrops, medianPlayTime, retentionCurve, sumHeard } from './retention';

type Counts = Record<string, number>;
const addCounts = (into: Counts, m: Counts) => {
  for (const [k, v] of Object.entries(m)) into[k] = (into[k] ?? 0) + v;
};
const sortedCounts = (m: Counts) =>
  Object.entries(m)
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/** Per-day series over the range, one entry per day (zeros included). */
function series(rows: repo.DailyRow[], range: DayRange) {
  const byDay = new Map<string, { plays: number; listeners: number; seconds: number }>();
  for (const r of rows) {
    const d = byDay.get(r.day) ?? { plays: 0, listeners: 0, seconds: 0 };
    d.plays += r.plays;
    d.listeners += r.listeners;
    d.seconds += r.secondsListened;
    byDay.set(r.day, d);
  }
  return Array.from({ length: range.days }, (_, i) => {
    const day = addDays(range.from, i);
    return { day, ...(byDay.get(day) ?? { plays: 0, listeners: 0, seconds: 0 }) };
  });
}

/**
 * Creator analytics. Listening arrives with play reports (`record`); the rollup job turns raw
 * sessions into per-track per-day rows, which the pages read after refreshing today's and
 * yesterday's rows for the creator's own tracks (fresh figures without reading raw events).
 */
export const analyticsService = perApp(makeAnalyticsService);

function makeAnalyticsService(ctx: AppContext) {
  const db = ctx.database.db;
  const retentionDays = () => ctx.config.ANALYTICS_RAW_RETENTION_DAYS;

  /**
   * Re-rolls, for these tracks, only the track-days of today and yesterday whose raw figures changed
   * since the last look (`analytics_dirty`): a page view with nothing new reads rollups only.
   */
  async function refresh(trackIds: string[]) {
    const today = dayOf(ctx.clock.now());
    const dirty = await repo.takeDirty(db, trackIds, [addDays(today, -1), today]);
    const byDay = new Map<string, string[]>();
    for (const d of dirty) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d.audioId]);
    for (const [day, ids] of byDay) {
      await repo.rollupDay(db, day, ids, LISTEN_BUCKET_SECONDS);
      await repo.rollupDownloadsDay(db, day, ids);
    }
  }
  let key: string | undefined;
  const secret = () => {
    key ??= serverSecret(ctx.config);
    return key;
  };

  /**
   * Unique listeners of the creator's tracks over `range`, from the day sketches; a range that can
   * no longer change (it ended before yesterday and each of its days was rolled after it ended) is
   * counted once and then read back (`analytics_past_listeners`): the overview's previous period.
   */
  async function rangeListeners(creatorId: string, trackIds: string[], range: DayRange): Promise<number> {
    const past = range.to <= addDays(dayOf(ctx.clock.now()), -2);
    const tracks = createHash('sha256').update(trackIds.toSorted().join(',')).digest('base64url').slice(0, 22);
    if (past) {
      const kept = await repo.pastListeners(db, creatorId, tracks, range.from, range.to);
      if (kept !== null) return kept;
    }
    const sketches = await repo.listenerSketches(db, creatorId, range.from, range.to);
    const listeners = uniqueListeners([...sketches.values()].flat());
    if (past && (await repo.allRolled(db, range.from, range.to))) {
      await repo.keepPastListeners(db, { creatorId, tracks, fromDay: range.from, toDay: range.to, listeners });
    }
    return listeners;
  }

  return {
    /**
     * Stores a listen report (session + heard buckets, bounded to the track's length), with the
     * invalid traffic its first report showed (`ivtReason`: kept, never counted). Null when the
     * session id is another listener's or another track's.
     */
    async record(v: {
      trackId: string;
      duration: number;
      listenerKey: string;
      userId: string | null;
      userAgent: string | undefined;
      ivtReason: SourceIvtReason | null;
      listen: TListenReport;
    }): Promise<{ counted: boolean; ivtReason: SourceIvtReason | null } | null> {
      const maxBucket = Math.max(0, Math.ceil(v.duration / LISTEN_BUCKET_SECONDS));
      const buckets = [...new Set(v.listen.buckets)].filter((b) => b <= maxBucket);
      const now = ctx.clock.now();
      return repo.recordListen(
        db,
        {
          id: v.listen.sessionId,
          audioId: v.trackId,
          listenerKey: v.listenerKey,
          userId: v.userId,
          source: v.listen.source,
          ...deviceFromUserAgent(v.userAgent),
          day: dayOf(now),
          at: now,
          ivtReason: v.ivtReason,
        },
        buckets,
      );
    },

    markCounted: (sessionId: string) => repo.markCounted(db, sessionId),

    /**
     * A live connection closed after `seconds`: listening the audio ad cap counts (under a second is
     * not kept), and on a radio channel what earnings pays for unless `ivtReason` says it was
     * invalid traffic (kept with it, as a play report's session is).
     */
    async recordLiveListen(v: {
      streamId: string;
      listener: Listener;
      startedAt: Date;
      seconds: number;
      ivtReason: SourceIvtReason | null;
    }) {
      if (v.seconds < 1) return;
      const { streamId, startedAt, ivtReason } = v;
      await repo.recordLiveListen(db, {
        streamId,
        startedAt,
        listenerKey: listenerKey(v.listener),
        seconds: Math.round(v.seconds),
        ivtReason,
      });
    },

    /**
     * A podcast enclosure fetch (IAB v2.1): bytes `start`..`end` of a `size`-byte file served to
     * `ip` + `userAgent`. Known bots and Apple's `bytes=0-1` probe are ignored; the rest adds to the
     * client's rolling 24-hour window, which counts once when a minute of audio was fetched.
     */
    async recordDownload(v: {
      trackId: string;
      duration: number;
      size: number;
      start: number;
      end: number;
      ip: string;
      userAgent: string | undefined;
    }): Promise<{ counted: boolean }> {
      if (isProbe(v.start, v.end) || isKnownBot(v.userAgent)) return { counted: false };
      const ua = v.userAgent ?? '';
      const now = ctx.clock.now();
      return repo.addEnclosureFetch(
        db,
        {
          audioId: v.trackId,
          clientKey: downloadClientKey(secret(), v.ip, ua),
          app: knownApp(ua),
          bytes: v.end - v.start + 1,
          needed: minuteOfBytes(v.size, v.duration),
          at: now,
          day: dayOf(now),
        },
        DOWNLOAD_WINDOW_MS,
      );
    },

    /** The job: rolls every finished day not yet rolled, yesterday again, today; then prunes raw rows. */
    async rollup(): Promise<{ rolled: string[]; deleted: number }> {
      const now = ctx.clock.now();
      const today = dayOf(now);
      const days = new Set([...(await repo.daysToRoll(db, today)), addDays(today, -1)]);
      for (const day of days) {
        // Marks taken first: a change made during the roll marks the day again.
        await repo.clearDirtyDay(db, day);
        await repo.rollupDay(db, day, null, LISTEN_BUCKET_SECONDS);
        await repo.rollupDownloadsDay(db, day, null);
        await repo.markRolled(db, day, now);
      }
      await repo.clearDirtyDay(db, today, addDays(today, -1));
      await repo.rollupDay(db, today, null, LISTEN_BUCKET_SECONDS);
      await repo.rollupDownloadsDay(db, today, null);
      const deleted = await repo.deleteRawBefore(db, addDays(today, -retentionDays()));
      await repo.forgetPastListeners(db, addDays(today, -2 * ANALYTICS_MAX_RANGE_DAYS));
      await repo.deleteDownloadWindowsBefore(db, startOf(addDays(today, -retentionDays())));
      return { rolled: [...days, today], deleted };
    },

    /** One day, all tracks (tests and backfills). */
    async rollupDay(day: string) {
      await repo.rollupDay(db, day, null, LISTEN_BUCKET_SECONDS);
      await repo.rollupDownloadsDay(db, day, null);
    },

    async overview(creatorId: string, q: TAnalyticsRangeQuery): Promise<TAnalyticsOverview> {
      const range = resolveRange(q, ctx.clock.now());
      const prev = previousRange(range);
      const tracks = await repo.creatorTracks(db, creatorId);
      await refresh(tracks.map((t) => t.id));
      const rangeTs = [startOf(range.from), startOf(addDays(range.to, 1))] as const;
      const prevTs = [startOf(prev.from), startOf(addDays(prev.to, 1))] as const;
      const [radio, prevRadio] = await Promise.all([
        radioPlaysByTrack(db, creatorId, ...rangeTs),
        radioPlaysByTrack(db, creatorId, ...prevTs),
      ]);
      const total = (m: Map<string, number>) => [...m.values()].reduce((n, v) => n + v, 0);
      const [rows, prevTotals, sketches, prevListeners, eng, followers, prevFollowers, first, dls, prevDls, live] =
        await Promise.all([
          repo.dailyRows(db, creatorId, range.from, range.to),
          repo.rangeTotals(db, creatorId, prev.from, prev.to),
          repo.listenerSketches(db, creatorId, range.from, range.to),
          rangeListeners(
            creatorId,
            tracks.map((t) => t.id),
            prev,
          ),
          repo.engagement(db, creatorId, startOf(range.from), startOf(addDays(range.to, 1))),
          repo.followersGained(db, creatorId, startOf(range.from), startOf(addDays(range.to, 1))),
          repo.followersGained(db, creatorId, startOf(prev.from), startOf(addDays(prev.to, 1))),
          repo.firstDaysPlays(db, creatorId),
          repo.downloadsByTrack(db, creatorId, range.from, range.to),
          repo.downloadsByTrack(db, creatorId, prev.from, prev.to),
          repo.liveFigures(db, creatorId, startOf(range.from), startOf(addDays(range.to, 1)), ctx.clock.now()),
        ]);
      const sum = (rs: repo.DailyRow[], f: (r: repo.DailyRow) => number) => rs.reduce((n, r) => n + f(r), 0);
      const perTrack = new Map<string, { plays: number; seconds: number }>();
      const sources: Counts = {};
      const devices: Counts = {};
      const apps: Counts = {};
      for (const r of rows) {
        const p = perTrack.get(r.audioId) ?? { plays: 0, seconds: 0 };
        p.plays += r.plays;
        p.seconds += r.secondsListened;
        perTrack.set(r.audioId, p);
        addCounts(sources, r.sources);
        addCounts(devices, r.devices);
        addCounts(apps, r.apps);
      }
      const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
      return {
        range,
        totals: {
          plays: { value: sum(rows, (r) => r.plays), previous: prevTotals.plays },
          listeners: {
            value: uniqueListeners([...sketches.values()].flat()),
            previous: prevListeners,
          },
          hoursListened: { value: hours(sum(rows, (r) => r.secondsListened)), previous: hours(prevTotals.seconds) },
          followersGained: { value: followers, previous: prevFollowers },
          downloads: { value: dls.get('') ?? 0, previous: prevDls.get('') ?? 0 },
          radioPlays: { value: total(radio), previous: total(prevRadio) },
        },
        daily: series(rows, range),
        tracks: tracks.map((t) => {
          const p = perTrack.get(t.id) ?? { plays: 0, seconds: 0 };
          const e = eng.get(t.id);
          return {
            trackId: t.id,
            title: t.title,
            duration: t.duration,
            plays: p.plays,
            listeners: uniqueListeners(sketches.get(t.id) ?? []),
            avgListenThrough:
              p.plays > 0 && t.duration > 0
                ? Math.round(Math.min(1, p.seconds / p.plays / t.duration) * 1000) / 1000
                : 0,
            likes: e?.likes ?? 0,
            comments: e?.comments ?? 0,
            downloads: dls.get(t.id) ?? 0,
            radioPlays: radio.get(t.id) ?? 0,
            firstDays: first.get(t.id) ?? { d7: 0, d30: 0, d90: 0 },
          };
        }),
        live,
        sources: sortedCounts(sources),
        devices: sortedCounts(devices),
        apps: sortedCounts(apps),
      };
    },

    async track(creatorId: string, trackId: string, q: TAnalyticsRangeQuery): Promise<TAnalyticsTrack> {
      const range = resolveRange(q, ctx.clock.now());
      const track = isUuid(trackId) ? await repo.trackOwner(db, trackId) : undefined;
      if (!track) throw notFound('Audio');
      if (track.user_id !== creatorId) throw forbidden();
      await refresh([track.id]);
      const [rows, sketches, radio] = await Promise.all([
        repo.dailyRows(db, creatorId, range.from, range.to, { trackId: track.id, heard: true }),
        repo.listenerSketches(db, creatorId, range.from, range.to, track.id),
        radioPlaysByTrack(db, creatorId, startOf(range.from), startOf(addDays(range.to, 1))),
      ]);
      const plays = rows.reduce((n, r) => n + r.plays, 0);
      const sources: Counts = {};
      const devices: Counts = {};
      const apps: Counts = {};
      for (const r of rows) {
        addCounts(sources, r.sources);
        addCounts(devices, r.devices);
        addCounts(apps, r.apps);
      }
      const chapters = (track.chapter_markers ?? []).map((c) => ({ title: c.title, startTime: c.startTime }));
      const retention = retentionCurve(sumHeard(rows.map((r) => r.heard)), plays, track.duration);
      return {
        range,
        track: { id: track.id, title: track.title, duration: track.duration },
        plays,
        radioPlays: radio.get(track.id) ?? 0,
        listeners: uniqueListeners(sketches.get(track.id) ?? []),
        secondsListened: rows.reduce((n, r) => n + r.secondsListened, 0),
        retention,
        medianSeconds: medianPlayTime(retention, track.duration),
        chapters,
        drops: biggestDrops(retention, chapters),
        daily: series(rows, range),
        sources: sortedCounts(sources),
        devices: sortedCounts(devices),
        apps: sortedCounts(apps),
      };
    },
  };
}
