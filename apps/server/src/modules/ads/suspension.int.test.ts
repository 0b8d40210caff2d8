import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedDisplayCampaign } from '../../../test/seed-ad';
import { adBalances, adCampaigns } from '../../db/schema';
import { MemoryBus } from '../../realtime/bus';
import { servingState } from './serving-state';

// Issue 31: a suspended advertiser's campaigns stop serving on every process at once (two apps on
// one database and one bus stand for two processes) and their served ads are not charged; restored,
// they serve again.

const bus = new MemoryBus();
let a: TestApp;
let b: TestApp;
let admin: TestUser;

beforeAll(async () => {
  a = await createTestApp({ TEST_CLOCK: '1' }, { share: { bus } });
  b = await createTestApp({ TEST_CLOCK: '1' }, { share: { database: a.ctx.database, bus } });
  admin = await signUp(a, { role: 'admin' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await bus.close();
});

type Method = 'GET' | 'POST';
const call = (t: TestApp, cookie: string | null, method: Method, url: string) =>
  t.app.inject({ method, url, headers: { origin: t.ctx.config.PUBLIC_URL, ...(cookie ? { cookie } : {}) } });
/** An anonymous listener's first display ad (a new listener each time: no frequency cap). */
const serve = async (t: TestApp) =>
  (await call(t, null, 'GET', '/api/ads/serve?format=display&placement=home&size=300x250')).json().ad as {
    campaignId: string;
    tracking: { impression: string };
  } | null;
const relative = (t: TestApp, u: string) => u.replace(t.ctx.config.PUBLIC_URL, '');

async function eventually(check: () => Promise<void>, ms = 1_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** An active display campaign with a balance to pay for it; every process reloads its index, as approval makes them. */
async function activeCampaign(advertiser: TestUser, cpmMicros: number): Promise<string> {
  const id = await seedDisplayCampaign(a.ctx.database.db, advertiser.id, {
    at: a.ctx.clock.now(),
    cpmMicros,
    name: 'Suspended soon',
  });
  servingState(a.ctx).changed();
  servingState(b.ctx).changed();
  return id;
}
const impressions = async (id: string) =>
  (await a.ctx.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id)))[0].impressions;

describe('a suspended advertiser', () => {
  it('stops being served on both processes at once, and is served again once restored', async () => {
    const advertiser = await signUp(a, { role: 'advertiser' });
    const id = await activeCampaign(advertiser, 9_000_000);
    expect((await serve(a))?.campaignId).toBe(id);
    expect((await serve(b))?.campaignId).toBe(id);

    expect((await call(a, admin.cookie, 'POST', `/api/admin/users/${advertiser.id}/suspend`)).statusCode).toBe(200);
    expect(await serve(a)).toBeNull();
    await eventually(async () => expect(await serve(b)).toBeNull());

    expect((await call(a, admin.cookie, 'POST', `/api/admin/users/${advertiser.id}/restore`)).statusCode).toBe(200);
    expect((await serve(a))?.campaignId).toBe(id);
    await eventually(async () => expect((await serve(b))?.campaignId).toBe(id));
  });

  it('is not charged for an ad served before the suspension', async () => {
    const advertiser = await signUp(a, { role: 'advertiser' });
    const id = await activeCampaign(advertiser, 10_000_000); // the highest bid: chosen
    const ad = await serve(b);
    expect(ad?.campaignId).toBe(id);
    await servingState(b.ctx).serves.settled();
    expect((await call(a, admin.cookie, 'POST', `/api/admin/users/${advertiser.id}/suspend`)).statusCode).toBe(200);
    a.ctx.clock.advance(2_000);
    b.ctx.clock.advance(2_000);
    await call(b, null, 'GET', relative(b, ad?.tracking.impression ?? ''));
    expect(await impressions(id)).toBe(0);
    const [balance] = await a.ctx.database.db
      .select()
      .from(adBalances)
      .where(eq(adBalances.advertiserId, advertiser.id));
    expect(balance.balanceMicros).toBe(20_000_000);
  });
});
