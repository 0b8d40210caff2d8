import fs from 'node:fs/promises';
import path from 'node:path';
import { AD_MESSAGES, type TAdReportSummary, type TAdvertiserOverview, type TCampaign } from '@wavecast/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../../test/fake-stripe';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { adBalances, adCampaigns, adLedger, adReports, adServeErrors, auditLog } from '../../db/schema';
import { ledgerSum } from './repo';
import { servingState } from './serving-state';

// Issue 32, ads operations: admins act on a campaign in any state, listeners report ads and see the
// advertiser's name, VAST is 4.1 (UniversalAdId, Error URL, valid against IAB's schema) and only
// audio, refunds take back only what is unspent, display caps count impressions.

const XSD_DIR = path.resolve(import.meta.dirname, '../../../test/vast');
const ORIGIN = 'http://localhost:3000';

let fake: FakeStripe;
let t: TestApp;
let b: TestApp;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  // One secret for both processes: the same sessions and listener cookies.
  const AUTH_SECRET = 'ads-ops-test-secret-0123456789abcdef0123456789';
  t = await createTestApp({ ...fakeStripeEnv(fake), TEST_CLOCK: '1', AUTH_SECRET });
  // Another process of the same system: it knows nobody's ad history but what the database says.
  b = await createTestApp({ TEST_CLOCK: '1', AUTH_SECRET }, { share: { database: t.ctx.database } });
  admin = await signUp(t, { role: 'admin' });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
  await fake?.close();
});

type Method = 'GET' | 'POST';
/**
 * Each test is its own browser (`quiet()` starts a new one): cookie-less serves to one browser are
 * counted across tests otherwise, and past 4 an hour they are invalid traffic (ADR 0040).
 */
let browser = 0;
const userAgent = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 test/${browser}`;

async function call(cookie: string | null, method: Method, url: string, payload?: object, app = t) {
  return app.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: ORIGIN, 'user-agent': userAgent(), ...(cookie ? { cookie } : {}) },
  });
}
const relative = (u: string) => u.replace(t.ctx.config.PUBLIC_URL, '');
const db = () => t.ctx.database.db;

/** Every campaign so far completed: each test starts with only its own campaigns serving. */
async function quiet() {
  browser++;
  await db().update(adCampaigns).set({ status: 'completed' }).where(eq(adCampaigns.status, 'active'));
  servingState(t.ctx).changed();
  servingState(b.ctx).changed();
}

/** An active campaign as review leaves it (creative stored), its advertiser's balance topped up. */
async function seedCampaign(
  advertiser: TestUser,
  opts: { name: string; format: 'display' | 'audio'; cpmMicros: number; balanceMicros?: number },
): Promise<string> {
  const at = t.ctx.clock.now();
  const display = opts.format === 'display';
  const [row] = await db()
    .insert(adCampaigns)
    .values({
      advertiserId: advertiser.id,
      name: opts.name,
      format: opts.format,
      status: 'active',
      clickUrl: 'https://example.com/',
      categories: [],
      contentTypes: ['on-demand', 'live'],
      startsAt: new Date(at.getTime() - 60_000),
      totalBudgetMicros: 50_000_000,
      dailyBudgetMicros: 50_000_000,
      cpmMicros: opts.cpmMicros,
      creativeKey: `ads/${advertiser.id}/${display ? 'banner.png' : 'spot.m4a'}`,
      creativeMime: display ? 'image/png' : 'audio/mp4',
      creativeSeconds: display ? null : 20,
      creativeWidth: display ? 300 : null,
      creativeHeight: display ? 250 : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: adCampaigns.id });
  if (opts.balanceMicros !== 0) {
    await db()
      .insert(adBalances)
      .values({ advertiserId: advertiser.id, balanceMicros: opts.balanceMicros ?? 20_000_000 })
      .onConflictDoNothing();
  }
  servingState(t.ctx).changed();
  servingState(b.ctx).changed();
  return row.id;
}

interface Served {
  id: string;
  campaignId: string;
  title: string;
  tracking: { impression: string };
}
const serveDisplay = async (cookie: string | null, app = t) => {
  const res = await call(cookie, 'GET', '/api/ads/serve?format=display&placement=home&size=300x250', undefined, app);
  expect(res.statusCode, res.body).toBe(200);
  return { ad: res.json().ad as Served | null, res };
};
const campaignOf = async (advertiser: TestUser, id: string) => {
  const res = await call(advertiser.cookie, 'GET', `/api/ads/campaigns/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().campaign as TCampaign;
};

