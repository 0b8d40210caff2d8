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
import type { ListenProgress, PlayerState } from './engine';
import { IDLE_PLAYER_STATE } from './idle-state';
import { LazyPlayer, type PlayerControls, type PlayerHandle } from './lazy-player';
import { chapterAt } from './lib/chapters';
import { loadPlayer } from './lib/persistence';

export type { PlayerControls } from './lazy-player';

/** Exported for the server's idle player (IdlePlayerProvider.tsx) only. */
export const PlayerContext = createContext<PlayerHandle | null>(null);

const PLAYER_UNAVAILABLE = 'The player could not be loaded. Check your connection and try again.';

function createAudio() {
  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  audio.hidden = true;
  audio.dataset.testid = 'player-audio';
  return audio;
}

/**
 * The app's one player, and tells it who is signed in. Its engine (and <audio> element) is built
 * on the first command, or right after hydration to restore a saved player (lazy-player.ts): a
 * first view that plays nothing does not evaluate its code (issue 36, ADR 0078).
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [player] = useState(
    () =>
      new LazyPlayer(loadPlayer(), {
        build: (m, saved) =>
          new m.PlayerEngine(
            createAudio(),
            saved,
            m.browserEnv((message) => toast.error(message)),
          ),
        failed: () => toast.error(PLAYER_UNAVAILABLE),
      }),
  );
  player.setSignedIn(!!user);

  useEffect(() => player.mount(), [player]);

  return <PlayerContext.Provider value={player}>{children}</PlayerContext.Provider>;
}

function useEngine(): PlayerHandle {
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
