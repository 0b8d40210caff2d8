import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Every public route of spec section 2 owned by the content pages, with its page heading.
const ROUTES: [path: string, heading: string][] = [
  ['/about', 'About Wavecast'],
  ['/how-it-works', 'How It Works'],
  ['/how-it-works/stream-hosts', 'For Stream Hosts'],
  ['/how-it-works/listeners', 'For Listeners'],
  ['/how-it-works/affiliates', 'For Affiliates'],
  ['/how-it-works/advertisers', 'For Advertisers'],
  ['/pricing', 'Pricing'],
  ['/support', 'Support Center'],
  ['/support/help', 'Help Center'],
  ['/support/help/uploading-your-first-track', 'Uploading your first track'],
  ['/support/faq', 'Frequently Asked Questions'],
  ['/support/contact', 'Contact Us'],
  ['/support/guidelines', 'Community Guidelines'],
  ['/legal', 'Legal'],
  ['/legal/terms', 'Terms of Service'],
  ['/legal/privacy', 'Privacy Policy'],
  ['/legal/cookies', 'Cookie Policy'],
  ['/legal/copyright', 'Copyright Policy'],
];

const WIDTHS = [
  ['desktop', 1280, 800],
  ['phone', 375, 740],
] as const;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const [label, width, height] of WIDTHS) {
  test.describe(`at ${label} width (${width}px)`, () => {
    for (const [path, heading] of ROUTES) {
      test(`${path} renders "${heading}" without console errors`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        const errors = collectErrors(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.locator('h1'), 'one h1').toHaveCount(1);
        await expect(page.getByRole('main')).toBeVisible();
        // Nothing is wider than the screen (no sideways scrolling on a phone).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `fits ${width}px`).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('the FAQ filter narrows items by answer text, ignoring case', async ({ page }) => {
  await page.goto('/support/faq');
  const items = page.getByTestId('faq-item');
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  expect(all).toBeGreaterThan(10);
  for (const group of ['General', 'For Creators', 'For Listeners', 'Technical Support']) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }

  // "flac" appears only in an answer, never in a question.
  const search = page.getByLabel('Search FAQs');
  await search.fill('flac');
  await expect(items).toHaveCount(1);
  const question = page.getByRole('button', { name: 'What audio formats can I upload?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('We support MP3, WAV, FLAC and AAC')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'General' })).toHaveCount(0);

  await search.fill('PLAYLIST');
  await expect(page.getByRole('button', { name: 'How do I create a playlist?' })).toBeVisible();
  await search.fill('no such thing anywhere');
  await expect(items).toHaveCount(0);
  await expect(page.getByText(/No questions match/)).toBeVisible();
  await search.fill('');
  await expect(items).toHaveCount(all);
});

test('the help centre searches articles, lists categories and opens articles', async ({ page }) => {
  await page.goto('/support/help');
  await expect(page.getByRole('heading', { level: 2, name: 'Popular articles' })).toBeVisible();

  await page.getByLabel('Search help articles').fill('KEYBOARD shortcuts');
  await expect(page.getByRole('status')).toContainText('found for “KEYBOARD shortcuts”');
  const results = page.getByTestId('help-article-link');
  await expect(results.first()).toBeVisible();
  // search looks in bodies too: "amber" is only in the text of the levels article
  await page.getByLabel('Search help articles').fill('amber');
  await expect(results).toHaveCount(1);
  await results.first().click();
  await expect(page).toHaveURL(/\/support\/help\/setting-up-your-microphone$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Setting your levels' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Live Streaming');

  await page.goto('/support/help/no-such-article');
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
});

test('content pages link where the spec says', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/support\/contact$/);

  await page.goto('/how-it-works');
  for (const name of ['For Stream Hosts', 'For Listeners', 'For Affiliates', 'For Advertisers']) {
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Sign Up Now' }).last().click();
  await expect(page).toHaveURL(/\/signup$/);

  for (const path of [
    '/how-it-works/stream-hosts',
    '/how-it-works/listeners',
    '/how-it-works/affiliates',
    '/how-it-works/advertisers',
  ]) {
    await page.goto(path);
    await expect(page.locator('main a[href="/signup"]').first(), path).toBeVisible();
    await expect(page.locator('main a[href="/explore"]').first(), path).toBeVisible();
  }

  await page.goto('/support');
  for (const name of ['Help Center', 'FAQ', 'Contact Us', 'Community Guidelines']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }

  await page.goto('/legal');
  for (const name of ['Terms of Service', 'Privacy Policy', 'Cookie Policy', 'Copyright Policy']) {
    // The hub's own cards (the site footer links to some of these pages too).
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }

  await page.goto('/legal/copyright');
  await page.getByRole('link', { name: 'File a takedown notice', exact: true }).click();
  await expect(page).toHaveURL(/\/support\/contact\?category=content$/);
  await expect(page.getByLabel('Category')).toHaveValue('content');
  await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Content & Copyright');
});

test('the guidelines list allowed and forbidden rules in three groups and the severity levels', async ({ page }) => {
  await page.goto('/support/guidelines');
  await expect(page.getByRole('heading', { level: 3, name: 'Allowed', exact: true })).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 3, name: 'Not allowed', exact: true })).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2, name: 'Violation severity levels' })).toBeVisible();
  for (const level of ['Minor', 'Moderate', 'Severe', 'Critical']) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(level) })).toBeVisible();
  }
});
