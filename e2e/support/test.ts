import { test as base } from '@playwright/test';
import { server } from './server';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, pointed at this worker's own server (see ./server.ts): pages, contexts made
 * from `browser` and `request` all resolve relative URLs there. Specs import `test` from here.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => use(server.baseURL),
});
