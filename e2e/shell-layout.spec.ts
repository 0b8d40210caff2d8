import { expect, test } from '@playwright/test';

// The shell on long pages and on phones (issue 14, outside testing).

test('on a long page the desktop sidebar runs the whole height and covers the screen at the bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(1600);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(pageHeight - 800);
  const box = await sidebar.boundingBox();
  if (!box) throw new Error('no sidebar');
  // The panel covers the viewport from top to bottom...
  expect(box.y).toBeLessThanOrEqual(0);
  expect(box.y + box.height).toBeGreaterThanOrEqual(800);
  // ...because it spans the page, not one screen (a full-page view showed it stopping at 800 px).
  expect(box.height).toBeGreaterThanOrEqual(pageHeight - 1);
  // Its links stay in view.
  await expect(sidebar.getByRole('link', { name: 'Explore' })).toBeInViewport();
});
