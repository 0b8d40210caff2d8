import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { scaled } from './support/timeouts';
import { demoCatalogueProcessed } from './support/tracks';

const bar = (page: Page) => page.getByTestId('player-bar');
const seconds = async (clock: Locator) => {
  const [m, s] = ((await clock.textContent()) ?? '0:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

/**
 * A card of the demo creator's profile, held by its title (not its place: lists change as other specs
 * upload). The demo tracks last 18–40 s: a short upload of another spec could end while the test
 * still uses it, and the player would go on to a related track.
 */
async function demoCard(page: Page, index: number) {
  const list = page.getByRole('list', { name: 'Tracks' });
  const title = ((await list.getByRole('listitem').nth(index).getByRole('heading').textContent()) ?? '').trim();
  expect(title).not.toBe('');
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  return { card, title };
}

test('the player: play from a card, pause/resume, queue, reload, like, timestamped comments', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(300_000));
  // Home lists the demo catalogue once it is processed (a fresh server may still be transcoding it).
  await demoCatalogueProcessed(page.request);
  await page.goto('/');
  const email = `player-${Date.now()}@e2e.test`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'player-password-1', name: 'Player Tester' },
  });
  expect(signUp.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Recent Uploads' }).getByRole('listitem')).toHaveCount(6, {
    timeout: 30_000,
  });
  await expect(bar(page)).toHaveCount(0);
  await page.goto('/profile/demo-aurora');

  // Play from a card: the bar appears with the creator's real name and the time advances.
  const a = await demoCard(page, 0);
  await a.card.getByRole('button', { name: `Play ${a.title}` }).click();
  await expect(bar(page)).toBeVisible();
  await expect(bar(page).getByTestId('player-title')).toHaveText(a.title);
  await expect(bar(page).getByTestId('player-artist')).not.toHaveText('Artist Name');
  await expect(bar(page).getByTestId('player-artist')).not.toHaveText('Unknown Artist');
  const clock = bar(page).getByTestId('player-current-time');
  await expect.poll(() => seconds(clock), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  // The lock screen knows what plays.
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(a.title);

  // Pause holds the time; resume moves it on. The card's button toggles the current track.
  await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(a.card.getByRole('button', { name: `Play ${a.title}` })).toBeVisible();
  const paused = await seconds(clock);
  await page.waitForTimeout(1500);
  expect(await seconds(clock)).toBe(paused);
  await a.card.getByRole('button', { name: `Play ${a.title}` }).click();
  await expect.poll(() => seconds(clock), { timeout: 15_000 }).toBeGreaterThan(paused);
  await page.keyboard.press('Space'); // keyboard shortcut: pause
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // Queue two tracks and skip through them: each leaves the front of the queue.
  const b = await demoCard(page, 1);
  const c = await demoCard(page, 2);
  await b.card.getByRole('button', { name: `Add ${b.title} to queue` }).click();
  await c.card.getByRole('button', { name: `Add ${c.title} to queue` }).click();
  await expect(bar(page).getByRole('button', { name: 'Queue (2)' })).toBeVisible();
  await bar(page).getByRole('button', { name: 'Queue (2)' }).click();
  const panel = page.getByTestId('queue-panel');
  await expect(panel.getByTestId('queue-item')).toHaveText([new RegExp(b.title), new RegExp(c.title)]);
  await bar(page).getByRole('button', { name: 'Next track' }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText(b.title);
  await expect(panel.getByTestId('queue-item')).toHaveText([new RegExp(c.title)]);
  await bar(page).getByRole('button', { name: 'Next track' }).click();
  await expect(bar(page).getByTestId('player-title')).toHaveText(c.title);
  await expect(panel.getByTestId('queue-item')).toHaveCount(0);
  await expect(bar(page).getByRole('button', { name: 'Queue (0)' })).toBeVisible();
  await expect.poll(() => seconds(clock), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('m'); // keyboard shortcut: mute
  await expect(bar(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
  await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
  // Read the position once the player is paused (the clock can still tick while the click lands).
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const at = await seconds(clock);

  // A reload restores the track, its position and the settings, paused.
  await page.reload();
  await expect(bar(page).getByTestId('player-title')).toHaveText(c.title);
  await expect.poll(() => seconds(bar(page).getByTestId('player-current-time'))).toBe(at);
  await expect(bar(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // A like persists across a reload.
  await bar(page)
    .getByRole('button', { name: `Like ${c.title}` })
    .click();
  await expect(bar(page).getByRole('button', { name: `Unlike ${c.title}` })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(bar(page).getByRole('button', { name: `Unlike ${c.title}` })).toHaveAttribute('aria-pressed', 'true');

  // On the track's page: seek to 0:05, post a timestamped comment, it becomes a waveform marker.
  await bar(page).getByTestId('player-title').click();
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  const wave = page.getByRole('region', { name: 'Waveform' });
  const slider = wave.getByRole('slider');
  await slider.focus();
  await slider.press('Home');
  await slider.press('ArrowRight');
  await expect(page.getByTestId('detail-current-time')).toHaveText('0:05');
  // Someone else is looking at the same track: new comments reach them live.
  const trackUrl = page.url();
  const other = await (await browser.newContext()).newPage();
  await other.goto(trackUrl);
  await expect(other.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  await expect(other.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();
  const box = page.getByPlaceholder('Add a comment...');
  const post = page.getByRole('button', { name: 'Post', exact: true });
  await box.fill('   ');
  await expect(post).toBeDisabled();
  // Typing a space or an m in the box is text, not a player shortcut.
  await box.fill('');
  await box.pressSequentially('Love this moment');
  await expect(box).toHaveValue('Love this moment');
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByTestId('comment-at-time')).toHaveText('at 0:05');
  await post.click();
  const comment = page.getByTestId('comment').filter({ hasText: 'Love this moment' });
  await expect(comment).toContainText('Player Tester');
  await expect(comment).toContainText('ago');
  await expect(comment.getByRole('button', { name: 'Play from 0:05' })).toBeVisible();
  const marker = wave.getByTestId('comment-marker');
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAttribute('aria-label', /Comment at 0:05 by Player Tester: Love this moment/);
  await expect(other.getByTestId('comment').filter({ hasText: 'Love this moment' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Waveform' }).getByTestId('comment-marker')).toHaveCount(1);
  await expect(other.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
  await slider.press('Home');
  await expect(page.getByTestId('detail-current-time')).toHaveText('0:00');
  await marker.click();
  await expect(page.getByTestId('detail-current-time')).toHaveText('0:05');
  await expect(bar(page).getByTestId('player-current-time')).toHaveText('0:05');

  // The author can delete it; the marker goes with it.
  await comment.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(comment).toHaveCount(0);
  await expect(marker).toHaveCount(0);
  await expect(other.getByTestId('comment')).toHaveCount(0);
  await other.context().close();
});
