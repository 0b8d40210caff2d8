import fs from 'node:fs';
import os from 'node:os';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { ffmpegFile, toneMp3 } from './support/media';
import { server } from './support/server';
import { expect, test } from './support/test';

/** A new browser context signed up as `name`: its page (the session cookie is the context's). */
async function person(browser: Browser, name: string, accountType?: 'creator') {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const id = await signUpApi(page.request, name, accountType ? { accountType } : {});
  return { page, id, close: () => context.close() };
}

/** Uploads a short tone through the API and waits until it is ready (public). */
async function uploadReady(request: APIRequestContext, title: string, file: string, tags: string[]) {
  const upload = await request.post('/api/tracks', {
    headers: { origin: server.baseURL },
    multipart: {
      title,
      category: 'Meditation',
      tags: JSON.stringify(tags),
      audio: { name: `${title}.mp3`, mimeType: 'audio/mpeg', buffer: fs.readFileSync(file) },
    },
  });
  expect(upload.status()).toBe(201);
  const body = await upload.json();
  const id = (body.track ?? body).id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/tracks/${id}`)).json()).track.status, {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe('ready');
  return id;
}

const bar = (page: Page) => page.getByTestId('player-bar');

test('repost → the follower’s feed → a related track plays when the queue ends', async ({ browser }) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const seedTitle = `Feed Seed ${run}`;
  const relatedTitle = `Feed Related ${run}`;
  const tag = `feedtag${run}`;
  const creator = await person(browser, `Feed Creator ${run}`, 'creator');
  const reposter = await person(browser, `Reposter ${run}`);
  const follower = await person(browser, `Follower ${run}`);
  try {
    const seedId = await uploadReady(creator.page.request, seedTitle, toneMp3('feed-seed-3s.mp3', 440, 3), [tag]);
    await uploadReady(creator.page.request, relatedTitle, toneMp3('feed-related-20s.mp3', 660, 20), [tag]);

    // The reposter reposts from the track's page; the count moves.
    await reposter.page.goto(`/audio/${seedId}`);
    const repost = reposter.page.getByRole('button', { name: `Repost ${seedTitle}` });
    // Generous ceilings for a page's first load: the machine is shared.
    await expect(repost).toBeVisible({ timeout: 60_000 });
    await expect(repost.getByTestId('repost-count')).toHaveText('0');
    await repost.click();
    await expect(reposter.page.getByRole('button', { name: `Undo repost of ${seedTitle}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(reposter.page.getByTestId('repost-count')).toHaveText('1');

    // The creator hears of it.
    await expect
      .poll(async () => {
        const page = await (await creator.page.request.get('/api/notifications')).json();
        return (page.items as { title: string }[]).map((n) => n.title);
      })
      .toContain(`Reposter ${run} reposted "${seedTitle}"`);

    // The follower follows the reposter, and sees the repost on Home and on /feed.
    const f = follower.page;
    expect(
      (await f.request.post(`/api/users/${reposter.id}/follow`, { headers: { origin: server.baseURL } })).status(),
    ).toBe(200);
    await f.goto('/');
    const home = f.getByRole('region', { name: 'From People You Follow' });
    await expect(home.getByTestId('feed-repost')).toContainText(`Reposted by Reposter ${run}`, { timeout: 60_000 });
    await home.getByRole('link', { name: 'View all' }).click();
    await expect(f).toHaveURL(/\/feed$/);
    const row = f.getByTestId('track-row').filter({ hasText: seedTitle });
    await expect(row.getByTestId('feed-repost')).toContainText(`Reposted by Reposter ${run}`, { timeout: 60_000 });

    // The reposter's profile lists it under Reposts (public: seen here by the follower).
    await f.goto(`/profile/listener/${reposter.id}`);
    await f.getByRole('tab', { name: 'Reposts' }).click();
    const reposts = f.getByRole('tabpanel');
    await expect(reposts.getByRole('heading', { name: `Reposted by Reposter ${run}` })).toBeAttached();
    await expect(reposts.getByRole('link', { name: seedTitle }).first()).toBeVisible({ timeout: 30_000 });
    await f.goto('/feed');

    // Played from the feed with nothing queued: when it ends, a related track (same creator, tags) follows.
    await row.getByRole('button', { name: `Play ${seedTitle}` }).click();
    await expect(bar(f).getByTestId('player-title')).toHaveText(seedTitle);
    await expect(bar(f).getByTestId('player-title')).toHaveText(relatedTitle, { timeout: 60_000 });
    await expect
      .poll(
        () =>
          f.evaluate(() => (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement).currentTime),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0.5);

    // Turned off in Settings → Playback, the player stops at the queue's end.
    await f.goto('/settings?tab=playback');
    const toggle = f.getByRole('switch', { name: 'Autoplay related tracks' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: 60_000 });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect((await (await f.request.get('/api/me/settings/playback')).json()).autoplayRelated).toBe(false);
    await f.goto(`/audio/${seedId}`);
    const play = f.getByRole('button', { name: `Play ${seedTitle}`, exact: true }).first();
    await expect(play).toBeVisible({ timeout: 60_000 });
    await play.click();
    await expect(bar(f).getByTestId('player-title')).toHaveText(seedTitle);
    await f.waitForFunction(
      () => (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement).ended,
      null,
      {
        timeout: 60_000,
      },
    );
    // Nothing follows: the ended track stays current (the related answer would have come by now).
    await expect.poll(async () => bar(f).getByTestId('player-title').textContent(), { timeout: 3_000 }).toBe(seedTitle);
  } finally {
    await Promise.all([creator.close(), reposter.close(), follower.close()]);
  }
});

