import type { Role } from '@wavecast/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './session';

/** Signed-in only; others go to /login (and come back after), or where a deliberate sign-out said. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, exitTo } = useSession();
  const location = useLocation();
  if (!user) {
    if (exitTo !== '/login') return <Navigate to={exitTo} replace />;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/** Only the given roles; anyone else is redirected to / (spec section 6). */
export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.includes(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * /login and /signup send signed-in users to /, or back where RequireAuth (or a page's log-in link)
 * came from: signing in re-renders this guard before the form's own navigate() could run.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user) {
    const from = (location.state as { from?: unknown } | null)?.from;
    const back = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
    return <Navigate to={back} replace />;
  }
  return <>{children}</>;
}
