import { withoutMseWebm } from './support/hls';
import { baseURL, useLiveBrowser } from './support/live-browser';
import { expect, test } from './support/test';
import { scaled } from './support/timeouts';

// A browser without MSE WebM/Opus (and without native HLS, as Chromium on Linux): the listener is
// served the LL-HLS packaging of the broadcast through hls.js.
const { person } = useLiveBrowser();

test('a listener without MSE WebM hears the live stream over HLS through hls.js', async () => {
  test.setTimeout(scaled(120_000));
  const host = await person('Hugo HLS', 'creator');
  const creator = host.page;
  await host.ctx.grantPermissions(['microphone'], { origin: baseURL });
  await creator.goto('/creator/live');
  await creator.getByLabel('Stream Title').fill('Fallback Hour');
  await creator.getByLabel('Category').selectOption('Music');
  const goLive = creator.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled();
  await goLive.click();
  await expect(creator.getByText('You are now live!')).toBeVisible({ timeout: scaled(20_000) });
  const href = await creator.getByRole('link', { name: 'Open your stream page' }).getAttribute('href');
  const streamId = (href ?? '').split('/').pop() as string;

  const guest = await person('Lena Listener', 'listener');
  const listener = guest.page;
  await withoutMseWebm(listener);
  await listener.addInitScript(() => {
    // Every stall of the element, counted (media events do not bubble: caught on the way down).
    const w = window as unknown as { __stalls: number };
    w.__stalls = 0;
    document.addEventListener('waiting', () => w.__stalls++, true);
  });
  const hlsRequests: string[] = [];
  listener.on('request', (r) => {
    if (r.url().includes(`/api/live/${streamId}/`)) hlsRequests.push(new URL(r.url()).pathname);
  });
  await listener.goto(`/live/${streamId}`);
  await expect(listener.getByRole('heading', { name: 'Fallback Hour' })).toBeVisible();
  await expect(listener.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: scaled(20_000) });
  const audio = listener.getByTestId('live-audio');
  await expect(audio).toHaveAttribute('data-engine', 'hls.js');

  // It plays on: three seconds of the broadcast pass on its media clock, and its position never goes
  // back (a player starved never gets there, one stuck in a loop goes back). How long that takes in
  // wall time depends on the machine: a loaded one stalls the element for a while, and the player then
  // catches up by rate instead of jumping ahead (ADR 0042), so the wait is for the condition.
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: scaled(10_000) })
    .toBeGreaterThan(0);
  const t1 = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  const stallsBefore = await listener.evaluate(() => (window as unknown as { __stalls: number }).__stalls);
  const started = Date.now();
  let last = t1;
  let wentBack = 0;
  await expect
    .poll(
      async () => {
        const t = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
        if (t < last - 0.05) wentBack++;
        last = t;
        return t - t1;
      },
      { timeout: scaled(20_000), intervals: [200] },
    )
    .toBeGreaterThan(3);
  const stalls = (await listener.evaluate(() => (window as unknown as { __stalls: number }).__stalls)) - stallsBefore;
  const played = `played 3 s in ${((Date.now() - started) / 1000).toFixed(2)} s, ${stalls} stalls`;
  test.info().annotations.push({ type: 'hls', description: played });
  console.log(`hls: ${played}`);
  expect(wentBack).toBe(0);
  const level = await audio.evaluate(async (a: HTMLAudioElement) => {
    const ctx = new AudioContext();
    await ctx.resume();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 2048;
    ctx.createMediaElementSource(a).connect(analyser);
    analyser.connect(ctx.destination);
    const data = new Float32Array(analyser.fftSize);
    let max = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 50));
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += v * v;
      max = Math.max(max, Math.sqrt(sum / data.length));
    }
    return max;
  });
  expect(level).toBeGreaterThan(0.01);

  // Only HLS was fetched (the playlist and parts), never the endless WebM.
  expect(hlsRequests.some((p) => p.endsWith('/hls/index.m3u8'))).toBe(true);
  expect(hlsRequests.some((p) => /\/hls\/r[0-9a-f]{8}\/p\d+\.\d+\.m4s$/.test(p))).toBe(true);
  expect(hlsRequests.some((p) => p.endsWith('/stream'))).toBe(false);
  // Close to the live edge: LL-HLS holds back ~1 s behind the newest part; a player that a loaded
  // machine stalled further behind works its way back by playing up to 10 % faster (it jumps only
  // 8 s behind, ADR 0042), so it gets there within a while.
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.buffered.end(a.buffered.length - 1) - a.currentTime), {
      timeout: scaled(40_000),
      intervals: [500],
    })
    .toBeLessThan(2);

  await creator.getByRole('button', { name: 'End Stream' }).click();
  await expect(listener.getByText('This stream has ended')).toBeVisible({ timeout: scaled(15_000) });
});
