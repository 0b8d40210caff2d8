import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AD_MESSAGES, type TCampaign, type TCampaignInput } from '@wavecast/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';
import { adBalances, adCampaigns, adLedger, adServes, auditLog, payments } from '../../db/schema';
import { ffmpeg } from '../../media/ffmpeg';
import { makeAudio, makeImage, multipartBody } from '../tracks/testing';
import { CampaignIndex } from './campaign-index';
import { bookTopUps, ledgerSum, type ServeRow } from './repo';
import { adsService } from './service';
import { adServing, type Decision, paceFraction } from './serving';
import { servingState } from './serving-state';

const ORIGIN = 'http://localhost:3000';

/** The third-party VAST parser. Its typings pull the DOM library into the server's types: loaded untyped. */
interface ParsedVast {
  version: string;
  ads: {
    title: string;
    impressionURLTemplates: { url: string }[];
    creatives: { type: string }[];
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
let t: TestApp;
let advertiser: TestUser;
let admin: TestUser;
let listener: TestUser;
let premium: TestUser;
let creator: TestUser;
let musicTrack: string;
let podcastTrack: string;
/** Twenty minutes long: room for the audio cap's 15 minutes of listening in one session. */
let longTrack: string;
let audio20: string;
let audio40: string;

async function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
  });
}

const base = (over: Partial<TCampaignInput> = {}): TCampaignInput => ({
  name: 'Spring sale',
  format: 'audio',
  clickUrl: 'https://example.com/sale',
  categories: [],
  contentTypes: ['on-demand', 'live'],
  startsAt: new Date(t.ctx.clock.now().getTime() - 60_000).toISOString(),
  endsAt: null,
  totalBudgetMicros: 50_000_000,
  dailyBudgetMicros: 50_000_000,
  cpmMicros: 5_000_000,
  sponsoredText: null,
  ...over,
});

async function upload(user: TestUser, id: string, file: Buffer, filename: string, type: string) {
  const { body, contentType } = multipartBody({}, [{ name: 'file', filename, type, data: file }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/ads/campaigns/${id}/creative`,
    payload: body,
    headers: { origin: ORIGIN, cookie: user.cookie, 'content-type': contentType },
  });
}

/** A campaign created, given its creative, submitted and approved: active. */
async function launch(over: Partial<TCampaignInput> = {}, owner = advertiser): Promise<TCampaign> {
  const created = await call(owner, 'POST', '/api/ads/campaigns', base(over));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().campaign.id as string;
  const up = await upload(owner, id, await fs.readFile(audio20), 'ad.mp3', 'audio/mpeg');
  expect(up.statusCode, up.body).toBe(200);
  expect((await call(owner, 'POST', `/api/ads/campaigns/${id}/submit`)).statusCode).toBe(200);
  const ok = await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true });
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json().campaign;
}

/**
 * `launch`, giving the campaign the checked creative of an earlier audio campaign when there is one:
 * creative uploads are rate limited per client (20 a minute), and this file is near that.
 */
async function launchReusing(over: Partial<TCampaignInput> = {}, owner = advertiser): Promise<TCampaign> {
  const db = t.ctx.database.db;
  const [src] = await db
    .select()
    .from(adCampaigns)
    .where(and(eq(adCampaigns.format, 'audio'), isNotNull(adCampaigns.creativeKey)))
    .limit(1);
  if (!src) return launch(over, owner);
  const created = await call(owner, 'POST', '/api/ads/campaigns', base(over));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().campaign.id as string;
  const { creativeKey, creativeMime, creativeSeconds } = src;
  await db.update(adCampaigns).set({ creativeKey, creativeMime, creativeSeconds }).where(eq(adCampaigns.id, id));
  expect((await call(owner, 'POST', `/api/ads/campaigns/${id}/submit`)).statusCode).toBe(200);
  const ok = await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true });
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json().campaign;
}

async function campaignRow(id: string) {
  const [c] = await t.ctx.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
  return c;
}

async function pauseAll() {
  const list = (await call(advertiser, 'GET', '/api/ads/advertiser')).json().campaigns as TCampaign[];
  for (const c of list) if (c.status === 'active') await call(advertiser, 'POST', `/api/ads/campaigns/${c.id}/pause`);
}

const relative = (u: string) => u.replace(t.ctx.config.PUBLIC_URL, '');

/** Reports `seconds` of listening in one session (its 5-second buckets from the start), as the player does. */
async function listen(who: Pick<TestUser, 'cookie'>, trackId: string, seconds: number, sessionId = randomUUID()) {
  const buckets = Array.from({ length: Math.floor(seconds / 5) }, (_, i) => i);
  const res = await call(who as TestUser, 'POST', '/api/plays', {
    trackId,
    secondsListened: seconds,
    listen: { sessionId, buckets },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  [advertiser, admin, listener, premium, creator] = await Promise.all([
    signUp(t, { role: 'advertiser' }),
    signUp(t, { role: 'admin' }),
    signUp(t),
    signUp(t),
    signUp(t, { role: 'creator' }),
  ]);
  musicTrack = await seedTrack(t.ctx.database.db, creator.id, { title: 'Song', category: 'Music' });
  podcastTrack = await seedTrack(t.ctx.database.db, creator.id, { title: 'Talk', category: 'Podcast' });
  longTrack = await seedTrack(t.ctx.database.db, creator.id, { title: 'Long mix', category: 'Music', duration: 1200 });
  const grant = await call(admin, 'PUT', `/api/admin/users/${premium.id}/plan`, { planId: 'premium' });
  expect(grant.statusCode, grant.body).toBe(200);
  audio20 = await makeAudio(t.dataDir, 'mp3', 20);
  audio40 = await makeAudio(t.dataDir, 'mp3', 40);
  const credit = await call(admin, 'POST', `/api/admin/ads/advertisers/${advertiser.id}/credit`, {
    amountCents: 100_000,
    note: 'Launch credit',
  });
  expect(credit.statusCode, credit.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('bad input changes nothing', () => {
  it.each([
    ['javascript: URL', { clickUrl: 'javascript:alert(1)' }],
    ['data: URL', { clickUrl: 'data:text/html,hi' }],
    ['http: URL', { clickUrl: 'http://example.com' }],
    ['negative bid', { cpmMicros: -1 }],
    ['bid under the audio range', { cpmMicros: 1_000_000 }],
    ['bid over the audio range', { cpmMicros: 9_000_000 }],
    ['display bid over its range', { format: 'display' as const, cpmMicros: 6_000_000 }],
    ['budget below one impression', { totalBudgetMicros: 4_999, dailyBudgetMicros: 4_999 }],
    ['NUL in the name', { name: 'a\0b' }],
    ['end before start', { endsAt: new Date(0).toISOString() }],
  ])('%s → 400', async (_label, over) => {
    const before = (await t.ctx.database.db.select().from(adCampaigns)).length;
    const res = await call(advertiser, 'POST', '/api/ads/campaigns', base(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await t.ctx.database.db.select().from(adCampaigns)).length).toBe(before);
  });

  it('only advertisers create campaigns; another advertiser cannot see or change one', async () => {
    expect((await call(listener, 'POST', '/api/ads/campaigns', base())).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/ads/campaigns', base())).statusCode).toBe(401);
    const created = (await call(advertiser, 'POST', '/api/ads/campaigns', base())).json().campaign;
    const other = await signUp(t, { role: 'advertiser' });
    expect((await call(other, 'GET', `/api/ads/campaigns/${created.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/ads/campaigns/${created.id}/submit`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/api/ads/campaigns/${created.id}`, base({ name: 'x' }))).statusCode).toBe(404);
    expect((await campaignRow(created.id)).name).toBe('Spring sale');
  });
});

