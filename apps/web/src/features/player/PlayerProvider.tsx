import {
  DEFAULT_VOLUME,
  isLongForm,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  type TChapterMarker,
  type TTrack,
} from '@wavecast/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/session';
import { chapterAt, sortedChapters } from './lib/chapters';
import { ListenTracker } from './lib/listening';
import { gainFromDb, LoudnessGraph } from './lib/loudness';
import { bindMediaSession, type MediaSessionLike, setMediaMetadata, setMediaPosition } from './lib/mediaSession';
import { loadPlayer, savePlayer } from './lib/persistence';
import { previousAction, queueReducer } from './lib/queue';
import { fetchPosition, reportPlay, savePosition } from './lib/serverSync';
import { commandForKeydown } from './lib/shortcuts';
import { pickSource } from './lib/source';

const TRACK_UNPLAYABLE = 'This track could not be played';
/** How often the resume position of a long track is saved while it plays. */
const POSITION_SAVE_INTERVAL_MS = 15_000;
/** How often the local copy of the position is written while playing. */
const LOCAL_SAVE_INTERVAL_MS = 2_000;

export interface PlayerApi {
  current: TTrack | null;
  playing: boolean;
  currentTime: number;
  duration: number;
  /** 0–1; stays at the earlier value while muted so unmuting restores it. */
  volume: number;
  muted: boolean;
  /** Playback speed, 0.5–3. */
  rate: number;
  queue: TTrack[];
  hasPrevious: boolean;
  chapters: TChapterMarker[];
  currentChapter: TChapterMarker | null;
  /** Makes a track current and starts it (at `startAt` seconds if given). */
  play: (track: TTrack, opts?: { startAt?: number }) => void;
  /** What a card's play button does: toggles the current track, otherwise starts this one. */
  playOrToggle: (track: TTrack) => void;
  isCurrent: (trackId: string) => boolean;
  toggle: () => void;
  pause: () => void;
  resume: () => void;
  seek: (seconds: number) => void;
  seekBy: (seconds: number) => void;
  next: () => void;
  previous: () => void;
  nextChapter: () => void;
  previousChapter: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  setRate: (rate: number) => void;
  addToQueue: (track: TTrack) => void;
  removeFromQueue: (trackId: string) => void;
  moveInQueue: (from: number, to: number) => void;
  clearQueue: () => void;
  /** Fresher data for a track the player holds (e.g. after a like). */
  updateTrack: (track: TTrack) => void;
}

const PlayerContext = createContext<PlayerApi | null>(null);

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function mediaSession(): MediaSessionLike | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? (navigator.mediaSession as MediaSessionLike)
    : null;
}

/** True when this call runs inside a user gesture (or the browser cannot tell). */
function hasUserActivation() {
  const ua = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  return ua ? ua.isActive : true;
}

