import { AUDIO_AD_SKIP_SECONDS, AUDIO_IMPRESSION_SECONDS, type TServedAd } from '@wavecast/shared';

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
const ping = (u: string) => {
  void fetch(local(u), { credentials: 'same-origin', keepalive: true }).catch(() => {});
};

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
 * resolves when it ended or was skipped (after 5 s). Counting is honest: the impression is reported
 * once 2 s played, then the quartiles; the server counts each once.
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
  const sent = new Set<string>();
  const once = (key: keyof TServedAd['tracking']) => {
    if (sent.has(key)) return;
    sent.add(key);
    ping(ad.tracking[key]);
  };
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
    audio.addEventListener('timeupdate', () => {
      // Pausing and unloading at the end fire one more timeupdate: the break is over by then.
      if (done) return;
      const t = audio.currentTime;
      const d = duration();
      if (t >= AUDIO_IMPRESSION_SECONDS) once('impression');
      if (d > 0 && t >= d / 4) once('firstQuartile');
      if (d > 0 && t >= d / 2) once('midpoint');
      if (d > 0 && t >= (3 * d) / 4) once('thirdQuartile');
      set({ ad, before, time: t, duration: d, canSkip: t >= AUDIO_AD_SKIP_SECONDS });
    });
    audio.addEventListener('ended', () => {
      once('complete');
      finish();
    });
    // The VAST Error URL's codes: 405, the media file could not be played; 400, playback refused.
    const failed = (code: number) => () => {
      if (!done) ping(ad.errorUrl.replace('[ERRORCODE]', String(code)));
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
