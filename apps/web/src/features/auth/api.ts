import type { SignupAccountType, TAuthProvider } from '@wavecast/shared';
import { api } from '../../lib/api';

const post = <T>(path: string, body: Record<string, unknown>) => api<T>(path, { method: 'POST', body });

/** Calls to the auth endpoints (better-auth under /api/auth, and our account helpers). */
export const authApi = {
  signIn: (body: { email: string; password: string; rememberMe: boolean }) =>
    post<{ user: { id: string } }>('/api/auth/sign-in/email', body),
  signUp: (body: { name: string; email: string; password: string; accountType: SignupAccountType }) =>
    post<{ user: { id: string } }>('/api/auth/sign-up/email', { ...body, callbackURL: '/' }),
  signOut: () => post<unknown>('/api/auth/sign-out', {}),
  requestPasswordReset: (email: string) =>
    post<unknown>('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }),
  resetPassword: (token: string, newPassword: string) =>
    post<unknown>('/api/auth/reset-password', { token, newPassword }),
  checkResetToken: (token: string) =>
    api<{ valid: boolean }>(`/api/account/password-reset/${encodeURIComponent(token)}`),
  /** Starts a provider sign-in; the browser then goes to the provider and comes back to `/`. */
  social: (provider: string, errorCallbackURL: string) =>
    post<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
      provider,
      callbackURL: '/',
      newUserCallbackURL: '/',
      errorCallbackURL,
    }),
  providers: () => api<{ providers: TAuthProvider[] }>('/api/auth-providers'),
};