/** Owns the one <audio> element of the app: current track, queue, volume, speed, and their persistence. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const saved = useMemo(() => loadPlayer(), []);
  const [qs, dispatch] = useReducer(queueReducer, saved);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(saved.current ? saved.position : 0);
  const [duration, setDuration] = useState(saved.current?.duration ?? 0);
  const [volume, setVolumeState] = useState(saved.volume);
  const [muted, setMuted] = useState(saved.muted);
  const [rate, setRateState] = useState(saved.rate);

  const audioRef = useRef<HTMLAudioElement>(null);
  const graphRef = useRef<LoudnessGraph | null>(null);
  /** Where the next loaded track starts, and whether it should start playing. */
  const pendingRef = useRef<{ startAt: number; autoplay: boolean }>({
    startAt: saved.current ? saved.position : 0,
    autoplay: false,
  });
  const loadedIdRef = useRef<string | null>(null);
  /** Whether the listener asked for sound from the loaded track (not just a restore after reload). */
  const wantsPlayRef = useRef(false);
  const trackerRef = useRef<ListenTracker | null>(null);
  const userRef = useRef(user);
  userRef.current = user;
  const stateRef = useRef({ qs, currentTime, duration, rate });
  stateRef.current = { qs, currentTime, duration, rate };

  const enableGain = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    // Creating the graph outside a gesture could leave a suspended context that silences audio.
    if (!graphRef.current && !hasUserActivation()) return;
    if (!graphRef.current) {
      graphRef.current = new LoudnessGraph(audio);
      graphRef.current.setGain(gainFromDb(stateRef.current.qs.current?.gainDb));
    }
    graphRef.current.enable();
  }, []);

  /** Saves the resume position of a long track for a signed-in listener. */
  const persistServerPosition = useCallback((finished = false) => {
    const audio = audioRef.current;
    const track = stateRef.current.qs.current;
    if (!audio || !track || !userRef.current || loadedIdRef.current !== track.id) return;
    const dur = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : track.duration;
    if (!isLongForm(dur)) return;
    void savePosition(track.id, finished ? dur : audio.currentTime);
  }, []);

  // Load the current track into the element when it changes.
  useEffect(() => {
    const audio = audioRef.current;
    const track = qs.current;
    if (!audio) return;
    if (!track) {
      audio.removeAttribute('src');
      audio.load();
      loadedIdRef.current = null;
      trackerRef.current = null;
      setPlaying(false);
      setCurrentTime(0);
      setDuration(0);
      return;
    }
    if (loadedIdRef.current === track.id) return;
    loadedIdRef.current = track.id;
    trackerRef.current = new ListenTracker(track.id, track.duration);
    graphRef.current?.setGain(gainFromDb(track.gainDb));
    const { startAt, autoplay } = pendingRef.current;
    pendingRef.current = { startAt: 0, autoplay: false };
    wantsPlayRef.current = autoplay;
    setCurrentTime(startAt);
    setDuration(track.duration);
    audio.src = pickSource(track, (type) => audio.canPlayType(type));
    // Loading resets the speed to the default one: keep both at the listener's choice.
    audio.defaultPlaybackRate = stateRef.current.rate;
    audio.playbackRate = stateRef.current.rate;
    if (startAt > 0) audio.currentTime = startAt;
    if (autoplay) {
      audio.play().catch((err: unknown) => {
        if ((err as DOMException)?.name !== 'AbortError') setPlaying(false);
      });
    }
    // Long tracks resume where this listener left off, on any device.
    if (autoplay && startAt === 0 && userRef.current && isLongForm(track.duration)) {
      void fetchPosition(track.id).then((pos) => {
        if (pos == null || loadedIdRef.current !== track.id) return;
        // Only if the listener has not moved on by themselves in the meantime.
        if (audio.currentTime < 5 && pos > 5 && pos < track.duration - 10) audio.currentTime = pos;
      });
    }
  }, [qs.current]);

  // Gain follows the current track (also once the graph is first created).
  useEffect(() => {
    graphRef.current?.setGain(gainFromDb(qs.current?.gainDb));
  }, [qs.current?.gainDb]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
  }, [volume, muted]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate]);

  // Persist locally: on every state change, and periodically while playing (position).
  const persistLocal = useCallback(
    (queueState = stateRef.current.qs) => {
      const audio = audioRef.current;
      savePlayer({
        ...queueState,
        position: queueState.current && audio && loadedIdRef.current === queueState.current.id ? audio.currentTime : 0,
        volume,
        muted,
        rate,
      });
    },
    [volume, muted, rate],
  );
  useEffect(() => {
    persistLocal(qs);
  }, [persistLocal, qs]);
  useEffect(() => {
    const onHide = () => persistLocal();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [persistLocal]);
  useEffect(() => {
    const onHide = () => persistServerPosition();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [persistServerPosition]);
  useEffect(() => {
    if (!playing) return;
    const local = window.setInterval(() => persistLocal(), LOCAL_SAVE_INTERVAL_MS);
    const server = window.setInterval(() => persistServerPosition(), POSITION_SAVE_INTERVAL_MS);
    return () => {
      window.clearInterval(local);
      window.clearInterval(server);
    };
  }, [playing, persistLocal, persistServerPosition]);

  const play = useCallback(
    (track: TTrack, opts?: { startAt?: number }) => {
      enableGain();
      const audio = audioRef.current;
      if (stateRef.current.qs.current?.id === track.id && loadedIdRef.current === track.id && audio) {
        if (opts?.startAt !== undefined) audio.currentTime = opts.startAt;
        void audio.play().catch(() => setPlaying(false));
        dispatch({ type: 'play', track });
        return;
      }
      persistServerPosition();
      pendingRef.current = { startAt: opts?.startAt ?? 0, autoplay: true };
      dispatch({ type: 'play', track });
    },
    [enableGain, persistServerPosition],
  );

  const pause = useCallback(() => {
    audioRef.current?.pause();
  }, []);

  const resume = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !stateRef.current.qs.current) return;
    enableGain();
    wantsPlayRef.current = true;
    // After a failed load, try again (the network may be back); a second failure is reported.
    if (audio.error) audio.load();
    void audio.play().catch(() => setPlaying(false));
  }, [enableGain]);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) resume();
    else pause();
  }, [pause, resume]);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !stateRef.current.qs.current) return;
    const dur = Number.isFinite(audio.duration) ? audio.duration : stateRef.current.duration;
    const t = clamp(seconds, 0, dur > 0 ? dur : Math.max(0, seconds));
    audio.currentTime = t;
    trackerRef.current?.break();
    setCurrentTime(t);
  }, []);

  const seekBy = useCallback((delta: number) => seek((audioRef.current?.currentTime ?? 0) + delta), [seek]);

  const goTo = useCallback(
    (action: { type: 'next' } | { type: 'previous' }) => {
      const s = stateRef.current.qs;
      if (action.type === 'next' ? s.queue.length === 0 : s.history.length === 0) return;
      persistServerPosition();
      pendingRef.current = { startAt: 0, autoplay: true };
      dispatch(action);
    },
    [persistServerPosition],
  );

  const next = useCallback(() => {
    enableGain();
    goTo({ type: 'next' });
  }, [enableGain, goTo]);

  const previous = useCallback(() => {
    const audio = audioRef.current;
    const s = stateRef.current.qs;
    if (!audio || !s.current) return;
    enableGain();
    if (previousAction(audio.currentTime, s.history.length > 0) === 'restart') seek(0);
    else goTo({ type: 'previous' });
  }, [enableGain, goTo, seek]);

  const chapters = useMemo(() => sortedChapters(qs.current?.chapterMarkers ?? []), [qs.current]);
  const currentChapter = chapterAt(chapters, currentTime);

  const nextChapter = useCallback(() => {
    const t = audioRef.current?.currentTime ?? 0;
    const upcoming = chapters.find((c) => c.startTime > t + 0.5);
    if (upcoming) seek(upcoming.startTime);
  }, [chapters, seek]);

  const previousChapter = useCallback(() => {
    const t = audioRef.current?.currentTime ?? 0;
    const here = chapterAt(chapters, t);
    if (!here) return seek(0);
    // Like "previous track": back to the start of this chapter unless we are near it.
    if (t - here.startTime > 3) return seek(here.startTime);
    const idx = chapters.indexOf(here);
    seek(idx > 0 ? (chapters[idx - 1] as TChapterMarker).startTime : 0);
  }, [chapters, seek]);

  const volumeRef = useRef(volume);
  volumeRef.current = volume;
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  const setVolume = useCallback((v: number) => {
    const level = clamp(v, 0, 1);
    setVolumeState(level);
    if (level > 0) setMuted(false);
  }, []);

  /** Mute keeps the volume, so unmuting restores it (a volume dragged to 0 comes back at the default). */
  const toggleMute = useCallback(() => {
    const wasMuted = mutedRef.current;
    if (wasMuted && volumeRef.current === 0) setVolumeState(DEFAULT_VOLUME);
    setMuted(!wasMuted);
  }, []);

  const setRate = useCallback((r: number) => setRateState(clamp(r, PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX)), []);

  const addToQueue = useCallback((track: TTrack) => dispatch({ type: 'add', track }), []);
  const removeFromQueue = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  const moveInQueue = useCallback((from: number, to: number) => dispatch({ type: 'move', from, to }), []);
  const clearQueue = useCallback(() => dispatch({ type: 'clear' }), []);
  const updateTrack = useCallback((track: TTrack) => dispatch({ type: 'replace', track }), []);

  const isCurrent = useCallback((id: string) => qs.current?.id === id, [qs.current]);
  const playOrToggle = useCallback(
    (track: TTrack) => (stateRef.current.qs.current?.id === track.id ? toggle() : play(track)),
    [play, toggle],
  );

  // Element events drive the React state, so the UI always shows what the element really does.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onPlay = () => {
      setPlaying(true);
      // An anonymous browser gets its listener id cookie now, so the play can count later.
      const tracker = trackerRef.current;
      if (tracker?.start() && !userRef.current) void reportPlay(tracker.trackId, 0);
    };
    const onPause = () => {
      setPlaying(false);
      trackerRef.current?.break();
      persistServerPosition();
      persistLocal();
    };
    const onTime = () => {
      setCurrentTime(audio.currentTime);
      const tracker = trackerRef.current;
      if (!tracker || audio.paused || audio.seeking) return;
      if (tracker.tick(audio.currentTime, audio.playbackRate)) {
        void reportPlay(tracker.trackId, tracker.secondsListened);
      }
    };
    const onSeeking = () => trackerRef.current?.break();
    const onMeta = () => {
      if (Number.isFinite(audio.duration)) {
        setDuration(audio.duration);
        trackerRef.current?.setDuration(audio.duration);
      }
    };
    const onEnded = () => {
      setPlaying(false);
      persistServerPosition(true);
      if (stateRef.current.qs.queue.length > 0) {
        pendingRef.current = { startAt: 0, autoplay: true };
        dispatch({ type: 'next' });
      } else {
        // A finished track starts from the top next time.
        trackerRef.current = stateRef.current.qs.current
          ? new ListenTracker(stateRef.current.qs.current.id, audio.duration)
          : null;
      }
    };
    const onError = () => {
      if (!audio.getAttribute('src')) return;
      setPlaying(false);
      // A track restored after a reload may have gone (deleted, made private): say so only on play.
      if (wantsPlayRef.current) toast.error(TRACK_UNPLAYABLE);
    };
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('seeking', onSeeking);
    audio.addEventListener('loadedmetadata', onMeta);
    audio.addEventListener('durationchange', onMeta);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    return () => {
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('seeking', onSeeking);
      audio.removeEventListener('loadedmetadata', onMeta);
      audio.removeEventListener('durationchange', onMeta);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
    };
  }, [persistLocal, persistServerPosition]);

  // Lock screen, headset and media keys.
  const controlsRef = useRef({ resume, pause, seek, seekBy, next, previous });
  controlsRef.current = { resume, pause, seek, seekBy, next, previous };
  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    return bindMediaSession(session, {
      play: () => controlsRef.current.resume(),
      pause: () => controlsRef.current.pause(),
      seekTo: (s) => controlsRef.current.seek(s),
      seekBy: (s) => controlsRef.current.seekBy(s),
      next: () => controlsRef.current.next(),
      previous: () => controlsRef.current.previous(),
    });
  }, []);
  useEffect(() => {
    const session = mediaSession();
    if (session) setMediaMetadata(session, qs.current, location.origin);
  }, [qs.current]);
  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    session.playbackState = qs.current ? (playing ? 'playing' : 'paused') : 'none';
    setMediaPosition(session, duration, audioRef.current?.currentTime ?? 0, rate);
  }, [qs.current, playing, duration, rate]);

  // Keyboard shortcuts, except while typing in a field.
  const keyControlsRef = useRef({ toggle, seekBy, next, previous, toggleMute });
  keyControlsRef.current = { toggle, seekBy, next, previous, toggleMute };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!stateRef.current.qs.current) return;
      const command = commandForKeydown(e);
      if (!command) return;
      e.preventDefault();
      const c = keyControlsRef.current;
      if (command.type === 'toggle') c.toggle();
      else if (command.type === 'seekBy') c.seekBy(command.seconds);
      else if (command.type === 'next') c.next();
      else if (command.type === 'previous') c.previous();
      else c.toggleMute();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo<PlayerApi>(
    () => ({
      current: qs.current,
      playing,
      currentTime,
      duration,
      volume,
      muted,
      rate,
      queue: qs.queue,
      hasPrevious: qs.history.length > 0,
      chapters,
      currentChapter,
      play,
      playOrToggle,
      isCurrent,
      toggle,
      pause,
      resume,
      seek,
      seekBy,
      next,
      previous,
      nextChapter,
      previousChapter,
      setVolume,
      toggleMute,
      setRate,
      addToQueue,
      removeFromQueue,
      moveInQueue,
      clearQueue,
      updateTrack,
    }),
    [
      qs,
      playing,
      currentTime,
      duration,
      volume,
      muted,
      rate,
      chapters,
      currentChapter,
      play,
      playOrToggle,
      isCurrent,
      toggle,
      pause,
      resume,
      seek,
      seekBy,
      next,
      previous,
      nextChapter,
      previousChapter,
      setVolume,
      toggleMute,
      setRate,
      addToQueue,
      removeFromQueue,
      moveInQueue,
      clearQueue,
      updateTrack,
    ],
  );

  return (
    <PlayerContext.Provider value={value}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: music and spoken audio without a caption track; the bar is the UI. */}
      <audio ref={audioRef} preload="metadata" hidden data-testid="player-audio" />
    </PlayerContext.Provider>
  );
}

/** The player state and controls; only inside PlayerProvider (the spec: using it outside raises an error). */
export function usePlayer(): PlayerApi {
  const ctx = useContext(PlayerContext);
  if (!ctx) throw new Error('usePlayer must be used within a PlayerProvider');
  return ctx;
}