describe('garbage never gets a 500', () => {
  it('answers 4xx to malformed ids, tokens, queries and bodies', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const cases: [TestUser | null, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      [null, 'GET', '/api/ads/track/not-a-uuid/impression?s=x'],
      [null, 'GET', `/api/ads/track/${uuid}/impression?s=x`],
      [null, 'GET', `/api/ads/track/${uuid}/explode?s=x`],
      [null, 'GET', `/api/ads/click/${uuid}`],
      [null, 'GET', `/api/ads/click/${uuid}?s=${'a'.repeat(500)}`],
      [null, 'GET', '/api/ads/serve?format=video&placement=preroll'],
      [null, 'GET', `/api/ads/serve?format=audio&placement=preroll&trackId=${uuid}`],
      [null, 'GET', `/api/ads/serve?format=audio&placement=preroll&streamId=${uuid}`],
      [null, 'GET', '/api/ads/vast?trackId=%00'],
      [null, 'GET', `/api/ads/media/${uuid}`],
      [advertiser, 'POST', '/api/ads/campaigns', { name: '𝕏'.repeat(5000) }],
      [advertiser, 'POST', '/api/ads/campaigns', [1, 2, 3]],
      [advertiser, 'PUT', `/api/ads/campaigns/${uuid}`, base()],
      [advertiser, 'POST', `/api/ads/campaigns/${uuid}/submit`],
      [advertiser, 'POST', `/api/ads/campaigns/${uuid}/creative`],
      [advertiser, 'POST', '/api/ads/checkout', { amountCents: 1e20 }],
      [admin, 'POST', `/api/admin/ads/campaigns/${uuid}/review`, { approve: true }],
      [admin, 'POST', '/api/admin/ads/advertisers/nobody/credit', { amountCents: 100, note: 'x' }],
      [admin, 'POST', `/api/admin/ads/advertisers/${listener.id}/credit`, { amountCents: 100, note: 'x' }],
    ];
    for (const [user, method, url, body] of cases) {
      const res = await call(user, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('creatives are checked like uploads', () => {
  let audioId: string;
  let displayId: string;
  beforeAll(async () => {
    audioId = (await call(advertiser, 'POST', '/api/ads/campaigns', base())).json().campaign.id;
    displayId = (
      await call(advertiser, 'POST', '/api/ads/campaigns', base({ format: 'display', cpmMicros: 2_000_000 }))
    ).json().campaign.id;
  });

  it('takes a 20 s audio ad, normalised to the platform loudness', async () => {
    const res = await upload(advertiser, audioId, await fs.readFile(audio20), 'ad.mp3', 'audio/mpeg');
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().campaign as TCampaign;
    expect(c.creative?.kind).toBe('audio');
    expect(c.creative?.mime).toBe('audio/mp4');
    expect(c.creative?.durationSeconds).toBeGreaterThan(19.5);
    // The stored file measures at the target (-16 LUFS), never louder.
    const row = await campaignRow(audioId);
    const stored = path.join(t.dataDir, 'storage', row.creativeKey as string);
    const { stderr } = await ffmpeg(['-nostats', '-i', stored, '-af', 'ebur128', '-f', 'null', '-']);
    const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))?.[1]);
    expect(lufs).toBeLessThanOrEqual(-15);
    expect(lufs).toBeGreaterThan(-18);
  });

  it('refuses a 40 s audio ad and keeps the old creative', async () => {
    const before = (await campaignRow(audioId)).creativeKey;
    const res = await upload(advertiser, audioId, await fs.readFile(audio40), 'long.mp3', 'audio/mpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AD_MESSAGES.audioLength);
    expect((await campaignRow(audioId)).creativeKey).toBe(before);
  });

  it('takes a 300×250 image and refuses other sizes, SVG and a 10 MB PNG', async () => {
    const wrong = await makeImage(t.dataDir, 'png', 400);
    const good = path.join(t.dataDir, 'banner.png');
    await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=300x250', '-frames:v', '1', '-y', good]);
    const ok = await upload(advertiser, displayId, await fs.readFile(good), 'banner.png', 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().campaign.creative).toMatchObject({ kind: 'image', width: 300, height: 250 });

    const bad = await upload(advertiser, displayId, await fs.readFile(wrong), 'wrong.png', 'image/png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(AD_MESSAGES.imageSize);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><script>alert(1)</script></svg>',
    );
    const refused = await upload(advertiser, displayId, svg, 'banner.svg', 'image/svg+xml');
    expect(refused.statusCode).toBe(415);

    const png = await fs.readFile(good);
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(advertiser, displayId, huge, 'huge.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect((await campaignRow(displayId)).creativeWidth).toBe(300);
  });
});

describe('review and states', () => {
  it('needs a creative to submit, then goes draft → in_review → active, with an audit entry', async () => {
    const id = (await call(advertiser, 'POST', '/api/ads/campaigns', base())).json().campaign.id;
    const early = await call(advertiser, 'POST', `/api/ads/campaigns/${id}/submit`);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(AD_MESSAGES.noCreative);
    // An admin cannot approve a draft.
    expect((await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true })).statusCode).toBe(
      409,
    );
    await upload(advertiser, id, await fs.readFile(audio20), 'ad.mp3', 'audio/mpeg');
    expect((await call(advertiser, 'POST', `/api/ads/campaigns/${id}/submit`)).json().campaign.status).toBe(
      'in_review',
    );
    const queue = (await call(admin, 'GET', '/api/admin/ads/review')).json().items as { campaign: TCampaign }[];
    expect(queue.map((q) => q.campaign.id)).toContain(id);
    expect((await call(listener, 'GET', '/api/admin/ads/review')).statusCode).toBe(403);
    // An advertiser cannot approve their own campaign.
    expect(
      (await call(advertiser, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true })).statusCode,
    ).toBe(403);
    const approved = await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true });
    expect(approved.json().campaign.status).toBe('active');
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ad_campaign'), eq(auditLog.targetId, id)));
    expect(audits.map((a) => a.action)).toEqual(['ad_campaign.approve']);
    // Approving twice is refused and writes nothing.
    expect((await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true })).statusCode).toBe(
      409,
    );

    // A new creative on an active campaign sends it back to review; so does a new click URL.
    const re = await upload(advertiser, id, await fs.readFile(audio20), 'ad2.mp3', 'audio/mpeg');
    expect(re.json().campaign.status).toBe('in_review');
    await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true });
    const edit = await call(
      advertiser,
      'PUT',
      `/api/ads/campaigns/${id}`,
      base({ clickUrl: 'https://example.com/other' }),
    );
    expect(edit.json().campaign.status).toBe('in_review');
    const rejected = await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, {
      approve: false,
      note: 'Misleading claim',
    });
    expect(rejected.json().campaign).toMatchObject({ status: 'rejected', reviewNote: 'Misleading claim' });
    expect((await call(advertiser, 'POST', `/api/ads/campaigns/${id}/pause`)).statusCode).toBe(409);
    expect((await call(advertiser, 'POST', `/api/ads/campaigns/${id}/submit`)).json().campaign.status).toBe(
      'in_review',
    );
  });
});

