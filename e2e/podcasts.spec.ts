import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { toneMp3 } from './support/media';
import { expect, test } from './support/test';

/** A quiet tone of `seconds` as a small MP3. */
function makeMp3(seconds: number): string {
  return toneMp3(`wavecast-e2e-podcast-${seconds}.mp3`, 330, seconds);
}

async function publish(request: APIRequestContext, title: string, opts: { isPublic?: boolean; seconds?: number } = {}) {
  const res = await request.post('/api/tracks', {
    multipart: {
      title,
      category: 'Podcast',
      isPublic: String(opts.isPublic ?? true),
      audio: { name: 'episode.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(makeMp3(opts.seconds ?? 20)) },
    },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).track.id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/tracks/${id}`)).json()).track.status, { timeout: 120_000 })
    .toBe('ready');
  return id;
}

/** A page on another origin (127.0.0.1 on its own port: another site than localhost), serving `html`. */
async function otherOrigin(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

const playerSeconds = async (page: Page) => {
  const [m, s] = ((await page.getByTestId('player-current-time').textContent()) ?? '0:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

test.describe.configure({ mode: 'serial' });

let publicId = '';
let privateId = '';
let creatorId = '';

test('the creator corrects a transcript’s words at their times; search follows the correction', async ({ browser }) => {
  const context = await browser.newContext();
  await signUpApi(context.request, 'Correcting Host', { accountType: 'creator' });
  const trackId = await publish(context.request, 'Burrow Notes', { seconds: 20 });
  // What a recogniser might have heard: a wrong word, a line that is no speech.
  const vtt = [
    'WEBVTT',
    '',
    '00:00.000 --> 00:05.000',
    'welcome back to burrow notes',
    '',
    '00:12.000 --> 00:16.000',
    'and then the wall mutt dug a tunnel',
    '',
    '00:16.000 --> 00:17.500',
    'hmm hmm',
    '',
  ].join('\n');
  expect(
    (await context.request.put(`/api/tracks/${trackId}/transcript`, { data: { kind: 'file', content: vtt } })).status(),
  ).toBe(200);
  const page = await context.newPage();
  await page.goto(`/audio/${trackId}`);

  // The WebVTT, to correct in a subtitle editor.
  const download = page.getByRole('link', { name: 'Download .vtt' });
  await expect(download).toHaveAttribute('href', `/api/tracks/${trackId}/transcript.vtt`);
  expect(await (await context.request.get(`/api/tracks/${trackId}/transcript.vtt`)).text()).toContain('wall mutt');

  // In place: each line at its time, its words editable, a line deleted.
  await page.getByRole('button', { name: 'Correct transcript' }).click();
  const editor = page.getByRole('form', { name: 'Correct transcript' });
  await expect(editor.getByTestId('corrector-cue')).toHaveCount(3);
  await expect(editor.getByLabel('Text at 0:12–0:16')).toHaveValue('and then the wall mutt dug a tunnel');
  await editor.getByLabel('Text at 0:12–0:16').fill('And then the wombat dug a tunnel.');
  await editor.getByRole('button', { name: 'Delete the line at 0:16–0:17' }).click();
  // An emptied line is refused before sending, with where it is.
  await editor.getByLabel('Text at 0:00–0:05').fill('  ');
  await editor.getByRole('button', { name: 'Save corrections' }).click();
  await expect(editor.getByRole('alert')).toHaveText('0:00–0:05: Cue text is required (delete the cue instead)');
  await expect(editor.getByLabel('Text at 0:00–0:05')).toBeFocused();
  await editor.getByLabel('Text at 0:00–0:05').fill('Welcome back to Burrow Notes.');
  await editor.getByRole('button', { name: 'Save corrections' }).click();
  await expect(editor).toHaveCount(0);

  // The page shows the corrected lines at their times; the server holds them.
  const lines = page.getByTestId('transcript').getByRole('button');
  await expect(lines).toHaveText(['0:00Welcome back to Burrow Notes.', '0:12And then the wombat dug a tunnel.']);
  const saved = (await (await context.request.get(`/api/tracks/${trackId}/transcript`)).json()).transcript;
  expect(saved.cues).toEqual([
    { start: 0, end: 5, text: 'Welcome back to Burrow Notes.' },
    { start: 12, end: 16, text: 'And then the wombat dug a tunnel.' },
  ]);

  // Search finds the corrected word (and opens the line it is said in), no longer the wrong one.
  await page.goto('/search?q=wombat');
  await expect(page.getByRole('list', { name: 'In Transcripts' }).getByText('Burrow Notes')).toBeVisible();
  const old = await (await context.request.get('/api/search/transcripts?q=mutt')).json();
  expect(old.items.map((h: { trackId: string }) => h.trackId)).not.toContain(trackId);
  await context.close();
});

test('a creator’s feed: linked on the profile and in its head; the share card of a track', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const request = context.request;
  creatorId = await signUpApi(request, 'Feed Host', { accountType: 'creator' });
  publicId = await publish(request, 'Zeppelin Stories');
  privateId = await publish(request, 'Unreleased cut', { isPublic: false, seconds: 4 });

  // Creators set the show in Settings.
  const page = await context.newPage();
  await page.goto('/settings');
  const feed = page.getByRole('form', { name: 'Podcast feed' });
  await feed.getByLabel('Show title').fill('Stories from the Sky');
  await feed.getByLabel('Owner e-mail').fill('host@example.com');
  await feed.getByRole('button', { name: 'Save feed settings' }).click();
  await expect(page.getByText('Podcast feed settings saved')).toBeVisible();

  // The profile links the feed, and its head carries it as an alternate link (served and kept).
  await page.goto(`/profile/${creatorId}`);
  const link = page.getByTestId('feed-link');
  await expect(link).toHaveAttribute('href', `/feeds/creators/${creatorId}.xml`);
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    new RegExp(`/feeds/creators/${creatorId}\\.xml$`),
  );
  const xml = await (await request.get(`/feeds/creators/${creatorId}.xml`)).text();
  expect(xml).toContain('<title>Stories from the Sky</title>');
  expect(xml).toContain('Zeppelin Stories');
  expect(xml).not.toContain('Unreleased cut');

  // A crawler's GET of the track page: Open Graph tags rendered by the server.
  const html = await (await request.get(`/audio/${publicId}`, { headers: { 'user-agent': 'Twitterbot/1.0' } })).text();
  expect(html).toContain('<meta property="og:title" content="Zeppelin Stories" />');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/default-cover\.png" \/>/);
  expect(html).toMatch(
    new RegExp(`<meta property="og:audio" content="${baseURL}/api/podcasts/enclosures/${publicId}/`),
  );
  await context.close();
});

