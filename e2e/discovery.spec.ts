import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The demo catalogue is seeded a few seconds after the server starts: wait for content generously.
const SEEDED = { timeout: 60_000 };

/** Waits until the demo catalogue is fully seeded (12 public tracks; other specs may add their own). */
test.beforeEach(async ({ request }) => {
  const demoTracks = async () => {
    const items: { creator: { id: string } }[] = (await (await request.get('/api/explore/tracks')).json()).items ?? [];
    return items.filter((t) => t.creator.id.startsWith('demo-')).length;
  };
  await expect.poll(demoTracks, SEEDED).toBe(12);
});

async function signUp(page: Page) {
  const email = `fan-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.local`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct-horse-battery', name: 'E2E Fan' },
  });
  expect(res.ok()).toBeTruthy();
  return email;
}

test('a visitor finds a seeded track from the top bar despite a typo', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Recent Uploads' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('list', { name: 'Popular This Week' }).getByRole('listitem')).toHaveCount(6);
  const box = page.getByPlaceholder('Search for tracks, artists, or podcasts...').first();
  await box.fill('meditaton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=meditaton$/);
  const audio = page.getByRole('list', { name: 'Audio Content' });
  await expect(audio.getByRole('link', { name: 'Morning Meditation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Audio Content \(\d+\)$/ })).toBeVisible();
  await audio.getByRole('link', { name: 'Morning Meditation' }).click();
  await expect(page).toHaveURL(/\/audio\/[0-9a-f-]{36}$/);
});

test('the search page: chips, counts, creators, the empty state and a disabled blank search', async ({ page }) => {
  await page.goto('/search');
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await expect(search).toBeDisabled();
  await page.getByLabel('Search', { exact: true }).last().fill('   ');
  await expect(search).toBeDisabled();
  await page.getByRole('button', { name: 'meditation', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=meditation$/);
  await expect(page.getByRole('list', { name: 'Audio Content' }).getByRole('listitem').first()).toBeVisible(SEEDED);
  await page.goto('/search?q=calm%20collective&type=users');
  await expect(page.getByRole('heading', { name: 'Creators (1)' })).toBeVisible(SEEDED);
  await page.getByRole('link', { name: 'View Profile of Calm Collective' }).click();
  await expect(page).toHaveURL(/\/profile\/demo-calm$/);
  await expect(page.getByRole('heading', { name: 'Calm Collective', level: 1 })).toBeVisible();

  await page.goto('/explore/search?q=qqqzzzxxy');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Categories' })).toHaveAttribute('href', '/explore/categories');
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page).toHaveURL(/\/explore\/search\??$/);
});

test('Explore keeps category and sort in the URL and filters by them', async ({ page }) => {
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Browse Audio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Midnight Drive' })).toBeVisible(SEEDED);
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Meditation' }).click();
  await expect(page).toHaveURL(/[?&]category=meditation/);
  await page.getByRole('group', { name: 'Sort' }).getByRole('button', { name: 'Popular' }).click();
  await expect(page).toHaveURL(/[?&]sort=popular/);
  await expect(page).toHaveURL(/[?&]category=meditation/);
  const grid = page.getByRole('list', { name: 'Browse Audio' });
  await expect(grid.getByRole('link', { name: 'Morning Meditation' })).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await expect(grid.getByRole('link', { name: 'Midnight Drive' })).toHaveCount(0);
  await expect(
    page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Meditation' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // A reload keeps the filters; a search narrows them to Search Results.
  await page.reload();
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await page.getByLabel('Search Explore').fill('focus');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=focus/);
  const results = page.getByRole('list', { name: 'Search Results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link', { name: 'Deep Focus Soundscape' })).toBeVisible();

  await page.goto('/explore?category=audiobooks&q=qqqzzzxxy');
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
});

test('home tiles, the categories page and the live page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Become a Creator' })).toBeVisible();
  await page.getByRole('link', { name: 'Podcasts', exact: true }).click();
  await expect(page).toHaveURL(/\/explore\?category=podcasts$/);
  await expect(page.getByRole('link', { name: 'Episode 1: How Streaming Works' })).toBeVisible(SEEDED);

  await page.goto('/explore/categories');
  await expect(page.getByRole('link', { name: /Audiobook/ })).toBeVisible();
  await page.getByRole('link', { name: /Educational/ }).click();
  await expect(page).toHaveURL(/category=Educational/);
  await expect(page.getByRole('link', { name: 'The Sound of Physics' })).toBeVisible(SEEDED);
  await page.getByRole('button', { name: 'Back to Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();

  await page.goto('/explore/live');
  await expect(page.getByRole('heading', { name: 'No Live Streams' })).toBeVisible();
  await expect(page.getByTestId('live-footer')).toHaveText(/0 active streams · 0 total viewers/);
  await page.getByRole('button', { name: 'Talk Shows' }).click();
  await expect(page).toHaveURL(/category=Talk\+Shows|category=Talk%20Shows/);
  await page.getByRole('button', { name: 'View All Categories' }).click();
  await expect(page).toHaveURL(/\/explore\/live\??$/);
});

test('a signed-in listener follows a creator: the count goes up and stays up', async ({ page }) => {
  await page.goto('/profile/demo-aurora');
  await expect(page.getByRole('heading', { name: 'Aurora Waves', level: 1 })).toBeVisible(SEEDED);
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'example.com' })).toHaveAttribute('href', 'https://example.com/aurora');
  await expect(page.getByRole('tab', { name: 'Tracks' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Midnight Drive' })).toBeVisible();

  await signUp(page);
  await page.reload();
  const count = page.getByTestId('follower-count');
  const before = Number(await count.textContent());
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(count).toHaveText(String(before + 1));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(count).toHaveText(String(before + 1));

  // The listener's own page counts the follow and lists it; nobody else sees the list.
  const me = (await (await page.request.get('/api/me')).json()).user.id as string;
  await page.goto(`/profile/listener/${me}`);
  await expect(page.getByTestId('following-count')).toHaveText('1');
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('link', { name: /Aurora Waves/ })).toBeVisible();

  await page.goto('/profile/demo-aurora');
  await page.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
  await expect(count).toHaveText(String(before));
});

test('an unknown creator shows Creator not found', async ({ page }) => {
  await page.goto('/profile/nobody-by-this-id');
  await expect(page.getByRole('heading', { name: 'Creator not found' })).toBeVisible();
  await expect(page.getByText("The creator you're looking for doesn't exist or has been removed.")).toBeVisible();
});
