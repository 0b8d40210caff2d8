import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { droppedMails } from './mail';

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

/**
 * Signs `request`'s context in as the e2e admin. The first call signs the admin up and follows the
 * link of its verification mail: ADMIN_EMAILS applies only to a verified address. Every call waits
 * (with a ceiling) until the account is admin, as another worker may be verifying it.
 */
export async function signInAdminRequest(request: APIRequestContext): Promise<void> {
  const up = await request.post('/api/auth/sign-up/email', { data: ADMIN });
  if (up.ok()) {
    await expect.poll(() => verifyLink(ADMIN.email), { timeout: 30_000 }).toBeTruthy();
    const link = new URL(verifyLink(ADMIN.email) as string);
    await request.get(link.pathname + link.search, { maxRedirects: 0 });
  } else {
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signIn.ok()).toBe(true);
  }
  await expect
    .poll(async () => ((await (await request.get('/api/me')).json()) as { user?: { role?: string } }).user?.role, {
      timeout: 30_000,
    })
    .toBe('admin');
}

/** Signs the context in as the e2e admin (signing the admin up on the first call). */
export async function signInAdmin(context: BrowserContext): Promise<void> {
  await signInAdminRequest(context.request);
}

/** The verification link mailed to `to`, from this worker's e2e server's mail drop (scripts/serve-e2e.mjs). */
function verifyLink(to: string): string | undefined {
  const mail = droppedMails().find((m) => m.startsWith(`To: ${to}\n`) && m.includes('verify-email'));
  return mail ? /(http\S+verify-email\S+)/.exec(mail)?.[1] : undefined;
}

/** A page in a fresh context, signed in as the e2e admin. */
export async function adminPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInAdmin(context);
  return { page, close: () => context.close() };
}
