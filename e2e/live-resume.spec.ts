import { baseURL, LOST, useLiveBrowser, watchForLostConnection } from './support/live-browser';
import { expect, test } from './support/test';
import { RECORDING_READY_MS, scaled } from './support/timeouts';

// Go Live survives a reload: the host's page reloads mid-broadcast and resumes the same stream;
// a listener keeps playing through the gap on its one connection.
const { person } = useLiveBrowser();

test('Go Live reloaded mid-stream resumes; the listener keeps playing through it', async () => {
  test.setTimeout(scaled(240_000));
  const host = await person('Rhea Resume', 'creator');
  const creator = host.page;
  await host.ctx.grantPermissions(['microphone'], { origin: baseURL });
  // A normal end never reads as a lost connection (watched from every load of the page on).
  const expectNoLostConnection = await watchForLostConnection(creator);

  await creator.goto('/creator/live');
  await creator.getByLabel('Stream Title').fill('Resume Radio');
  await creator.getByLabel('Category').selectOption('Music');
  const goLive = creator.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled();
  await goLive.click();
  await expect(creator.getByText('You are now live!')).toBeVisible({ timeout: scaled(20_000) });
  const streamLink = creator.getByRole('link', { name: 'Open your stream page' });
  const streamId = ((await streamLink.getAttribute('href')) ?? '').split('/').pop() as string;
  expect(streamId).toMatch(/^[0-9a-f-]{36}$/);

  // A listener plays it, on one HTTP connection for the whole test.
  const guest = await person('Lena Listener', 'listener');
  const listener = guest.page;
  const streamRequests: string[] = [];
  listener.on('request', (r) => {
    if (r.url().includes(`/api/live/${streamId}/stream`)) streamRequests.push(r.url());
  });
  await listener.goto(`/live/${streamId}`);
  await expect(listener.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: scaled(15_000) });
  const audio = listener.getByTestId('live-audio');
  const currentTime = () => audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await expect.poll(currentTime, { timeout: scaled(10_000) }).toBeGreaterThan(1);

  // The host reloads: the page warns first (beforeunload while live), then reloads when confirmed.
  const dialogs: string[] = [];
  creator.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  const beforeReload = await currentTime();
  await creator.reload();
  test.info().annotations.push({ type: 'dialogs', description: dialogs.join(', ') || 'none' });

  // The offer: the stream's title, Resume and End stream.
  const offer = creator.getByTestId('resume-offer');
  await expect(offer.getByRole('heading', { name: 'Resume your live stream' })).toBeVisible();
  await expect(offer.getByTestId('resume-title')).toHaveText('Resume Radio');
  await expect(offer.getByRole('button', { name: 'End stream' })).toBeVisible();
  await offer.getByRole('button', { name: 'Resume' }).click();
  await expect(creator.getByText('You are live again!')).toBeVisible({ timeout: scaled(20_000) });
  await expect(offer).toHaveCount(0);
  await expect(creator.getByRole('button', { name: 'End Stream' })).toBeVisible();
  // The same stream: same id, its details back in the form, the duration counting from the start.
  expect(await streamLink.getAttribute('href')).toBe(`/live/${streamId}`);
  await expect(creator.getByLabel('Stream Title')).toHaveValue('Resume Radio');
  const resumedAt = await currentTime();

  // The listener plays on past the gap, still on its first connection, at the live edge.
  await expect.poll(currentTime, { timeout: scaled(15_000) }).toBeGreaterThan(resumedAt + 2);
  // At the live edge: what arrives in a burst after the gap, the player's rate control takes back
  // (+10 %: a few seconds of lag take tens of seconds; it jumps only 8 s behind, LIVE_PLAYER).
  const lag = () => audio.evaluate((a: HTMLAudioElement) => a.buffered.end(a.buffered.length - 1) - a.currentTime);
  await expect.poll(lag, { timeout: scaled(40_000) }).toBeLessThan(1.5);
  await expect(listener.getByTestId('live-player-state')).toHaveText('Listening live');
  expect(streamRequests).toHaveLength(1);
  test.info().annotations.push({
    type: 'listener',
    description: `currentTime ${beforeReload.toFixed(1)} s before the reload, ${(await currentTime()).toFixed(1)} s after`,
  });
  const live = await (await listener.request.get(`/api/live/${streamId}`)).json();
  expect(live).toMatchObject({ id: streamId, status: 'live' });

  // End Stream: a normal end, never a lost connection.
  await creator.getByRole('button', { name: 'End Stream' }).click();
  await expect(creator.getByText('Stream ended successfully')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Go Live' })).toBeVisible();
  await expect(listener.getByText('This stream has ended')).toBeVisible({ timeout: scaled(10_000) });
  // The recording holds the broadcast, before and after the reload.
  await expect(creator.getByTestId('recording-status')).toContainText('saved as a private draft', {
    timeout: RECORDING_READY_MS,
  });
  await expectNoLostConnection();
  // Back on the page, nothing is offered any more.
  await creator.reload();
  await expect(creator.getByRole('heading', { name: 'Go Live', level: 1 })).toBeVisible();
  await expect(creator.getByTestId('resume-offer')).toHaveCount(0);

  await Promise.allSettled([host.ctx.close(), guest.ctx.close()]);
});

test('the offer ends the stream normally with End stream', async () => {
  test.setTimeout(scaled(180_000));
  const host = await person('Ezra Ender', 'creator');
  const creator = host.page;
  await host.ctx.grantPermissions(['microphone'], { origin: baseURL });
  await creator.goto('/creator/live');
  await creator.getByLabel('Stream Title').fill('Short Show');
  await creator.getByLabel('Category').selectOption('News');
  await creator.getByRole('button', { name: 'Go Live' }).click();
  await expect(creator.getByText('You are now live!')).toBeVisible({ timeout: scaled(20_000) });
  const href = await creator.getByRole('link', { name: 'Open your stream page' }).getAttribute('href');
  const streamId = (href ?? '').split('/').pop() as string;
  // Two seconds on air first: a broadcast under half a second leaves no recording (and says so).
  const elapsed = async () => (await (await creator.request.get(`/api/live/${streamId}`)).json()).elapsedSeconds;
  await expect.poll(elapsed, { timeout: scaled(20_000) }).toBeGreaterThanOrEqual(2);

  // Closed and reopened (a new page: no beforeunload involved).
  await creator.close();
  const again = await host.ctx.newPage();
  await again.goto('/creator/live');
  const offer = again.getByTestId('resume-offer');
  await expect(offer.getByTestId('resume-title')).toHaveText('Short Show');
  await expect(offer.getByRole('timer')).toContainText(/ends in \d+ s/);
  await offer.getByRole('button', { name: 'End stream' }).click();
  await expect(again.getByText('Stream ended successfully')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(again.getByText(LOST)).toHaveCount(0);
  const ended = await (await again.request.get(`/api/live/${streamId}`)).json();
  expect(ended.status).toBe('ended');
  await expect(again.getByTestId('recording-status')).toContainText('saved as a private draft', {
    timeout: RECORDING_READY_MS,
  });

  await Promise.allSettled([host.ctx.close()]);
});
