import { useEffect } from 'react';
import { useSession } from '../../auth/session';
import type { BroadcastPhase } from './useBroadcast';

/**
 * This month's live seconds left (null: unlimited), as billing answers in /api/me. The session is
 * cached for a minute: it is read again on arrival and after each broadcast.
 */
export function useLiveAllowance(phase: BroadcastPhase): number | null {
  const { user, refresh } = useSession();
  useEffect(() => {
    if (phase === 'idle') void refresh();
  }, [phase, refresh]);
  return user?.entitlements.liveSecondsLeft ?? null;
}
