import type { Page } from '@playwright/test';
import { ffmpegFile } from './support/media';
import { expect, test } from './support/test';

/** A real tone of `seconds`, encoded by ffmpeg (a file any browser can decode). */
function makeAudio(ext: 'mp3' | 'wav', seconds: number, freq: number): string {
  const codec = ext === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : ['-c:a', 'pcm_s16le', '-ar', '22050'];
  return ffmpegFile(`wavecast-e2e-upload-${seconds}s-${freq}.${ext}`, [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${freq}:duration=${seconds}`,
    '-af',
    'volume=0.5',
    '-ac',
    '2',
    ...codec,
  ]);
}

function makeCover(): string {
  return ffmpegFile('wavecast-e2e-upload-cover.png', [
    '-f',
    'lavfi',
    '-i',
    'color=c=0x7c5cff:s=600x600',
    '-frames:v',
    '1',
  ]);
}

async function signUpCreator(page: Page) {
  await page.goto('/');
  const email = `uploader-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'upload-password-1', name: 'Up Loader', accountType: 'creator' },
  });
  expect(res.ok()).toBe(true);
}

/** Records every value the progress bar shows (it only exists while uploading). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
    const seen = () => {
      const bar = document.querySelector('[role="progressbar"]');
      const v = bar ? Number(bar.getAttribute('aria-valuenow')) : null;
      if (v !== null && w.__progress.at(-1) !== v) w.__progress.push(v);
    };
    new MutationObserver(seen).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);

/** Slows the upload down so progress goes through its steps (Chromium DevTools protocol). */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

/** Plays the track from its detail page and checks what Chromium really does with it. */
async function playOnDetailPage(page: Page, title: string, seconds: number) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const shown = Number(await page.getByTestId('track-duration').getAttribute('data-seconds'));
  expect(Math.abs(shown - seconds)).toBeLessThan(0.5);
  await expect(page.getByTestId('track-duration')).toHaveText(`0:${String(seconds).padStart(2, '0')}`);

  await page.getByRole('button', { name: `Play ${title}` }).click();
  await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3, null, {
    timeout: 20_000,
  });
  const t1 = await page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
  await page.waitForFunction((t) => (document.querySelector('audio')?.currentTime ?? 0) > t + 0.5, t1, {
    timeout: 20_000,
  });
  const mediaDuration = await page.evaluate(() => document.querySelector('audio')?.duration ?? 0);
  expect(Math.abs(mediaDuration - seconds)).toBeLessThan(0.5);
  await expect(page.getByRole('button', { name: `Pause ${title}` })).toBeVisible();

  // The waveform is drawn from the real peaks: bars reach near the top (the placeholder is flat).
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="waveform"] canvas');
          const g = canvas?.getContext('2d');
          if (!canvas || !g || canvas.width === 0) return 0;
          const top = g.getImageData(0, Math.floor(canvas.height * 0.15), canvas.width, 1).data;
          let painted = 0;
          for (let i = 3; i < top.length; i += 4) if ((top[i] ?? 0) > 0) painted++;
          return painted;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(20);
}

