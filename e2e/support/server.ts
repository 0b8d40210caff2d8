import path from 'node:path';

/** The first e2e server's port (E2E_PORT). Each server also uses the next four (OAuth, Stripe, ingest, SHOUTcast ingest). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Worker `index`'s server: its own port (10 apart) and its own data directory. */
export function e2eServer(index: number) {
  const port = BASE_PORT + 10 * index;
  return {
    port,
    baseURL: `http://localhost:${port}`,
    dataDir: path.resolve(import.meta.dirname, '..', '..', `.data-e2e-${port}`),
  };
}

/**
 * The server of this worker: Playwright numbers workers 0..workers-1 (TEST_PARALLEL_INDEX, kept by a
 * worker restarted after a failure) and playwright.config.ts starts one server per number.
 */
export const server = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
