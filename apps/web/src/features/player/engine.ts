import {
  DEFAULT_VOLUME,
  isLongForm,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  type TChapterMarker,
  type TTrack,
} from '@wavecast/shared';
import { chapterAt, sortedChapters } from './lib/chapters';
import { LISTEN_BATCH_BUCKETS, ListenTracker, sourceFromPage } from './lib/listening';
import { gainFromDb, LoudnessGraph } from './lib/loudness';
import { bindMediaSession, type MediaSessionLike, setMediaMetadata, setMediaPosition } from './lib/mediaSession';
import { type SavedPlayer, savePlayer } from './lib/persistence';
import { previousAction, type QueueAction, type QueueState, queueReducer } from './lib/queue';
import { fetchPosition, reportPlay, savePosition } from './lib/serverSync';
import { commandForKeydown } from './lib/shortcuts';
import { type SleepChoice, type SleepState, SleepTimer } from './lib/sleepTimer';
import { pickSource } from './lib/source';
import { savedPlayerState } from './saved-state';

export const TRACK_UNPLAYABLE = 'This track could not be played';
/** How often the resume position of a long track is saved while it plays. */
const POSITION_SAVE_INTERVAL_MS = 15_000;
/** How often the local copy of the position is written while playing. */
const LOCAL_SAVE_INTERVAL_MS = 2_000;

/** What the UI shows, except the playing position (which changes several times a second). */
export interface PlayerState {
  current: TTrack | null;
  /** Up next, front first. */
  queue: TTrack[];
  hasPrevious: boolean;
  playing: boolean;
  duration: number;
  /** 0–1; stays at the earlier value while muted so unmuting restores it. */
  volume: number;
  muted: boolean;
  /** Playback speed, 0.5–3. */
  rate: number;
  chapters: TChapterMarker[];
  /**
   * The live stream (or listening room) holding the app's one audio output (the track player is then
   * silent), or null. `label` names what holds it when it is not a live stream.
   */
  live: { title: string; label?: string } | null;
  /** The sleep timer, when one is set. */
  sleep: SleepState;
}

/**
 * A live stream's (or a listening room's) claim on the app's one audio output (ADR 0049): while it
 * holds the output, the track player is silent; when the track player takes it back, `stop` silences it.
 */
export interface LiveOutputClaim {
  title: string;
  /** What the player bar calls the holder ('Listening room'); a live stream when absent. */
  label?: string;
  stop: () => void;
}

/**
 * How far this play of the current track is towards counting as a play (the audio page shows it):
 * whole seconds heard against the threshold, then what the server answered.
 */
export interface ListenProgress {
  trackId: string;
  heard: number;
  threshold: number;
  outcome: ListenOutcome;
}
/** `already`: the server did not count it (this listener's play was counted in the last 30 minutes). */
export type ListenOutcome = 'listening' | 'reporting' | 'counted' | 'already' | 'unknown';

/** What the engine reaches outside itself; tests pass their own. */
export interface PlayerEnv {
  /** Window events (pagehide, keydown) and timers. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
  mediaSession: MediaSessionLike | null;
  origin: string;
  save: (state: SavedPlayer) => void;
  server: { reportPlay: typeof reportPlay; savePosition: typeof savePosition; fetchPosition: typeof fetchPosition };
  /** True when this call runs inside a user gesture (or the browser cannot tell). */
  hasUserActivation: () => boolean;
  notifyError: (message: string) => void;
  /** Web Audio gain for loudness; null where there is none (tests). */
  loudness: ((audio: HTMLAudioElement) => Pick<LoudnessGraph, 'enable' | 'setGain'>) | null;
  /** An audio ad played before a track the listener starts (features/ads); resolves when it is over. */
  preroll?: (track: TTrack, volume: { volume: number; muted: boolean }) => Promise<void>;
  /** Ends the pre-roll playing before a track at once (a live stream took the output). */
  cancelPreroll?: () => void;
  /** A related track to go on with when the queue has ended (`exclude`: just played), or null. */
  related?: (track: TTrack, exclude: string[]) => Promise<TTrack | null>;
}

