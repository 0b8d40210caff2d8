import type { Page } from '@playwright/test';

/**
 * Makes the page a browser without MSE WebM/Opus and without native HLS (as Chromium on Linux is
 * for native HLS): the live player then takes hls.js on the LL-HLS packaging.
 */
export async function withoutMseWebm(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = MediaSource.isTypeSupported.bind(MediaSource);
    MediaSource.isTypeSupported = (type: string) => !/webm/i.test(type) && original(type);
    const canPlay = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlay.call(this, type);
    };
  });
}
