import type { APIRequestContext, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { expect, test } from './support/test';
import { seededTrackId } from './support/tracks';

const signUp = (request: APIRequestContext, name: string, accountType?: 'creator') =>
  signUpApi(request, name, { accountType });

const seededTrack = (page: Page) => seededTrackId(page.request);

test('deleting a comment asks in the app’s own dialog, not the browser’s', async ({ page }) => {
  const nativeDialogs: string[] = [];
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  await signUp(page.request, 'Cora');
  const trackId = await seededTrack(page);
  const posted = await page.request.post(`/api/tracks/${trackId}/comments`, { data: { content: 'Lovely calm' } });
  expect(posted.ok()).toBe(true);

  await page.goto(`/audio/${trackId}`);
  const comment = page.getByTestId('comment').filter({ hasText: 'Lovely calm' });
  await expect(comment).toBeVisible();
  await comment.getByRole('button', { name: 'Delete comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete comment?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(comment).toBeVisible();

  await comment.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
  await expect(comment).toHaveCount(0);
  expect(nativeDialogs).toEqual([]);
});

test('a follower whose profile is private shows in the bell as plain text, not a dead link', async ({ browser }) => {
  const creatorContext = await browser.newContext();
  const fanContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const fan = await fanContext.newPage();
  const creatorId = await signUp(creator.request, 'Bea', 'creator');
  await signUp(fan.request, 'Hidden');
  const privacy = await fan.request.put('/api/me/settings/privacy', {
    data: { profileVisibility: 'private', showEmail: false, showFollowers: true, allowMessages: true },
  });
  expect(privacy.ok()).toBe(true);
  expect((await fan.request.post(`/api/users/${creatorId}/follow`)).ok()).toBe(true);

  await creator.goto('/');
  const bell = creator.getByTestId('notification-bell');
  await expect(creator.getByTestId('notification-dot')).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = creator.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByTestId('notification-text')).toContainText('Hidden started following you');
  await expect(panel.getByRole('button', { name: /Hidden started following you/ })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: /Hidden/ })).toHaveCount(0);

  await creatorContext.close();
  await fanContext.close();
});