export function browserEnv(notifyError: (message: string) => void): PlayerEnv {
  const ua = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  return {
    window,
    mediaSession: 'mediaSession' in navigator ? (navigator.mediaSession as MediaSessionLike) : null,
    origin: location.origin,
    save: (s) => savePlayer(s),
    server: { reportPlay, savePosition, fetchPosition },
    hasUserActivation: () => (ua ? ua.isActive : true),
    notifyError,
    loudness: (audio) => new LoudnessGraph(audio),
    // Loaded when a track first starts: Home's first load stays small.
    preroll: (track, volume) => import('../ads/preroll').then((m) => m.playPreroll({ trackId: track.id }, volume)),
    cancelPreroll: () =>
      void import('../ads/preroll').then(({ adBreak }) => {
        if (adBreak.get()?.before === 'track') adBreak.cancel();
      }),
    // Loaded when a queue first ends: not part of Home's first load.
    related: (track, exclude) => import('./lib/related').then((m) => m.fetchRelated(track, exclude)),
  };
}

/** The listen source of the page the player is started from. */
const pageSource = () =>
  typeof location === 'undefined' ? 'other' : sourceFromPage(location.pathname, document.referrer, location.origin);
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
type Listener = () => void;

/**
 * The app's one player, outside React: it owns the <audio> element, the queue, the listening
 * tracker, persistence, the Media Session and keyboard shortcuts. React reads it through
 * `useSyncExternalStore` (see `hooks.ts`): `state` changes only when something shown changes,
 * and the position has its own subscription, so a `timeupdate` re-renders only what shows time.
 */
export class PlayerEngine {
  private qs: QueueState;
  private snapshot: PlayerState;
  private time: number;
  private readonly stateListeners = new Set<Listener>();
  private readonly timeListeners = new Set<Listener>();
  private signedIn = false;
  /**
   * Go on with a related track when the queue ends. The signed-in listener's Settings → Playback is
   * applied by the server's answer; this switch is for embedders and tests.
   */
  private autoplayRelated = true;
  private graph: Pick<LoudnessGraph, 'enable' | 'setGain'> | null = null;
  /** Where the next loaded track starts, and whether it should start playing. */
  private pending: { startAt: number; autoplay: boolean };
  private loadedId: string | null = null;
  /** Whether the listener asked for sound from the loaded track (not just a restore after reload). */
  private wantsPlay = false;
  private tracker: ListenTracker | null = null;
  private timers: number[] = [];
  private disposers: (() => void)[] = [];
  /** True while a pre-roll ad plays before the loaded track: the track waits. */
  private inAdBreak = false;
  /** Who holds the one audio output: the track player, a live stream or room, or nobody yet. */
  private output: 'track' | LiveOutputClaim | null = null;
  private readonly sleepTimer: SleepTimer;
  private listen: ListenProgress | null = null;
  private outcome: ListenOutcome = 'listening';
  private readonly listenListeners = new Set<Listener>();

  constructor(
    readonly audio: HTMLAudioElement,
    saved: SavedPlayer,
    private readonly env: PlayerEnv,
  ) {
    this.qs = { current: saved.current, queue: saved.queue, history: saved.history };
    this.time = saved.current ? saved.position : 0;
    this.pending = { startAt: this.time, autoplay: false };
    this.snapshot = savedPlayerState(saved);
    this.sleepTimer = new SleepTimer(
      () => this.pause(),
      (sleep) => this.patch({ sleep }),
    );
  }

  // ---- subscriptions (stable functions, for useSyncExternalStore) ----

  get state(): PlayerState {
    return this.snapshot;
  }
  get currentTime(): number {
    return this.time;
  }
  readonly subscribe = (fn: Listener) => {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  };
  readonly subscribeTime = (fn: Listener) => {
    this.timeListeners.add(fn);
    return () => this.timeListeners.delete(fn);
  };
  readonly getState = () => this.snapshot;
  readonly getTime = () => this.time;
  readonly subscribeListen = (fn: Listener) => {
    this.listenListeners.add(fn);
    return () => this.listenListeners.delete(fn);
  };
  /** Changes only when a whole second more is heard or the outcome changes. */
  readonly getListen = () => this.listen;

