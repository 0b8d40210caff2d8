import { expect, test } from '@playwright/test';

// Every signed-in account has a library (issue 14): affiliates and advertisers were sent back to /
// from Your Library, Liked Songs and Recently Played.

const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password', name: 'Support Admin' };
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

test('an affiliate opens Your Library, Liked Songs and Recently Played', async ({ page, browser }) => {
  await page.goto('/');
  const up = await page.request.post('/api/auth/sign-up/email', {
    data: { email: unique('affiliate'), password: 'affiliate-secret-1', name: 'Affi Liate' },
  });
  expect(up.ok()).toBe(true);
  const { id } = (await up.json()).user;

  // An admin makes the account an affiliate.
  const admin = await browser.newContext();
  const adminUp = await admin.request.post('/api/auth/sign-up/email', { data: ADMIN });
  if (!adminUp.ok()) expect((await admin.request.post('/api/auth/sign-in/email', { data: ADMIN })).ok()).toBe(true);
  const role = await admin.request.put(`/api/admin/users/${id}/role`, { data: { role: 'affiliate' } });
  expect(role.ok()).toBe(true);
  await admin.close();
  expect((await (await page.request.get('/api/me')).json()).user.role).toBe('affiliate');

  await page.goto('/dashboard/listener');
  await expect(page).toHaveURL(/\/dashboard\/listener$/);
  await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Liked Songs' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listener\/liked$/);
  await expect(page.getByRole('heading', { name: 'Liked Songs', level: 1 })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Recently Played' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listener\/recent$/);
  await expect(page.getByRole('heading', { name: 'Recently Played', level: 1 })).toBeVisible();
});
