import { expect, test } from './support/test';

test('home shell shows the title, search box and visitor buttons', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Advanced Audio Live Streaming Platform/);
  await expect(page.getByPlaceholder('Search for tracks, artists, or podcasts...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
});

test('a blank search stays put; a real one goes to the search route', async ({ page }) => {
  await page.goto('/');
  const box = page.getByPlaceholder('Search for tracks, artists, or podcasts...');
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await box.fill('morning meditation');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=morning%20meditation/);
});

test('an unknown path shows Page not found with Go Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header gets a shadow after 10px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/no/such/page');
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
  });
  const bar = page.getByTestId('top-bar');
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 200);
  await expect(bar).toHaveAttribute('data-scrolled', 'true');
});

test('signed-out visitors are sent to /login from /settings, and to / from creator pages', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/creator/upload');
  await expect(page).toHaveURL(/\/$/);
});

test('the mobile bottom bar shows on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
});
