/**
 * The user agent of every e2e browser context (playwright.config.ts `use.userAgent`, and the live
 * specs' own browser): an ordinary desktop Chrome's. Headless Chromium says "HeadlessChrome", a bot
 * by the OPAWG list, and the server treats a bot as invalid traffic: its ad impressions are filtered
 * (ADR 0040) and its plays never count (ADR 0072). The e2e listeners stand for people, so they say
 * what a person's browser says; a spec that means a bot or a script says so itself (a context's own
 * `userAgent`, a request's `user-agent` header, or Node's `fetch`).
 */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
