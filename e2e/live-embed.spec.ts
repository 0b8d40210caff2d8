import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseURL, useLiveBrowser } from './support/live-browser';
import { expect, test } from './support/test';
import { scaled } from './support/timeouts';

// Issue 34: another site embeds a live stream (/embed/live/:id). The frame plays the broadcast
// (a browser publisher with a fake microphone) with the site's live engine, shows the title,
// creator and on-air state, and says "Offline" once the broadcast ends.
const { person } = useLiveBrowser();

/** A page on another origin (a blog) that frames the live player. */
async function otherSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

test('a live stream embedded on another site plays in the frame, and the frame says Offline after the end', async () => {
  test.setTimeout(scaled(150_000));
  const host = await person('Elsa Embed', 'creator');
  const creator = host.page;
  await host.ctx.grantPermissions(['microphone'], { origin: baseURL });
  await creator.goto('/creator/live');
  await creator.getByLabel('Stream Title').fill('Harbour Radio');
  await creator.getByLabel('Category').selectOption('Music');
  const goLive = creator.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled();
  await goLive.click();
  await expect(creator.getByText('You are now live!')).toBeVisible({ timeout: scaled(20_000) });
  const href = await creator.getByRole('link', { name: 'Open your stream page' }).getAttribute('href');
  const streamId = (href ?? '').split('/').pop() as string;

  // The stream page tells other sites where its oEmbed is, and that answers with the live frame.
  const pageHtml = await (await creator.request.get(`/live/${streamId}`)).text();
  expect(pageHtml).toContain('type="application/json+oembed"');
  const oembed = await (
    await creator.request.get(`/api/oembed?format=json&url=${encodeURIComponent(`${baseURL}/live/${streamId}`)}`)
  ).json();
  expect(oembed.html).toContain(`${baseURL}/embed/live/${streamId}`);

  const site = await otherSite(`<!doctype html><html><body>
    <h1>Harbour blog</h1>
    ${oembed.html.replace('loading="lazy"', '').replace('<iframe ', '<iframe id="live" ')}
  </body></html>`);
  try {
    const guest = await person('Ivo Visitor', 'listener');
    const visitor = guest.page;
    await visitor.goto(site.url);
    const frame = visitor.frameLocator('#live');
    await expect(frame.getByRole('link', { name: 'Harbour Radio' })).toBeVisible({ timeout: scaled(15_000) });
    await expect(frame.getByText('Elsa Embed')).toBeVisible();
    await expect(frame.getByText('Live', { exact: true })).toBeVisible();

    await frame.getByRole('button', { name: 'Listen live' }).click();
    await expect(frame.getByText('Listening live')).toBeVisible({ timeout: scaled(20_000) });
    await expect(frame.getByRole('button', { name: 'Stop listening' })).toBeVisible();
    const audio = frame.locator('audio');
    await expect(audio).toHaveAttribute('data-engine', 'mse');

    // It plays: currentTime advances with the clock, and what plays is the tone, not silence.
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: scaled(15_000) })
      .toBeGreaterThan(0);
    const t1 = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    await expect
      .poll(async () => (await audio.evaluate((a: HTMLAudioElement) => a.currentTime)) - t1, {
        timeout: scaled(15_000),
      })
      .toBeGreaterThan(1.5);
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

    // The broadcast ends: the frame notices on its next look (every 10 s) and says so.
    await creator.getByRole('button', { name: 'End Stream' }).click();
    await expect(frame.getByText('Offline', { exact: true })).toBeVisible({ timeout: scaled(30_000) });
    await expect(frame.getByText('The broadcast has ended')).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Listen live' })).toBeDisabled();
  } finally {
    await site.close();
  }
});