  /** Binds the element, window and Media Session; returns what undoes it. */
  start(): () => void {
    const a = this.audio;
    a.volume = this.snapshot.volume;
    a.muted = this.snapshot.muted;
    this.applyRate();
    const on = <T extends EventTarget>(target: T, type: string, fn: (e: Event) => void) => {
      target.addEventListener(type, fn);
      this.disposers.push(() => target.removeEventListener(type, fn));
    };
    on(a, 'play', this.onPlay);
    on(a, 'pause', this.onPause);
    on(a, 'timeupdate', this.onTimeUpdate);
    on(a, 'seeking', () => this.tracker?.break());
    on(a, 'loadedmetadata', this.onMetadata);
    on(a, 'durationchange', this.onMetadata);
    on(a, 'ended', this.onEnded);
    on(a, 'error', this.onError);
    on(this.env.window as unknown as EventTarget, 'pagehide', () => {
      this.flushListening(true);
      this.persistLocal();
      this.persistServerPosition();
    });
    on(this.env.window as unknown as EventTarget, 'keydown', (e) => this.onKey(e as KeyboardEvent));
    const session = this.env.mediaSession;
    if (session) {
      this.disposers.push(
        bindMediaSession(session, {
          play: () => this.resume(),
          pause: () => this.pause(),
          seekTo: (s) => this.seek(s),
          seekBy: (s) => this.seekBy(s),
          next: () => this.next(),
          previous: () => this.previous(),
        }),
      );
    }
    this.loadCurrent();
    this.syncMediaSession(true);
    return () => this.stop();
  }

  private stop() {
    for (const undo of this.disposers.splice(0)) undo();
    this.stopTimers();
    this.sleepTimer.dispose();
  }

  setSignedIn(signedIn: boolean) {
    this.signedIn = signedIn;
  }

  setAutoplayRelated(on: boolean) {
    this.autoplayRelated = on;
  }

  // ---- controls ----

  /** Makes a track current and starts it (at `startAt` seconds if given). */
  readonly play = (track: TTrack, opts?: { startAt?: number }) => {
    this.takeOutput();
    this.enableGain();
    if (this.qs.current?.id === track.id && this.loadedId === track.id) {
      if (opts?.startAt !== undefined) this.audio.currentTime = opts.startAt;
      this.audio.play().catch(() => this.patch({ playing: false }));
      this.dispatch({ type: 'play', track });
      return;
    }
    this.persistServerPosition();
    this.pending = { startAt: opts?.startAt ?? 0, autoplay: true };
    this.dispatch({ type: 'play', track });
  };

  /** What a card's play button does: toggles the current track, otherwise starts this one. */
  readonly playOrToggle = (track: TTrack) => (this.qs.current?.id === track.id ? this.toggle() : this.play(track));

  readonly pause = () => this.audio.pause();

  readonly resume = () => {
    if (!this.qs.current || this.inAdBreak) return;
    this.takeOutput();
    this.enableGain();
    this.wantsPlay = true;
    // After a failed load, try again (the network may be back); a second failure is reported.
    if (this.audio.error) this.audio.load();
    this.audio.play().catch(() => this.patch({ playing: false }));
  };

  readonly toggle = () => (this.audio.paused ? this.resume() : this.pause());

  readonly seek = (seconds: number) => {
    if (!this.qs.current) return;
    const dur = Number.isFinite(this.audio.duration) ? this.audio.duration : this.snapshot.duration;
    const t = clamp(seconds, 0, dur > 0 ? dur : Math.max(0, seconds));
    this.audio.currentTime = t;
    this.tracker?.break();
    this.setTime(t);
  };

  readonly seekBy = (delta: number) => this.seek(this.audio.currentTime + delta);

  readonly next = () => {
    this.enableGain();
    this.goTo({ type: 'next' });
  };

  readonly previous = () => {
    if (!this.qs.current) return;
    this.enableGain();
    if (previousAction(this.audio.currentTime, this.qs.history.length > 0) === 'restart') this.seek(0);
    else this.goTo({ type: 'previous' });
  };

  readonly nextChapter = () => {
    const t = this.audio.currentTime;
    const upcoming = this.snapshot.chapters.find((c) => c.startTime > t + 0.5);
    if (upcoming) this.seek(upcoming.startTime);
  };

  readonly previousChapter = () => {
    const chapters = this.snapshot.chapters;
    const t = this.audio.currentTime;
    const here = chapterAt(chapters, t);
    if (!here) return this.seek(0);
    // Like "previous track": back to the start of this chapter unless we are near it.
    if (t - here.startTime > 3) return this.seek(here.startTime);
    const idx = chapters.indexOf(here);
    this.seek(idx > 0 ? (chapters[idx - 1] as TChapterMarker).startTime : 0);
  };

  readonly setVolume = (v: number) => {
    const volume = clamp(v, 0, 1);
    this.patch(volume > 0 ? { volume, muted: false } : { volume });
    this.applyVolume();
  };

  /** Mute keeps the volume, so unmuting restores it (a volume dragged to 0 comes back at the default). */
  readonly toggleMute = () => {
    const { muted, volume } = this.snapshot;
    this.patch({ muted: !muted, volume: muted && volume === 0 ? DEFAULT_VOLUME : volume });
    this.applyVolume();
  };

