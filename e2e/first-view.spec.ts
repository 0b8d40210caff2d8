import type { Browser, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { expect, test } from './support/test';
import { scaled } from './support/timeouts';
import { demoCatalogueProcessed } from './support/tracks';

// ADR 0022: a signed-out Home, a plain Explore, an audio page and a profile come with their first
// view rendered on the server (inert in #root), which React hydrates (ADR 0052). What the visitor
// sees must not change when React takes over: the page painted from the HTML alone (no JavaScript)
// and the page React rendered are compared pixel by pixel, on a phone and a desktop.

interface FirstViewPage {
  path: string;
  /** Micro-cached answers the first view is rendered from (the others the server asks for itself). */
  answers: string[];
  /** What the page loads after its first render (not in the first view): held back in both screenshots. */
  later?: RegExp;
}

const pages = (track: string, creator: string): FirstViewPage[] => [
  { path: '/', answers: ['/api/home'] },
  { path: '/explore', answers: ['/api/home', '/api/explore/tracks?sort=recent'] },
  { path: `/audio/${track}`, answers: [], later: /\/api\/tracks\/[^/]+\/(peaks|comments|transcript)/ },
  { path: `/profile/${creator}`, answers: [] },
];
const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];

/** Share of pixels that differ between two PNG screenshots (compared on a canvas in `page`). */
async function differingShare(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([x, y]) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.src = src;
        });
      const [i1, i2] = await Promise.all([load(x), load(y)]);
      const canvas = document.createElement('canvas');
      canvas.width = i1.width;
      canvas.height = i1.height;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.drawImage(i1, 0, 0);
      const d1 = g.getImageData(0, 0, canvas.width, canvas.height).data;
      g.clearRect(0, 0, canvas.width, canvas.height);
      g.drawImage(i2, 0, 0);
      const d2 = g.getImageData(0, 0, canvas.width, canvas.height).data;
      let differing = 0;
      for (let k = 0; k < d1.length; k += 4) {
        if (Math.abs(d1[k] - d2[k]) + Math.abs(d1[k + 1] - d2[k + 1]) + Math.abs(d1[k + 2] - d2[k + 2]) > 30)
          differing++;
      }
      return differing / (d1.length / 4);
    },
    [`data:image/png;base64,${a.toString('base64')}`, `data:image/png;base64,${b.toString('base64')}`],
  );
}

async function screenshot(
  browser: Browser,
  { path, later }: FirstViewPage,
  viewport: (typeof VIEWPORTS)[number],
  js: boolean,
) {
  const context = await browser.newContext({ viewport, javaScriptEnabled: js });
  // Never answered: the page stays as its first render left it (those parts loading).
  if (later) await context.route(later, () => {});
  const page = await context.newPage();
  await page.goto(path, { waitUntil: later ? 'load' : 'networkidle' });
  if (js) {
    // React's first render replaced the server's markup; the page is interactive (not inert).
    await expect(page.locator('.first-view')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // React's <img>s are new elements: on a slow machine an eager cover may not be painted yet.
    const eager = () => [...document.images].filter((i) => i.loading !== 'lazy');
    await page.waitForFunction(`(${eager})().every((i) => i.complete)`);
    await page.evaluate(`Promise.all((${eager})().map((i) => i.decode().catch(() => {})))`);
  } else {
    await expect(page.locator('.first-view[inert]')).toHaveCount(1);
  }
  const shot = await page.screenshot();
  await context.close();
  return shot;
}

test('signed-out Home, Explore, audio page and profile look the same before and after React takes over', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  // Every demo track processed: one turning ready between the two screenshots changes the page.
  await demoCatalogueProcessed(request);
  const [track] = (
    (await (await request.get('/api/home')).json()) as { recent: { id: string; creator: { id: string } }[] }
  ).recent;
  for (const view of pages(track.id, track.creator.id)) {
    const { path, answers } = view;
    for (const viewport of VIEWPORTS) {
      // The first view is rendered from the micro-cache's answers: ask for them first (a visitor has),
      // before each pair (the cache drops them when a track changes or they expire).
      await expect
        .poll(async () => {
          for (const url of answers) await request.get(url);
          return (await (await request.get(path)).text()).includes('class="first-view" inert');
        })
        .toBe(true);
      const before = await screenshot(browser, view, viewport, false);
      const after = await screenshot(browser, view, viewport, true);
      const share = await differingShare(page, before, after);
      expect(share, `${path} at ${viewport.width}px: ${(share * 100).toFixed(2)} % of pixels differ`).toBeLessThan(
        0.005,
      );
    }
  }
});

test('a signed-in visitor gets the plain shell, not the signed-out first view', async ({ request }) => {
  await request.get('/api/home');
  const html = await (
    await request.get('/', { headers: { cookie: 'better-auth.session_token=not-a-real-session' } })
  ).text();
  expect(html).not.toContain('first-view');
  expect(html).toContain('class="app-shell"');
});

