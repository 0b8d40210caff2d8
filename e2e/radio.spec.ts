import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Browser } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { withoutMseWebm } from './support/hls';
import { ffmpegFile, toneMp3 } from './support/media';
import { server } from './support/server';
import { expect, test } from './support/test';

// Issue 38: a radio channel on air. A listener opens its page, hears the auto-DJ through the live
// player (measured on the page's audio graph), and sees "now playing" change at a track boundary.
const TRACK_SECONDS = 10;

async function uploadReady(request: APIRequestContext, title: string, file: string) {
  const upload = await request.post('/api/tracks', {
    headers: { origin: server.baseURL },
    multipart: {
      title,
      category: 'Music',
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

async function channelOnAir(browser: Browser, run: string) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const request = context.request;
  await signUpApi(request, `Radio Host ${run}`, { accountType: 'creator' });
  const headers = { origin: server.baseURL };
  const a = await uploadReady(request, `Radio A ${run}`, toneMp3('radio-a-10s.mp3', 440, TRACK_SECONDS));
  const b = await uploadReady(request, `Radio B ${run}`, toneMp3('radio-b-10s.mp3', 660, TRACK_SECONDS));
  const pl = await (
    await request.post('/api/playlists', { headers, data: { name: `Rotation ${run}`, isPublic: true } })
  ).json();
  const playlistId = (pl.playlist ?? pl).id as string;
  for (const trackId of [a, b])
    expect((await request.post(`/api/playlists/${playlistId}/tracks`, { headers, data: { trackId } })).ok()).toBe(true);
  const channel = await (
    await request.post('/api/radio/channels', { headers, data: { name: `Tone Radio ${run}`, category: 'Music' } })
  ).json();
  const program = await request.put(`/api/radio/channels/${channel.id}/program`, {
    headers,
    data: {
      rotations: [{ playlistId, weight: 1 }],
      slots: [],
      jingleTrackIds: [],
      jingleEverySongs: null,
      jingleEveryMinutes: null,
      artistSeparation: 0,
      // Two tracks, neither again within the hour: the first boundary changes the title.
      trackSeparationHours: 1,
      djGraceSeconds: 8,
      djOnlyInSlot: false,
    },
  });
  expect(program.status()).toBe(200);
  const onAir = await request.post(`/api/radio/channels/${channel.id}/on-air`, { headers });
  expect(onAir.status()).toBe(200);
  return {
    id: channel.id as string,
    host: context,
    // Off air again: a station left on air is live on Explore for every later spec (discovery's empty states).
    close: async () => {
      await request.post(`/api/radio/channels/${channel.id}/off-air`, { headers }).catch(() => {});
      await context.close();
    },
  };
}

// One channel for the file's tests, made once (a host, two uploads through the transcoder, a program,
// on air): they check the channel as its listeners and its creator find it, not how it was made. The
// tests run in order in one worker; the first needs the channel's first track boundary.
let run: string;
let channel: Awaited<ReturnType<typeof channelOnAir>>;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  run = Date.now().toString(36);
  channel = await channelOnAir(browser, run);
});
test.afterAll(async () => {
  await channel?.close();
});

test('a listener opens a channel, hears it, and sees now playing change at a track boundary', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/radio/${channel.id}`);
  await expect(page.getByRole('heading', { name: `Tone Radio ${run}` })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: 60_000 });

  // Loudness of what the page's <audio> plays, over its audio graph.
  await page.evaluate(async () => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="live-audio"]');
    if (!audio) throw new Error('no live audio element');
    const ctx = new AudioContext();
    await ctx.resume();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 2048;
    ctx.createMediaElementSource(audio).connect(analyser);
    analyser.connect(ctx.destination);
    const data = new Float32Array(analyser.fftSize);
    const w = window as unknown as { __loudest: number };
    w.__loudest = 0;
    setInterval(() => {
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += v * v;
      w.__loudest = Math.max(w.__loudest, Math.sqrt(sum / data.length));
    }, 50);
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __loudest: number }).__loudest), { timeout: 30_000 })
    .toBeGreaterThan(0.02);

  const title = page.getByTestId('radio-now-title');
  await expect(title).toHaveText(new RegExp(`Radio [AB] ${run}`), { timeout: 30_000 });
  const first = (await title.textContent()) ?? '';
  // The system's media controls (lock screen, media keys) name the track too, with its cover.
  const mediaSession = () =>
    page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return m ? { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.map((a) => a.src) } : null;
    });
  await expect.poll(async () => (await mediaSession())?.title, { timeout: 10_000 }).toBe(first);
  expect(await mediaSession()).toMatchObject({
    artist: `Radio Host ${run}`,
    album: `Tone Radio ${run}`,
    artwork: [expect.stringMatching(new RegExp(`^${server.baseURL}/api/tracks/[^/]+/cover`))],
  });
  // The next track starts within a track's length (crossfades only make it sooner).
  await expect(title).not.toHaveText(first, { timeout: (TRACK_SECONDS + 20) * 1000 });
  await expect(title).toHaveText(new RegExp(`Radio [AB] ${run}`));
  const second = (await title.textContent()) ?? '';
  // …and the media controls follow it at the boundary.
  await expect.poll(async () => (await mediaSession())?.title, { timeout: 10_000 }).toBe(second);
  expect(second).not.toBe(first);
  await expect.poll(() => page.getByTestId('radio-history').getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
});

test('over LL-HLS through hls.js, now playing also comes inside the stream, as ID3', async ({ page }) => {
  test.setTimeout(300_000);
  await withoutMseWebm(page);
  await page.goto(`/radio/${channel.id}`);
  await expect(page.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: 60_000 });
  const audio = page.getByTestId('live-audio');
  await expect(audio).toHaveAttribute('data-engine', 'hls.js');
  // hls.js turns the ID3 frames it finds in the media (emsg boxes) into cues on the element's
  // "id3" metadata track: the titles carried by the stream itself, not by the page's socket.
  const titlesInStream = () =>
    audio.evaluate((a: HTMLAudioElement) => {
      const titles: string[] = [];
      for (const track of Array.from(a.textTracks)) {
        if (track.kind !== 'metadata' || track.label !== 'id3') continue;
        for (const cue of Array.from(track.cues ?? [])) {
          const value = (cue as unknown as { value?: { key: string; data: string } }).value;
          if (value?.key === 'TIT2') titles.push(value.data);
        }
      }
      return titles;
    });
  await expect.poll(async () => (await titlesInStream()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const shown = (await page.getByTestId('radio-now-title').textContent()) ?? '';
  expect(shown).toMatch(new RegExp(`Radio [AB] ${run}`));
  // "Artist - Title", as in the stream's ICY StreamTitle.
  await expect.poll(titlesInStream, { timeout: 30_000 }).toContain(`Radio Host ${run} - ${shown}`);
  for (const title of await titlesInStream())
    expect(title).toMatch(new RegExp(`^Radio Host ${run} - Radio [AB] ${run}$`));
});

/** A page on another origin (a blog) that frames the channel. */
async function otherSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => site.close(() => r())) };
}

test('the channel page shares its embed; framed on another site it plays, with On air and now playing', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto(`/radio/${channel.id}`);
  await expect(page.getByRole('heading', { name: `Tone Radio ${run}` })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'RSS' })).toHaveAttribute(
    'href',
    `/api/radio/channels/${channel.id}/feed.rss`,
  );
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog.getByLabel('Embed code')).toHaveValue(
    new RegExp(`src="${server.baseURL}/embed/radio/${channel.id}"`),
  );
  await page.keyboard.press('Escape');

  // What a blog gets from oEmbed for the channel's page, framed on its own origin.
  const oembed = await (
    await page.request.get(`/api/oembed?format=json&url=${encodeURIComponent(`${server.baseURL}/radio/${channel.id}`)}`)
  ).json();
  const site = await otherSite(
    `<!doctype html><html><body><h1>Blog</h1>${oembed.html.replace('loading="lazy"', '').replace('<iframe ', '<iframe id="radio" ')}</body></html>`,
  );
  try {
    await page.goto(site.url);
    const frame = page.frameLocator('#radio');
    await expect(frame.getByRole('link', { name: `Tone Radio ${run}` })).toBeVisible({ timeout: 30_000 });
    await expect(frame.getByText('On air', { exact: true })).toBeVisible();
    await expect(frame.getByLabel('Now playing')).toHaveText(new RegExp(`Radio [AB] ${run}`), { timeout: 30_000 });
    await frame.getByRole('button', { name: 'Listen' }).click();
    await expect(frame.getByText('Listening', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(frame.getByRole('button', { name: 'Stop listening' })).toBeVisible();
  } finally {
    await site.close();
  }
});

test('the creator sets a cover in the editor; listeners see it, and the channel live on Explore by its category', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const editor = await channel.host.newPage();
  await editor.goto(`/creator/radio/${channel.id}`);
  await expect(editor.getByRole('heading', { name: `Tone Radio ${run}` })).toBeVisible({ timeout: 60_000 });
  const png = ffmpegFile('radio-cover-320x240.png', ['-f', 'lavfi', '-i', 'testsrc=s=320x240', '-frames:v', '1']);
  await editor.getByLabel('Cover image').setInputFiles(png);
  await expect(editor.getByText('Cover updated')).toBeVisible({ timeout: 30_000 });
  const coverSrc = new RegExp(`^/api/radio/channels/${channel.id}/cover\\?v=`);
  await expect(editor.getByRole('img', { name: 'Channel cover' })).toHaveAttribute('src', coverSrc);
  await editor.close();

  // A listener's channel page shows it, loaded: the server's 640 px square, not the 320×240 upload.
  await page.goto(`/radio/${channel.id}`);
  await expect(page.getByRole('heading', { name: `Tone Radio ${run}` })).toBeVisible({ timeout: 60_000 });
  const cover = page.locator(`img[src^="/api/radio/channels/${channel.id}/cover"]`).first();
  await expect(cover).toHaveAttribute('src', coverSrc);
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 30_000 })
    .toBe(640);

  const tile = () => page.getByTestId('radio-on-air').getByRole('link', { name: new RegExp(`Tone Radio ${run}`) });
  const radioAnswer = (category: string) =>
    page.waitForResponse((r) => r.url().includes('/api/radio/channels?') && r.url().includes(`category=${category}`));
  // Explore's Live Now holds the station (a Music channel) under Music, not under Podcasts.
  await page.goto('/explore?category=music');
  await expect(page.locator('section[aria-labelledby="explore-live"]').getByTestId('radio-on-air')).toBeVisible({
    timeout: 30_000,
  });
  await expect(tile()).toBeVisible();
  const podcasts = radioAnswer('podcasts');
  await page.getByRole('button', { name: 'Podcasts' }).click();
  await podcasts;
  await expect(tile()).toHaveCount(0);

  // /explore/live: the station under its category, and no "No Live Streams" above it.
  await page.goto('/explore/live?category=Music');
  await expect(tile()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'No Live Streams' })).toHaveCount(0);
  const sports = radioAnswer('Sports');
  await page.getByRole('button', { name: 'Sports' }).click();
  await sports;
  await expect(tile()).toHaveCount(0);
});
