import { type ReactNode, useState } from 'react';
import type { PlayerEngine, PlayerState } from './engine';
import { PlayerContext } from './PlayerProvider';

// Not in PlayerProvider.tsx: the browser's bundle does not need it (Home's 150 KB budget).
const IDLE: PlayerState = {
  current: null,
  queue: [],
  hasPrevious: false,
  playing: false,
  duration: 0,
  volume: 1,
  muted: false,
  rate: 1,
  chapters: [],
  live: null,
  sleep: null,
};

/**
 * A player with nothing loaded, for the server's render of a first view (web/src/server-entry.tsx):
 * no <audio>, no browser; reading its state is all a first render does.
 */
export function IdlePlayerProvider({ children }: { children: ReactNode }) {
  const [idle] = useState(
    () =>
      ({
        getState: () => IDLE,
        getTime: () => 0,
        subscribe: () => () => {},
        subscribeTime: () => () => {},
        subscribeListen: () => () => {},
        getListen: () => null,
      }) as unknown as PlayerEngine,
  );
  return <PlayerContext.Provider value={idle}>{children}</PlayerContext.Provider>;
}
