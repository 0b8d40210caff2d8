/**
 * The better-auth endpoints the browser may reach under /api/auth: what the web app and the mails
 * it sends use. Everything else (change-password without revoking sessions, list-sessions,
 * update-user, delete-user, …) answers 404: our own routes do those jobs with our rules, and the
 * server still calls better-auth's API in-process.
 */
const EXPOSED: Record<'GET' | 'POST', readonly string[]> = {
  GET: ['/get-session', '/verify-email', '/callback/*', '/error'],
  POST: [
    '/sign-in/email',
    '/sign-up/email',
    '/sign-in/social',
    '/sign-out',
    '/request-password-reset',
    '/reset-password',
    // Providers that answer with form_post come back by POST.
    '/callback/*',
  ],
};

/** Whether `method path` (the path after /api/auth, without the query) is one the browser may call. */
export function isExposedAuthEndpoint(method: string, path: string): boolean {
  const list = EXPOSED[method as 'GET' | 'POST'] ?? [];
  return list.some((p) => {
    if (!p.endsWith('/*')) return path === p;
    const prefix = p.slice(0, -1);
    const rest = path.slice(prefix.length);
    return path.startsWith(prefix) && rest !== '' && !rest.includes('/');
  });
}
