import type { Page } from '@playwright/test';
import { adminPage, signUpApi } from './support/accounts';
import { expect, test } from './support/test';

/** Resolves once the page's socket has asked for `topic` (so nothing published after is missed). */
function subscribed(page: Page, topic: string) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
        if (text.includes('"subscribe"') && text.includes(topic)) resolve();
      }),
    );
  });
}

test('an admin deletes a comment that arrived over the WebSocket', async ({ page, browser }) => {
  await page.goto('/');
  const home = await (await page.request.get('/api/home')).json();
  const track = home.recent[0] as { id: string; title: string };
  await signUpApi(page.request, 'Cam Commenter');

  // The admin has the track open before the comment exists.
  const { page: admin, close } = await adminPage(browser);
  const live = subscribed(admin, `track:${track.id}`);
  await admin.goto(`/audio/${track.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: track.title })).toBeVisible();
  await live;

  await page.goto(`/audio/${track.id}`);
  await page.getByPlaceholder('Add a comment...').fill('Spam spam spam');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Spam spam spam' })).toBeVisible();

  // It reaches the admin's page without a reload, with the delete button a moderator is owed.
  const arrived = admin.getByTestId('comment').filter({ hasText: 'Spam spam spam' });
  await expect(arrived).toBeVisible();
  await arrived.getByRole('button', { name: 'Delete comment' }).click();
  await admin.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(arrived).toHaveCount(0);
  // Gone for the author too, live.
  await expect(page.getByTestId('comment').filter({ hasText: 'Spam spam spam' })).toHaveCount(0);
  await close();
});
