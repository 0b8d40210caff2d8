import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { toneMp3 } from './support/media';
import { expect, test } from './support/test';

/** An 11-minute podcast (long form: its position is kept on the server) with two chapters. */
function makeLongMp3(): string {
  return toneMp3('wavecast-e2e-longform.mp3', 220, 660);
}

async function signUp(request: APIRequestContext, name: string, accountType: 'listener' | 'creator' = 'listener') {
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}@e2e.test`;
  const password = 'long-form-password-1';
  const res = await request.post('/api/auth/sign-up/email', { data: { email, password, name, accountType } });
  expect(res.ok()).toBe(true);
  return { email, password };
}

async function newDevice(browser: Browser, creds?: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  if (creds) expect((await page.request.post('/api/auth/sign-in/email', { data: creds })).ok()).toBe(true);
  return page;
}

const bar = (page: Page) => page.getByTestId('player-bar');
const seconds = async (page: Page) => {
  const [m, s] = ((await page.getByTestId('player-current-time').textContent()) ?? '0:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test('a long track resumes on another device, with chapters and Continue listening', async ({ browser }) => {
  // Processing 11 minutes of audio (renditions, loudness, peaks) takes a while on a busy machine.
  test.setTimeout(600_000);
  // A creator publishes a podcast with chapters.
  const creatorPage = await newDevice(browser);
  await signUp(creatorPage.request, 'Pod Host', 'creator');
  const upload = await creatorPage.request.post('/api/tracks', {
    multipart: {
      title: 'Deep Dive Podcast',
      category: 'Podcast',
      chapterMarkers: JSON.stringify([
        { title: 'Welcome', startTime: 0 },
        { title: 'The Interview', startTime: 300 },
      ]),
      audio: { name: 'deep-dive.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(makeLongMp3()) },
    },
  });
  expect(upload.status()).toBe(201);
  const trackId = ((await upload.json()).track ?? (await upload.json())).id as string;
  await expect
    .poll(async () => (await (await creatorPage.request.get(`/api/tracks/${trackId}`)).json()).track.status, {
      timeout: 420_000,
      intervals: [1000],
    })
    .toBe('ready');

  // A listener likes it, plays it from Liked Songs and skips to the second chapter.
  const phone = await newDevice(browser);
  const listener = await signUp(phone.request, 'Commuter');
  expect((await phone.request.put(`/api/tracks/${trackId}/like`)).ok()).toBe(true);
  await phone.goto('/dashboard/listener/liked');
  await phone.getByRole('button', { name: 'Play Deep Dive Podcast' }).click();
  await expect(bar(phone).getByTestId('player-title')).toHaveText('Deep Dive Podcast');
  await expect(bar(phone).getByTestId('player-artist')).toHaveText('Pod Host');
  await expect(bar(phone).getByTestId('chapter-controls')).toContainText('Welcome');
  await bar(phone).getByRole('button', { name: 'Next chapter' }).click();
  await expect(bar(phone).getByTestId('chapter-controls')).toContainText('The Interview');
  await expect.poll(() => seconds(phone)).toBeGreaterThanOrEqual(300);
  await expect.poll(() => seconds(phone), { timeout: 20_000 }).toBeGreaterThanOrEqual(302);
  // Pausing saves the position on the server.
  const saved = phone.waitForResponse(
    (r) => r.url().includes(`/api/me/positions/${trackId}`) && r.request().method() === 'PUT',
  );
  await bar(phone).getByRole('button', { name: 'Pause' }).first().click();
  expect((await saved).status()).toBe(204);
  const position = await seconds(phone);

  // On another device, Continue listening picks up where the phone left off.
  const laptop = await newDevice(browser, listener);
  await laptop.goto('/dashboard/listener/recent');
  const shelf = laptop.getByRole('region', { name: 'Continue listening' });
  await expect(shelf.getByText('Deep Dive Podcast')).toBeVisible();
  await shelf.getByRole('button', { name: 'Play Deep Dive Podcast' }).click();
  await expect(bar(laptop).getByTestId('player-title')).toHaveText('Deep Dive Podcast');
  await expect.poll(() => seconds(laptop)).toBeGreaterThanOrEqual(position);
  expect(await seconds(laptop)).toBeLessThan(position + 15);
  await expect(bar(laptop).getByTestId('chapter-controls')).toContainText('The Interview');
  // Previous chapter from well into a chapter goes back to its start.
  await expect.poll(() => seconds(laptop), { timeout: 20_000 }).toBeGreaterThan(304);
  await bar(laptop).getByRole('button', { name: 'Previous chapter' }).click();
  await expect.poll(() => seconds(laptop)).toBeLessThan(304);
  expect(await seconds(laptop)).toBeGreaterThanOrEqual(300);
});
