import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const FIRST = 'Morning Meditation';
const SECOND = 'Coastal Sunrise';

async function signUpListener(page: Page) {
  const email = `listener-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct-horse-battery', name: 'Lee Listener' },
  });
  expect(res.ok()).toBeTruthy();
}

/** Picks the playlist in the app-wide "Add to playlist" dialog. */
async function pickPlaylist(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByText(`Added to ${name}`).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function expectOrder(page: Page, titles: string[]) {
  const rows = page.getByTestId('playlist-row');
  await expect(rows).toHaveCount(titles.length);
  for (const [i, title] of titles.entries()) await expect(rows.nth(i)).toContainText(title);
}

test('a listener builds a playlist from two pages, reorders it, plays it and finds it after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpListener(page);
  await page.goto('/');

  // Create from the sidebar: a name, then straight to the new playlist.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Create Playlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Playlist' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Playlist name is required')).toBeVisible();
  await create.getByLabel('Playlist name').fill('Road Trip');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/playlist\/[0-9a-f-]{36}$/);
  const playlistUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Road Trip' })).toBeVisible();
  await expect(page.getByText('This playlist is empty')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /Road Trip/ })).toBeVisible();

  // 1) From a track card on a list page (Explore).
  await page.goto('/explore');
  await page
    .getByRole('button', { name: `Add ${FIRST} to playlist` })
    .first()
    .click({ timeout: 20_000 });
  await pickPlaylist(page, 'Road Trip');

  // 2) From the detail page's More menu.
  await page.getByRole('link', { name: SECOND }).first().click();
  await expect(page).toHaveURL(/\/audio\//);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
  await pickPlaylist(page, 'Road Trip');

  await page.goto(playlistUrl);
  await expectOrder(page, [FIRST, SECOND]);
  await expect(page.getByTestId('playlist-count')).toHaveText('2 tracks');

  // Reorder by keyboard: focus the second row and move it up.
  await page.getByTestId('playlist-row').nth(1).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expectOrder(page, [SECOND, FIRST]);
  await expect(page.getByTestId('playlist-row').first()).toBeFocused();
  await page.reload();
  await expectOrder(page, [SECOND, FIRST]);

  // Reorder by dragging: the first song back to the top.
  await page.getByTestId('playlist-row').nth(1).dragTo(page.getByTestId('playlist-row').nth(0));
  await expectOrder(page, [FIRST, SECOND]);
  await page.reload();
  await expectOrder(page, [FIRST, SECOND]);

  // Play fills the queue in the playlist's order.
  await page.getByRole('button', { name: 'Play Road Trip' }).click();
  await expect(page.getByTestId('player-title')).toHaveText(FIRST);
  await page.getByTestId('queue-toggle').click();
  const queue = page.getByTestId('queue-item');
  await expect(queue).toHaveCount(1);
  await expect(queue.first()).toContainText(SECOND);

  // After a reload the sidebar still lists it.
  await page.reload();
  await expect(sidebar.getByRole('link', { name: /Road Trip/ })).toBeVisible();
});
