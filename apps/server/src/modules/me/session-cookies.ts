import type { Auth } from '../auth/auth';

/** Set-Cookie headers that drop the session cookies (after the account is gone). */
export async function expiredSessionCookies(auth: Auth): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map((c) => {
    const a = c.attributes;
    const parts = [`${c.name}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', `SameSite=${a.sameSite ?? 'Lax'}`];
    if (a.secure) parts.push('Secure');
    return parts.join('; ');
  });
}