describe('admins act on a campaign in any state', () => {
  it('holds an active campaign with a reason the advertiser sees; only an admin releases it', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser', name: 'Holdco' });
    const id = await seedCampaign(advertiser, { name: 'Hold me', format: 'display', cpmMicros: 4_000_000 });
    expect((await serveDisplay(null)).ad?.campaignId).toBe(id);

    const listed = await call(admin.cookie, 'GET', '/api/admin/ads/campaigns');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((i: { campaign: TCampaign }) => i.campaign.id)).toContain(id);

    // Not an admin: refused; no reason: refused, nothing written.
    expect(
      (await call(advertiser.cookie, 'POST', `/api/admin/ads/campaigns/${id}/hold`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/hold`, { reason: '  ' })).statusCode).toBe(
      400,
    );
    expect((await campaignOf(advertiser, id)).status).toBe('active');

    const held = await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/hold`, {
      reason: 'Landing page under review',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().message).toBe(AD_MESSAGES.held);
    const seen = await campaignOf(advertiser, id);
    expect(seen.status).toBe('held');
    expect(seen.reviewNote).toBe('Landing page under review');
    expect((await serveDisplay(null)).ad).toBeNull();

    // The advertiser's own resume and pause do not undo an admin's hold.
    const resume = await call(advertiser.cookie, 'POST', `/api/ads/campaigns/${id}/resume`);
    expect(resume.statusCode).toBe(409);
    expect(resume.json().error.message).toBe(AD_MESSAGES.heldByAdmin);
    expect((await call(advertiser.cookie, 'POST', `/api/ads/campaigns/${id}/pause`)).statusCode).toBe(409);

    const released = await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const after = await campaignOf(advertiser, id);
    expect(after.status).toBe('active');
    expect(after.reviewNote).toBeNull();
    expect((await serveDisplay(null)).ad?.campaignId).toBe(id);

    // The advertiser keeps their own pause and resume.
    expect((await call(advertiser.cookie, 'POST', `/api/ads/campaigns/${id}/pause`)).statusCode).toBe(200);
    expect((await call(advertiser.cookie, 'POST', `/api/ads/campaigns/${id}/resume`)).statusCode).toBe(200);

    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), like(auditLog.action, 'ad_campaign.%')))
      .orderBy(auditLog.at);
    expect(audits.map((a) => a.action)).toEqual(['ad_campaign.hold', 'ad_campaign.release']);
  });

  it('rejects an active campaign with a reason; the advertiser fixes it and submits it again', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser' });
    const id = await seedCampaign(advertiser, { name: 'Reject me', format: 'display', cpmMicros: 4_000_000 });
    const res = await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/reject`, {
      reason: 'The banner promises returns it cannot guarantee',
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await campaignOf(advertiser, id);
    expect(seen.status).toBe('rejected');
    expect(seen.reviewNote).toBe('The banner promises returns it cannot guarantee');
    expect((await serveDisplay(null)).ad).toBeNull();
    // Shown on the advertiser's overview too.
    const overview = (await call(advertiser.cookie, 'GET', '/api/ads/advertiser')).json() as TAdvertiserOverview;
    expect(overview.campaigns.find((c) => c.id === id)?.reviewNote).toBe(
      'The banner promises returns it cannot guarantee',
    );
    expect((await call(advertiser.cookie, 'POST', `/api/ads/campaigns/${id}/submit`)).statusCode).toBe(200);
    expect((await campaignOf(advertiser, id)).status).toBe('in_review');
    // Rejecting twice is not a transition.
    expect(
      (await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(200);
    expect(
      (await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(409);
  });

  it('stops a campaign for good (step-up), and nothing moves it after', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser' });
    const id = await seedCampaign(advertiser, { name: 'Stop me', format: 'display', cpmMicros: 4_000_000 });
    const res = await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/stop`, { reason: 'Policy breach' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(AD_MESSAGES.stopped);
    const seen = await campaignOf(advertiser, id);
    expect(seen.status).toBe('stopped');
    expect(seen.reviewNote).toBe('Policy breach');
    expect((await serveDisplay(null)).ad).toBeNull();
    for (const action of ['hold', 'reject', 'stop']) {
      expect(
        (await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/${action}`, { reason: 'x' })).statusCode,
      ).toBe(409);
    }
    expect((await call(admin.cookie, 'POST', `/api/admin/ads/campaigns/${id}/release`)).statusCode).toBe(409);
    for (const action of ['resume', 'submit', 'pause']) {
      expect((await call(advertiser.cookie, 'POST', `/api/ads/campaigns/${id}/${action}`)).statusCode).not.toBe(200);
    }
    // Past the step-up window a stop needs the admin's password again.
    const other = await seedCampaign(advertiser, { name: 'Stop later', format: 'display', cpmMicros: 4_000_000 });
    const stale = await signUp(t, { role: 'admin' });
    t.ctx.clock.advance(16 * 60_000);
    const refused = await call(stale.cookie, 'POST', `/api/admin/ads/campaigns/${other}/stop`, { reason: 'Later' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await campaignOf(advertiser, other)).status).toBe('active');
  });
});

describe('what listeners see and report', () => {
  it('names the advertiser in banners and VAST, never the internal campaign name', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser', name: 'Acme Audio' });
    await seedCampaign(advertiser, { name: 'Q3 internal push 7B', format: 'display', cpmMicros: 4_000_000 });
    await seedCampaign(advertiser, { name: 'Q3 internal spot 7B', format: 'audio', cpmMicros: 4_000_000 });
    const { ad, res } = await serveDisplay(null);
    expect(ad?.title).toBe('Acme Audio');
    expect(res.body).not.toContain('internal');
    const vast = await call(null, 'GET', '/api/ads/vast?placement=preroll');
    expect(vast.statusCode).toBe(200);
    expect(vast.body).toContain('<AdTitle><![CDATA[Acme Audio]]></AdTitle>');
    expect(vast.body).toContain('<Advertiser><![CDATA[Acme Audio]]></Advertiser>');
    expect(vast.body).not.toContain('internal');
  });

  it('refuses format=display on the VAST endpoint with a clear 400, never audio', async () => {
    for (const format of ['display', 'sponsored']) {
      const res = await call(null, 'GET', `/api/ads/vast?placement=preroll&format=${format}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AD_MESSAGES.displayVast);
      expect(res.body).not.toContain('MediaFile');
    }
    expect((await call(null, 'GET', '/api/ads/vast?placement=preroll&format=audio')).statusCode).toBe(200);
  });

  it('takes a listener report of an ad they were served, once per campaign, shown to admins', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser', name: 'Reported Inc' });
    const id = await seedCampaign(advertiser, { name: 'Reported', format: 'display', cpmMicros: 4_000_000 });
    // An anonymous listener: the serve gives them their listener cookie.
    const first = await serveDisplay(null);
    const cookie = String(first.res.headers['set-cookie']).split(';')[0];
    expect(cookie).toContain('=');
    const serveId = first.ad?.id as string;
    const report = (who: string | null, body: object) => call(who, 'POST', '/api/ads/reports', body);
    const ok = await report(cookie, { serveId, reason: 'misleading', details: 'Says it is free; it is not' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(AD_MESSAGES.reported);
    expect((await report(cookie, { serveId, reason: 'offensive' })).statusCode).toBe(200); // again: nothing new

    const listener = await signUp(t);
    // Someone else's serve, an unknown one, a bad reason: refused, nothing written.
    expect((await report(listener.cookie, { serveId, reason: 'offensive' })).statusCode).toBe(404);
    expect((await report(null, { serveId, reason: 'offensive' })).statusCode).toBe(404);
    expect((await report(listener.cookie, { serveId, reason: 'boring' })).statusCode).toBe(400);
    const own = (await serveDisplay(listener.cookie)).ad as Served;
    expect((await report(listener.cookie, { serveId: own.id, reason: 'too_loud' })).statusCode).toBe(200);

    const rows = await db().select().from(adReports).where(eq(adReports.campaignId, id));
    expect(rows.map((r) => r.reason).sort()).toEqual(['misleading', 'too_loud']);

    expect((await call(listener.cookie, 'GET', '/api/admin/ads/reports')).statusCode).toBe(403);
    const seen = await call(admin.cookie, 'GET', '/api/admin/ads/reports');
    expect(seen.statusCode).toBe(200);
    const item = (seen.json().items as TAdReportSummary[]).find((i) => i.campaignId === id);
    expect(item).toMatchObject({
      campaignName: 'Reported',
      reports: 2,
      reasons: { misleading: 1, too_loud: 1 },
      lastDetails: ['Says it is free; it is not'],
      advertiser: { displayName: 'Reported Inc' },
    });

    // Rate limited per account (RATE_LIMITS.adReport: 10 a minute).
    const busy = await signUp(t);
    const theirs = (await serveDisplay(busy.cookie)).ad as Served;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await report(busy.cookie, { serveId: theirs.id, reason: 'other' })).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('VAST 4.1', () => {
  it('carries UniversalAdId and an Error URL, validates against the IAB XSD and parses with vast-client', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser', name: 'Schema Co' });
    const id = await seedCampaign(advertiser, { name: 'Schema', format: 'audio', cpmMicros: 4_000_000 });
    const res = await call(null, 'GET', '/api/ads/vast?placement=preroll');
    expect(res.statusCode).toBe(200);
    const xml = res.body;

    const xsd = await fs.readFile(path.join(XSD_DIR, 'vast_4.1.xsd'), 'utf8');
    const validate = (doc: string) =>
      validateXML({
        xml: [{ fileName: 'ad.xml', contents: doc }],
        schema: [{ fileName: 'vast_4.1.xsd', contents: xsd }],
      });
    // libxml2 reads xs:anyURI strictly (RFC 3986): the square brackets of VAST's own macro syntax,
    // which players replace, are its only complaint about the document as served.
    const raw = await validate(xml);
    expect(raw.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /Element '\{http:\/\/www\.iab\.com\/VAST\}Error': '.*code=\[ERRORCODE\]' is not a valid value of the atomic type 'xs:anyURI'/,
      ),
    ]);
    // As the player fetches it (the macro replaced, here by 900): valid VAST 4.1.
    const result = await validate(xml.replace('[ERRORCODE]', '900'));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does check: the same document without its UniversalAdId is not VAST 4.1.
    const broken = await validate(
      xml.replace('[ERRORCODE]', '900').replace(/<UniversalAdId[\s\S]*?<\/UniversalAdId>/, ''),
    );
    expect(broken.valid).toBe(false);
    // And the empty answer is valid too.
    await quiet();
    const empty = await call(null, 'GET', '/api/ads/vast?placement=preroll');
    expect((await validate(empty.body)).valid).toBe(true);

    const parsed = await parseVast(xml);
    expect(parsed.version).toBe('4.1');
    const ad = parsed.ads[0];
    expect(ad.title).toBe('Schema Co');
    expect(typeof ad.advertiser === 'string' ? ad.advertiser : ad.advertiser?.value).toBe('Schema Co');
    expect(ad.errorURLTemplates).toHaveLength(1);
    const linear = ad.creatives.find((c) => c.type === 'linear');
    expect(linear?.universalAdIds?.[0]).toMatchObject({ idRegistry: 'wavecast.creatives', value: `${id}/spot.m4a` });

    // The Error URL: the player's code recorded once per serve, a forged one refused.
    const template = relative(ad.errorURLTemplates[0]);
    expect(template).toContain('[ERRORCODE]');
    expect((await call(null, 'GET', template.replace('[ERRORCODE]', '405'))).statusCode).toBe(204);
    expect((await call(null, 'GET', template.replace('[ERRORCODE]', '402'))).statusCode).toBe(204);
    expect(
      (await call(null, 'GET', template.replace(/s=[^&]+/, 's=forged').replace('[ERRORCODE]', '400'))).statusCode,
    ).toBe(403);
    const serveId = template.split('/')[4];
    const errors = await db().select().from(adServeErrors).where(eq(adServeErrors.serveId, serveId));
    expect(errors.map((e) => [e.campaignId, e.code])).toEqual([[id, 405]]);
  });
});