test('a private profile, a missing track and a broken id get the plain shell, and nothing of the hidden page', async ({
  browser,
  request,
}) => {
  const owner = await browser.newContext();
  const name = `Hidden Creator ${Date.now().toString(36)}`;
  const id = await signUpApi(owner.request, name, { accountType: 'creator' });
  const privacy = await owner.request.put('/api/me/settings/privacy', {
    data: { profileVisibility: 'private', showEmail: false, showFollowers: true, allowMessages: true },
  });
  expect(privacy.ok()).toBe(true);
  await owner.close();

  for (const path of [
    `/profile/${id}`,
    '/audio/00000000-0000-4000-8000-000000000000',
    `/profile/${'x'.repeat(5000)}`,
    '/profile/%F0%9F%8E%B5',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).not.toContain('first-view');
    expect(html, path).toContain('class="app-shell"');
    expect(html, path).not.toContain(name);
  }
  // A NUL or a broken escape in the path is refused before any page: a clear 400, not a 500.
  for (const path of ['/audio/%00', '/audio/%E0%A4%A', '/profile/%ZZ'])
    expect((await request.get(path)).status(), path).toBe(400);
});

test('React hydrates the first view: the markup on screen is kept, with a player restored from storage too', async ({
  browser,
  request,
}) => {
  test.slow();
  await demoCatalogueProcessed(request);
  const [track] = (
    (await (await request.get('/api/home')).json()) as {
      recent: { id: string; creator: { id: string } }[];
    }
  ).recent;
  // A returning visitor whose player kept a track: the server's idle player differs from hers.
  const saved = ((await (await request.get(`/api/tracks/${track.id}`)).json()) as { track: { title: string } }).track;
  // Home is taken over but not held to keeping its markup: its lists come from a short-lived cache
  // while other workers upload and go live on the same server, and a list that changed between the
  // server's render and the browser's is rendered again (React's recovery), as it should be.
  for (const [path, answers, withPlayer, stable] of [
    ['/', ['/api/home'], false, false],
    [`/audio/${track.id}`, [], false, true],
    // With a player restored from storage: kept too. (The server's tree forks where the browser's
    // does, so React's useId gives the tabs the ids the server wrote: ADR 0059.)
    [`/profile/${track.creator.id}`, [], true, true],
    [`/profile/${track.creator.id}`, [], false, true],
  ] as const) {
    await expect
      .poll(async () => {
        for (const url of answers) await request.get(url);
        return (await (await request.get(path)).text()).includes('class="first-view" inert');
      })
      .toBe(true);
    const context = await browser.newContext();
    // The browser's clock is hours ahead of the server's: "5 minutes ago" must still hydrate as the
    // server wrote it (a first view is rendered at an instant of its own and served from a cache for
    // up to a minute after; lib/now.ts), then move on to the browser's time.
    await context.clock.setFixedTime(Date.now() + 3 * 3_600_000);
    if (withPlayer)
      await context.addInitScript(
        (value) => localStorage.setItem('wavecast.player.v1', value),
        JSON.stringify({ current: saved, queue: [], history: [], position: 12, volume: 0.5, muted: false, rate: 1 }),
      );
    // The server's heading, before any script ran (module scripts run after the document turns
    // "interactive"): React must keep this very element. Taken in the page, not raced from outside.
    // With it, the relative times the server wrote ("5 minutes ago").
    await context.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const w = window as unknown as { serverHeading: Element | null; serverTimes: string };
        w.serverHeading = document.querySelector('#root > .first-view[inert] h1');
        w.serverTimes = (document.getElementById('root')?.textContent ?? '').match(/\w+ \w+ ago/g)?.join() ?? '';
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path);
    await expect(page.locator('.first-view')).toHaveCount(0, { timeout: scaled(30_000) });
    await expect(page.locator('#root > .app-root:not([inert])')).toHaveCount(1);
    const kept = await page.evaluate(() => {
      const h1 = (window as unknown as { serverHeading: Element | null }).serverHeading;
      return !!h1 && h1.isConnected && h1 === document.querySelector('#root h1');
    });
    if (stable) expect(kept, `${path}: the server's <h1> is still the page's`).toBe(true);
    // The restored player shows right after hydration (the layout made room for it, its bar is up).
    if (withPlayer) await expect(page.getByTestId('player-title')).toHaveText(saved.title);
    if (stable) expect(errors, `${path}: no hydration error`).toEqual([]);
    // Hydrated, the times move on to the browser's clock (cards keep the server's text: ADR 0063).
    const times = () =>
      page.evaluate(() => ({
        server: (window as unknown as { serverTimes: string }).serverTimes,
        now: (document.getElementById('root')?.textContent ?? '').match(/\w+ \w+ ago/g)?.join() ?? '',
      }));
    const { server } = await times();
    if (stable && server && path.startsWith('/audio/'))
      await expect.poll(async () => (await times()).now).not.toBe(server);
    await context.close();
  }
});
