import { baseURL, useLiveBrowser, watchForLostConnection } from './support/live-browser';
import { expect, test } from './support/test';
import { RECORDING_READY_MS, scaled } from './support/timeouts';

// A host with a fake microphone (a generated tone) and a listener: what the chat shows, and how a normal End Stream reads.
const { person } = useLiveBrowser();

test('the chat marks the host and says the stream is recorded; End Stream reads as a normal end', async () => {
  test.setTimeout(scaled(180_000));
  const host = await person('Hana Host', 'creator');
  const creator = host.page;
  await host.ctx.grantPermissions(['microphone'], { origin: baseURL });
  // A normal end never reads as a lost connection (watched from every load of the page on).
  const expectNoLostConnection = await watchForLostConnection(creator);

  // The publisher's ingest socket, to know when the server has closed it.
  let ingestClosed: Promise<void> | null = null;
  creator.on('websocket', (ws) => {
    if (ws.url().endsWith('/ingest')) ingestClosed = new Promise((resolve) => ws.on('close', () => resolve()));
  });
  await creator.goto('/creator/live');
  await creator.getByLabel('Stream Title').fill('Host Corner');
  await creator.getByLabel('Category').selectOption('Talk Shows');
  // Permission is granted up front: Go Live is ready once the page has read it.
  const goLive = creator.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled();
  await goLive.click();
  await expect(creator.getByText('You are now live!')).toBeVisible({ timeout: scaled(20_000) });
  const href = await creator.getByRole('link', { name: 'Open your stream page' }).getAttribute('href');
  const streamId = (href ?? '').split('/').pop() as string;
  await expect(creator.getByTestId('chat-recording-notice')).toContainText('This stream is recorded');

  const guest = await person('Gus Guest', 'listener');
  const listener = guest.page;
  await listener.goto(`/live/${streamId}`);
  await expect(listener.getByRole('heading', { name: 'Host Corner' })).toBeVisible();
  await expect(listener.getByTestId('chat-recording-notice')).toContainText(
    'Chat messages may be kept with the recording as comments.',
  );

  await creator.getByLabel('Chat message').fill('Welcome to the corner');
  await creator.getByRole('button', { name: 'Send' }).click();
  await listener.getByLabel('Chat message').fill('Glad to be here');
  await listener.getByRole('button', { name: 'Send' }).click();
  const messages = listener.getByTestId('chat-messages').getByRole('listitem');
  const fromHost = messages.filter({ hasText: 'Welcome to the corner' });
  const fromGuest = messages.filter({ hasText: 'Glad to be here' });
  await expect(fromHost.getByText('Host', { exact: true })).toBeVisible();
  await expect(fromGuest).toBeVisible();
  await expect(fromGuest.getByText('Host', { exact: true })).toHaveCount(0);
  // Reloaded, from the history: the same.
  await listener.reload();
  await expect(
    listener
      .getByTestId('chat-messages')
      .getByRole('listitem')
      .filter({ hasText: 'Welcome to the corner' })
      .getByText('Host', { exact: true }),
  ).toBeVisible();

  // End Stream: the server closes the ingest socket while it answers. Its answer reaches the page
  // only after that close did, the order that used to add a 'connection lost' error.
  await creator.route(`**/api/live/${streamId}/end`, async (route) => {
    const response = await route.fetch();
    await ingestClosed;
    await new Promise((r) => setTimeout(r, 300)); // let the page handle the close first
    await route.fulfill({ response });
  });
  await creator.getByRole('button', { name: 'End Stream' }).click();
  await expect(creator.getByText('Stream ended successfully')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Go Live' })).toBeVisible();
  // By the time the recording is saved the server has long closed the ingest socket.
  await expect(creator.getByTestId('recording-status')).toContainText('saved as a private draft', {
    timeout: RECORDING_READY_MS,
  });
  await expectNoLostConnection();

  await Promise.allSettled([host.ctx.close(), guest.ctx.close()]);
});
