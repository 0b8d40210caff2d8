import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { server } from './server';
import { BROWSER_UA } from './user-agent';

/** This worker's server, for what the spec's own browser does (its contexts are not the fixtures'). */
export const baseURL = server.baseURL;

/** What the host's page says when a broadcast ended without End Stream; a normal end never shows it. */
export const LOST = 'the connection to the server was lost';

/**
 * Remembers whether LOST ever appeared on the page, from each load on (toasts vanish after 3 s);
 * the returned check asserts it never did.
 */
export async function watchForLostConnection(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript((needle) => {
    const w = window as unknown as { __seen?: boolean };
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(needle)) w.__seen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, LOST);
  return async () => {
    await expect(page.getByText(LOST)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __seen?: boolean }).__seen ?? false)).toBe(false);
  };
}

/**
 * A Chromium of the spec's own whose microphone is a generated tone (a warbling one: steady sines
 * are what noise suppression removes), launched before the spec's tests and closed after them.
 * `person` signs someone up in a context of it.
 */
export function useLiveBrowser() {
  let browser: Browser;
  let toneFile: string;
  // Other runs may share test-results/: traces of our own browser would be written there.
  test.use({ trace: 'off' });

  test.beforeAll(async () => {
    toneFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wc-live-e2e-')), 'tone.wav');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      "aevalsrc='0.6*sin(2*PI*(330+110*sin(2*PI*0.7*t))*t)*(0.55+0.45*sin(2*PI*2.5*t))':s=48000:d=60",
      '-ac',
      '1',
      toneFile,
    ]);
    browser = await chromium.launch({
      // A full Chromium (scripts/e2e.mjs): the headless shell refuses a granted microphone.
      executablePath: process.env.CHROME_FULL_PATH || process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${toneFile}`,
      ],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
    if (toneFile) fs.rmSync(path.dirname(toneFile), { recursive: true, force: true });
  });

  return {
    async person(
      name: string,
      accountType: 'creator' | 'listener',
      opts: { userAgent?: string } = {},
    ): Promise<{ ctx: BrowserContext; page: Page }> {
      // A person's browser (./user-agent.ts): this browser is launched here, without the config's `use`.
      const ctx = await browser.newContext({ baseURL, userAgent: BROWSER_UA, ...opts });
      const page = await ctx.newPage();
      const res = await page.request.post('/api/auth/sign-up/email', {
        data: {
          email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')),
          password: 'live-e2e-secret-pass',
          name,
          accountType,
        },
      });
      expect(res.ok()).toBe(true);
      return { ctx, page };
    },
  };
}