describe('display frequency caps count impressions, not serves', () => {
  it('serves a display campaign again while it was never seen, not right after it was', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser' });
    const id = await seedCampaign(advertiser, { name: 'Seen once', format: 'display', cpmMicros: 4_000_000 });
    // The other process's clock where this one's is (earlier tests moved it).
    b.ctx.clock.advance(t.ctx.clock.now().getTime() - b.ctx.clock.now().getTime());
    const unseen = await signUp(t);
    const seen = await signUp(t);
    // Served (a slot hidden on this phone, say) but never seen: served again, on every process.
    expect((await serveDisplay(unseen.cookie)).ad?.campaignId).toBe(id);
    expect((await serveDisplay(unseen.cookie)).ad?.campaignId).toBe(id);

    const ad = (await serveDisplay(seen.cookie)).ad as Served;
    t.ctx.clock.advance(1_100);
    expect((await call(null, 'GET', relative(ad.tracking.impression))).statusCode).toBe(204);
    const [row] = await db().select().from(adCampaigns).where(eq(adCampaigns.id, id));
    expect(row.impressions).toBe(1);
    expect((await call(seen.cookie, 'GET', '/api/me', undefined, b)).statusCode).toBe(200);
    // Seen: not twice in a row, here or on a process that reads the history from the database.
    expect((await serveDisplay(seen.cookie)).ad).toBeNull();
    expect((await serveDisplay(seen.cookie, b)).ad).toBeNull();
    expect((await serveDisplay(unseen.cookie, b)).ad?.campaignId).toBe(id);
  });
});

