import type { APIRequestContext } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { expect, test } from './support/test';

const signUp = (request: APIRequestContext, name: string, accountType?: 'creator') =>
  signUpApi(request, name, { accountType });

test('a creator’s bell shows a new follower in real time, without a reload', async ({ browser }) => {
  const creatorContext = await browser.newContext();
  const fanContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const fan = await fanContext.newPage();

  const creatorId = await signUp(creator.request, 'Bea', 'creator');
  const fanId = await signUp(fan.request, 'Ari');

  await creator.goto('/');
  const bell = creator.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  await expect(creator.getByTestId('notification-dot')).toHaveCount(0);
  // The bell has joined the user's private realtime topic.
  await expect(bell).toHaveAttribute('data-live', 'true');

  // Ari follows Bea from Bea's profile page.
  await fan.goto(`/profile/${creatorId}`);
  const follow = fan.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(fan.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // Bea's page was never reloaded: the dot and the notification arrive over the socket.
  await expect(creator.getByTestId('notification-dot')).toBeVisible({ timeout: 15_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const panel = creator.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', { name: /Ari started following you/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/less than a minute ago|seconds? ago/);

  // Opening it marks it read and leads to the follower's profile.
  await item.click();
  await expect(creator).toHaveURL(new RegExp(`/profile/listener/${fanId}$`));
  await expect(creator.getByTestId('notification-dot')).toHaveCount(0);
  await creator.reload();
  await expect(creator.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');

  await creatorContext.close();
  await fanContext.close();
});
