import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';

// The shell on long pages and on phones (issue 14, outside testing).

/** How many lines an element's text takes on screen. */
const textLines = (el: Locator) =>
  el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('on a long page the desktop sidebar runs the whole height and covers the screen at the bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  // At the bottom of the page as it is once everything has loaded (a CI run measured the height
  // before the last content arrived and the page then grew by 68 px).
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.documentElement.scrollHeight - window.innerHeight - window.scrollY;
      }),
    )
    .toBe(0);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(1600);
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

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('signed out, the Library tab goes to /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the top bar keeps Log in and Sign up on one line and offers a named search button', async ({ page }) => {
    await page.goto('/');
    // Measured on React's page, not on the server's first view it replaces (ADR 0022).
    await expect(page.locator('.first-view')).toHaveCount(0);
    const bar = page.getByTestId('top-bar');
    const logIn = bar.getByRole('link', { name: 'Log in' });
    const signUp = bar.getByRole('link', { name: 'Sign up' });
    await expect(signUp).toBeVisible();
    const [a, b] = [await logIn.boundingBox(), await signUp.boundingBox()];
    if (!a || !b) throw new Error('no buttons');
    expect(a.y).toBe(b.y);
    expect(a.height).toBe(b.height);
    // Each label on one line (the buttons' height is fixed: a wrapped label spills out of it) and
    // the buttons inside the screen.
    for (const button of [logIn, signUp]) expect(await textLines(button)).toBe(1);
    expect(b.x + b.width).toBeLessThanOrEqual(375);
    // No search box cut to a few letters: a search button with a name, leading to the search page.
    await expect(bar.getByRole('searchbox')).toBeHidden();
    const search = bar.getByRole('link', { name: 'Search' });
    await expect(search).toBeVisible();
    await search.click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  });
});