test('another site embeds the player and plays a track; the app itself refuses to be framed there', async ({
  page,
  baseURL,
}) => {
  const site = await otherOrigin(`<!doctype html><html><body>
    <h1>My blog</h1>
    <iframe id="player" src="${baseURL}/embed/track/${publicId}?theme=light" width="480" height="152"></iframe>
    <iframe id="private" src="${baseURL}/embed/track/${privateId}" width="480" height="152"></iframe>
    <iframe id="app" src="${baseURL}/audio/${publicId}" width="480" height="300"></iframe>
  </body></html>`);
  try {
    const appResponse = page.waitForResponse((r) => r.url() === `${baseURL}/audio/${publicId}`);
    await page.goto(site.url);
    const player = page.frameLocator('#player');
    await expect(player.getByRole('link', { name: 'Zeppelin Stories' })).toBeVisible();
    await expect(player.locator('html')).toHaveAttribute('data-theme', 'light');

    // Play: the audio advances, and the frame reports to the same plays API as the main player.
    const reported = page.waitForResponse((r) => r.url() === `${baseURL}/api/plays` && r.request().method() === 'POST');
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    const report = await reported;
    expect(report.status()).toBe(200);
    expect(report.request().postDataJSON()).toMatchObject({ trackId: publicId });
    await expect
      .poll(async () => Number(await player.locator('.seek').inputValue()), { timeout: 15_000 })
      .toBeGreaterThan(1);
    // The frame's SameSite=Lax cookie is not sent inside another site: its signed listener token is,
    // so after half the 20 s track the play COUNTS.
    const countOf = async () =>
      (await (await page.request.get(`${baseURL}/api/tracks/${publicId}`)).json()).track.playCount as number;
    const before = await countOf();
    await expect.poll(countOf, { timeout: 30_000 }).toBe(before + 1);

    // The player's script is small: at most 30 KB gzipped.
    const src = await player.locator('script[type="module"]').getAttribute('src');
    const js = await (await page.request.get(`${baseURL}${src}`)).body();
    expect(zlib.gzipSync(js).length).toBeLessThanOrEqual(30 * 1024);

    // A private track is 404 in its frame.
    await expect(page.frameLocator('#private').getByText('Audio not found')).toBeVisible();

    // The app refuses to be framed: the browser does not render it.
    const app = await appResponse;
    expect(app.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForTimeout(500);
    const appFrame = page.frames().find((f) => f.url().startsWith(`${baseURL}/audio/`));
    expect(appFrame ? await appFrame.locator('#root').count() : 0).toBe(0);
  } finally {
    await site.close();
  }
});

test('a word said only in a transcript finds the track and opens it at that moment', async ({ browser }) => {
  const context = await browser.newContext();
  // Another creator publishes a 20 s episode and uploads its WebVTT transcript.
  await signUpApi(context.request, 'Transcript Host', { accountType: 'creator' });
  const trackId = await publish(context.request, 'Weekly Chat', { seconds: 20 });
  const vtt = [
    'WEBVTT',
    '',
    '00:00.000 --> 00:05.000',
    'Welcome back to the weekly chat',
    '',
    '00:12.000 --> 00:16.000',
    'and then the quokka smiled at everyone',
    '',
  ].join('\n');
  expect(
    (await context.request.put(`/api/tracks/${trackId}/transcript`, { data: { kind: 'file', content: vtt } })).status(),
  ).toBe(200);

  const page = await context.newPage();
  await page.goto('/search?q=quokka');
  const hits = page.getByRole('list', { name: 'In Transcripts' });
  await expect(hits.getByText('Weekly Chat')).toBeVisible();
  await hits.getByRole('link', { name: /Weekly Chat/ }).click();
  await expect(page).toHaveURL(new RegExp(`/audio/${trackId}`));
  // Playing from 0:12, and the line said there is the current one.
  await expect.poll(() => playerSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(12);
  expect(await playerSeconds(page)).toBeLessThan(18);
  await expect(page.getByTestId('transcript').locator('[aria-current="true"]')).toContainText('quokka');
  // A click on a line seeks there.
  await page
    .getByTestId('transcript')
    .getByRole('button', { name: /Welcome back/ })
    .click();
  await expect.poll(() => playerSeconds(page)).toBeLessThan(5);
  await context.close();
});
