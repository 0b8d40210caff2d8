import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';

test('a file over the server limit is refused in the browser, and nothing is sent', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-upload-limit-'));
  try {
    // 105 MB without writing 105 MB: a sparse file.
    const big = path.join(dir, 'long-mix.mp3');
    fs.closeSync(fs.openSync(big, 'w'));
    fs.truncateSync(big, 105 * 1024 * 1024);

    await page.goto('/');
    const res = await page.request.post('/api/auth/sign-up/email', {
      data: {
        email: `limits-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`,
        password: 'upload-password-1',
        name: 'Lim Its',
        accountType: 'creator',
      },
    });
    expect(res.ok()).toBe(true);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/tracks') uploads.push(r.url());
    });

    await page.goto('/creator/upload');
    await page.getByLabel('Audio file').setInputFiles(big);
    await expect(page.getByText('The audio file is larger than the 100 MB limit.')).toBeVisible();
    await expect(page.getByTestId('audio-file-name')).toHaveCount(0);

    // Chapter times: seconds 0–59 only.
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await page.getByLabel('Chapter 1 start time (m:ss)').fill('9:99');
    await expect(page.getByText('Use m:ss')).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill('Too long a mix');
    await page.getByRole('button', { name: 'Upload Audio' }).click();
    await expect(page.getByText('Audio file is required')).toBeVisible();
    expect(uploads).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
