import type { TCampaign, TServedAd } from '@wavecast/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedAudioCampaign } from '../../../test/seed-ad';
import { seedTrack } from '../../../test/seed-track';
import { adCampaigns, adLedger, adServes } from '../../db/schema';
import { eventsOf } from './repo';
import { adsService } from './service';
import { servingState } from './serving-state';

// Issue 32 (ADR 0040): impressions counted as VAST players report them, invalid traffic filtered
// before billing, and budgets reserved at serve time so bursts never serve what cannot be paid.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CURL = 'curl/8.5.0';
const PRICE = 5_000; // $5 CPM

let t: TestApp;
let creator: TestUser;
let track: string;
let clients = 0;

beforeAll(async () => {
  t = await createTestApp({
    TEST_CLOCK: '1',
    // Requests name their address (a proxy's header), so a data-centre range can be tested.
    TRUST_PROXY_HEADER: 'x-forwarded-for',
    ADS_DATACENTRE_CIDRS: '203.0.113.0/24, 2001:db8::/32',
  });
  creator = await signUp(t, { role: 'creator' });
  track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Song', category: 'Music' });
  // Timing rules of a few hundred ms: only `advance` moves time here, however busy the machine.
  t.ctx.clock.freeze();
});
afterAll(async () => {
  await t?.close();
});

/** A listener's device: an address, a user agent, and a cookie only when it keeps one. */
interface Client {
  ip: string;
  ua: string;
  cookie?: string;
}
/** A new browser on its own address (no cookie yet). */
const browser = (): Client => {
  clients++;
  return { ip: `198.51.100.${clients % 250}`, ua: `${BROWSER} client/${clients}` };
};
const headers = (c: Client) => ({
  origin: t.ctx.config.PUBLIC_URL,
  'user-agent': c.ua,
  'x-forwarded-for': c.ip,
  ...(c.cookie ? { cookie: c.cookie } : {}),
});

