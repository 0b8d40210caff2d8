import type { TAdvertiserOverview } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../../test/fake-stripe';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { bookTopUps } from './repo';

// Funding through billing's payment path: the advertiser's Checkout (a one-off payment or a
// marketing package bought as credit), paid by webhook into `payments`, booked into the ad balance
// once however often the webhook or the reads come.

let t: TestApp;
let fake: FakeStripe;
let advertiser: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fakeStripeEnv(fake));
  advertiser = await signUp(t, { role: 'advertiser' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { cookie: user.cookie, origin: t.ctx.config.PUBLIC_URL },
  });
const overview = async () => (await call(advertiser, 'GET', '/api/ads/advertiser')).json() as TAdvertiserOverview;
const lastSession = () =>
  [...fake.sessions.values()].at(-1) as Record<string, unknown> & { id: string; customer: string };
const webhook = (delivery: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload: delivery.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
  });

async function pay() {
  const session = lastSession();
  Object.assign(session, { status: 'complete', payment_status: 'paid' });
  const d = fake.delivery('checkout.session.completed', session, { created: t.ctx.clock.now() });
  expect((await webhook(d)).statusCode).toBe(200);
  expect((await webhook(d)).statusCode).toBe(200); // a redelivery
}

describe('ad balance top-ups through Checkout', () => {
  it('credits a paid top-up once, and a Starter package as $500 of credit', async () => {
    expect((await overview()).payingEnabled).toBe(true);
    const res = await call(advertiser, 'POST', '/api/ads/checkout', { amountCents: 2500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/checkout/`));
    expect(fake.calls('POST', '/v1/checkout/sessions').at(-1)?.body).toMatchObject({
      mode: 'payment',
      'metadata[purpose]': 'ad_topup',
      'line_items[0][price_data][unit_amount]': '2500',
    });
    await pay();
    const reads = await Promise.all([overview(), overview(), overview()]);
    expect(reads.at(-1)?.balanceMicros).toBe(25_000_000);
    expect(await bookTopUps(t.ctx.database.db)).toBe(0);

    const pkg = await call(advertiser, 'POST', '/api/ads/checkout', { package: 'starter' });
    expect(pkg.statusCode).toBe(200);
    expect(fake.calls('POST', '/v1/checkout/sessions').at(-1)?.body).toMatchObject({
      'line_items[0][price_data][unit_amount]': '50000',
    });
    await pay();
    const after = await overview();
    expect(after.balanceMicros).toBe(525_000_000);
    expect(
      after.ledger
        .filter((e) => e.kind === 'topup')
        .map((e) => e.amountMicros)
        .sort(),
    ).toEqual([25_000_000, 500_000_000]);
  });

  it('refuses top-ups below $10, unknown packages and non-advertisers', async () => {
    for (const body of [{ amountCents: 999 }, { amountCents: -5 }, { package: 'enterprise' }, {}]) {
      expect((await call(advertiser, 'POST', '/api/ads/checkout', body)).statusCode).toBe(400);
    }
    const listener = await signUp(t);
    expect((await call(listener, 'POST', '/api/ads/checkout', { amountCents: 5000 })).statusCode).toBe(403);
  });
});
