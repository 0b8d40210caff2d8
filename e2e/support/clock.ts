import { type APIRequestContext, expect } from '@playwright/test';
import { server } from './server';

/**
 * Moves this worker's server clock (TEST_CLOCK=1) and its fake Stripe's together, and answers the
 * server's new time (epoch ms). Moving both keeps a payment made after the move dated after it: with
 * the fake on real time, a commission paid after another spec moved the clock a month looked a
 * month old (and already payable) to the server.
 */
export async function moveClock(request: APIRequestContext, advanceMs: number): Promise<number> {
  const res = await request.post(`${server.baseURL}/api/test/clock`, {
    data: { advanceMs },
    headers: { origin: server.baseURL },
  });
  expect(res.ok()).toBe(true);
  const fake = await request.post(`http://localhost:${server.port + 2}/_test/clock`, { data: { advanceMs } });
  expect(fake.ok()).toBe(true);
  return Date.parse((await res.json()).now);
}
