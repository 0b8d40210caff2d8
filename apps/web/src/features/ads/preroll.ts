import { AUDIO_AD_SKIP_SECONDS, type TServedAd } from '@wavecast/shared';

/** What an audio ad plays before: a track (in the player bar) or a live stream (on its page). */
export type AdTarget = { trackId: string } | { streamId: string };

/** What the player shows while an audio ad plays before a track or a live stream. */
export interface AdBreakState {
  ad: TServedAd;
  /** Where it is shown: the player bar (before a track) or the live player (before a stream). */
  before: 'track' | 'live';
  time: number;
  duration: number;
  canSkip: boolean;
}

type Listener = () => void;
let state: AdBreakState | null = null;
const listeners = new Set<Listener>();
let skipCurrent: (() => void) | null = null;

function set(next: AdBreakState | null) {
  state = next;
  for (const fn of listeners) fn();
}

/** The ad break store, for useSyncExternalStore. */
export const adBreak = {
  get: () => state,
  subscribe(fn: Listener) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  /** Skips the playing ad (only after 5 s). */
  skip() {
    if (state?.canSkip) skipCurrent?.();
  },
  /** Ends the playing ad at once: what it played before is gone (the listener left the live page). */
  cancel() {
    skipCurrent?.();
  },
};

/** Our tracking URLs are absolute (for VAST clients); the web app calls them on its own origin. */
const local = (u: string) => {
  try {
    const url = new URL(u, location.origin);
    return `${url.pathname}${url.search}`;
  } catch {
    return u;
  }
};
/** The same URL on this page's origin, absolute (vast-client fires only http(s) URLs). */
const here = (u: string) => `${location.origin}${local(u)}`;

/** What the player drives: vast-client's tracker (impression at start, quartiles as it plays). */
interface AdTracker {
  trackImpression(): void;
  setProgress(seconds: number): void;
  setDuration(seconds: number): void;
  complete(): void;
  error(macros: { ERRORCODE: number }): void;
}

/**
 * vast-client's VASTTracker over the served ad, as it would be built from our VAST document: the
 * Impression URL and the Linear creative's quartile Tracking URLs (ADR 0040). Loaded with the
 * first ad, not with the player.
 */
async function trackerFor(ad: TServedAd): Promise<AdTracker> {
  const { VASTTracker } = await import('@dailymotion/vast-client');
  const t = ad.tracking;
  const vastAd = {
    impressionURLTemplates: [{ id: 'wavecast', url: here(t.impression) }],
    errorURLTemplates: [here(ad.errorUrl)],
  };
  const linear = {
    type: 'linear',
    duration: ad.durationSeconds ?? 0,
    skipDelay: AUDIO_AD_SKIP_SECONDS,
    trackingEvents: {
      firstQuartile: [here(t.firstQuartile)],
      midpoint: [here(t.midpoint)],
      thirdQuartile: [here(t.thirdQuartile)],
      complete: [here(t.complete)],
    },
    videoClickThroughURLTemplate: { id: 'wavecast', url: here(ad.clickUrl) },
    videoClickTrackingURLTemplates: [],
    mediaFiles: [],
  };
  const Tracker = VASTTracker as unknown as new (client: null, ad: unknown, creative: unknown) => AdTracker;
  return new Tracker(null, vastAd, linear);
}

/** Asks the server for a pre-roll before this track or stream (none for ad-free plans); gives up after 2 s. */
async function fetchAd(target: AdTarget): Promise<TServedAd | null> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), 2000);
  const on =
    'trackId' in target
      ? `trackId=${encodeURIComponent(target.trackId)}`
      : `streamId=${encodeURIComponent(target.streamId)}`;
  try {
    const res = await fetch(`/api/ads/serve?format=audio&placement=preroll&${on}`, {
      credentials: 'same-origin',
      signal: ctrl.signal,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { ad: TServedAd | null };
    return body.ad?.mediaUrl ? body.ad : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function setAdMetadata(ad: TServedAd) {
  if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
  navigator.mediaSession.metadata = new MediaMetadata({ title: 'Ad', artist: ad.title, album: 'Advertisement' });
}

/**
 * Plays an audio ad before a track or a live stream when the server has one for this listener, and
 * resolves when it ended or was skipped (after 5 s). Counting as VAST players do (vast-client's
 * tracker): the impression when the ad starts playing, the quartiles as playback reaches them,
 * complete at the end; the server counts each once.
 */
export async function playPreroll(target: AdTarget, volume: { volume: number; muted: boolean }): Promise<void> {
  const ad = await fetchAd(target);
  if (!ad?.mediaUrl) return;
  const before = 'trackId' in target ? 'track' : 'live';
  const audio = new Audio();
  audio.preload = 'auto';
  audio.volume = volume.volume;
  audio.muted = volume.muted;
  audio.src = local(ad.mediaUrl);
  const tracker = await trackerFor(ad).catch(() => null);
  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      skipCurrent = null;
      audio.pause();
      audio.removeAttribute('src');
      set(null);
      resolve();
    };
    skipCurrent = finish;
    const duration = () => (Number.isFinite(audio.duration) ? audio.duration : (ad.durationSeconds ?? 0));
    set({ ad, before, time: 0, duration: ad.durationSeconds ?? 0, canSkip: false });
    setAdMetadata(ad);
    // The ad started: its impression (once; vast-client keeps it to one).
    audio.addEventListener('playing', () => tracker?.trackImpression());
    audio.addEventListener('durationchange', () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) tracker?.setDuration(audio.duration);
    });
    audio.addEventListener('timeupdate', () => {
      // Pausing and unloading at the end fire one more timeupdate: the break is over by then.
      if (done) return;
      const t = audio.currentTime;
      if (t > 0) tracker?.setProgress(t);
      set({ ad, before, time: t, duration: duration(), canSkip: t >= AUDIO_AD_SKIP_SECONDS });
    });
    audio.addEventListener('ended', () => {
      tracker?.complete();
      finish();
    });
    // The VAST Error URL's codes: 405, the media file could not be played; 400, playback refused.
    const failed = (code: number) => () => {
      if (!done) tracker?.error({ ERRORCODE: code });
      finish();
    };
    audio.addEventListener('error', failed(405));
    audio.play().catch(failed(400));
  });
}

/** Opens the advertiser's page through the signed click redirect. */
export function openAdClick(ad: TServedAd) {
  window.open(local(ad.clickUrl), '_blank', 'noopener');
}