describe('schedule', () => {
  it('completes a campaign past its end date (the sweep) and never serves it after', async () => {
    await pauseAll();
    const endsAt = new Date(t.ctx.clock.now().getTime() + 60 * 60_000).toISOString();
    const c = await launch({ name: 'Weekend only', endsAt });
    const before = (
      await call(await signUp(t), 'GET', `/api/ads/serve?format=audio&placement=preroll&trackId=${musicTrack}`)
    ).json();
    expect(before.ad.campaignId).toBe(c.id);
    t.ctx.clock.advance(2 * 60 * 60_000);
    const after = (
      await call(await signUp(t), 'GET', `/api/ads/serve?format=audio&placement=preroll&trackId=${musicTrack}`)
    ).json();
    expect(after.ad).toBeNull();
    expect(await adsService(t.ctx).completeEnded()).toEqual([c.id]);
    expect((await campaignRow(c.id)).status).toBe('completed');
    expect((await call(advertiser, 'POST', `/api/ads/campaigns/${c.id}/resume`)).statusCode).toBe(409);
  });
});

describe('balance', () => {
  it('books a top-up payment once, however often it is read, and an admin credit with an audit entry', async () => {
    const db = t.ctx.database.db;
    const before = (await call(advertiser, 'GET', '/api/ads/advertiser')).json().balanceMicros as number;
    await db.insert(payments).values({
      userId: advertiser.id,
      kind: 'paid',
      purpose: 'ad_topup',
      amountCents: 2500,
      externalId: `cs_test_${Date.now()}`,
      occurredAt: t.ctx.clock.now(),
    });
    const reads = await Promise.all([1, 2, 3].map(() => call(advertiser, 'GET', '/api/ads/advertiser')));
    expect(await bookTopUps(db)).toBe(0);
    const after = (await call(advertiser, 'GET', '/api/ads/advertiser')).json();
    expect(reads.every((r) => r.statusCode === 200)).toBe(true);
    expect(after.balanceMicros).toBe(before + 25_000_000);
    expect(after.balanceMicros).toBe(await ledgerSum(db, advertiser.id));
    const listed = (await call(admin, 'GET', '/api/admin/ads/advertisers')).json().items as {
      id: string;
      balanceMicros: number;
    }[];
    expect(listed.find((a) => a.id === advertiser.id)?.balanceMicros).toBe(after.balanceMicros);
    expect((await call(advertiser, 'GET', '/api/admin/ads/advertisers')).statusCode).toBe(403);
    const credits = await db.select().from(auditLog).where(eq(auditLog.action, 'ad_balance.credit'));
    expect(credits).toHaveLength(1);
    // The ledger is append-only.
    await expect(db.update(adLedger).set({ amountMicros: 1 })).rejects.toThrow();
    // Only admins credit; the amount must be positive.
    expect(
      (
        await call(advertiser, 'POST', `/api/admin/ads/advertisers/${advertiser.id}/credit`, {
          amountCents: 5,
          note: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'POST', `/api/admin/ads/advertisers/${advertiser.id}/credit`, { amountCents: -5, note: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('serving', () => {
  const serve = (user: TestUser | null, trackId: string) =>
    call(user, 'GET', `/api/ads/serve?format=audio&placement=preroll&trackId=${trackId}`);

  it('picks by targeting and bid; caps; never Premium listeners (a new trial at once) or the creator on their own track', async () => {
    await pauseAll();
    const cheap = await launch({ name: 'Cheap', cpmMicros: 2_000_000 });
    const dear = await launch({ name: 'Dear', cpmMicros: 8_000_000, categories: ['Podcast'] });

    // Music: only the untargeted campaign is eligible.
    const a = (await serve(listener, musicTrack)).json().ad;
    expect(a.campaignId).toBe(cheap.id);
    expect(a.durationSeconds).toBeGreaterThan(19);
    // Premium and the creator themselves get nothing.
    expect((await serve(premium, podcastTrack)).json().ad).toBeNull();
    expect((await serve(creator, podcastTrack)).json().ad).toBeNull();
    // A private track is as unknown as a missing one.
    const hidden = await seedTrack(t.ctx.database.db, creator.id, { title: 'Secret', isPublic: false });
    expect((await serve(listener, hidden)).statusCode).toBe(404);

    // A Podcast: the higher bid wins for a fresh listener.
    const fresh = await signUp(t);
    const b = (await serve(fresh, podcastTrack)).json().ad;
    expect(b.campaignId).toBe(dear.id);
    // Never the same campaign twice in a row (no impression yet, so no cap): the other one.
    const c = (await serve(fresh, podcastTrack)).json().ad;
    expect(c.campaignId).toBe(cheap.id);

    // Heard (≥ 2 s): no other audio ad until they have listened 15 minutes; the clock alone opens nothing.
    t.ctx.clock.advance(3_000);
    expect((await call(null, 'GET', relative(c.tracking.impression))).statusCode).toBe(204);
    expect((await serve(fresh, podcastTrack)).json().ad).toBeNull();
    t.ctx.clock.advance(16 * 60_000);
    expect((await serve(fresh, podcastTrack)).json().ad).toBeNull();
    await listen(fresh, longTrack, 15 * 60);
    t.ctx.clock.advance(31_000);
    expect((await serve(fresh, podcastTrack)).json().ad.campaignId).toBe(dear.id);

    // A listener whose Free answer the decision keeps starts a Premium trial: no ad on the next
    // track (billing's plan.changed drops the answer; without it, Cheap would come next).
    const upgrader = await signUp(t);
    expect((await serve(upgrader, podcastTrack)).json().ad.campaignId).toBe(dear.id);
    expect((await call(upgrader, 'POST', '/api/billing/trial', { planId: 'premium' })).statusCode).toBeLessThan(300);
    expect((await serve(upgrader, podcastTrack)).json().ad).toBeNull();
    await pauseAll();
  });

  it('counts one audio ad per listener per 15 minutes even when two processes served them', async () => {
    await pauseAll();
    const c = await launch({ name: 'Two processes', cpmMicros: 3_000_000 });
    const spare = await launch({ name: 'Two processes, spare', cpmMicros: 2_000_000 });
    const who = await signUp(t);
    const user = { id: who.id, email: who.email, role: 'listener' as const, displayName: null, sessionId: 's' };
    const ask = { format: 'audio' as const, placement: 'preroll' as const, user, anonId: null, trackId: musicTrack };
    // Another process: its own memory of listeners and campaigns (caches are per app).
    const elsewhere = { ...t.ctx };
    const here = adServing(t.ctx);
    const there = adServing(elsewhere);
    const first = await here.decide(ask);
    const second = await there.decide(ask);
    expect(first?.campaign.id).toBe(c.id);
    // (Whether the other process saw that serve yet decides which campaign it picks.)
    expect([c.id, spare.id]).toContain(second?.campaign.id);
    t.ctx.clock.advance(3_000);
    const [a, b] = [here.present(first as Decision), there.present(second as Decision)];
    expect((await call(null, 'GET', relative(a.tracking.impression))).statusCode).toBe(204);
    // The second was heard within the cap: not counted, not charged.
    expect((await call(null, 'GET', relative(b.tracking.impression))).statusCode).toBe(204);
    const [row, spareRow] = [await campaignRow(c.id), await campaignRow(spare.id)];
    expect(row.impressions + spareRow.impressions).toBe(1);
    expect(row.spentMicros).toBe(3_000);
    expect(spareRow.spentMicros).toBe(0);
    // This process learnt of the impression it counted: no other audio ad before 15 minutes of listening.
    expect(await here.decide(ask)).toBeNull();
    t.ctx.clock.advance(16 * 60_000);
    expect(await here.decide(ask)).toBeNull();
    await listen(who, longTrack, 15 * 60);
    t.ctx.clock.advance(31_000);
    expect(await here.decide(ask)).not.toBeNull();
    await pauseAll();
  });

  it('an audio ad at most once per 15 minutes of listening, counted from what the listener heard (anonymous too)', async () => {
    await pauseAll();
    const one = await launchReusing({ name: 'Listening cap', cpmMicros: 3_000_000 });
    const other = await launchReusing({ name: 'Listening cap, other', cpmMicros: 2_000_000 });
    const ask = (who: Pick<TestUser, 'cookie'> | null) =>
      call(who as TestUser | null, 'GET', `/api/ads/serve?format=audio&placement=preroll&trackId=${musicTrack}`);
    // An anonymous listener: the serve gives them the listener cookie their listening is recorded under.
    const first = await ask(null);
    const setCookie = [first.headers['set-cookie'] ?? []].flat();
    const anon = { cookie: setCookie.map((c) => c.split(';')[0]).join('; ') };
    expect(anon.cookie).not.toBe('');
    const heard = first.json().ad;
    expect(heard.campaignId).toBe(one.id);
    t.ctx.clock.advance(3_000);
    expect((await call(null, 'GET', relative(heard.tracking.impression))).statusCode).toBe(204);

    // Twenty minutes on the clock, nothing listened: still no ad.
    t.ctx.clock.advance(20 * 60_000);
    expect((await ask(anon)).json().ad).toBeNull();
    // Ten minutes in one session (its report replayed: counted once) and 4 min 55 s in another: not yet.
    const session = randomUUID();
    await listen(anon, longTrack, 600, session);
    await listen(anon, longTrack, 600, session);
    await listen(anon, longTrack, 295);
    t.ctx.clock.advance(31_000);
    expect((await ask(anon)).json().ad).toBeNull();
    // Five seconds more make fifteen minutes: the next ad (the other campaign: never the same twice in a row).
    await listen(anon, longTrack, 5);
    // Read again at most every 30 s: a decision a moment later still holds back.
    expect((await ask(anon)).json().ad).toBeNull();
    t.ctx.clock.advance(31_000);
    const next = (await ask(anon)).json().ad;
    expect(next.campaignId).toBe(other.id);
    t.ctx.clock.advance(3_000);
    expect((await call(null, 'GET', relative(next.tracking.impression))).statusCode).toBe(204);
    expect((await campaignRow(other.id)).impressions).toBe(1);
    expect((await campaignRow(one.id)).impressions).toBe(1);
    await pauseAll();
  });

  it('paces a daily budget and stops at it', async () => {
    await pauseAll();
    // Exactly one impression a day.
    const one = await launch({
      name: 'One a day',
      cpmMicros: 4_000_000,
      dailyBudgetMicros: 4_000,
      totalBudgetMicros: 40_000,
    });
    const first = (await serve(await signUp(t), musicTrack)).json().ad;
    expect(first.campaignId).toBe(one.id);
    t.ctx.clock.advance(3_000);
    await call(null, 'GET', relative(first.tracking.impression));
    expect((await serve(await signUp(t), musicTrack)).json().ad).toBeNull();
    expect((await campaignRow(one.id)).spentMicros).toBe(4_000);
    await pauseAll();
  });

  it('counts each tracking URL once; forged ones count nothing', async () => {
    await pauseAll();
    const c = await launch({ name: 'Counted', cpmMicros: 6_000_000 });
    const ad = (await serve(await signUp(t), musicTrack)).json().ad;
    t.ctx.clock.advance(2_500);
    const forged = relative(ad.tracking.impression).replace(/s=.*/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await call(null, 'GET', forged)).statusCode).toBe(403);
    expect((await campaignRow(c.id)).impressions).toBe(0);
    for (let i = 0; i < 3; i++) await call(null, 'GET', relative(ad.tracking.impression));
    await call(null, 'GET', relative(ad.tracking.midpoint));
    const row = await campaignRow(c.id);
    expect(row.impressions).toBe(1);
    expect(row.spentMicros).toBe(6_000);

    // Clicks: a signed redirect, counted once; a forged one is refused (no open redirect).
    const click = await call(null, 'GET', relative(ad.clickUrl));
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/sale');
    await call(null, 'GET', relative(ad.clickUrl));
    expect((await campaignRow(c.id)).clicks).toBe(1);
    expect((await call(null, 'GET', `/api/ads/click/${ad.id}?s=bad`)).statusCode).toBe(403);
    await pauseAll();
  });

  it('fills a display slot only with a creative of its size, counted after 1 s on screen', async () => {
    await pauseAll();
    const banner = path.join(t.dataDir, 'leaderboard.png');
    await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=728x90', '-frames:v', '1', '-y', banner]);
    const created = await call(
      advertiser,
      'POST',
      '/api/ads/campaigns',
      base({ name: 'Banner', format: 'display', cpmMicros: 2_000_000 }),
    );
    const id = created.json().campaign.id as string;
    expect((await upload(advertiser, id, await fs.readFile(banner), 'b.png', 'image/png')).statusCode).toBe(200);
    await call(advertiser, 'POST', `/api/ads/campaigns/${id}/submit`);
    await call(admin, 'POST', `/api/admin/ads/campaigns/${id}/review`, { approve: true });

    const small = await call(listener, 'GET', '/api/ads/serve?format=display&placement=home&size=300x250');
    expect(small.json().ad).toBeNull();
    const ad = (await call(listener, 'GET', '/api/ads/serve?format=display&placement=home&size=728x90')).json().ad;
    expect(ad).toMatchObject({ campaignId: id, width: 728, height: 90 });
    t.ctx.clock.advance(1_500);
    await call(null, 'GET', relative(ad.tracking.impression));
    await call(null, 'GET', relative(ad.tracking.impression));
    expect((await campaignRow(id)).impressions).toBe(1);
    expect((await campaignRow(id)).spentMicros).toBe(2_000);
    // Reported before it could have been on screen a second: filtered (the URL is used up).
    t.ctx.clock.freeze();
    const early = (
      await call(await signUp(t), 'GET', '/api/ads/serve?format=display&placement=home&size=728x90')
    ).json().ad;
    await call(null, 'GET', relative(early.tracking.impression));
    t.ctx.clock.advance(1_500);
    await call(null, 'GET', relative(early.tracking.impression));
    t.ctx.clock.freeze(false);
    expect((await campaignRow(id)).impressions).toBe(1);
    // Premium listeners see no display ads either.
    expect(
      (await call(premium, 'GET', '/api/ads/serve?format=display&placement=home&size=728x90')).json().ad,
    ).toBeNull();
    await pauseAll();
  });

  it('serves no more than the budget pays, and never overspends under concurrent impression reports', async () => {
    await pauseAll();
    const price = 5_000; // $5 CPM
    const c = await launch({
      name: 'Rush',
      cpmMicros: 5_000_000,
      totalBudgetMicros: 50 * price,
      dailyBudgetMicros: 50 * price,
    });
    // What the budget pays now: the total, or today's paced share of it (a stopped clock: one answer).
    t.ctx.clock.freeze();
    const paced = Math.max(price, Math.floor(50 * price * paceFraction(t.ctx.clock.now())));
    const payable = Math.min(50, Math.floor(paced / price));
    const serving = adServing(t.ctx);
    const ads = [];
    for (let i = 0; i < 200; i++) {
      const d = await serving.decide({
        format: 'audio',
        placement: 'preroll',
        user: null,
        anonId: null,
        trackId: musicTrack,
      });
      // Each serve holds its price (ADR 0040): once the payable ones are held, nothing is left.
      if (i < payable) expect(d?.campaign.id).toBe(c.id);
      else expect(d).toBeNull();
      if (d) ads.push(serving.present(d));
    }
    expect(ads).toHaveLength(payable);
    t.ctx.clock.advance(3_000);
    t.ctx.clock.freeze(false);
    const balanceBefore = await ledgerSum(t.ctx.database.db, advertiser.id);
    // Reported at once, twice each: every one served is charged, once.
    const answers = await Promise.all(
      [...ads, ...ads].map((ad) => call(null, 'GET', relative(ad.tracking.impression))),
    );
    expect(answers.every((r) => r.statusCode === 204)).toBe(true);
    const row = await campaignRow(c.id);
    expect(row.impressions).toBe(payable);
    expect(row.spentMicros).toBe(payable * price);
    expect(row.spentMicros).toBeLessThanOrEqual(row.totalBudgetMicros);
    expect(row.status).toBe(payable === 50 ? 'completed' : 'active');
    expect(await ledgerSum(t.ctx.database.db, advertiser.id)).toBe(balanceBefore - payable * price);
    await pauseAll();
  });

  it('publishes VAST 4 that @dailymotion/vast-client parses, its URLs counting once', async () => {
    await pauseAll();
    const c = await launch({ name: 'Vast', cpmMicros: 3_000_000 });
    const res = await call(null, 'GET', `/api/ads/vast?placement=preroll&trackId=${musicTrack}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('xml');
    const parsed = await parseVast(res.body);
    expect(parsed.version).toBe('4.1');
    expect(parsed.ads).toHaveLength(1);
    const ad = parsed.ads[0];
    // The advertiser's display name (issue 32), never the campaign's internal name.
    expect(ad.title).toBe(advertiser.email.split('@')[0]);
    const linear = ad.creatives.find((cr) => cr.type === 'linear') as unknown as {
      duration: number;
      mediaFiles: { fileURL: string; mimeType: string }[];
      trackingEvents: Record<string, string[]>;
      videoClickThroughURLTemplate: { url: string };
    };
    expect(linear.duration).toBeGreaterThan(19);
    expect(linear.mediaFiles[0].mimeType).toBe('audio/mp4');
    expect((await call(null, 'GET', relative(linear.mediaFiles[0].fileURL))).statusCode).toBe(200);
    t.ctx.clock.advance(3_000);
    const impression = relative(ad.impressionURLTemplates[0].url);
    for (let i = 0; i < 4; i++) expect((await call(null, 'GET', impression)).statusCode).toBe(204);
    for (const e of ['firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
      expect((await call(null, 'GET', relative(linear.trackingEvents[e][0]))).statusCode).toBe(204);
    }
    expect((await call(null, 'GET', relative(linear.videoClickThroughURLTemplate.url))).statusCode).toBe(302);
    const row = await campaignRow(c.id);
    expect(row.impressions).toBe(1);
    expect(row.clicks).toBe(1);
    expect(row.spentMicros).toBe(3_000);
    // Nothing to serve: an empty VAST, still parsed.
    await pauseAll();
    const empty = await call(null, 'GET', `/api/ads/vast?trackId=${musicTrack}`);
    const none = await parseVast(empty.body);
    expect(none.ads).toHaveLength(0);
  });

  it('shows the advertiser its figures and the creator the impressions on their content', async () => {
    const o = (await call(advertiser, 'GET', '/api/ads/advertiser')).json();
    const total = (o.campaigns as TCampaign[]).reduce((n, c) => n + c.stats.impressions, 0);
    expect(total).toBeGreaterThan(5);
    expect(o.days.length).toBeGreaterThan(0);
    const one = (o.campaigns as TCampaign[]).find((c) => c.stats.impressions > 0) as TCampaign;
    const detail = (await call(advertiser, 'GET', `/api/ads/campaigns/${one.id}`)).json();
    expect(detail.days.reduce((n: number, d: { impressions: number }) => n + d.impressions, 0)).toBe(
      one.stats.impressions,
    );
    const csv = await call(advertiser, 'GET', '/api/ads/advertiser/export.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('impressions');
    const mine = await call(creator, 'GET', '/api/ads/creator');
    // Audio ads ran before the creator's tracks; the display one was on Home (nobody's content).
    const onContent = (o.campaigns as TCampaign[])
      .filter((c) => c.format === 'audio')
      .reduce((n, c) => n + c.stats.impressions, 0);
    expect(mine.json().impressions).toBe(onContent);
    expect(onContent).toBe(total - 1);
    // The advertiser profile: its owner only.
    expect((await call(advertiser, 'GET', `/api/ads/advertisers/${advertiser.id}`)).statusCode).toBe(200);
    expect((await call(listener, 'GET', `/api/ads/advertisers/${advertiser.id}`)).statusCode).toBe(404);
    expect((await call(listener, 'GET', `/api/ads/advertisers/${listener.id}`)).json().error.message).toBe(
      AD_MESSAGES.advertiserNotFound,
    );
  });
});

describe('what the advertiser is told', () => {
  const serve = (user: TestUser | null, trackId: string) =>
    call(user, 'GET', `/api/ads/serve?format=audio&placement=preroll&trackId=${trackId}`);
  const hit = (u: string) => call(null, 'GET', relative(u));

  it('reports audio quartiles of counted impressions per campaign, in the dashboard and its CSV', async () => {
    await pauseAll();
    const c = await launchReusing({ name: 'Quartiles', cpmMicros: 4_000_000 });
    const ads = [];
    for (let i = 0; i < 4; i++) {
      const ad = (await serve(await signUp(t), musicTrack)).json().ad;
      expect(ad.campaignId).toBe(c.id);
      ads.push(ad);
    }
    const [a, b, heardOnly, neverCounted] = ads;
    t.ctx.clock.advance(3_000);
    for (const ad of [a, b, heardOnly]) expect((await hit(ad.tracking.impression)).statusCode).toBe(204);
    // a played to the end (each URL fetched twice: counted once; each as playback reaches it, 5 s
    // apart in a 20 s ad), b stopped after half.
    for (const e of ['firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const) {
      t.ctx.clock.advance(5_000);
      expect((await hit(a.tracking[e])).statusCode).toBe(204);
      await hit(a.tracking[e]);
    }
    await hit(b.tracking.firstQuartile);
    await hit(b.tracking.midpoint);
    // Quartiles of a serve whose impression was never counted are no figures.
    await hit(neverCounted.tracking.firstQuartile);
    await hit(neverCounted.tracking.complete);

    const o = (await call(advertiser, 'GET', '/api/ads/advertiser')).json() as { campaigns: TCampaign[] };
    const mine = o.campaigns.find((x) => x.id === c.id) as TCampaign;
    expect(mine.stats.impressions).toBe(3);
    expect(mine.stats.quartiles).toEqual({
      started: 3,
      firstQuartile: 2,
      midpoint: 2,
      thirdQuartile: 1,
      complete: 1,
      completionRate: 1 / 3,
    });
    // Display campaigns have none.
    const display = (
      await call(
        advertiser,
        'POST',
        '/api/ads/campaigns',
        base({ name: 'Banner', format: 'display', cpmMicros: 2_000_000 }),
      )
    ).json().campaign as TCampaign;
    expect(display.stats.quartiles).toBeNull();

    const csv = (await call(advertiser, 'GET', '/api/ads/advertiser/export.csv')).body.trim().split('\n');
    const head = csv[0].split(',');
    const row = csv.find((l) => l.startsWith(c.id))?.split(',') ?? [];
    const cell = (name: string) => row[head.indexOf(name)];
    expect(
      ['audio_started', 'audio_q25', 'audio_q50', 'audio_q75', 'audio_complete', 'audio_completion_rate'].map(cell),
    ).toEqual(['3', '2', '2', '1', '1', '0.3333']);
    const displayRow = csv.find((l) => l.startsWith(display.id))?.split(',') ?? [];
    expect(displayRow[head.indexOf('audio_q25')]).toBe('');
    await pauseAll();
  });

  it('tells why an active campaign is not delivering when the balance cannot pay an impression, and resumes after a top-up', async () => {
    await pauseAll();
    const poor = await signUp(t, { role: 'advertiser' });
    // A top-up as billing records it (a paid Checkout), booked by the minute's sweep job.
    const topUp = async (cents: number) => {
      await t.ctx.database.db.insert(payments).values({
        userId: poor.id,
        kind: 'paid',
        purpose: 'ad_topup',
        amountCents: cents,
        externalId: `cs_test_poor_${cents}_${Date.now()}`,
        occurredAt: t.ctx.clock.now(),
      });
      expect(await adsService(t.ctx).bookAllTopUps()).toBe(1);
    };
    // 1 cent = 10,000 micro-dollars: two impressions at a $5 CPM.
    await topUp(1);
    const c = await launchReusing({ name: 'Shoestring', cpmMicros: 5_000_000 }, poor);
    const mine = async () => {
      const o = (await call(poor, 'GET', '/api/ads/advertiser')).json() as { campaigns: TCampaign[] };
      return o.campaigns.find((x) => x.id === c.id) as TCampaign;
    };
    expect((await mine()).deliveryIssue).toBeNull();
    for (let i = 0; i < 2; i++) {
      const ad = (await serve(await signUp(t), musicTrack)).json().ad;
      expect(ad.campaignId).toBe(c.id);
      t.ctx.clock.advance(3_000);
      expect((await hit(ad.tracking.impression)).statusCode).toBe(204);
    }
    // The balance is spent: the campaign stays active (its state is the advertiser's choice) but
    // serves nothing, and the dashboard (and its CSV) says why.
    const held = await mine();
    expect(held.status).toBe('active');
    expect(held.stats.impressions).toBe(2);
    expect(held.deliveryIssue).toBe('balance_too_low');
    expect((await serve(await signUp(t), musicTrack)).json().ad).toBeNull();
    const csv = (await call(poor, 'GET', '/api/ads/advertiser/export.csv')).body;
    expect(csv).toContain('balance_too_low');
    // Paused by its advertiser: that is the reason, not the balance.
    const paused = await call(poor, 'POST', `/api/ads/campaigns/${c.id}/pause`);
    expect(paused.json().campaign.deliveryIssue).toBeNull();
    expect((await call(poor, 'POST', `/api/ads/campaigns/${c.id}/resume`)).json().campaign.deliveryIssue).toBe(
      'balance_too_low',
    );

    // A top-up: delivery resumes by itself (before the advertiser looks), nothing to click.
    await topUp(100);
    expect((await serve(await signUp(t), musicTrack)).json().ad.campaignId).toBe(c.id);
    expect((await mine()).deliveryIssue).toBeNull();
    await call(poor, 'POST', `/api/ads/campaigns/${c.id}/pause`);
  });
});

describe('serving state', () => {
  it("moves other processes' spend and balances into the index, a slice per turn", async () => {
    await pauseAll();
    const poorer = await signUp(t, { role: 'advertiser' });
    const db = t.ctx.database.db;
    await db.insert(payments).values({
      userId: poorer.id,
      kind: 'paid',
      purpose: 'ad_topup',
      amountCents: 1_000,
      externalId: `cs_test_poorer_${Date.now()}`,
      occurredAt: t.ctx.clock.now(),
    });
    await adsService(t.ctx).bookAllTopUps();
    const top = await launchReusing({ name: 'Top bid', cpmMicros: 8_000_000 }, poorer);
    const next = await launchReusing({ name: 'Next bid', cpmMicros: 7_000_000 }, poorer);
    // This process's index, refreshed on every look, one campaign per turn.
    const index = new CampaignIndex(db, () => t.ctx.clock.now(), { refreshMs: 0, updateSlice: 1 });
    await index.ready();
    const now = t.ctx.clock.now();
    const q = {
      format: 'audio' as const,
      category: 'Music',
      contentType: 'on-demand' as const,
      now,
      paceFraction: 1,
      excludeId: null,
    };
    expect(index.select(q)?.id).toBe(top.id);
    // Another process spent the top campaign's budget, then the advertiser's balance.
    await db.update(adCampaigns).set({ spentMicros: 50_000_000 }).where(eq(adCampaigns.id, top.id));
    const settle = async (expected: string | undefined) => {
      for (let i = 0; i < 200 && index.select(q)?.id !== expected; i++) {
        index.usable();
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(index.select(q)?.id).toBe(expected);
    };
    await settle(next.id);
    await db.update(adBalances).set({ balanceMicros: 0 }).where(eq(adBalances.advertiserId, poorer.id));
    await settle(undefined);
    expect(index.usable()).toBe(true); // same campaigns: no full reload needed
    await call(poorer, 'POST', `/api/ads/campaigns/${next.id}/pause`);
  });

  it('writes the serves of one turn in one statement, as given; a bad row loses no other', async () => {
    await pauseAll();
    const c = await launchReusing({ name: 'Writer', cpmMicros: 3_000_000 });
    const writer = servingState(t.ctx).serves;
    const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 0, 123));
    const row = (campaignId: string, listenerKey: string | null): ServeRow => ({
      id: randomUUID(),
      campaignId,
      format: 'audio',
      placement: 'preroll',
      listenerKey,
      creatorId: listenerKey && creator.id,
      priceMicros: 3_000,
      servedAt: at,
      impressedAt: null,
      quartiles: 0,
      clickedAt: null,
      clientKey: listenerKey ? null : 'client:abc',
      ivtReason: listenerKey ? null : 'known-bot',
      reservedUntil: listenerKey ? new Date(at.getTime() + 300_000) : null,
    });
    const good = [row(c.id, 'anon:one'), row(c.id, null)];
    // A campaign that does not exist (deleted a moment ago): its row fails, the others are written,
    // and an expected refusal is not logged as an error.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    writer.add(good[0]);
    writer.add(row(randomUUID(), 'anon:two'));
    writer.add(good[1]);
    await writer.settled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const written = await t.ctx.database.db
      .select()
      .from(adServes)
      .where(eq(adServes.campaignId, c.id))
      .orderBy(adServes.listenerKey);
    expect(written).toEqual([good[0], good[1]]);
    await pauseAll();
  });
});
