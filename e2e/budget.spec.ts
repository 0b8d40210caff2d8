import { gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { expect, test } from './support/test';

// DESIGN.md §9: the home route's initial JavaScript stays within 150 KB gzipped. Measured as a
// first-time visitor's browser loads it: every script requested until React has taken over the
// server's first view (ADR 0022; hydrated since ADR 0052). Scripts requested after that are not
// what the home route needs to show itself (a toast's library, the player bar once something plays,
// a menu on first use): which of them come, and whether before the network is idle, depends on the
// machine's speed (a busy one counted 217 KB when "until the network is idle" was the measure).
// They are listed, not budgeted.
const BUDGET_BYTES = 150_000;

const gzipped = async (requests: Request[]) => {
  const sizes = await Promise.all(
    requests.map(async (r) => gzipSync((await (await r.response())?.body()) ?? '').length),
  );
  return requests.map((r, i) => ({ url: new URL(r.url()).pathname, bytes: sizes[i] }));
};

test('the home route loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const requested: Request[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') requested.push(r);
  });
  await page.goto('/');
  // React took over: the page's content is hydrated (the view is no longer inert, `.first-view` gone).
  await expect(page.locator('#root > .first-view')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('#root h1').first()).toBeVisible();
  const firstRender = requested.length;

  const scripts = await gzipped(requested.slice(0, firstRender));
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  const listing = scripts.map((s) => `${s.url} ${s.bytes}`).join('\n');
  console.log(`home route: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} KB gzipped`);
  await page.waitForLoadState('networkidle');
  const later = await gzipped(requested.slice(firstRender));
  if (later.length)
    console.log(
      `requested after the first render (not budgeted):\n${later.map((s) => `${s.url} ${s.bytes}`).join('\n')}`,
    );

  expect(scripts.length).toBeGreaterThan(1);
  expect(total, `the scripts of the first render (path, gzipped bytes):\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
});
