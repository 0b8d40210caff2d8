import { randomUUID } from 'node:crypto';
import {
  AD_COOKIELESS_SERVES_PER_HOUR,
  AD_MESSAGES,
  AD_RESERVATION_SECONDS,
  type AdContentType,
  type AdEventOutcome,
  type AdFormat,
  type AdIvtReason,
  type AdPlacement,
  AUDIO_AD_CAP_SECONDS,
  impressionPriceMicros,
  recordingCategory,
  type TServedAd,
  VAST_ERROR_CODES,
} from '@wavecast/shared';
import { and, eq } from 'drizzle-orm';
import { visibleWhere } from '../../access/tracks';
import type { AppContext } from '../../context';
import { audioContent, liveStreams } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { serverSecret } from '../../lib/server-secret';
import type { SessionUser } from '../../lib/session';
import { type ClientFacts, ivtSettings, sourceIvt } from '../../lib/traffic';
import { billing } from '../billing';
import { findUser } from '../users/repo';
import { clientKey, impressionTiming, quartileReachable } from './ivt';
import * as repo from './repo';
import { recordServeError } from './reports-repo';
import { type ListenerMemory, servingState } from './serving-state';
import {
  PREVIOUS_QUARTILE,
  QUARTILE_BITS,
  type QuartileEvent,
  type SignedAction,
  signAction,
  TRACKING_EVENTS,
  type TrackingEvent,
  verifyAction,
} from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pacing: by any moment a campaign may have spent its daily budget's share of the day so far, plus an hour. */
const PACE_AHEAD_MS = 60 * 60 * 1000;
/**
 * How long the decision trusts what it read of an account's plan. Changes of plan drop the answers
 * at once (billing's `plan.changed`); this bounds only what the clock ends (a trial running out).
 */
const PLAN_CACHE_MS = 5 * 60_000;
const PLAN_CACHE_MAX = 50_000;
/** A listener the audio cap holds back has their listening read again at most this often. */
const CAP_RECHECK_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;

