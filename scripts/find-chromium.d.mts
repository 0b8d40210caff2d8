/** A Chromium or Chrome binary (CHROME_PATH, the system's, Playwright's), installing one if it can. */
export function findChromium(): string;
