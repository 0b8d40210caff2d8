import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { expect, test } from './support/test';
import { seededTrackId } from './support/tracks';

// Issue 36: pages open at their top and Back restores the scroll; the live and the track player
// are never both audible; the share dialog shows the link and the embed code and falls back to a
// selected field when the browser refuses the clipboard. A listening room (or a premiere, the same
// player) shares the one output too.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** React's first render has replaced the server-rendered first view (links now navigate in the app). */
const reactRendered = (page: Page) => expect(page.locator('#root > .first-view')).toHaveCount(0, { timeout: 30_000 });

/** The demo catalogue (seeded a few seconds after start) is listed: Home has its full shelves. */
async function demoCatalogueListed(page: Page) {
  const demoTracks = async () => {
    const res = await page.request.get('/api/explore/tracks');
    const items: { creator: { id: string } }[] = res.ok() ? ((await res.json()).items ?? []) : [];
    return items.filter((t) => t.creator.id.startsWith('demo-')).length;
  };
  // Seeding (12 tracks, transcoded) takes minutes on a busy machine.
  await expect.poll(demoTracks, { timeout: 200_000 }).toBe(12);
}

test('a page opens at its top with focus on its heading, and Back returns to where the reader was', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await demoCatalogueListed(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await reactRendered(page);
  const recent = page.getByRole('list', { name: 'Recent Uploads' });
  await expect(recent.getByRole('listitem')).toHaveCount(6);
  // Tall enough to scroll 700 px (the footer is below a screen-tall main).
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => scrollY(page)).toBe(700);

  // A card's title at this scroll position, clicked as a reader would.
  const card = page.getByRole('main').locator('a[href^="/audio/"]');
  let target = card.first();
  for (const link of await card.all()) {
    const box = await link.boundingBox();
    if (box && box.y > 80 && box.y < 600) {
      target = link;
      break;
    }
  }
  const title = (await target.textContent())?.trim() ?? '';
  await target.click();
  await expect(page).toHaveURL(/\/audio\//);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await expect(heading).toBeFocused();
  await expect(page.getByRole('button', { name: `Play ${title}` })).toBeInViewport();

  // Back: Home where the reader left it.
  await page.goBack();
  await expect(recent).toBeVisible();
  await expect.poll(() => scrollY(page), { timeout: 10_000 }).toBe(700);
  // Forward: the track page at its top again.
  await page.goForward();
  await expect(heading).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('on a phone the first Home card opens the track page at its title', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  test.setTimeout(300_000);
  try {
    await demoCatalogueListed(page);
    await page.goto('/');
    await reactRendered(page);
    const first = page.getByRole('list', { name: 'Recent Uploads' }).getByRole('listitem').first();
    const link = first.locator('a[href^="/audio/"]').first();
    // The reader scrolled until the first card is just below the top bar.
    await first.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    const title = (await link.textContent())?.trim() ?? '';
    await link.tap();
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(heading).toBeInViewport();
  } finally {
    await ctx.close();
  }
});

/** A steady tone streamed through the Icecast port with the creator's stream key, for a minute. */
function toneEncoder(ingestUrl: string, key: string): ChildProcess {
  const url = new URL(ingestUrl.replace(/^icecast:/, 'http:'));
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:d=90'],
    ...['-ac', '2', '-c:a', 'libopus', '-b:a', '64k', '-content_type', 'audio/ogg', '-f', 'ogg'],
    `icecast://source:${key}@${url.hostname}:${url.port}${url.pathname}`,
  ]);
  child.stderr?.resume();
  return child;
}

/** Both outputs as the page's media elements report them: paused, and the position now. */
const outputs = (page: Page) =>
  page.evaluate(() => {
    const read = (sel: string) => {
      const a = document.querySelector<HTMLAudioElement>(sel);
      return { paused: a?.paused ?? true, t: a?.currentTime ?? 0 };
    };
    return {
      track: read('[data-testid="player-audio"]'),
      live: read('[data-testid="live-audio"]'),
      room: read('[data-testid="room-audio"]'),
    };
  });

/** Resolves once an output plays and its position has moved on by a second from now. */
async function expectAdvancing(page: Page, which: 'track' | 'live' | 'room') {
  await expect.poll(async () => !(await outputs(page))[which].paused, { timeout: 20_000 }).toBe(true);
  const from = (await outputs(page))[which].t;
  await expect.poll(async () => (await outputs(page))[which].t, { timeout: 20_000 }).toBeGreaterThan(from + 1);
}

