import { type ReactNode, useState } from 'react';
import { IDLE_PLAYER_STATE } from './idle-state';
import type { PlayerHandle } from './lazy-player';
import { PlayerContext } from './PlayerProvider';

// Not in PlayerProvider.tsx: the browser's bundle does not need it (Home's 150 KB budget).
/**
 * A player with nothing loaded, for the server's render of a first view (web/src/server-entry.tsx):
 * no <audio>, no browser; reading its state is all a first render does.
 */
export function IdlePlayerProvider({ children }: { children: ReactNode }) {
  const [idle] = useState(
    () =>
      ({
        getState: () => IDLE_PLAYER_STATE,
        getTime: () => 0,
        subscribe: () => () => {},
        subscribeTime: () => () => {},
        subscribeListen: () => () => {},
        getListen: () => null,
      }) as unknown as PlayerHandle,
  );
  return <PlayerContext.Provider value={idle}>{children}</PlayerContext.Provider>;
}
