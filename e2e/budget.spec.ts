import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// DESIGN.md §9: the home route's initial JavaScript stays within 150 KB gzipped. Measured as a
// first-time visitor's browser loads it: every script the page fetched until the network is idle.
const BUDGET_BYTES = 150_000;

test('the home route loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), res.body());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  let total = 0;
  for (const body of scripts.values()) total += gzipSync(await body).length;
  console.log(`home route: ${scripts.size} scripts, ${(total / 1000).toFixed(1)} KB gzipped`);
  expect(scripts.size).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