  readonly setRate = (r: number) => {
    this.patch({ rate: clamp(r, PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX) });
    this.applyRate();
    this.syncMediaSession(false);
  };

  // ---- the one audio output (ADR 0049) ----

  /** A live stream or a room takes the output: the track (or its pre-roll) stops, as does another claim. */
  readonly claimOutput = (claim: LiveOutputClaim) => {
    const prev = this.output;
    if (prev === claim) return;
    this.output = claim;
    this.patch({ live: claim.label ? { title: claim.title, label: claim.label } : { title: claim.title } });
    if (prev === 'track') this.silenceTrack();
    else prev?.stop();
  };

  /** The stream stopped by itself (or its page closed): the output is free. */
  readonly releaseOutput = (claim: LiveOutputClaim) => {
    if (this.output !== claim) return;
    this.output = null;
    this.patch({ live: null });
  };

  /** The track player takes the output: a live stream holding it is stopped first. */
  private takeOutput() {
    const prev = this.output;
    if (prev === 'track') return;
    this.output = 'track';
    if (prev) {
      this.patch({ live: null });
      prev.stop();
    }
  }

  private silenceTrack() {
    this.audio.pause();
    if (this.inAdBreak) this.env.cancelPreroll?.();
  }

  readonly addToQueue = (track: TTrack) => this.dispatch({ type: 'add', track });
  readonly removeFromQueue = (id: string) => this.dispatch({ type: 'remove', id });
  readonly moveInQueue = (from: number, to: number) => this.dispatch({ type: 'move', from, to });
  readonly clearQueue = () => this.dispatch({ type: 'clear' });
  /** Pauses after some minutes or at the end of this track; null cancels. */
  readonly setSleepTimer = (choice: SleepChoice | null) => this.sleepTimer.set(choice);
  /** Fresher data for a track the player holds (e.g. after a like). */
  readonly updateTrack = (track: TTrack) => this.dispatch({ type: 'replace', track });

  // ---- state ----

  private patch(p: Partial<PlayerState>) {
    const prev = this.snapshot;
    if (Object.entries(p).every(([k, v]) => prev[k as keyof PlayerState] === v)) return;
    this.snapshot = { ...prev, ...p };
    if (p.playing !== undefined && p.playing !== prev.playing) this.onPlayingChanged();
    if (p.volume !== undefined || p.muted !== undefined || p.rate !== undefined) this.persistLocal();
    for (const fn of this.stateListeners) fn();
  }

  private setTime(t: number) {
    if (t === this.time) return;
    this.time = t;
    for (const fn of this.timeListeners) fn();
  }

  private dispatch(action: QueueAction) {
    const prev = this.qs;
    const qs = queueReducer(prev, action);
    if (qs === prev) return;
    this.qs = qs;
    const currentChanged = qs.current !== prev.current;
    this.patch({
      current: qs.current,
      queue: qs.queue,
      hasPrevious: qs.history.length > 0,
      ...(currentChanged ? { chapters: sortedChapters(qs.current?.chapterMarkers ?? []) } : {}),
    });
    this.persistLocal();
    if (currentChanged) {
      this.graph?.setGain(gainFromDb(qs.current?.gainDb));
      this.loadCurrent();
      this.syncMediaSession(true);
    }
  }

  private goTo(action: { type: 'next' } | { type: 'previous' }) {
    if (action.type === 'next' ? this.qs.queue.length === 0 : this.qs.history.length === 0) return;
    this.takeOutput();
    this.persistServerPosition();
    this.pending = { startAt: 0, autoplay: true };
    this.dispatch(action);
  }

