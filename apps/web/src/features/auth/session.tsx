import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMe } from '@wavecast/shared';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { api } from '../../lib/api';
import { realtime } from '../../lib/socket';

export type SessionUser = TMe;

interface SessionState {
  /** True until the first session check finishes. */
  loading: boolean;
  user: SessionUser | null;
  /** Re-reads the session from the server (after sign-in, profile or role changes). */
  refresh: () => Promise<void>;
  /**
   * Forgets the signed-in user and everything cached for them, after the session ended on the
   * server (sign-out, account deleted). Signed-in-only pages then send the browser to `exitTo`.
   */
  endSession: (exitTo: string) => void;
  /** Where signed-in-only pages send a visitor: /login, or where endSession said. */
  exitTo: string;
}

const SessionContext = createContext<SessionState | null>(null);
export const SESSION_KEY = ['session'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const exitTo = useRef('/login');
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => api<{ user: SessionUser | null }>('/api/me'),
    staleTime: 60_000,
    retry: 1,
  });

  // The session is re-checked when the server closes the socket because it ended or changed
  // (signed out elsewhere, password changed, suspended, role changed): the page follows at once.
  useEffect(() => realtime.onSessionClosed(() => void qc.invalidateQueries({ queryKey: SESSION_KEY })), [qc]);

  // The session is also re-checked when the tab becomes visible again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void qc.invalidateQueries({ queryKey: SESSION_KEY });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [qc]);

  const user = query.data?.user ?? null;
  // A new sign-in goes back to the usual exit.
  if (user) exitTo.current = '/login';

  // The socket is authenticated when it opens: after sign-in or sign-out, open a fresh one. The
  // first answer of the session check is no change (a socket opened meanwhile already carried the
  // cookie), so a page load opens one socket, not two.
  const userId = query.isPending ? undefined : (query.data?.user?.id ?? null);
  const previousUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    if (previousUserId.current !== undefined && previousUserId.current !== userId) realtime.reconnect();
    previousUserId.current = userId;
  }, [userId]);

  const value = useMemo<SessionState>(
    () => ({
      loading: query.isPending,
      user,
      refresh: () => qc.invalidateQueries({ queryKey: SESSION_KEY }),
      endSession: (next: string) => {
        exitTo.current = next;
        qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
        // A session check still in flight must not bring the signed-out user back.
        void qc.cancelQueries({ queryKey: SESSION_KEY });
        qc.setQueryData(SESSION_KEY, { user: null });
      },
      exitTo: exitTo.current,
    }),
    [query.isPending, user, qc],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used within a SessionProvider');
  return ctx;
}
