import fs from 'node:fs';
import type { APIRequestContext, Browser, Page, WebSocket } from '@playwright/test';
import { adminPage, uniqueEmail } from './support/accounts';
import { ffmpegFile } from './support/media';
import { expect, test } from './support/test';

/** A few seconds of audio for a track of this spec's own (reporting a demo track would hide it from other specs). */
/** 12 s, so that specs playing the newest uploads (player.spec) can seek into it. */
function makeMp3(): string {
  return ffmpegFile('wavecast-e2e-admin-12s.mp3', [
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=12',
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '32k',
  ]);
}

async function person(browser: Browser, name: string, accountType: 'listener' | 'creator' = 'listener') {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const password = 'correct-horse-battery';
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name, accountType } });
  expect(res.ok()).toBe(true);
  const id = (await res.json()).user.id as string;
  return { page, email, password, id };
}

async function uploadTrack(request: APIRequestContext, title: string): Promise<string> {
  const upload = await request.post('/api/tracks', {
    multipart: {
      title,
      category: 'Music',
      audio: { name: 'admin.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(makeMp3()) },
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

/**
 * The page's realtime sockets as they open. `lastClosed` waits for the newest one to close: an
 * earlier one may be a page's attempt cut short by navigation (never opened, so never 'closed').
 */
function socketsOf(page: Page) {
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().endsWith('/api/ws')) sockets.push(ws);
  });
  return {
    lastClosed: () => {
      const ws = sockets.at(-1);
      if (!ws) throw new Error('no realtime socket opened');
      return ws.isClosed() ? Promise.resolve() : new Promise<void>((r) => ws.on('close', () => r()));
    },
  };
}

test("a suspended user's open session stops at once: the next API call is 401 and the socket closes", async ({
  browser,
}) => {
  const user = await person(browser, 'Soon Suspended');
  const sockets = socketsOf(user.page);
  await user.page.goto('/');
  await expect(user.page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');
  expect((await user.page.request.get('/api/me/profile')).status()).toBe(200);

  const admin = await adminPage(browser);
  try {
    const res = await admin.page.request.post(`/api/admin/users/${user.id}/suspend`);
    expect(res.status()).toBe(200);
    await sockets.lastClosed();
    expect((await user.page.request.get('/api/me/profile')).status()).toBe(401);
    const again = await user.page.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
    });
    expect(again.status()).toBe(403);
    expect(JSON.stringify(await again.json())).toContain('This account has been suspended.');

    // Restored from the panel: the Users tab, filtered by status.
    await admin.page.goto('/admin/users');
    await admin.page.getByLabel('Filter by status').selectOption('suspended');
    await admin.page.getByLabel('Search users by name or email').fill(user.email);
    const row = admin.page.getByTestId('admin-user').filter({ hasText: user.email });
    await expect(row).toContainText('Suspended');
    await row.getByRole('button', { name: 'Restore' }).click();
    await expect(admin.page.getByText('User restored')).toBeVisible();
    const back = await user.page.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
    });
    expect(back.ok()).toBe(true);
  } finally {
    await admin.close();
  }
});

test('a listener reports a track; an admin removes it; its creator appeals; the admin restores it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const creator = await person(browser, 'Reported Creator', 'creator');
  const title = `Questionable ${Date.now().toString(36)}`;
  const trackId = await uploadTrack(creator.page.request, title);

  // The listener reports it from the track page's More menu.
  const listener = await person(browser, 'Careful Listener');
  await listener.page.goto(`/audio/${trackId}`);
  await listener.page.getByRole('button', { name: 'More' }).click();
  await listener.page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = listener.page.getByRole('dialog', { name: 'Report this track' });
  await dialog.getByLabel('Reason').selectOption('copyright');
  await dialog.getByLabel('Details (optional)').fill('This is my song');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(listener.page.getByText('Thanks. Our team will review your report.')).toBeVisible();

  // The admin sees the overview, then the report in the queue, and removes the track.
  const admin = await adminPage(browser);
  try {
    await admin.page.goto('/admin');
    await expect(admin.page).toHaveURL(/\/admin\/overview$/);
    await expect(admin.page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(admin.page.getByTestId('overview-stat').filter({ hasText: 'Accounts' })).toBeVisible();
    await admin.page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Reports' }).click();
    const card = admin.page.getByTestId('report-group').filter({ hasText: title });
    await expect(card).toContainText('Moderate');
    await expect(card).toContainText('This is my song');
    await card.getByRole('button', { name: 'Remove content' }).click();
    await expect(admin.page.getByText('Content removed')).toBeVisible();
    await expect(card).toHaveCount(0);

    // Gone for the public.
    expect((await listener.page.request.get(`/api/tracks/${trackId}`)).status()).toBe(404);

    // The creator gets the notice and appeals.
    await creator.page.goto('/moderation');
    const removal = creator.page.getByTestId('removal').filter({ hasText: title });
    await expect(removal).toContainText('Copyrighted audio without the rights');
    await removal.getByLabel(/Why should it be restored/).fill('I wrote and recorded it myself.');
    await removal.getByRole('button', { name: 'Send appeal' }).click();
    await expect(creator.page.getByText('Appeal sent. An admin will review it.')).toBeVisible();
    await expect(removal).toContainText('Appeal sent');
    const notes = await (await creator.page.request.get('/api/notifications')).json();
    expect(JSON.stringify(notes)).toContain('was removed for breaking the Community Guidelines');

    // The admin restores it from the appeals.
    await admin.page.reload();
    const appeal = admin.page.getByTestId('appeal').filter({ hasText: title });
    await expect(appeal).toContainText('I wrote and recorded it myself.');
    await appeal.getByRole('button', { name: 'Restore' }).click();
    await expect(admin.page.getByText('Content restored')).toBeVisible();
    expect((await listener.page.request.get(`/api/tracks/${trackId}`)).status()).toBe(200);

    // Each action is in the audit log.
    await admin.page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await admin.page.getByLabel('Target id').fill(trackId);
    await expect(admin.page.getByTestId('audit-entry')).toHaveCount(2);
  } finally {
    await admin.close();
  }
});