test('a creator uploads an MP3 and a WAV, sees progress reach 100, and plays them', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpCreator(page);
  const uploads = [
    { title: 'E2E Sunrise Tone', file: makeAudio('mp3', 20, 330), cover: true, seconds: 20 },
    { title: 'E2E Wave File', file: makeAudio('wav', 6, 523), cover: false, seconds: 6 },
  ];
  for (const u of uploads) {
    await page.goto('/creator/upload');
    await expect(page.getByRole('heading', { name: 'Upload Audio' })).toBeVisible();
    await recordProgress(page);
    await page.getByLabel('Audio file').setInputFiles(u.file);
    if (u.cover) await page.getByLabel('Cover image').setInputFiles(makeCover());
    await page.getByLabel('Title').fill(u.title);
    await page.getByLabel('Description').fill('Made by the end-to-end test.');
    await page.getByLabel('Category').selectOption('Music');
    const tags = page.getByRole('textbox', { name: 'Tags' });
    for (const t of [' e2e ', 'tone', 'e2e', '  ']) {
      await tags.fill(t);
      await tags.press('Enter');
    }
    await expect(page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem')).toHaveText(['e2e', 'tone']);
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await page.getByLabel('Chapter 1 title').fill('Start');
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await page.getByLabel('Chapter 2 title').fill('Later');
    await page.getByLabel('Chapter 2 start time (m:ss)').fill('0:03');

    const unthrottle = u.cover ? await throttleUpload(page, 160 * 1024) : null;
    await page.getByRole('button', { name: 'Upload Audio' }).click();
    await expect(page.getByText('Audio uploaded successfully!')).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/creator\/dashboard$/);
    await unthrottle?.();

    const seen = await progressSeen(page);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b)); // never goes backwards
    if (u.cover) {
      // Throttled: the audio part shows under 70, then the cover / saving steps, then 100.
      expect(seen.some((v) => v > 0 && v < 70)).toBe(true);
      expect(seen.some((v) => v >= 70 && v <= 90)).toBe(true);
    }

    // The dashboard lists it; processing finishes and the row says Ready.
    const row = page.getByTestId('my-track').filter({ hasText: u.title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('track-status')).toHaveText('Ready', { timeout: 120_000 });
    await row.getByRole('link', { name: u.title }).click();
    await expect(page).toHaveURL(/\/audio\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: '#e2e' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chapters' })).toBeVisible();
    await playOnDetailPage(page, u.title, u.seconds);
    // A chapter seeks there.
    await page.getByRole('button', { name: /^Later/ }).click();
    await page.waitForFunction(() => {
      const t = document.querySelector('audio')?.currentTime ?? 0;
      return t >= 3 && t < 5;
    });
    await page.getByRole('button', { name: `Pause ${u.title}` }).click();
  }

  await page.goto('/creator/dashboard');
  await expect(page.getByTestId('stat-audio-content')).toHaveText('2');
  await expect(page.getByText('No recent activity to display')).toBeVisible();
  for (const action of ['Upload Audio', 'Go Live', 'Analytics', 'Settings']) {
    await expect(page.getByRole('link', { name: action, exact: true }).first()).toBeVisible();
  }
});

test('validation messages, a refused file, and Cancel in flight', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpCreator(page);
  await page.goto('/creator/upload');

  await page.getByRole('button', { name: 'Upload Audio' }).click();
  await expect(page.getByText('Audio file is required')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();

  await page
    .getByLabel('Audio file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Please select a valid audio file')).toBeVisible();
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'c.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Please select a valid image file')).toBeVisible();

  // Named .mp3, typed audio/mpeg, but not audio: the server refuses it and the form stays.
  await page.getByLabel('Audio file').setInputFiles({
    name: 'fake.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('this is not audio at all\n'.repeat(100)),
  });
  await page.getByLabel('Title').fill('Not really audio');
  await page.getByRole('button', { name: 'Upload Audio' }).click();
  await expect(page.getByText('Failed to upload audio. Please try again.')).toBeVisible();
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(page.getByText(/not a supported audio file/)).toBeVisible();
  await expect(page).toHaveURL(/\/creator\/upload$/);
  await expect(page.getByLabel('Title')).toHaveValue('Not really audio');

  // Cancel while the bytes are still going up: nothing is saved.
  await page.getByLabel('Audio file').setInputFiles(makeAudio('wav', 30, 440)); // ~2.6 MB
  const unthrottle = await throttleUpload(page, 200 * 1024);
  await recordProgress(page);
  await page.getByRole('button', { name: 'Upload Audio' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect.poll(async () => (await progressSeen(page)).at(-1) ?? 0).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Upload cancelled. Nothing was saved.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeHidden();
  await unthrottle();
  const mine = await (await page.request.get('/api/me/tracks')).json();
  expect(mine.items).toEqual([]);
});
