import type { Browser, Page } from '@playwright/test';
import { adminPage, signUpApi } from './support/accounts';
import { moveClock } from './support/clock';
import { ffmpegFile } from './support/media';
import { server } from './support/server';
import { expect, test } from './support/test';

// Issue 37, creators' earnings end to end (ADR 0053, 0054): a Premium listener (paid through the fake
// Stripe's Checkout page) plays creator X's 24-second track and creator Y's 12-second track to the
// end in Chromium. The server's clock (TEST_CLOCK=1) moves into the next month and the close runs:
// under the user-centric rule X earns about twice Y (twice the listening), while pro-rata (one play
// each) would have given them the same, to the cent. After the 30-day hold X requests a payout; an admin sees it
// in the payout approvals and gathers it in a batch.

const DAY_MS = 86_400_000;
const origin = server.baseURL;
const stamp = Date.now().toString(36);

function tone(seconds: number, frequency: number): string {
  return ffmpegFile(`wavecast-e2e-earnings-${seconds}s.mp3`, [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}`,
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '96k',
  ]);
}

/** A creator in its own context uploads one track; its page and id. */
async function creatorWithTrack(browser: Browser, name: string, title: string, seconds: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const id = await signUpApi(page.request, name, { accountType: 'creator' });
  await page.goto('/creator/upload');
  await page.getByLabel('Audio file').setInputFiles(tone(seconds, seconds * 20));
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('Music');
  await page.getByRole('button', { name: 'Upload Audio' }).click();
  await expect(page.getByText('Audio uploaded successfully!')).toBeVisible({ timeout: 60_000 });
  const row = page.getByTestId('my-track').filter({ hasText: title });
  await expect(row.getByTestId('track-status')).toHaveText('Ready', { timeout: 120_000 });
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/audio\/[0-9a-f-]{36}$/);
  return { id, name, page, trackUrl: new URL(page.url()).pathname };
}

/** The listener plays a track to its end at 3×. */
async function playToEnd(page: Page, trackUrl: string, title: string) {
  await page.goto(trackUrl);
  await page.getByRole('button', { name: `Play ${title}` }).click();
  await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2, null, {
    timeout: 20_000,
  });
  await page.evaluate(() => {
    const a = document.querySelector('audio');
    if (a) a.playbackRate = 3;
  });
  await page.waitForFunction(() => document.querySelector('audio')?.ended === true, null, { timeout: 60_000 });
  await page.goto('/'); // anything left goes out by beacon
}

interface Statement {
  month: {
    month: string;
    earnedCents: number;
    subscriptionCents: number;
    proRataCents: number;
    subscribers: number;
  } | null;
}
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a Premium listener’s month pays two creators by listening time; one requests a payout that reaches the admin batch', async ({
  browser,
  page,
}) => {
  test.setTimeout(10 * 60_000);
  const titleX = `Earnings Long ${stamp}`;
  const titleY = `Earnings Short ${stamp}`;
  const x = await creatorWithTrack(browser, `Earner X ${stamp}`, titleX, 24);
  const y = await creatorWithTrack(browser, `Earner Y ${stamp}`, titleY, 12);

  // The listener pays for Premium on the fake Stripe's Checkout page.
  await page.goto('/');
  await signUpApi(page.request, `Premium Listener ${stamp}`);
  const off = await page.request.put('/api/me/settings/playback', {
    data: { autoplayRelated: false },
    headers: { origin },
  });
  expect(off.ok()).toBe(true);
  const checkout = await page.request.post('/api/billing/checkout', {
    data: { planId: 'premium' },
    headers: { origin },
  });
  expect(checkout.ok()).toBe(true);
  await page.goto((await checkout.json()).url);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing&checkout=done$/);

  await playToEnd(page, x.trackUrl, titleX);
  await playToEnd(page, y.trackUrl, titleY);

  // Into the next month (past the close delay); the close runs.
  const now = new Date(await moveClock(page.request, 1));
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 3);
  await moveClock(page.request, nextMonth - now.getTime());
  await page.request.post('/api/test/run-job', { data: { type: 'earnings.close' }, headers: { origin } });
  const statementOf = async (c: { id: string; page: Page }) =>
    (await (await c.page.request.get(`/api/creators/${c.id}/earnings`)).json()) as Statement;
  await expect
    .poll(async () => (await statementOf(x)).month?.earnedCents ?? 0, { timeout: 120_000 })
    .toBeGreaterThan(0);
  const sx = (await statementOf(x)).month;
  const sy = (await statementOf(y)).month;
  if (!sx || !sy) throw new Error('both creators earned in the closed month');
  // User-centric: the listener's money follows their listening (24 s against 12 s); pro-rata: one play each.
  expect(sx.earnedCents).toBeGreaterThan(sy.earnedCents);
  // (Largest-remainder rounding may give one of two equal shares the odd cent.)
  expect(Math.abs(sx.proRataCents - sy.proRataCents)).toBeLessThanOrEqual(1);
  expect(sx.subscribers).toBe(1);

  for (const [c, s] of [
    [x, sx],
    [y, sy],
  ] as const) {
    // X through the sidebar's Creator section, Y through the dashboard's quick action.
    await c.page.goto('/creator/dashboard');
    const sidebar = c.page.getByRole('complementary', { name: 'Sidebar' });
    const links = c === x ? sidebar : c.page.getByRole('main');
    await links.getByRole('link', { name: 'Earnings', exact: true }).click();
    await expect(c.page).toHaveURL(/\/creator\/earnings$/);
    await expect(c.page.getByTestId('earned')).toHaveText(usd(s.earnedCents), { timeout: 60_000 });
    await expect(c.page.getByTestId('subscribers-sentence')).toHaveText(
      `1 subscriber's listening earned you ${usd(s.subscriptionCents)}`,
    );
    await expect(c.page.getByTestId('counterfactual')).toContainText(
      `Under pro-rata (all revenue pooled by plays) you would have earned ${usd(s.proRataCents)}`,
    );
    await expect(c.page.getByTestId('earnings-track')).toHaveCount(1);
    await expect(c.page.getByTestId('pending-balance')).toHaveText(usd(s.earnedCents));
    await c.page.screenshot({ path: test.info().outputPath(`earnings-${c.name.split(' ')[1]}.png`), fullPage: true });
  }

  // After the refund window the money is available; X adds a PayPal address and asks to be paid.
  await moveClock(page.request, 31 * DAY_MS);
  await x.page.reload();
  // The machine is shared and busy: a page's first answers may take a while.
  await expect(x.page.getByTestId('available-balance')).toHaveText(usd(sx.earnedCents), { timeout: 60_000 });
  await x.page.getByLabel('PayPal e-mail').fill('earner.x@example.org');
  await x.page.getByRole('button', { name: 'Save Payout Method' }).click();
  await expect(x.page.getByTestId('creator-payout-method')).toContainText('PayPal e***@example.org');
  await x.page.getByRole('button', { name: 'Request Payout' }).click();
  await expect(x.page.getByText('Payout requested')).toBeVisible();
  await expect(x.page.getByTestId('creator-payout-row')).toContainText('requested');

  const admin = await adminPage(browser);
  await admin.page.goto('/admin/approvals');
  const queued = admin.page
    .getByTestId('approval-item')
    .filter({ hasText: `Creator payout ${usd(sx.earnedCents)}: ${x.name}` });
  await expect(queued).toContainText('PayPal e***@example.org', { timeout: 60_000 });
  await admin.page.getByRole('button', { name: 'Create Batch' }).click();
  await expect(admin.page.getByText('Payout batch created')).toBeVisible();
  await expect(queued).toContainText('in a batch');

  // The distribution report of the closed month.
  await admin.page.goto('/admin/earnings');
  await expect(admin.page.getByTestId('distribution-better-off')).toBeVisible();
  await admin.page.screenshot({ path: test.info().outputPath('distribution.png') });
  await admin.close();
});

test('pricing and how it works state the platform share from the configuration', async ({ page }) => {
  for (const path of ['/pricing', '/how-it-works']) {
    await page.goto(path);
    await expect(page.locator('#creator-earnings').getByTestId('revenue-share'), path).toContainText(
      'Creators receive 70% of net subscription and ad revenue; Wavecast keeps 30%.',
      { timeout: 30_000 },
    );
  }
});
