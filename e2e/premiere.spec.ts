import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { ffmpegFile } from './support/media';
import { listenForOnsets, onsetsOf } from './support/onsets';
import { expect, test } from './support/test';

// The beep detector is an AudioWorklet module from a blob: URL.
test.use({ bypassCSP: true });

/** Beeps of 1 kHz, 80 ms long, every 2 s, for 20 s. */
const beepTrack = () =>
  ffmpegFile('premiere-beeps-20s.mp3', [
    ...['-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=44100:duration=20'],
    ...['-af', "volume='if(lt(mod(t,2),0.08),0.9,0)':eval=frame"],
    ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '96k'],
  ]);

async function uploadReady(request: APIRequestContext, title: string): Promise<string> {
  const upload = await request.post('/api/tracks', {
    multipart: {
      title,
      category: 'Music',
      audio: { name: 'premiere.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(beepTrack()) },
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

const listenForBeeps = (page: Page) => listenForOnsets(page, '[data-testid="room-audio"]');

/** The app clock of the TEST_CLOCK server (epoch ms). */
const serverClock = async (request: APIRequestContext) =>
  Date.parse((await (await request.post('/api/test/clock', { data: { advanceMs: 0 } })).json()).now);

test('a premiere: countdown and waiting-room chat, everyone starts at the same instant, the chat kept as comments', async ({
  browser,
  page: creator,
}) => {
  test.setTimeout(240_000);
  await signUpApi(creator.request, 'Premiere Artist', { accountType: 'creator' });
  const trackId = await uploadReady(creator.request, 'First Light');

  // The creator schedules the premiere on the track page, 10 minutes ahead by the server's clock.
  const startsAt = new Date((await serverClock(creator.request)) + 10 * 60_000);
  startsAt.setSeconds(0, 0);
  await creator.goto(`/audio/${trackId}`);
  await creator.getByRole('button', { name: 'Schedule premiere' }).click();
  const local = new Date(startsAt.getTime() - startsAt.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await creator.getByLabel('Premiere time').fill(local);
  await creator.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(creator.getByTestId('premiere-countdown')).toContainText('Premieres in');

  // A listener finds the track hidden behind its countdown, and enters the waiting room.
  const fanCtx = await browser.newContext();
  const fan = await fanCtx.newPage();
  await signUpApi(fan.request, 'Early Fan');
  await fan.goto(`/audio/${trackId}`);
  await expect(fan.getByTestId('premiere-page')).toContainText('First Light');
  await expect(fan.getByTestId('premiere-countdown')).toContainText(/Premieres in\s*\d+:\d\d/);
  await fan.getByRole('link', { name: 'Enter the waiting room' }).click();
  await expect(fan).toHaveURL(/\/rooms\//);
  await expect(fan.getByTestId('room-members')).toContainText('Early Fan (you)', { timeout: 30_000 });
  await fan.getByLabel('Message', { exact: true }).fill('cannot wait');
  await fan.getByRole('button', { name: 'Send' }).click();
  await expect(fan.getByTestId('room-messages')).toContainText('cannot wait');

  await creator.getByRole('link', { name: 'Enter the waiting room' }).click();
  await expect(creator).toHaveURL(/\/rooms\//);
  await expect(creator.getByTestId('room-members')).toContainText('Premiere Artist (you)', { timeout: 30_000 });
  await expect(creator.getByTestId('premiere-countdown')).toBeVisible();
  await listenForBeeps(creator);
  await listenForBeeps(fan);

  // The clock moves to 8 s before the start: both pages count the last seconds down, then start together.
  const left = startsAt.getTime() - (await serverClock(creator.request));
  await creator.request.post('/api/test/clock', { data: { advanceMs: left - 8_000 } });
  await expect(fan.getByTestId('premiere-countdown')).toContainText(/0:0[1-8]/, { timeout: 15_000 });
  await expect.poll(async () => (await onsetsOf(fan)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(async () => (await onsetsOf(creator)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  // The fan's beeps after its first, each against the creator's nearest. A page still in its muted
  // pre-roll (ADR 0057) hears nothing yet: wait until two beeps were heard by both.
  const skews = async () => {
    const [a, b] = [await onsetsOf(creator), await onsetsOf(fan)];
    return b
      .slice(1)
      .map((t) => a.reduce((best, x) => (Math.abs(x - t) < Math.abs(best) ? x - t : best), Number.POSITIVE_INFINITY))
      .filter((d) => Math.abs(d) < 1000);
  };
  await expect.poll(async () => (await skews()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const pairs = await skews();
  console.log(`premiere skew ms: ${pairs.map((d) => d.toFixed(1)).join(', ')}`);

  await fan.getByLabel('Message', { exact: true }).fill('here it comes');
  await fan.getByRole('button', { name: 'Send' }).click();
  await expect(creator.getByTestId('room-messages')).toContainText('here it comes');

  // After the track's length it is a normal track, its premiere chat kept as timestamped comments.
  await creator.request.post('/api/test/clock', { data: { advanceMs: 25_000 } });
  await expect
    .poll(async () => (await (await fan.request.get(`/api/tracks/${trackId}/premiere`)).json()).status)
    .toBe('done');
  await expect(fan.getByTestId('room-closed')).toContainText('This room has closed');
  await fan.getByRole('link', { name: 'Listen to the track' }).click();
  await expect(fan.getByRole('heading', { name: 'First Light' })).toBeVisible();
  await expect(fan.getByText('cannot wait')).toBeVisible();
  await expect(fan.getByRole('button', { name: 'Play from 0:00' }).first()).toBeVisible();
  await expect(fan.getByText('here it comes')).toBeVisible();
  await fanCtx.close();

  // Both started from the same instant: the beeps they heard within 50 ms of each other.
  expect(pairs.length).toBeGreaterThanOrEqual(2);
  for (const d of pairs) expect(Math.abs(d)).toBeLessThanOrEqual(50);
});