describe('refunded top-ups', () => {
  const webhook = (d: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: d.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
    });

  it('take back only the unspent part, as reversing entries; the balance never goes below zero', async () => {
    await quiet();
    const advertiser = await signUp(t, { role: 'advertiser', name: 'Refundable' });
    const overview = async () =>
      (await call(advertiser.cookie, 'GET', '/api/ads/advertiser')).json() as TAdvertiserOverview;
    // A $25 top-up through Checkout, paid by webhook.
    expect((await call(advertiser.cookie, 'POST', '/api/ads/checkout', { amountCents: 2500 })).statusCode).toBe(200);
    const session = [...fake.sessions.values()].at(-1) as Record<string, unknown> & { customer: string };
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    expect(
      (await webhook(fake.delivery('checkout.session.completed', session, { created: t.ctx.clock.now() }))).statusCode,
    ).toBe(200);
    expect((await overview()).balanceMicros).toBe(25_000_000);

    // Three impressions at $5 CPM spent $0.015 of it.
    const id = await seedCampaign(advertiser, {
      name: 'Spender',
      format: 'display',
      cpmMicros: 5_000_000,
      balanceMicros: 0,
    });
    const ads: Served[] = [];
    for (let i = 0; i < 3; i++) ads.push((await serveDisplay(null)).ad as Served);
    expect(ads.every((a) => a.campaignId === id)).toBe(true);
    t.ctx.clock.advance(1_100);
    for (const a of ads) expect((await call(null, 'GET', relative(a.tracking.impression))).statusCode).toBe(204);
    expect((await overview()).balanceMicros).toBe(25_000_000 - 15_000);

    // $10 refunded: all of it is unspent, taken back. Then the other $15: only $14.985 is left.
    const charge = {
      id: 'ch_ad_topup',
      object: 'charge',
      customer: session.customer,
      amount: 2500,
      metadata: { purpose: 'ad_topup', userId: advertiser.id },
    };
    fake.addRefund('ch_ad_topup', 1000);
    expect((await webhook(fake.delivery('charge.refunded', charge, { created: t.ctx.clock.now() }))).statusCode).toBe(
      200,
    );
    expect((await overview()).balanceMicros).toBe(14_985_000);
    fake.addRefund('ch_ad_topup', 1500);
    const again = fake.delivery('charge.refunded', charge, { created: t.ctx.clock.now() });
    expect((await webhook(again)).statusCode).toBe(200);
    expect((await webhook(again)).statusCode).toBe(200); // a redelivery
    const after = await overview();
    expect(after.balanceMicros).toBe(0);
    const refunds = after.ledger.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => e.amountMicros).sort((x, y) => x - y)).toEqual([-14_985_000, -10_000_000]);
    expect(refunds.find((e) => e.amountMicros === -14_985_000)?.note).toContain(
      '$15.00 refunded, $0.01 of it already spent',
    );
    expect(await ledgerSum(db(), advertiser.id)).toBe(0);
    const entries = await db()
      .select()
      .from(adLedger)
      .where(and(eq(adLedger.advertiserId, advertiser.id), inArray(adLedger.kind, ['refund'])));
    expect(entries).toHaveLength(2);
    // Nothing left to pay with: the campaign is not served.
    expect((await serveDisplay(null)).ad).toBeNull();
  });
});

/** The third-party VAST parser. Its typings pull the DOM library into the server's types: loaded untyped. */
interface ParsedVast {
  version: string;
  ads: {
    title: string;
    advertiser: { value: string } | string | null;
    errorURLTemplates: string[];
    creatives: { type: string; universalAdIds?: { idRegistry: string; value: string }[] }[];
  }[];
}
const VAST_CLIENT: string = '@dailymotion/vast-client';
const XMLDOM: string = '@xmldom/xmldom';
async function parseVast(xml: string): Promise<ParsedVast> {
  const { VASTParser } = (await import(VAST_CLIENT)) as {
    VASTParser: new () => { parseVAST(doc: unknown): Promise<ParsedVast> };
  };
  const { DOMParser } = (await import(XMLDOM)) as {
    DOMParser: new () => { parseFromString(xml: string, type: string): unknown };
  };
  return new VASTParser().parseVAST(new DOMParser().parseFromString(xml, 'text/xml'));
}
