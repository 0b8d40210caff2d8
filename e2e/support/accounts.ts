import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

/** The e2e admin: ADMIN_EMAILS in scripts/serve-e2e.mjs makes this address an admin. */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password', name: 'Support Admin' };

/** An e-mail address no other test (or earlier run on the same data) uses. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

/** Signs `request`'s context up through the API (named, as the sign-up form requires); the user's id. */
export async function signUpApi(
  request: APIRequestContext,
  name: string,
  opts: { accountType?: 'listener' | 'creator'; password?: string } = {},
): Promise<string> {
  const res = await request.post('/api/auth/sign-up/email', {
    data: {
      email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')),
      password: opts.password ?? 'correct-horse-battery',
      name,
      ...(opts.accountType ? { accountType: opts.accountType } : {}),
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).user.id as string;
}

/** Signs the context in as the e2e admin (signing the admin up on the first call). */
export async function signInAdmin(context: BrowserContext): Promise<void> {
  const up = await context.request.post('/api/auth/sign-up/email', { data: ADMIN });
  if (up.ok()) return;
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(signIn.ok()).toBe(true);
}

/** A page in a fresh context, signed in as the e2e admin. */
export async function adminPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInAdmin(context);
  return { page, close: () => context.close() };
}