test('the live stream and the track player are never both audible; each says which plays', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const creator = await browser.newContext();
  const up = await creator.request.post('/api/auth/sign-up/email', {
    data: {
      email: `focus-${Date.now()}@example.test`,
      password: 'focus-dj-secret',
      name: 'Focus DJ',
      accountType: 'creator',
    },
  });
  expect(up.ok()).toBe(true);
  const made = await creator.request.post('/api/live/keys', { data: { name: 'Tone encoder' } });
  expect(made.status()).toBe(201);
  const { secret } = await made.json();
  const { ingestUrl } = await (await creator.request.get('/api/live/keys')).json();
  const trackId = await seededTrackId(page.request);
  const encoder = toneEncoder(ingestUrl, secret);
  try {
    let streamId = '';
    await expect
      .poll(
        async () => {
          const mine = await (await creator.request.get('/api/live/mine')).json();
          streamId = mine.stream?.status === 'live' ? mine.stream.id : '';
          return streamId;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');

    // A track played first: the player bar holds it.
    await page.goto(`/audio/${trackId}`);
    await page.getByRole('button', { name: 'Play Morning Meditation' }).click();
    await expectAdvancing(page, 'track');

    // A sampler in the page: were both outputs ever playing at once?
    const watchBoth = () =>
      page.evaluate(() => {
        const w = window as unknown as { __both?: number };
        w.__both = 0;
        setInterval(() => {
          const t = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
          const l = document.querySelector<HTMLAudioElement>('[data-testid="live-audio"]');
          if (t && l && !t.paused && !l.paused) w.__both = (w.__both ?? 0) + 1;
        }, 50);
      });

    // The steps: open /live/{id} (it plays; the bar keeps the track, paused).
    await page.goto(`/live/${streamId}`);
    await watchBoth();
    const liveState = page.getByTestId('live-player-state');
    await expect(liveState).toHaveText('Listening live', { timeout: 20_000 });
    await expectAdvancing(page, 'live');
    expect((await outputs(page)).track.paused).toBe(true);
    const bar = page.getByTestId('player-bar');
    await expect(bar.getByTestId('player-live-note')).toHaveText(/^Live stream playing: .+/);

    // Play in the bottom player: the track plays, the stream stops, and its page says so.
    await bar.getByRole('button', { name: 'Play', exact: true }).locator('visible=true').click();
    await expectAdvancing(page, 'track');
    expect((await outputs(page)).live.paused).toBe(true);
    await expect(liveState).toHaveText('Stopped');
    await expect(page.getByTestId('live-player-note')).toHaveText('Stopped: the player is playing a track.');
    await expect(bar.getByTestId('player-live-note')).toHaveCount(0);

    // Listen live again: the stream takes the output back.
    await page.getByRole('button', { name: 'Listen live' }).click();
    await expect(liveState).toHaveText('Listening live', { timeout: 20_000 });
    await expectAdvancing(page, 'live');
    expect((await outputs(page)).track.paused).toBe(true);
    await expect(bar.getByTestId('player-live-note')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __both: number }).__both)).toBe(0);
  } finally {
    encoder.kill('SIGKILL');
    await creator.close();
  }
});

/** A sampler in the page: counts the moments when the track player and `other` both play. */
const watchBoth = (page: Page, other: string) =>
  page.evaluate((sel) => {
    const w = window as unknown as { __both?: number };
    w.__both = 0;
    setInterval(() => {
      const t = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      const o = document.querySelector<HTMLAudioElement>(sel);
      if (t && o && !t.paused && !o.paused) w.__both = (w.__both ?? 0) + 1;
    }, 50);
  }, other);
const bothCount = (page: Page) => page.evaluate(() => (window as unknown as { __both: number }).__both);

test('a listening room and the track player are never both audible; the room says it stopped for this member', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpApi(page.request, 'Room Focus');
  const trackId = await seededTrackId(page.request);

  // A track plays in the bottom player.
  await page.goto(`/audio/${trackId}`);
  await page.getByRole('button', { name: 'Play Morning Meditation' }).click();
  await expectAdvancing(page, 'track');

  // A room opened from the page (a client-side navigation: the bar keeps the track, still playing).
  await page.getByRole('button', { name: 'Listen together' }).click();
  await expect(page).toHaveURL(/\/rooms\/[0-9a-f-]{36}$/);
  await watchBoth(page, '[data-testid="room-audio"]');
  const bar = page.getByTestId('player-bar');
  await page.getByRole('button', { name: 'Play for everyone' }).click();
  await expectAdvancing(page, 'room');
  expect((await outputs(page)).track.paused).toBe(true);
  await expect(bar.getByTestId('player-live-note')).toHaveText(/^Listening room: .+/);

  // Play in the bottom player: the track takes the output; the room goes on for the others but
  // is silent here, and its page says so.
  await bar.getByRole('button', { name: 'Play', exact: true }).locator('visible=true').click();
  await expectAdvancing(page, 'track');
  await expect.poll(async () => (await outputs(page)).room.paused).toBe(true);
  const note = page.getByTestId('room-output-note');
  await expect(note).toHaveText('Stopped for you: the player is playing a track.');
  await expect(bar.getByTestId('player-live-note')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause for everyone' })).toBeVisible(); // the room plays on
  // It stays silent: the room's schedule does not start it again.
  const heldAt = (await outputs(page)).room.t;
  await expectAdvancing(page, 'track');
  expect((await outputs(page)).room).toEqual({ paused: true, t: heldAt });

  // Rejoin: the room takes the output back, in step with the room, and the track stops.
  await page.getByRole('button', { name: 'Rejoin the room' }).click();
  await expectAdvancing(page, 'room');
  expect((await outputs(page)).track.paused).toBe(true);
  await expect(note).toHaveCount(0);
  await expect(bar.getByTestId('player-live-note')).toBeVisible();
  expect(await bothCount(page)).toBe(0);

  // Leaving the room's page (in the app) frees the output: the bar no longer says a room plays.
  await bar.getByTestId('player-title').click();
  await expect(page).toHaveURL(new RegExp(`/audio/${trackId}$`));
  await expect(page.getByTestId('room-audio')).toHaveCount(0);
  await expect(bar.getByTestId('player-live-note')).toHaveCount(0);
});