  /** Loads the current track into the element when it is not the loaded one. */
  private loadCurrent() {
    const audio = this.audio;
    const track = this.qs.current;
    if (!track) {
      if (this.loadedId === null && !audio.getAttribute('src')) return;
      audio.removeAttribute('src');
      audio.load();
      this.loadedId = null;
      this.tracker = null;
      this.updateListen();
      this.patch({ playing: false, duration: 0 });
      this.setTime(0);
      return;
    }
    if (this.loadedId === track.id) return;
    this.loadedId = track.id;
    this.flushListening();
    this.tracker = new ListenTracker(track.id, track.duration, pageSource());
    this.outcome = 'listening';
    this.updateListen();
    const { startAt, autoplay } = this.pending;
    this.pending = { startAt: 0, autoplay: false };
    this.wantsPlay = autoplay;
    this.setTime(startAt);
    this.patch({ duration: track.duration });
    audio.src = pickSource(track, (type) => audio.canPlayType(type));
    // Loading resets the speed to the default one: keep it at the listener's choice.
    this.applyRate();
    if (startAt > 0) audio.currentTime = startAt;
    if (!autoplay) return;
    const startTrack = () => {
      this.inAdBreak = false;
      // A live stream took the output during the ad: the track stays paused.
      if (this.loadedId !== track.id || this.output !== 'track') return;
      this.syncMediaSession(true);
      audio.play().catch((err: unknown) => {
        if ((err as DOMException)?.name !== 'AbortError') this.patch({ playing: false });
      });
    };
    if (this.env.preroll && startAt === 0) {
      this.inAdBreak = true;
      const { volume, muted } = this.snapshot;
      void this.env.preroll(track, { volume, muted }).then(startTrack, startTrack);
    } else startTrack();
    // Long tracks resume where this listener left off, on any device.
    if (startAt === 0 && this.signedIn && isLongForm(track.duration)) {
      void this.env.server.fetchPosition(track.id).then((pos) => {
        if (pos == null || this.loadedId !== track.id) return;
        // Only if the listener has not moved on by themselves in the meantime.
        if (audio.currentTime < 5 && pos > 5 && pos < track.duration - 10) audio.currentTime = pos;
      });
    }
  }

  private enableGain() {
    if (!this.env.loudness) return;
    // Creating the graph outside a gesture could leave a suspended context that silences audio.
    if (!this.graph && !this.env.hasUserActivation()) return;
    if (!this.graph) {
      this.graph = this.env.loudness(this.audio);
      this.graph.setGain(gainFromDb(this.qs.current?.gainDb));
    }
    this.graph.enable();
  }

  private applyVolume() {
    this.audio.volume = this.snapshot.volume;
    this.audio.muted = this.snapshot.muted;
  }

  private applyRate() {
    this.audio.defaultPlaybackRate = this.snapshot.rate;
    this.audio.playbackRate = this.snapshot.rate;
  }

  // ---- persistence ----

  private persistLocal() {
    const { current } = this.qs;
    this.env.save({
      ...this.qs,
      position: current && this.loadedId === current.id ? this.audio.currentTime : 0,
      volume: this.snapshot.volume,
      muted: this.snapshot.muted,
      rate: this.snapshot.rate,
    });
  }

  /** Saves the resume position of a long track for a signed-in listener. */
  private persistServerPosition(finished = false) {
    const track = this.qs.current;
    if (!track || !this.signedIn || this.loadedId !== track.id) return;
    const d = this.audio.duration;
    const dur = Number.isFinite(d) && d > 0 ? d : track.duration;
    if (!isLongForm(dur)) return;
    void this.env.server.savePosition(track.id, finished ? dur : this.audio.currentTime);
  }

  private onPlayingChanged() {
    this.stopTimers();
    if (this.snapshot.playing) {
      const w = this.env.window;
      this.timers.push(
        w.setInterval(() => this.persistLocal(), LOCAL_SAVE_INTERVAL_MS),
        w.setInterval(() => this.persistServerPosition(), POSITION_SAVE_INTERVAL_MS),
      );
    }
    this.syncMediaSession(false);
  }

  private stopTimers() {
    for (const t of this.timers.splice(0)) this.env.window.clearInterval(t);
  }

  private syncMediaSession(metadata: boolean) {
    const session = this.env.mediaSession;
    if (!session) return;
    const { current, playing, duration, rate } = this.snapshot;
    if (metadata) setMediaMetadata(session, current, this.env.origin);
    session.playbackState = current ? (playing ? 'playing' : 'paused') : 'none';
    setMediaPosition(session, duration, this.audio.currentTime, rate);
  }

  // ---- element events: the state always shows what the element really does ----

  private readonly onPlay = () => {
    // However the element started (media keys, a restored session), it silences a live stream.
    this.takeOutput();
    this.patch({ playing: true });
    // An anonymous browser gets its listener id cookie now, so the play can count later.
    const tracker = this.tracker;
    if (tracker?.start() && !this.signedIn) void this.env.server.reportPlay(tracker.trackId, 0);
  };

  private readonly onPause = () => {
    this.patch({ playing: false });
    this.tracker?.break();
    this.flushListening();
    this.persistServerPosition();
    this.persistLocal();
  };

