import type { Browser, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { ffmpegFile } from './support/media';
import { server } from './support/server';
import { expect, test } from './support/test';

const TITLE = `Analytics Tone ${Date.now().toString(36)}`;
const SECONDS = 40;

/** A 40-second tone, encoded by ffmpeg. */
function makeAudio(): string {
  return ffmpegFile(`wavecast-e2e-analytics-${SECONDS}s.mp3`, [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${SECONDS}`,
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '96k',
  ]);
}

/** A listener in their own browser context plays the track at 3× until `until` seconds (or the end). */
async function listen(browser: Browser, trackUrl: string, name: string, until: number | 'end') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signUpApi(page.request, name);
  // The figures are this track's: nothing related may start playing after its end (issue 36).
  const off = await page.request.put('/api/me/settings/playback', {
    data: { autoplayRelated: false },
    headers: { origin: server.baseURL },
  });
  expect(off.ok()).toBe(true);
  await page.goto(trackUrl);
  await page.getByRole('button', { name: `Play ${TITLE}` }).click();
  await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2, null, {
    timeout: 20_000,
  });
  await page.evaluate(() => {
    const a = document.querySelector('audio');
    if (a) a.playbackRate = 3;
  });
  if (until === 'end') {
    await page.waitForFunction(() => document.querySelector('audio')?.ended === true, null, { timeout: 60_000 });
  } else {
    await page.waitForFunction((t) => (document.querySelector('audio')?.currentTime ?? 0) >= t, until, {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: `Pause ${TITLE}` }).click();
  }
  const stoppedAt = await page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
  // The last batch goes out on pause / end; leaving the page sends anything left by beacon.
  await page.waitForTimeout(500);
  await page.goto('/');
  await context.close();
  return stoppedAt;
}

async function uploadTrack(page: Page): Promise<string> {
  await page.goto('/creator/upload');
  await page.getByLabel('Audio file').setInputFiles(makeAudio());
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Category').selectOption('Music');
  await page.getByRole('button', { name: 'Add Chapter' }).click();
  await page.getByLabel('Chapter 1 title').fill('Opening');
  await page.getByRole('button', { name: 'Add Chapter' }).click();
  await page.getByLabel('Chapter 2 title').fill('Second half');
  await page.getByLabel('Chapter 2 start time (m:ss)').fill('0:20');
  await page.getByRole('button', { name: 'Upload Audio' }).click();
  await expect(page.getByText('Audio uploaded successfully!')).toBeVisible({ timeout: 60_000 });
  const row = page.getByTestId('my-track').filter({ hasText: TITLE });
  await expect(row.getByTestId('track-status')).toHaveText('Ready', { timeout: 120_000 });
  await row.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(/\/audio\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

test('two listeners play different parts; the creator sees 2 plays, 2 listeners and where they stopped', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await signUpApi(page.request, 'Analytics Creator', { accountType: 'creator' });
  const trackUrl = await uploadTrack(page);

  const first = await listen(browser, trackUrl, 'Early Leaver', 23);
  expect(first).toBeGreaterThanOrEqual(23);
  expect(first).toBeLessThan(29);
  await listen(browser, trackUrl, 'Stayed To The End', 'end');

  // A podcast app fetches the episode whole: one download by IAB v2.1 (a short file needs all of it).
  const trackId = trackUrl.split('/').pop();
  const enclosure = await page.request.get(`/api/podcasts/enclosures/${trackId}/episode.mp3`, {
    headers: { 'user-agent': 'AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)' },
  });
  expect(enclosure.status()).toBe(200);

  // The page asks for fresh figures (the track-days that changed are rolled up when it is viewed).
  await page.goto('/creator/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('total-plays').getByTestId('value')).toHaveText('2');
  await expect(page.getByTestId('total-listeners').getByTestId('value')).toHaveText('2');
  await expect(page.getByTestId('plays-chart')).toBeVisible();
  const row = page.getByTestId('tracks-table').getByRole('row').filter({ hasText: TITLE });
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  // The downloads column and total.
  await expect(row.getByRole('cell').nth(6)).toHaveText('1');
  await expect(page.getByTestId('total-podcast-downloads').getByTestId('value')).toHaveText('1');
  await expect(page.getByTestId('bars-devices')).toContainText('desktop');

  await row.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(/\/creator\/analytics\/track\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('retention-chart')).toBeVisible();
  const shares = await page
    .getByTestId('retention-chart')
    .locator('circle[data-t]')
    .evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-t')), Number(e.getAttribute('data-share'))]));
  // Both heard the start; only one heard 0:30 (the early leaver stopped before it).
  expect(shares).toEqual([
    [0, 1],
    [10, 1],
    [20, 1],
    [30, 0.5],
  ]);
  await expect(page.getByTestId('chapter-marker')).toHaveCount(2);
  await expect(page.getByTestId('median-marker')).toBeVisible();
  await expect(page.getByTestId('track-median')).toContainText('0:30');
  await expect(page.getByTestId('drops')).toContainText('0:30');
  await expect(page.getByTestId('drops')).toContainText('Second half');
});