test('the share dialog: link with a start time, embed code with sizes and preview, copy falls back to a selected field', async ({
  browser,
}) => {
  // A browser that refuses clipboard writes, as one without the permission does.
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    });
  });
  const page = await ctx.newPage();
  try {
    const id = await seededTrackId(page.request);
    await page.goto(`/audio/${id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog).toBeVisible();
    const link = dialog.getByLabel('Link');
    await expect(link).toHaveValue(new RegExp(`^http://[^/]+/audio/${id}$`));

    // Start at 0:12: the link carries ?t=12; a bad time says so and keeps the plain link.
    await dialog.getByLabel('Start time (m:ss)').fill('0:12');
    await expect(dialog.getByLabel('Start at')).toBeChecked();
    await expect(link).toHaveValue(new RegExp(`/audio/${id}\\?t=12$`));
    await dialog.getByLabel('Start time (m:ss)').fill('9:99');
    await expect(dialog.getByRole('alert')).toHaveText('Enter a time as m:ss');
    await expect(link).toHaveValue(new RegExp(`/audio/${id}$`));
    await dialog.getByLabel('Start time (m:ss)').fill('0:12');

    // Copy link refused: no error toast, the link is selected for Ctrl+C.
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(dialog.getByTestId('copy-by-hand')).toBeVisible();
    await expect(link).toBeFocused();
    const selected = await link.evaluate((el: HTMLInputElement) =>
      el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
    );
    expect(selected).toMatch(new RegExp(`/audio/${id}\\?t=12$`));
    await expect(page.getByText('Link copied to clipboard!')).toHaveCount(0);

    // Embed: sizes change the code and the live preview.
    const code = dialog.getByLabel('Embed code');
    await expect(code).toHaveValue(/width="480" height="152"/);
    const preview = dialog.locator('iframe');
    await expect(preview).toHaveAttribute('width', '480');
    await dialog.getByText('Large 640×152').click();
    await expect(code).toHaveValue(/width="640" height="152"/);
    await expect(preview).toHaveAttribute('width', '640');
    const frame = page.frameLocator('[data-testid="share-dialog"] iframe');
    await expect(frame.getByText('Morning Meditation').first()).toBeVisible();

    // "Start at 0:12" (still on) goes into the embed too: the code and the preview carry ?t=12, and
    // the embedded player starts there (its clock, driven by the audio's position, reads 0:12 on).
    await expect(code).toHaveValue(new RegExp(`src="http://[^"]+/embed/track/${id}\\?t=12"`));
    await expect(preview).toHaveAttribute('src', `/embed/track/${id}?t=12`);
    await expect(frame.locator('.time')).toHaveText(/^0:12 \//);
    await frame.getByRole('button', { name: 'Play' }).click();
    await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect
      .poll(async () => {
        const [m, s] = ((await frame.locator('.time').textContent()) ?? '').split(' / ')[0].split(':').map(Number);
        return m * 60 + s;
      })
      .toBeGreaterThanOrEqual(13);
    await frame.getByRole('button', { name: 'Pause' }).click();
    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(code).toBeFocused();
    expect(await code.evaluate((el: HTMLTextAreaElement) => el.selectionEnd - el.selectionStart)).toBe(
      (await code.inputValue()).length,
    );

    // Escape closes it; focus returns to Share.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share' })).toBeFocused();
  } finally {
    await ctx.close();
  }
});

test('with clipboard permission, Copy link writes the link and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await seededTrackId(page.request);
  await page.goto(`/audio/${id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/audio/${id}$`));
});