test('batch upload: several files, titles from their names, released as an EP with its own page', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const creator = await person(browser, `Album Maker ${run}`, 'creator');
  const page = creator.page;
  try {
    const dir = fs.mkdtempSync(`${os.tmpdir()}/batch-`);
    const first = `${dir}/Sunrise_Theme-${run}.mp3`;
    const second = `${dir}/night-drive_${run}.mp3`;
    fs.copyFileSync(toneMp3('batch-a.mp3', 330, 3), first);
    fs.copyFileSync(toneMp3('batch-b.mp3', 550, 3), second);

    await page.goto('/creator/upload');
    await page.getByLabel('Audio file').setInputFiles([first, second]);
    const rows = page.getByTestId('batch-row');
    await expect(rows).toHaveCount(2, { timeout: 60_000 });
    await expect(page.getByLabel(`Title of Sunrise_Theme-${run}.mp3`)).toHaveValue(`Sunrise Theme ${run}`);
    await expect(page.getByLabel(`Title of night-drive_${run}.mp3`)).toHaveValue(`night drive ${run}`);
    await page.getByLabel(`Title of night-drive_${run}.mp3`).fill(`Night Drive ${run}`);
    await page.getByLabel('Category').selectOption('Music');
    await page.getByLabel('Release these tracks as an album or EP').check();
    await page.getByLabel('Album title').fill(`First Light ${run}`);
    await page.getByLabel('Type').selectOption('ep');
    await page.getByRole('button', { name: 'Upload Audio' }).click();

    await expect(page).toHaveURL(/\/album\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`First Light ${run}`);
    await expect(page.getByText('EP', { exact: true })).toBeVisible();
    await expect(page.getByTestId('track-row')).toHaveText([
      new RegExp(`Sunrise Theme ${run}`),
      new RegExp(`Night Drive ${run}`),
    ]);

    // The profile's Albums tab lists it.
    const albumUrl = page.url();
    await page.goto(`/profile/${creator.id}`);
    await page.getByRole('tab', { name: 'Albums' }).click({ timeout: 60_000 });
    await expect(page.getByTestId('album-grid').getByRole('link')).toContainText(`First Light ${run}`);

    // Edited in the web UI: title, cover, order by keyboard, a track removed and added back; saved.
    const third = await uploadReady(page.request, `Bonus ${run}`, toneMp3('batch-c.mp3', 440, 3), []);
    expect(third).toBeTruthy();
    await page.goto(albumUrl);
    await page.getByRole('button', { name: 'Edit album' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit album' });
    await editor.getByLabel('Album title').fill(`First Light (Deluxe) ${run}`);
    await editor
      .getByLabel('Cover')
      .setInputFiles(
        ffmpegFile('album-cover.png', ['-f', 'lavfi', '-i', 'color=c=orange:s=320x320', '-frames:v', '1']),
      );
    const editRows = editor.getByTestId('album-edit-track');
    await expect(editRows).toHaveText([new RegExp(`Sunrise Theme ${run}`), new RegExp(`Night Drive ${run}`)]);
    await editor.getByRole('button', { name: `Move Night Drive ${run} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(editRows).toHaveText([new RegExp(`Night Drive ${run}`), new RegExp(`Sunrise Theme ${run}`)]);
    // Focus stays with the moved track (now first: its Move down button), and the move is announced.
    await expect(editor.getByRole('button', { name: `Move Night Drive ${run} down` })).toBeFocused();
    await expect(editor.getByRole('status')).toHaveText(`Night Drive ${run} moved to position 1 of 2`);
    await editor.getByRole('button', { name: `Add Bonus ${run}` }).click();
    await editor.getByRole('button', { name: `Remove Sunrise Theme ${run}` }).click();
    await expect(editRows).toHaveText([new RegExp(`Night Drive ${run}`), new RegExp(`Bonus ${run}`)]);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`First Light (Deluxe) ${run}`);
    await expect(page.getByTestId('track-row')).toHaveText([
      new RegExp(`Night Drive ${run}`),
      new RegExp(`Bonus ${run}`),
    ]);
    // The server has it (a reload), cover included.
    await page.reload();
    await expect(page.getByTestId('track-row')).toHaveText([
      new RegExp(`Night Drive ${run}`),
      new RegExp(`Bonus ${run}`),
    ]);
    const album = await (await page.request.get(`/api/albums/${albumUrl.split('/').pop()}`)).json();
    expect(album).toMatchObject({ title: `First Light (Deluxe) ${run}`, trackCount: 2 });
    expect(album.coverUrl).toMatch(/^\/api\/albums\/[^/]+\/cover\?v=/);
    expect((await page.request.get(album.coverUrl)).headers()['content-type']).toMatch(/^image\//);

    // Deleted: back on the profile, no album; its tracks stay.
    await page.getByRole('button', { name: 'Edit album' }).click();
    await editor.getByRole('button', { name: 'Delete album' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this album?' })
      .getByRole('button', { name: 'Delete album' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/profile/${creator.id}$`));
    await page.getByRole('tab', { name: 'Albums' }).click();
    await expect(page.getByText('No albums yet')).toBeVisible();
    expect((await page.request.get(albumUrl.replace('/album/', '/api/albums/'))).status()).toBe(404);
  } finally {
    await creator.close();
  }
});
