import type { Page } from '@playwright/test';
import { signInAdminRequest } from './support/accounts';
import { expect, test } from './support/test';

// Settings that really save (issue 3): notifications, privacy, avatar, password, delete account;
// and the admin tools of accounts (users and roles, mail outbox).

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signUpListener(page: Page, name = 'Sam') {
  const email = unique('settings');
  const password = 'settings-secret-1';
  await page.goto('/');
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name } });
  expect(res.ok()).toBe(true);
  return { email, password };
}

const switchFor = (page: Page, label: string) => page.getByRole('switch', { name: label, exact: true });

test('notification and privacy settings are saved and shown again after reload', async ({ page }) => {
  await signUpListener(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/tab=notifications/);
  for (const label of [
    'Email Notifications',
    'New Followers',
    'New Comments',
    'New Likes',
    'Weekly Digest',
    'Push Notifications',
    'Live Stream Alerts',
  ]) {
    await expect(switchFor(page, label)).toHaveAttribute('aria-checked', 'true');
  }
  await switchFor(page, 'Weekly Digest').click();
  await switchFor(page, 'Live Stream Alerts').click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Notification preferences saved!')).toBeVisible();
  await page.reload();
  await expect(switchFor(page, 'Weekly Digest')).toHaveAttribute('aria-checked', 'false');
  await expect(switchFor(page, 'Live Stream Alerts')).toHaveAttribute('aria-checked', 'false');
  await expect(switchFor(page, 'New Comments')).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByLabel('Profile Visibility')).toHaveValue('public');
  await expect(switchFor(page, 'Show Email')).toHaveAttribute('aria-checked', 'false');
  await page.getByLabel('Profile Visibility').selectOption('followers');
  await switchFor(page, 'Show Followers').click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Privacy settings saved!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Profile Visibility')).toHaveValue('followers');
  await expect(switchFor(page, 'Show Followers')).toHaveAttribute('aria-checked', 'false');
});

test('a profile picture uploads and shows in the top bar; other files are refused', async ({ page }) => {
  await signUpListener(page, 'Pia');
  await page.goto('/settings');
  const topBarAvatar = page.getByRole('button', { name: 'Account menu' });
  await expect(topBarAvatar).toHaveText('P');

  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Please select a valid image file')).toBeVisible();

  await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Profile picture updated!')).toBeVisible();
  await expect(topBarAvatar.locator('img')).toHaveAttribute('src', /\/api\/users\/.+\/avatar\?v=.+\.png$/);
  await page.reload();
  await expect(topBarAvatar.locator('img')).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(topBarAvatar).toHaveText('P');
});

test('change password checks the current one; delete account really deletes', async ({ page }) => {
  const { email, password } = await signUpListener(page);
  await page.goto('/settings?tab=security');
  await page.getByLabel('Current Password').fill(password);
  await page.getByLabel('New Password', { exact: true }).fill('new-secret-22');
  await page.getByLabel('Confirm New Password').fill('new-secret-23');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New passwords do not match').first()).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm New Password').fill('12345');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();

  await page.getByLabel('Current Password').fill('not-the-current-one');
  await page.getByLabel('New Password', { exact: true }).fill('new-secret-22');
  await page.getByLabel('Confirm New Password').fill('new-secret-22');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Failed to update password')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();

  await page.getByLabel('Current Password').fill(password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog).toContainText('Are you sure you want to delete your account? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // It asks for the password again: a wrong one deletes nothing.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password. Your account was not deleted.');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('new-secret-22');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'new-secret-22' } });
  expect(signIn.status()).toBe(401);
});

test('admins change roles and read the mail outbox', async ({ page, browser }) => {
  const member = unique('member');
  const other = await browser.newContext();
  await other.request.post('/api/auth/sign-up/email', {
    data: { email: member, password: 'member-secret-1', name: 'Member Mo' },
  });

  await page.goto('/');
  await signInAdminRequest(page.request);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Search users by name or email').fill(member);
  const row = page.getByTestId('admin-user').filter({ hasText: member });
  await expect(row).toHaveCount(1);
  await row.getByLabel('Role of Member Mo').selectOption('advertiser');
  await expect(page.getByText('Role updated')).toBeVisible();
  expect((await (await other.request.get('/api/me')).json()).user.role).toBe('advertiser');
  await other.close();

  await page.getByRole('link', { name: 'Mail outbox' }).click();
  await page.getByLabel('Filter by recipient').fill(member);
  const mail = page.getByTestId('outbox-mail').filter({ hasText: 'Verify your Wavecast email address' });
  await expect(mail).toHaveCount(1);
  await mail.locator('summary').click();
  await expect(mail).toContainText('/api/auth/verify-email?token=');
});