  private readonly onTimeUpdate = () => {
    const audio = this.audio;
    this.setTime(audio.currentTime);
    const tracker = this.tracker;
    if (!tracker || audio.paused || audio.seeking) return;
    const reached = tracker.tick(audio.currentTime, audio.playbackRate);
    if (reached || tracker.pendingBuckets >= LISTEN_BATCH_BUCKETS) {
      const sent = this.env.server.reportPlay(tracker.trackId, tracker.secondsListened, tracker.takeListen());
      if (reached) {
        this.outcome = 'reporting';
        void Promise.resolve(sent).then(
          (res) => this.settleOutcome(tracker, res ? (res.counted ? 'counted' : 'already') : 'unknown'),
          () => this.settleOutcome(tracker, 'unknown'),
        );
      }
    }
    this.updateListen();
  };

  private settleOutcome(tracker: ListenTracker, outcome: ListenOutcome) {
    if (this.tracker !== tracker) return;
    this.outcome = outcome;
    this.updateListen();
  }

  /** The listening progress of the current play, re-published only when something shown changed. */
  private updateListen() {
    const tracker = this.tracker;
    const prev = this.listen;
    const next: ListenProgress | null = tracker
      ? {
          trackId: tracker.trackId,
          // Whole seconds as shown (an MP3's 24.05 s makes a 12.02 s threshold: "0:12").
          heard: Math.min(Math.floor(tracker.secondsListened), Math.round(tracker.threshold)),
          threshold: Math.round(tracker.threshold),
          outcome: this.outcome,
        }
      : null;
    if (
      prev === next ||
      (prev &&
        next &&
        prev.trackId === next.trackId &&
        prev.heard === next.heard &&
        prev.threshold === next.threshold &&
        prev.outcome === next.outcome)
    )
      return;
    this.listen = next;
    for (const fn of this.listenListeners) fn();
  }

  private readonly onMetadata = () => {
    const d = this.audio.duration;
    if (!Number.isFinite(d)) return;
    this.patch({ duration: d });
    this.tracker?.setDuration(d);
    this.updateListen();
    this.syncMediaSession(false);
  };

  private readonly onEnded = () => {
    this.patch({ playing: false });
    this.flushListening();
    this.persistServerPosition(true);
    // The sleep timer's "end of track" stops here: the queue waits, nothing related starts.
    const sleeping = this.sleepTimer.trackEnded();
    if (!sleeping && this.qs.queue.length > 0) {
      this.pending = { startAt: 0, autoplay: true };
      this.dispatch({ type: 'next' });
      return;
    }
    // A finished track starts from the top next time (its progress stays shown until it plays again).
    this.tracker = this.qs.current ? new ListenTracker(this.qs.current.id, this.audio.duration) : null;
    this.outcome = 'listening';
    if (!sleeping) this.continueWithRelated();
  };

  /**
   * The queue has ended: unless the listener turned it off, ask for a related track (not one just
   * played) and play it, if the listener has not started something else meanwhile.
   */
  private continueWithRelated() {
    const ended = this.qs.current;
    if (!ended || !this.autoplayRelated || !this.env.related) return;
    const exclude = [...new Set([...this.qs.history.map((t) => t.id), ended.id])].slice(-50);
    void this.env.related(ended, exclude).then((next) => {
      if (!next || !this.autoplayRelated || this.qs.current?.id !== ended.id || this.qs.queue.length > 0) return;
      if (!this.audio.ended) return;
      this.pending = { startAt: 0, autoplay: true };
      this.dispatch({ type: 'play', track: next });
    });
  }

  private readonly onError = () => {
    if (!this.audio.getAttribute('src')) return;
    this.patch({ playing: false });
    // A track restored after a reload may have gone (deleted, made private): say so only on play.
    if (this.wantsPlay) this.env.notifyError(TRACK_UNPLAYABLE);
  };

  /** Sends the buckets heard since the last report (analytics), by beacon when the page hides. */
  private flushListening(beacon = false) {
    const tracker = this.tracker;
    const listen = tracker?.takeListen();
    if (!tracker || !listen) return;
    void this.env.server.reportPlay(tracker.trackId, tracker.secondsListened, listen, { beacon });
  }

  /** Keyboard shortcuts, except while typing in a field. */
  private onKey(e: KeyboardEvent) {
    if (!this.qs.current) return;
    const command = commandForKeydown(e);
    if (!command) return;
    e.preventDefault();
    if (command.type === 'toggle') this.toggle();
    else if (command.type === 'seekBy') this.seekBy(command.seconds);
    else if (command.type === 'next') this.next();
    else if (command.type === 'previous') this.previous();
    else this.toggleMute();
  }
}
