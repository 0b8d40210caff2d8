/**
 * A listener's live page in headless Chromium, for the scale-out test: what its player says, with
 * the time each text appeared (stamped in the page, so a short-lived text is not missed between two
 * polls), and how far its audio element has played.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { findChromium } from '../../../../scripts/find-chromium.mjs';

export interface PlayerText {
  text: string;
  /** Date.now() in the page (the same machine clock as the test's). */
  at: number;
}

export interface ListenerPage {
  page: Page;
  /** Every text the player's state line showed, in order. */
  texts(): Promise<PlayerText[]>;
  /** The audio element's position (s). */
  currentTime(): Promise<number>;
  close(): Promise<void>;
}

const STATE = '[data-testid=live-player-state]';

// Runs in the page before its scripts: stamps each change of the player's state line.
const WATCH_STATE = `
  window.__playerTexts = [];
  new MutationObserver(() => {
    const el = document.querySelector(${JSON.stringify(STATE)});
    const text = el ? el.textContent : null;
    const seen = window.__playerTexts;
    if (text !== null && (seen.length === 0 || seen[seen.length - 1].text !== text)) {
      seen.push({ text, at: Date.now() });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

export async function openListenerPage(url: string): Promise<ListenerPage> {
  const browser: Browser = await chromium.launch({
    executablePath: findChromium(),
    // As e2e/support/live-browser.ts: the page plays by itself, nothing else runs in the background.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.addInitScript({ content: WATCH_STATE });
    await page.goto(url);
    return {
      page,
      texts: async () => (await page.evaluate('window.__playerTexts')) as PlayerText[],
      currentTime: () =>
        page.locator('[data-testid=live-audio]').evaluate((audio: { currentTime: number }) => audio.currentTime),
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}