/** Share of a daily budget a campaign may have spent by `now` (spread evenly across the UTC day). */
export function paceFraction(now: Date): number {
  // UTC days are DAY_MS long in JavaScript's time (no leap seconds): no calendar fields to compute.
  const sinceMidnight = ((now.getTime() % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.min(1, (sinceMidnight + PACE_AHEAD_MS) / DAY_MS);
}

/** The name listeners see for an advertiser without a display name. */
export const ANONYMOUS_ADVERTISER = 'Advertiser';
export const publicAdvertiserName = (displayName: string | null | undefined) =>
  displayName?.trim() || ANONYMOUS_ADVERTISER;

/** A VAST error code as reported (`code=` of the Error URL): 100–999, else 900 (undefined error). */
export function vastErrorCode(raw: string | undefined): number {
  const n = raw && /^\d{3}$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= VAST_ERROR_CODES.min && n <= VAST_ERROR_CODES.max ? n : VAST_ERROR_CODES.undefined;
}

/** One ad request: what is asked for, where, by whom, on whose content. */
export interface AdRequest {
  format: AdFormat;
  placement: AdPlacement;
  /** The signed-in listener, or null. */
  user: SessionUser | null;
  /** An anonymous listener's cookie id, as it came with the request (frequency caps across requests). */
  anonId: string | null;
  /**
   * The request's source (address, user agent) for invalid-traffic filtering; a listener with
   * neither session nor cookie is keyed by it. Absent for calls from inside the server.
   */
  client?: ClientFacts;
  /**
   * The request came with neither session nor cookie (a cookie may be issued with the answer): its
   * caps follow the client itself (address + user agent), so dropping the cookie evades nothing.
   */
  cookieless?: boolean;
  trackId?: string;
  streamId?: string;
  category?: string;
  /** A display slot's size ('728x90'). */
  size?: '300x250' | '728x90';
}

export interface Decision {
  serve: repo.ServeRow;
  campaign: repo.Candidate;
}

/**
 * Serving: the one decision function (which ad, if any, for this request) and honest counting
 * through signed, single-use tracking URLs.
 */
export function adServing(ctx: AppContext) {
  const db = ctx.database.db;
  const { entitlements } = billing(ctx);
  const state = servingState(ctx);
  const ivt = ivtSettings(ctx.config);
  let secret: string | undefined;
  const key = () => {
    secret ??= serverSecret(ctx.config);
    return secret;
  };

  /** The content's facts if kept (public content read less than a minute ago), else null. */
  function knownContent(req: AdRequest) {
    // The kept facts themselves (no copy per decision).
    if (req.trackId) return state.contentFacts('track', req.trackId, () => readTrack(req.trackId as string, null));
    if (req.streamId) return state.contentFacts('stream', req.streamId, () => readStream(req.streamId as string));
    return { category: req.category ?? null, type: 'on-demand' as const, creatorId: null };
  }

  async function readTrack(trackId: string, viewer: string | null) {
    const [t] = await db
      .select({ creatorId: audioContent.userId, category: audioContent.category })
      .from(audioContent)
      // A track hidden from this listener is as unknown as a missing one.
      .where(and(eq(audioContent.id, trackId), visibleWhere(viewer)));
    return t ?? null;
  }

  async function readStream(streamId: string) {
    const [s] = await db
      .select({ userId: liveStreams.userId, category: liveStreams.category })
      .from(liveStreams)
      .where(eq(liveStreams.id, streamId));
    return s ? { category: recordingCategory(s.category), creatorId: s.userId } : null;
  }

  /**
   * The content an ad would run on: its category, kind and creator (never trusted from the client).
   * What everyone may see is kept a few seconds (the decision runs before every track); anything
   * else is read each time, so a private track stays as unknown as a missing one.
   */
  async function contentOf(
    req: AdRequest,
  ): Promise<{ category: string | null; type: AdContentType; creatorId: string | null }> {
    if (req.trackId) {
      let t = await readTrack(req.trackId, null);
      if (t) state.rememberContent('track', req.trackId, t);
      else if (req.user) t = await readTrack(req.trackId, req.user.id);
      if (!t) throw new AppError('NOT_FOUND', 'Audio not found');
      return { ...t, type: 'on-demand' };
    }
    if (req.streamId) {
      const facts = await readStream(req.streamId);
      if (!facts) throw new AppError('NOT_FOUND', 'Stream not found');
      state.rememberContent('stream', req.streamId, facts);
      return { ...facts, type: 'live' };
    }
    return { category: req.category ?? null, type: 'on-demand', creatorId: null };
  }

  /**
   * What an account's plan says about ads, kept PLAN_CACHE_MS per account (ADR 0014): the decision
   * runs before every track, and the full entitlements (live allowance included) cost several
   * queries. Not refreshed ahead of expiry: a read started just before a change of plan would keep
   * the old answer longer, and a new Premium listener must stop hearing ads soon after upgrading.
   */
  type PlanEntry = { until: number; adFree: boolean; adsOnOwnContent: boolean };
  const planCache = new Map<string, PlanEntry>();
  // Any change of plan drops every answer: a family plan's change is its members' too, and changes are rare.
  ctx.bus.subscribe((msg) => {
    if (msg.event === 'plan.changed') planCache.clear();
  });
  /** The kept answer while it is fresh, else null. */
  function knownPlan(account: { id: string }): PlanEntry | null {
    const hit = planCache.get(account.id);
    return hit && hit.until > Date.now() ? hit : null;
  }
  async function adPlan(account: { id: string; role: SessionUser['role'] }): Promise<PlanEntry> {
    const known = knownPlan(account);
    if (known) return known;
    const e = (await entitlements.of(account)).entitlements;
    if (planCache.size >= PLAN_CACHE_MAX) planCache.clear();
    const entry = { until: Date.now() + PLAN_CACHE_MS, adFree: e.adFree, adsOnOwnContent: e.adsOnOwnContent };
    planCache.set(account.id, entry);
    return entry;
  }
  const creatorRoles = new Map<string, SessionUser['role'] | null>();

  /** `adsAllowed` from what is kept in memory; undefined when something must be read first. */
  function adsAllowedNow(req: AdRequest, creatorId: string | null): boolean | undefined {
    if (req.user && creatorId && req.user.id === creatorId) return false;
    if (req.user) {
      const plan = knownPlan(req.user);
      if (!plan) return undefined;
      if (plan.adFree) return false;
    }
    if (creatorId) {
      const role = creatorRoles.get(creatorId);
      if (role === undefined) return undefined;
      if (role) {
        const plan = knownPlan({ id: creatorId });
        if (!plan) return undefined;
        if (!plan.adsOnOwnContent) return false;
      }
    }
    return true;
  }

  /** Whether this listener may get an ad on this content at all. */
  async function adsAllowed(req: AdRequest, creatorId: string | null): Promise<boolean> {
    // A creator's own pages never show ads.
    if (req.user && creatorId && req.user.id === creatorId) return false;
    // Premium and Family listeners (and every plan with adFree) never get ads.
    if (req.user && (await adPlan(req.user)).adFree) return false;
    // A creator whose plan keeps ads off their content.
    if (creatorId) {
      let role = creatorRoles.get(creatorId);
      if (role === undefined) {
        role = (await findUser(db, creatorId))?.userRole ?? null;
        if (creatorRoles.size >= PLAN_CACHE_MAX) creatorRoles.clear();
        creatorRoles.set(creatorId, role);
      }
      if (role && !(await adPlan({ id: creatorId, role })).adsOnOwnContent) return false;
    }
    return true;
  }

  /**
   * The audio cap: has this listener listened 15 minutes since the last audio ad they heard?
   * Answered from memory until that is possible on the clock (15 minutes of listening take 15
   * minutes at least), then from their recorded listening, read at most every CAP_RECHECK_MS; once
   * open it stays open until they hear the next ad (`state.heard`).
   */
  function capOpen(listenerKey: string, h: ListenerMemory, now: number): boolean | Promise<boolean> {
    if (h.heardAt == null || h.capOpen) return true;
    if (now - h.heardAt < AUDIO_AD_CAP_SECONDS * 1000) return false;
    if (h.capCheckedAt !== undefined && now - h.capCheckedAt < CAP_RECHECK_MS) return false;
    h.capCheckedAt = now;
    const heardAt = h.heardAt;
    return repo.listenedSince(db, listenerKey, new Date(heardAt), new Date(now)).then((seconds) => {
      // An ad heard meanwhile starts a new count.
      if (h.heardAt === heardAt && seconds >= AUDIO_AD_CAP_SECONDS) h.capOpen = true;
      return seconds >= AUDIO_AD_CAP_SECONDS;
    });
  }

  /**
   * A client without a cookie served more than AD_COOKIELESS_SERVES_PER_HOUR times within an hour
   * (by address + user agent): a script dropping its cookie, not a listener.
   */
  function repeatedServes(h: ListenerMemory, now: number): AdIvtReason | null {
    if (!h.cookieless || now - h.cookieless.windowStart > HOUR_MS) h.cookieless = { windowStart: now, serves: 0 };
    h.cookieless.serves++;
    return h.cookieless.serves > AD_COOKIELESS_SERVES_PER_HOUR ? 'repeated-serves' : null;
  }

  /** What a quartile report counts as: only after its counted impression, in order, and in time. */
  function quartileOutcome(
    serve: repo.TrackedServe,
    event: QuartileEvent,
    now: Date,
    client: ClientFacts | undefined,
  ): AdEventOutcome {
    if (serve.impressionOutcome !== 'counted' || !serve.impressedAt) {
      return serve.impressionOutcome ?? 'before-impression';
    }
    const source = client ? sourceIvt(client, ivt) : null;
    if (source) return source;
    const previous = PREVIOUS_QUARTILE[event];
    if (previous && (serve.quartiles & QUARTILE_BITS[previous]) === 0) return 'out-of-order';
    if (!quartileReachable(event, serve.impressedAt, serve.adSeconds ?? 0, now)) return 'impossible-timing';
    return 'counted';
  }

  function url(serveId: string, action: SignedAction): string {
    const sig = signAction(key(), serveId, action);
    const base = ctx.config.PUBLIC_URL;
    if (action === 'click') return `${base}/api/ads/click/${serveId}?s=${sig}`;
    // VAST players put the error code in place of the [ERRORCODE] macro.
    if (action === 'error') return `${base}/api/ads/serves/${serveId}/error?s=${sig}&code=[ERRORCODE]`;
    return `${base}/api/ads/track/${serveId}/${action}?s=${sig}`;
  }

  return {
    /**
     * The decision: among eligible campaigns (active, in schedule, targeted, budget and balance left,
     * within today's pace) the highest bid, then the one furthest behind its pace; frequency caps
     * (an audio ad at most once per 15 minutes of a listener's listening; never the same campaign
     * twice in a row);
     * none at all for ad-free plans and on a creator's own content. Records the serve, or null.
     */
    async decide(req: AdRequest): Promise<Decision | null> {
      const now = ctx.clock.now();
      const listenerKey = req.user ? req.user.id : req.anonId ? `anon:${req.anonId}` : null;
      // Without a session or a cookie, caps follow the client itself (address + user agent): they
      // hold for a client that drops its cookie (ADR 0040).
      const capKey = req.cookieless && req.client ? clientKey(req.client) : listenerKey;
      // In the common case all of this is in memory (serving-state.ts): no database read and no
      // waiting (200 decisions at once cost a few ms of one core, ADR 0025).
      const content = knownContent(req) ?? (await contentOf(req));
      const history = capKey
        ? (state.knownHistory(capKey, req.format) ?? (await state.history(capKey, req.format)))
        : null;
      if (!state.index.usable()) await state.index.ready();
      const allowed = adsAllowedNow(req, content.creatorId) ?? (await adsAllowed(req, content.creatorId));
      if (!allowed) return null;
      if (req.format === 'audio' && capKey && history) {
        const open = capOpen(capKey, history, now.getTime());
        if (!(open === true || (open !== false && (await open)))) return null;
      }
      const campaign = state.index.select({
        format: req.format,
        category: content.category,
        contentType: content.type,
        now,
        paceFraction: paceFraction(now),
        // A client without a cookie may be many listeners behind one address: only its caps follow it.
        excludeId: req.cookieless ? null : (history?.lastCampaignId ?? null),
        size: req.size ? { width: Number(req.size.split('x')[0]), height: Number(req.size.split('x')[1]) } : null,
      });
      if (!campaign) return null;
      let invalid: AdIvtReason | null = req.client ? sourceIvt(req.client, ivt) : null;
      const cookielessKey = capKey?.startsWith('client:') ? capKey : null;
      if (cookielessKey && history) {
        // Counted for every serve; the source's own reason, when it has one, is the one kept.
        const repeated = repeatedServes(history, now.getTime());
        invalid ??= repeated;
      }
      // A valid serve holds its price against the budgets until heard (pacing under bursts); an
      // invalid one is never charged, so it holds nothing.
      if (!invalid) state.index.reserve(campaign.id);
      const serve: repo.ServeRow = {
        id: randomUUID(),
        campaignId: campaign.id,
        format: req.format,
        placement: req.placement,
        listenerKey,
        creatorId: content.creatorId,
        priceMicros: impressionPriceMicros(campaign.cpmMicros),
        servedAt: now,
        impressedAt: null,
        quartiles: 0,
        clickedAt: null,
        clientKey: cookielessKey,
        ivtReason: invalid,
        reservedUntil: invalid ? null : new Date(now.getTime() + AD_RESERVATION_SECONDS * 1000),
      };
      // Written just after the answer, with the other serves of this moment (one INSERT).
      state.serves.add(serve);
      // Frequency caps count impressions: a display or sponsored serve counts once seen (`heard`).
      if (req.format === 'audio') {
        if (listenerKey) state.served(listenerKey, req.format, campaign.id);
        if (cookielessKey) state.served(cookielessKey, req.format, campaign.id);
      }
      return { serve, campaign };
    },

    /** A decision as the web player and the slots read it: media, text and signed URLs. */
    present({ serve, campaign }: Decision): TServedAd {
      const tracking = Object.fromEntries(TRACKING_EVENTS.map((e) => [e, url(serve.id, e)])) as TServedAd['tracking'];
      return {
        id: serve.id,
        campaignId: campaign.id,
        format: campaign.format,
        // The public sees who advertises, never the campaign's internal name.
        title: publicAdvertiserName(campaign.advertiserName),
        mediaUrl: campaign.creativeKey ? `${ctx.config.PUBLIC_URL}/api/ads/media/${campaign.id}` : null,
        mime: campaign.creativeMime,
        durationSeconds: campaign.creativeSeconds,
        width: campaign.creativeWidth,
        height: campaign.creativeHeight,
        text: campaign.sponsoredText,
        clickUrl: url(serve.id, 'click'),
        errorUrl: url(serve.id, 'error'),
        // The creative's identity (VAST UniversalAdId): a replaced creative is a new id.
        creativeId: `${campaign.id}/${campaign.creativeKey?.split('/').pop() ?? 'none'}`,
        tracking,
      };
    },

    /**
     * A player's error report (the VAST Error URL): the signature checked, the first code recorded
     * once per serve (VAST 4.1 codes 100–999; anything else as 900, undefined error).
     */
    async error(serveId: string, sig: string, rawCode: string | undefined): Promise<boolean> {
      if (!verifyAction(key(), serveId, 'error', sig)) throw new AppError('FORBIDDEN', AD_MESSAGES.badToken);
      await state.serves.settled();
      const serve = await repo.findServe(db, serveId);
      if (!serve) throw new AppError('FORBIDDEN', AD_MESSAGES.badToken);
      return recordServeError(db, {
        serveId,
        campaignId: serve.campaignId,
        code: vastErrorCode(rawCode),
        at: ctx.clock.now(),
      });
    },

    /**
     * Counts one tracking event of a serve (ADR 0040). A forged signature is refused (403); each
     * signed URL is single-use (its first use is kept with what became of it, replays do nothing).
     * An impression is the player's report that the ad started, whenever it comes after the serve:
     * invalid traffic (the serve's source, this report's source, an impossible timing) is kept as
     * filtered and never charged; a valid one is charged within budget (repo.recordImpression).
     * A quartile counts only after its counted impression, in order, and in time.
     */
    async track(serveId: string, event: TrackingEvent, sig: string, client?: ClientFacts): Promise<boolean> {
      if (!verifyAction(key(), serveId, event, sig)) throw new AppError('FORBIDDEN', AD_MESSAGES.badToken);
      await state.serves.settled();
      const serve = await repo.findTrackedServe(db, serveId);
      if (!serve) throw new AppError('FORBIDDEN', AD_MESSAGES.badToken);
      const now = ctx.clock.now();
      if (event !== 'impression') {
        const outcome = quartileOutcome(serve, event, now, client);
        return (
          (await repo.recordQuartile(db, serve, event, QUARTILE_BITS[event], outcome, now)) && outcome === 'counted'
        );
      }
      const invalid =
        serve.ivtReason ??
        (client ? sourceIvt(client, ivt) : null) ??
        impressionTiming(serve.format, serve.servedAt, now);
      const result = invalid
        ? await repo.recordImpression(db, serve, now, invalid)
        : await state.charging(serve.campaignId, () => repo.recordImpression(db, serve, now, null));
      if (!result) return false;
      if (result.charged) {
        state.index.charged(result.charged, now);
        const { listenerKey, clientKey: heardBy, format } = result.charged;
        if (listenerKey) state.heard(listenerKey, format, now, result.charged.campaignId);
        if (heardBy) state.heard(heardBy, format, now, result.charged.campaignId);
        return true;
      }
      // Not charged: what it held is free for other serves at once.
      if (serve.reservedUntil && serve.reservedUntil > now) state.index.release(serve.campaignId, serve.priceMicros);
      return false;
    },

    /** A click: the signature checked, counted once, and where to send the browser. */
    async click(serveId: string, sig: string): Promise<string> {
      if (!verifyAction(key(), serveId, 'click', sig)) throw new AppError('FORBIDDEN', AD_MESSAGES.badToken);
      await state.serves.settled();
      const serve = await repo.findServe(db, serveId);
      if (!serve) throw new AppError('FORBIDDEN', AD_MESSAGES.badToken);
      const campaign = await repo.findCampaign(db, serve.campaignId);
      if (!campaign) throw new AppError('NOT_FOUND', AD_MESSAGES.notFound);
      await repo.countClick(db, serveId, ctx.clock.now());
      return campaign.clickUrl;
    },
  };
}

export type AdServing = ReturnType<typeof adServing>;
