import type { WebSocket } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { expect, test } from './support/test';

// Issue 31: Settings → Security lists the signed-in devices; signing one out ends it everywhere,
// its realtime socket included.

test('signing out another device closes its socket and signs it out', async ({ browser }) => {
  const email = uniqueEmail('devices');
  const password = 'devices-secret-1';
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const mine = await first.newPage();
    await mine.goto('/');
    const up = await first.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Dev' } });
    expect(up.ok()).toBe(true);

    const other = await second.newPage();
    await other.goto('/');
    const signIn = await second.request.post('/api/auth/sign-in/email', { data: { email, password } });
    expect(signIn.ok()).toBe(true);

    // The anonymous page goes first, its socket with it: on a busy machine that page can boot (and
    // open its socket) after the sign-in, and its socket's close is not always reported.
    await other.goto('about:blank');
    // The second device's page opens its signed-in socket (the one still open once the bell is live).
    const sockets: WebSocket[] = [];
    other.on('websocket', (ws) => {
      if (ws.url().endsWith('/api/ws')) sockets.push(ws);
    });
    await other.goto('/');
    await expect(other.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');
    // The previous page's anonymous socket may still be closing: wait until one is left (a generous
    // ceiling: with the CPU taken by other work its close took over 10 s).
    const stillOpen = () => sockets.filter((ws) => !ws.isClosed());
    await expect.poll(() => stillOpen().length, { timeout: 30_000 }).toBe(1);
    const open = stillOpen();
    let closedAt = 0;
    const socketClosed = new Promise<void>((resolve) =>
      open[0].on('close', () => {
        closedAt = Date.now();
        resolve();
      }),
    );

    await mine.goto('/settings');
    await mine.getByRole('tab', { name: 'Security' }).click();
    const list = mine.getByRole('list', { name: 'Signed-in devices' });
    await expect(list.getByTestId('signed-in-device')).toHaveCount(2);
    await expect(list.getByText('This device')).toHaveCount(1);
    await expect(mine.getByRole('button', { name: 'Sign out all other devices' })).toBeVisible();

    // The only device offered a Sign out button is the other one.
    const signOut = list.getByRole('button', { name: /^Sign out / });
    await expect(signOut).toHaveCount(1);
    const clickedAt = Date.now();
    await signOut.click();
    await expect(mine.getByText('Device signed out.')).toBeVisible();
    await expect(list.getByTestId('signed-in-device')).toHaveCount(1);
    await expect(mine.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);

    await socketClosed;
    expect(open[0].isClosed()).toBe(true);
    expect(closedAt).toBeGreaterThanOrEqual(clickedAt);
    // The signed-out page follows at once, without a navigation (the socket's close code says why).
    await expect(other.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await other.goto('/settings');
    await expect(other).toHaveURL(/\/login$/);
    expect((await (await second.request.get('/api/me')).json()).user).toBeNull();

    // This device is still signed in.
    await mine.reload();
    await expect(mine.getByRole('button', { name: 'Account menu' })).toBeVisible();
  } finally {
    await first.close();
    await second.close();
  }
});