async function serve(c: Client): Promise<TServedAd | null> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ads/serve?format=audio&placement=preroll&trackId=${track}`,
    headers: headers(c),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ad;
}

/** A tracking URL fetched by this client, as a player or a script would. */
async function hit(c: Client, url: string) {
  const res = await t.app.inject({ method: 'GET', url: url.replace(t.ctx.config.PUBLIC_URL, ''), headers: headers(c) });
  return res.statusCode;
}

const advance = (ms: number) => t.ctx.clock.advance(ms);
const campaign = async (id: string) =>
  (await t.ctx.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id)))[0];
const outcomes = async (serveId: string) =>
  Object.fromEntries((await eventsOf(t.ctx.database.db, serveId)).map((e) => [e.event, e.outcome]));
const spendEntries = async (campaignId: string) =>
  t.ctx.database.db
    .select()
    .from(adLedger)
    .where(and(eq(adLedger.campaignId, campaignId), eq(adLedger.kind, 'spend')));

/** Only these campaigns serve (others from earlier tests paused); every index reloads. */
async function only(ids: string[]) {
  const db = t.ctx.database.db;
  for (const row of await db.select({ id: adCampaigns.id }).from(adCampaigns).where(eq(adCampaigns.status, 'active'))) {
    if (!ids.includes(row.id)) await db.update(adCampaigns).set({ status: 'paused' }).where(eq(adCampaigns.id, row.id));
  }
  servingState(t.ctx).changed();
}

/** A new advertiser's active audio campaign ($5 CPM unless told), the only one serving. */
async function launch(opts: { totalBudgetMicros?: number; dailyBudgetMicros?: number; balanceMicros?: number } = {}) {
  const advertiser = await signUp(t, { role: 'advertiser' });
  const id = await seedAudioCampaign(t.ctx.database.db, advertiser.id, {
    at: t.ctx.clock.now(),
    cpmMicros: 5_000_000,
    balanceMicros: opts.balanceMicros ?? 20_000_000,
    ...opts,
  });
  await only([id]);
  return { id, advertiser };
}

async function statsOf(advertiser: TestUser, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/ads/advertiser',
    headers: { origin: t.ctx.config.PUBLIC_URL, cookie: advertiser.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().campaigns as TCampaign[]).find((c) => c.id === id)?.stats;
}

describe('impressions as VAST players report them', () => {
  it('counts an impression fired at playback start (0.4 s), once per serve; a replayed or forged URL counts nothing', async () => {
    const { id } = await launch();
    const listener = browser();
    const ad = (await serve(listener)) as TServedAd;
    expect(ad.campaignId).toBe(id);
    advance(400);
    expect(await hit(listener, ad.tracking.impression)).toBe(204);
    expect(await outcomes(ad.id)).toEqual({ impression: 'counted' });
    // Replayed (by the player or anyone holding the URL): single-use, nothing more.
    for (let i = 0; i < 3; i++) expect(await hit(listener, ad.tracking.impression)).toBe(204);
    const forged = ad.tracking.impression.replace(/s=.*/, `s=${'A'.repeat(43)}`);
    expect(await hit(listener, forged)).toBe(403);
    const row = await campaign(id);
    expect(row.impressions).toBe(1);
    expect(row.spentMicros).toBe(PRICE);
    expect(await spendEntries(id)).toHaveLength(1);

    // An impression 10 ms after the serve came before the ad could have started: filtered, kept.
    const script = browser();
    const early = (await serve(script)) as TServedAd;
    advance(10);
    expect(await hit(script, early.tracking.impression)).toBe(204);
    advance(2_500);
    expect(await hit(script, early.tracking.impression)).toBe(204);
    expect(await outcomes(early.id)).toEqual({ impression: 'impossible-timing' });
    expect((await campaign(id)).impressions).toBe(1);
  });

  it('counts quartiles only after their impression, in order and in time', async () => {
    const { id, advertiser } = await launch();
    const [a, b, c, d] = [browser(), browser(), browser(), browser()];
    const [adA, adB, adC, adD] = [
      (await serve(a)) as TServedAd,
      (await serve(b)) as TServedAd,
      (await serve(c)) as TServedAd,
      (await serve(d)) as TServedAd,
    ];
    // A: `complete` before the impression (a scripted player): not counted, and single-use.
    expect(await hit(a, adA.tracking.complete)).toBe(204);
    advance(400);
    for (const [client, ad] of [
      [a, adA],
      [b, adB],
      [c, adC],
      [d, adD],
    ] as const) {
      expect(await hit(client, ad.tracking.impression)).toBe(204);
    }
    // C: every quartile at once, 0.4 s into a 20 s ad: faster than the ad allows.
    for (const e of ['firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const) await hit(c, adC.tracking[e]);
    advance(11_000);
    // B: midpoint before the first quartile (out of order), then the first (counted), then the
    // third without a counted midpoint (out of order).
    await hit(b, adB.tracking.midpoint);
    await hit(b, adB.tracking.firstQuartile);
    await hit(b, adB.tracking.thirdQuartile);
    // D: as a player reports a 20 s ad: each quartile when playback reaches it.
    await hit(d, adD.tracking.firstQuartile);
    await hit(d, adD.tracking.midpoint);
    advance(5_000);
    await hit(d, adD.tracking.thirdQuartile);
    await hit(a, adA.tracking.complete);
    advance(5_000);
    await hit(d, adD.tracking.complete);

    expect(await outcomes(adA.id)).toEqual({ impression: 'counted', complete: 'before-impression' });
    expect(await outcomes(adB.id)).toEqual({
      impression: 'counted',
      midpoint: 'out-of-order',
      firstQuartile: 'counted',
      thirdQuartile: 'out-of-order',
    });
    expect(await outcomes(adC.id)).toEqual({
      impression: 'counted',
      firstQuartile: 'impossible-timing',
      midpoint: 'out-of-order',
      thirdQuartile: 'out-of-order',
      complete: 'out-of-order',
    });
    expect(await outcomes(adD.id)).toMatchObject({ firstQuartile: 'counted', complete: 'counted' });
    const stats = await statsOf(advertiser, id);
    expect(stats?.impressions).toBe(4);
    expect(stats?.quartiles).toEqual({
      started: 4,
      firstQuartile: 2,
      midpoint: 1,
      thirdQuartile: 1,
      complete: 1,
      completionRate: 1 / 4,
    });
  });
});

describe('invalid traffic is filtered before billing', () => {
  it('filters 25 scripted curl serve+impression pairs without a cookie: kept as filtered, never charged', async () => {
    const { id, advertiser } = await launch();
    // A second campaign of the same advertiser: filtered reports are counted on each.
    const other = await seedAudioCampaign(t.ctx.database.db, advertiser.id, {
      at: t.ctx.clock.now(),
      cpmMicros: 5_000_000,
    });
    await only([id, other]);
    const script: Client = { ip: '192.0.2.10', ua: CURL };
    let served = 0;
    for (let i = 0; i < 25; i++) {
      const ad = await serve(script);
      if (!ad) continue;
      served++;
      advance(500);
      expect(await hit(script, ad.tracking.impression)).toBe(204);
      expect(await outcomes(ad.id)).toEqual({ impression: 'known-bot' });
    }
    expect(served).toBe(25);
    for (const c of [id, other]) {
      expect((await campaign(c)).impressions).toBe(0);
      expect((await campaign(c)).spentMicros).toBe(0);
      expect(await spendEntries(c)).toHaveLength(0);
    }
    const filtered =
      ((await statsOf(advertiser, id))?.filtered ?? 0) + ((await statsOf(advertiser, other))?.filtered ?? 0);
    expect(filtered).toBe(25);
    // The serves held nothing of the budgets (they can never be charged).
    const rows = await t.ctx.database.db.select().from(adServes).where(eq(adServes.campaignId, id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((s) => s.reservedUntil === null && s.ivtReason === 'known-bot')).toBe(true);
  });

  it('filters a data-centre address, and a valid listener whose report comes from one', async () => {
    const { id } = await launch();
    const cloud: Client = { ip: '203.0.113.7', ua: BROWSER };
    const ad = (await serve(cloud)) as TServedAd;
    advance(400);
    await hit(cloud, ad.tracking.impression);
    expect(await outcomes(ad.id)).toEqual({ impression: 'data-centre' });
    const home = browser();
    const ad2 = (await serve(home)) as TServedAd;
    advance(400);
    await hit({ ...home, ip: '2001:db8::1' }, ad2.tracking.impression);
    expect(await outcomes(ad2.id)).toEqual({ impression: 'data-centre' });
    expect((await campaign(id)).impressions).toBe(0);
  });

  it('holds the frequency cap for a client that drops its cookie (address + user agent)', async () => {
    const { id, advertiser } = await launch();
    const other = await seedAudioCampaign(t.ctx.database.db, advertiser.id, {
      at: t.ctx.clock.now(),
      cpmMicros: 5_000_000,
    });
    await only([id, other]);
    // 40 serve+impression pairs, never sending the cookie it is given: one ad heard and charged.
    const dropper = browser();
    let served = 0;
    for (let i = 0; i < 40; i++) {
      const ad = await serve(dropper);
      if (!ad) continue;
      served++;
      advance(400);
      await hit(dropper, ad.tracking.impression);
    }
    expect(served).toBe(1);
    // 40 serves first, then their 40 impressions: one counted, the rest capped or filtered.
    const burst = browser();
    const ads: TServedAd[] = [];
    for (let i = 0; i < 40; i++) {
      const ad = await serve(burst);
      if (ad) ads.push(ad);
    }
    advance(400);
    for (const ad of ads) await hit(burst, ad.tracking.impression);
    const counted = [];
    for (const ad of ads) counted.push((await outcomes(ad.id)).impression);
    expect(counted.filter((o) => o === 'counted')).toHaveLength(1);
    expect(counted.slice(4).every((o) => o === 'repeated-serves')).toBe(true);
    const charged = (await campaign(id)).impressions + (await campaign(other)).impressions;
    expect(charged).toBe(2);
    expect((await spendEntries(id)).length + (await spendEntries(other)).length).toBe(2);
  });
});

describe('pacing holds under bursts', () => {
  it('260 listeners at once on a $1 budget: served ≤ what it can pay, every one heard is charged, never over', async () => {
    const { id, advertiser } = await launch({ totalBudgetMicros: 1_000_000, balanceMicros: 20_000_000 });
    const listeners = Array.from({ length: 260 }, () => browser());
    const ads = (await Promise.all(listeners.map((c) => serve(c)))).map((ad, i) => ({ ad, client: listeners[i] }));
    const served = ads.filter((x) => x.ad !== null);
    expect(served.length).toBe(200); // $1 / $0.005
    advance(400);
    const answers = await Promise.all(served.map((x) => hit(x.client, (x.ad as TServedAd).tracking.impression)));
    expect(answers.every((s) => s === 204)).toBe(true);
    const row = await campaign(id);
    expect(row.impressions).toBe(200);
    expect(row.spentMicros).toBe(1_000_000);
    expect(row.spentMicros).toBeLessThanOrEqual(row.totalBudgetMicros);
    expect(await spendEntries(id)).toHaveLength(200);
    expect((await statsOf(advertiser, id))?.filtered).toBe(0);
  });

  it('paces a daily budget under a burst: served ≤ the paced share', async () => {
    const { id } = await launch({ dailyBudgetMicros: 1_000_000 });
    const now = t.ctx.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const pace = Math.min(1, (now.getTime() - midnight + 3_600_000) / 86_400_000);
    const share = Math.max(PRICE, Math.floor(1_000_000 * pace));
    const ads = await Promise.all(Array.from({ length: 260 }, () => serve(browser())));
    const served = ads.filter(Boolean).length;
    expect(served).toBeGreaterThan(0);
    expect(served * PRICE).toBeLessThanOrEqual(share);
    expect((await campaign(id)).spentMicros).toBe(0);
  });

  it('releases a reservation when its impression is filtered, and when it lapses unheard', async () => {
    const { id } = await launch({ totalBudgetMicros: 2 * PRICE });
    const [a, b, c] = [browser(), browser(), browser()];
    const adA = (await serve(a)) as TServedAd;
    const adB = (await serve(b)) as TServedAd;
    expect(adA.campaignId).toBe(id);
    expect(adB.campaignId).toBe(id);
    // Two impressions' worth held: nothing for a third listener.
    expect(await serve(c)).toBeNull();
    // A's report is filtered (too early): what it held is free at once.
    advance(20);
    await hit(a, adA.tracking.impression);
    const adC = (await serve(c)) as TServedAd;
    expect(adC?.campaignId).toBe(id);
    expect(await serve(browser())).toBeNull();
    // B and C never report: after the reservation time the sweep releases them.
    advance(5 * 60_000 + 1_000);
    expect(await adsService(t.ctx).releaseLapsedReservations()).toBeGreaterThanOrEqual(2);
    const late = (await serve(browser())) as TServedAd;
    expect(late?.campaignId).toBe(id);
    // A report after the reservation lapsed still counts while the budget pays for it.
    advance(400);
    expect(await hit(b, adB.tracking.impression)).toBe(204);
    expect((await campaign(id)).impressions).toBe(1);
  });
});
