import { signInAdmin, signUpApi } from './support/accounts';
import { expect, test } from './support/test';

// Every signed-in account has a library (issue 14): affiliates and advertisers were sent back to /
// from Your Library, Liked Songs and Recently Played.

test('an affiliate opens Your Library, Liked Songs and Recently Played', async ({ page, browser }) => {
  await page.goto('/');
  const id = await signUpApi(page.request, 'Affi Liate');

  // An admin makes the account an affiliate.
  const admin = await browser.newContext();
  await signInAdmin(admin);
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
