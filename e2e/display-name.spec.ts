import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// A display name at sign-up, and a prompt for accounts without one (issue 14, DESIGN §10): new
// accounts showed as 'Unknown Creator' / 'Unknown User' everywhere.

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

async function accountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu', { name: 'Account' });
}

test('sign up with a display name: the user menu and the creator profile show it', async ({ page }) => {
  const email = unique('named');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('named-creator-secret');
  await page.getByLabel('Confirm Password').fill('named-creator-secret');
  await page.getByText('Creator', { exact: true }).click();
  await page.getByLabel(/I agree to the/).check();
  // The name is required, checked with the shared contract's message.
  await page.getByLabel('Display Name').fill('   ');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Display name is required')).toBeVisible();
  await page.getByLabel('Display Name').fill('  Nova Waves ');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);

  const menu = await accountMenu(page);
  await expect(menu.getByText('Nova Waves')).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();
  // A named account is not asked again.
  await expect(page.getByRole('region', { name: 'Choose your display name' })).toHaveCount(0);

  const me = (await (await page.request.get('/api/me')).json()).user;
  expect(me).toMatchObject({ displayName: 'Nova Waves', role: 'creator' });
  await page.goto(`/profile/${me.id}`);
  await expect(page.getByRole('heading', { name: 'Nova Waves', level: 1 })).toBeVisible();
  await expect(page.getByText('Unknown Creator')).toHaveCount(0);
});

test('an account without a name is asked for one and saves it', async ({ page }) => {
  const email = unique('nameless');
  await page.goto('/');
  const up = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'nameless-secret-1', name: 'Temporary' },
  });
  expect(up.ok()).toBe(true);
  // An account from before names were asked: no display name (a bio, which the prompt must keep).
  const cleared = await page.request.put('/api/me/profile', {
    data: { displayName: '', bio: 'Late-night radio.', website: null },
  });
  expect(cleared.ok()).toBe(true);
  expect((await cleared.json()).profile.displayName).toBeNull();

  await page.goto('/explore');
  const prompt = page.getByRole('region', { name: 'Choose your display name' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(prompt.getByText('Display name is required')).toBeVisible();
  await prompt.getByLabel('Display Name').fill('Quiet Listener');
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Display name saved!')).toBeVisible();
  await expect(prompt).toHaveCount(0);

  const menu = await accountMenu(page);
  await expect(menu.getByText('Quiet Listener')).toBeVisible();
  const profile = (await (await page.request.get('/api/me/profile')).json()).profile;
  expect(profile).toMatchObject({ displayName: 'Quiet Listener', bio: 'Late-night radio.' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Explore' }).first()).toBeVisible();
  await expect(prompt).toHaveCount(0);
});
