import type { TChapterMarker } from '@wavecast/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/session';
import { browserEnv, type ListenProgress, PlayerEngine, type PlayerState } from './engine';
import { IDLE_PLAYER_STATE } from './idle-state';
import { chapterAt } from './lib/chapters';
import { loadPlayer } from './lib/persistence';

/** What components may ask of the player: commands only, the same object for the app's lifetime. */
export type PlayerControls = Pick<
  PlayerEngine,
  | 'play'
  | 'playOrToggle'
  | 'toggle'
  | 'pause'
  | 'resume'
  | 'seek'
  | 'seekBy'
  | 'next'
  | 'previous'
  | 'nextChapter'
  | 'previousChapter'
  | 'setVolume'
  | 'toggleMute'
  | 'setRate'
  | 'addToQueue'
  | 'removeFromQueue'
  | 'moveInQueue'
  | 'clearQueue'
  | 'updateTrack'
  | 'claimOutput'
  | 'releaseOutput'
  | 'setSleepTimer'
>;

/** Exported for the server's idle player (IdlePlayerProvider.tsx) only. */
export const PlayerContext = createContext<PlayerEngine | null>(null);

function createAudio() {
  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  audio.hidden = true;
  audio.dataset.testid = 'player-audio';
  return audio;
}

/** Makes the app's one player engine and its <audio> element, and tells it who is signed in. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [engine] = useState(
    () =>
      new PlayerEngine(
        createAudio(),
        loadPlayer(),
        browserEnv((message) => toast.error(message)),
      ),
  );
  engine.setSignedIn(!!user);

  useEffect(() => {
    document.body.appendChild(engine.audio);
    const stop = engine.start();
    return () => {
      stop();
      engine.audio.remove();
    };
  }, [engine]);

  return <PlayerContext.Provider value={engine}>{children}</PlayerContext.Provider>;
}

function useEngine(): PlayerEngine {
  const engine = useContext(PlayerContext);
  // The spec: using the player outside its provider raises an error.
  if (!engine) throw new Error('usePlayer must be used within a PlayerProvider');
  return engine;
}

const idleTime = () => 0;
const idleListen = () => null;
const idleChapter = () => null;

/** The player's commands. Never re-renders the caller: the object is stable. */
export function usePlayerControls(): PlayerControls {
  return useEngine();
}

/**
 * A slice of the player's state. The caller re-renders only when the slice changes, so pick
 * what you show (`s => s.current?.id === id && s.playing`), not the whole state.
 */
export function usePlayerState<T>(select: (s: PlayerState) => T): T {
  const engine = useEngine();
  const get = () => select(engine.getState());
  // Hydrating a server-rendered first view: its idle player first, this browser's right after.
  return useSyncExternalStore(engine.subscribe, get, () => select(IDLE_PLAYER_STATE));
}

/** The playing position in seconds: re-renders on every time update, so only where time is shown. */
export function usePlayerProgress(): number {
  const engine = useEngine();
  return useSyncExternalStore(engine.subscribeTime, engine.getTime, idleTime);
}

/** The chapter playing now; re-renders only when it changes. */
export function useCurrentChapter(): TChapterMarker | null {
  const engine = useEngine();
  const getChapter = useCallback(() => chapterAt(engine.getState().chapters, engine.getTime()), [engine]);
  const subscribe = useCallback(
    (fn: () => void) => {
      const a = engine.subscribe(fn);
      const b = engine.subscribeTime(fn);
      return () => {
        a();
        b();
      };
    },
    [engine],
  );
  return useSyncExternalStore(subscribe, getChapter, idleChapter);
}

/** How far the current play is towards counting (whole seconds, then the server's answer). */
export function useListenProgress(): ListenProgress | null {
  const engine = useEngine();
  return useSyncExternalStore(engine.subscribeListen, engine.getListen, idleListen);
}
