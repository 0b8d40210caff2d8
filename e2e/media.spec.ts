import { expect, test } from './support/test';
import { seededTrackId } from './support/tracks';

test('a seeded track plays from its detail page with chapters, and /explore/player shows the same page', async ({
  page,
}) => {
  await page.goto('/');
  // The demo catalogue is seeded a few seconds after start.
  const id = await seededTrackId(page.request);

  await page.goto(`/explore/player/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Morning Meditation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calm Collective' })).toHaveAttribute('href', '/profile/demo-calm');
  await expect(page.getByTestId('track-duration')).toHaveText('0:30');
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/tracks/${id}/download`);
  await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();

  // A chapter starts playback there.
  await page.getByRole('button', { name: /^Return/ }).click();
  await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 22, null, {
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Pause Morning Meditation' })).toBeVisible();

  // The download is the original with a safe file name.
  const head = await page.request.head(`/api/tracks/${id}/download`);
  expect(head.headers()['content-disposition']).toBe(
    `attachment; filename="Morning Meditation.mp3"; filename*=UTF-8''Morning%20Meditation.mp3`,
  );

  // Share → Copy link copies the link.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/audio/${id}$`));

  // More → Add to queue.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Add to queue' }).click();
  await expect(page.getByText('Added to queue')).toBeVisible();

  // More → Report opens the contact form about this very track.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(page).toHaveURL(/\/support\/contact\?/);
  await expect(page.getByLabel('Subject')).toHaveValue('Report: Morning Meditation');
  await expect(page.getByLabel('Category')).toHaveValue('content');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    new RegExp(`^Track: http://[^/]+/audio/${id}\n`),
  );
});

test('an unknown or private audio says Audio not found, with Back to Explore', async ({ page }) => {
  await page.goto('/audio/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Audio not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await page.goto('/audio/not-an-id');
  await expect(page.getByRole('heading', { name: 'Audio not found' })).toBeVisible();
});
