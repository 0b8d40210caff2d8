import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from './api';
import { useSession } from './session';

/** Ends the session on the server, forgets everything cached for the user, and goes to /login. */
export function useSignOut() {
  const { endSession } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.signOut();
    } catch {
      // The spec ignores sign-out errors (401/403/404): the session is gone either way.
    }
    endSession('/login');
    navigate('/login', { replace: true });
  }, [endSession, navigate]);
}
