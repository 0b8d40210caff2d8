import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInAdminRequest } from './support/accounts';
import { droppedMails } from './support/mail';
import { expect, test } from './support/test';

// Accounts: sign-up, sign-in, sign-out, settings, roles, and the forgot/reset flow (issue 3).

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

/** An API client signed in as the e2e admin (ADMIN_EMAILS in scripts/serve-e2e.mjs, once verified). */
async function adminRequest(browser: Browser): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await signInAdminRequest(context.request);
  return { request: context.request, close: () => context.close() };
}

/** The newest mail to `to` whose subject starts with `subject`, from the e2e server's mail drop. */
function droppedMail(to: string, subject: string): string | undefined {
  return droppedMails().find((m) => m.startsWith(`To: ${to}\n`) && m.includes(`\nSubject: ${subject}`));
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu', { name: 'Account' });
}

test('a creator signs up, signs out, signs in, and edits their profile', async ({ page }) => {
  // A long walk through many pages: the first test on a server still seeding its catalogue, on a busy
  // machine, went past 60 s (a ceiling, not a wait).
  test.setTimeout(120_000);
  const email = unique('creator');
  const password = 'wave-creator-secret';

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The form's own checks, with the spec's messages.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Display name is required')).toBeVisible();
  await page.getByLabel('Display Name').fill('Nova');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill('something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill(password);
  await expect(page.getByRole('radio', { name: /Listener/ })).toBeChecked();
  await page.getByText('Creator', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Creator/ })).toBeChecked();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Account created successfully! Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar(page).getByRole('link', { name: 'Upload' })).toBeVisible();

  // The avatar menu: display name, email, Profile, Creator Dashboard, Settings, Sign Out.
  let menu = await openAccountMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Creator Dashboard', 'Settings', 'Sign Out']);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  // The session ended on the server.
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();

  // The log-in form checks its fields with the spec's messages before asking the server.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  // Wrong password: the form's message and the spec's toast.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page.getByText('Failed to log in', { exact: true })).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar(page).getByRole('heading', { name: 'Creator' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Go Live' })).toBeVisible();
  // Signed in, /login sends you home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // The spec's four tabs, then Playback (autoplay of related tracks: feed-albums.spec.ts) and Billing
  // (plans, payments, family: billing.spec.ts).
  await expect(page.getByRole('tab')).toHaveText([
    'Profile',
    'Security',
    'Notifications',
    'Privacy',
    'Playback',
    'Billing',
    'Affiliate',
  ]);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await page.getByLabel('Display Name').fill('Nova Waves');
  await page.getByLabel('Bio').fill('Ambient sets every Friday.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Display Name')).toHaveValue('Nova Waves');
  await expect(page.getByLabel('Bio')).toHaveValue('Ambient sets every Friday.');
  menu = await openAccountMenu(page);
  await expect(menu.getByText('Nova Waves')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Nova Waves!' })).toBeVisible();
});

test('a listener is kept out of creator pages and creator APIs', async ({ page }) => {
  await page.goto('/');
  const email = unique('listener');
  const up = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'wave-listener-secret', name: 'Lena' },
  });
  expect(up.ok()).toBe(true);
  await page.goto('/creator/upload');
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar(page).getByRole('link', { name: 'Upload' })).toHaveCount(0);
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Sign Out']);

  expect((await page.request.get('/api/creator/stats')).status()).toBe(403);
  expect((await page.request.get('/api/creator/activity')).status()).toBe(403);
  const upload = await page.request.post('/api/tracks', { multipart: { title: 'Not mine to upload' } });
  expect(upload.status()).toBe(403);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);

  // From settings the listener becomes a creator; the Creator section appears.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Become a Creator' }).click();
  await expect(page.getByText('You are now a creator!')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Upload' })).toBeVisible();
  expect((await page.request.get('/api/creator/stats')).status()).toBe(200);
});

test('forgot and reset password through the outbox; the old password stops working', async ({ page, browser }) => {
  const email = unique('forgetful');
  await page.goto('/');
  expect(
    (
      await page.request.post('/api/auth/sign-up/email', {
        data: { email, password: 'the-old-password', name: 'Forgetful Fay' },
      })
    ).ok(),
  ).toBe(true);
  await page.context().clearCookies();

  // Without a recovery token, the reset screen sends you to /login.
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The page is loaded on demand: until it shows, the login form (with its own Email) is on screen.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Try another email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();

  // The mail goes out through the job queue. Admins see it in the outbox with its token hidden;
  // the whole mail, as the recipient would get it, is in the server's mail drop (no SMTP here).
  const admin = await adminRequest(browser);
  await expect
    .poll(
      async () => {
        const res = await admin.request.get(`/api/admin/mail?to=${encodeURIComponent(email)}`);
        return (await res.json()).items.find((m: { subject: string }) => m.subject.startsWith('Reset'))?.text ?? '';
      },
      { timeout: 15_000 },
    )
    .toContain('/reset-password?token=[hidden]');
  await admin.close();
  const link = /(http\S+reset-password\S+)/.exec(droppedMail(email, 'Reset') ?? '')?.[1] ?? '';
  expect(link).toContain('/reset-password?token=');
  expect(link).not.toContain('[hidden]');

  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('the-new-password');
  await page.getByLabel('Confirm New Password').fill('mismatch-here');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('the-new-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the-old-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

  await page.getByLabel('Password').fill('the-new-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The used link does not work twice.
  await page.context().clearCookies();
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/login$/);
});

test('OAuth: a round trip through a local provider creates a listener and lands on /', async ({ page }) => {
  const email = unique('oauth');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  // At the provider (its own origin), as a person would sign in there.
  await expect(page.getByRole('heading', { name: 'Sign in to Local ID' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Ada Provider');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  const menu = await openAccountMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText('Ada Provider')).toBeVisible();
  // A listener: no creator tools.
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Sign Out']);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user).toMatchObject({ email, role: 'listener', displayName: 'Ada Provider' });
});

test('login and signup offer only the providers this server has configured (Local ID, not Google/GitHub)', async ({
  page,
}) => {
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Continue with Local ID' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /GitHub/ })).toHaveCount(0);
  }
});
