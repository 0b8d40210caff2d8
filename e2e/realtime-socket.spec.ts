import { expect, test } from './support/test';

test('a signed-in page load opens one realtime socket, with no console error about it', async ({ page }) => {
  const email = `socket-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct-horse-battery', name: 'Sol' },
  });
  expect(res.ok()).toBeTruthy();

  const sockets: string[] = [];
  const errors: string[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().endsWith('/api/ws')) sockets.push(ws.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });

  await page.goto('/');
  // The bell has joined the user's private topic: the session is known and the socket settled
  // (Home's live list listens on the public topic over the same socket).
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');
  expect(sockets).toHaveLength(1);
  expect(errors.filter((e) => e.includes('WebSocket'))).toEqual([]);
});
