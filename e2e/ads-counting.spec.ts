import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { adminPage, signUpApi } from './support/accounts';
import { LISTENER_UA, makeAdAudio } from './support/ads';
import { expect, test } from './support/test';
import { seededTrackId } from './support/tracks';

// Issue 32 (ADR 0040): a Free listener's player counts its ad as VAST players do (vast-client's
// tracker: the impression when the ad starts, each quartile as playback reaches it), and the
// server counts exactly one impression and four quartiles; a scripted client fetching the same
// kind of ad and its tracking URLs without playing anything is filtered and not charged.

const QUARTILES = ['firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;

interface Stats {
  impressions: number;
  filtered: number;
  spentMicros: number;
  quartiles: { firstQuartile: number; midpoint: number; thirdQuartile: number; complete: number } | null;
}

test('the player counts one impression and four quartiles; a scripted client is filtered and not charged', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL as string;
  const send = (request: APIRequestContext, url: string, data?: unknown) =>
    request.post(url, { data: data ?? {}, headers: { origin } });

  // An approved advertiser with $1 and a 15-second audio campaign at the top bid.
  const advertiserCtx = await browser.newContext();
  const advertiser = advertiserCtx.request;
  await signUpApi(advertiser, 'Counting Ads', { accountType: 'listener' });
  const applied = await send(advertiser, '/api/applications', {
    role: 'advertiser',
    details: { company: 'Counting Co', website: 'https://counting.example', billingEmail: 'bills@counting.example' },
  });
  expect(applied.status()).toBe(201);
  const { application } = await applied.json();
  const admin = await adminPage(browser);
  expect(
    (await send(admin.page.request, `/api/admin/applications/${application.id}/decision`, { approve: true })).status(),
  ).toBe(200);
  const advertiserId = application.user.id as string;
  const credit = await send(admin.page.request, `/api/admin/ads/advertisers/${advertiserId}/credit`, {
    amountCents: 100,
    note: 'Counting test',
  });
  expect(credit.status()).toBe(200);
  const created = await send(advertiser, '/api/ads/campaigns', {
    name: 'Counted Spot',
    format: 'audio',
    clickUrl: 'https://counting.example/spot',
    categories: [],
    contentTypes: ['on-demand'],
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    totalBudgetMicros: 1_000_000,
    dailyBudgetMicros: 1_000_000,
    cpmMicros: 8_000_000,
    sponsoredText: null,
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).campaign.id as string;
  const creative = await advertiser.post(`/api/ads/campaigns/${campaignId}/creative`, {
    headers: { origin },
    multipart: { file: { name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(makeAdAudio(15)) } },
  });
  expect(creative.status()).toBe(200);
  expect((await send(advertiser, `/api/ads/campaigns/${campaignId}/submit`)).status()).toBe(200);
  expect(
    (await send(admin.page.request, `/api/admin/ads/campaigns/${campaignId}/review`, { approve: true })).status(),
  ).toBe(200);
  await admin.close();
  const stats = async (): Promise<Stats> => {
    const mine = await (await advertiser.get('/api/ads/advertiser')).json();
    return mine.campaigns.find((c: { id: string }) => c.id === campaignId).stats;
  };

  try {
    // A Free listener in an ordinary browser plays a track: the ad plays to its end first.
    const listenerCtx = await browser.newContext({ userAgent: LISTENER_UA });
    const page = await listenerCtx.newPage();
    await page.goto('/');
    await signUpApi(page.request, 'Quartile Ears', { accountType: 'listener' });
    await page.reload();
    const reported: string[] = [];
    page.on('request', (r) => {
      const m = /\/api\/ads\/track\/[^/]+\/(\w+)/.exec(new URL(r.url()).pathname);
      if (m) reported.push(m[1]);
    });
    const card = page.getByRole('list', { name: 'Recent Uploads' }).getByRole('listitem').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
    await card.getByRole('button', { name: `Play ${title}` }).click();
    const ad = page.getByTestId('player-ad');
    await expect(ad).toBeVisible({ timeout: 20_000 });
    // Listeners see the advertiser's name, never the campaign's (ADR 0041).
    await expect(ad).toContainText('Counting Ads');
    await expect(ad).not.toContainText('Counted Spot');
    // The impression goes out when the ad starts, long before its first quartile (3.75 s in).
    await expect.poll(() => reported[0], { timeout: 10_000 }).toBe('impression');
    await expect(ad).toHaveCount(0, { timeout: 60_000 });
    await expect.poll(() => reported.length, { timeout: 15_000 }).toBe(5);
    expect(reported).toEqual(['impression', ...QUARTILES]);
    await expect.poll(async () => (await stats()).quartiles?.complete, { timeout: 15_000 }).toBe(1);
    const heard = await stats();
    expect(heard.impressions).toBe(1);
    expect(heard.spentMicros).toBe(8_000);
    expect(heard.filtered).toBe(0);
    expect(heard.quartiles).toMatchObject({ firstQuartile: 1, midpoint: 1, thirdQuartile: 1, complete: 1 });
    await listenerCtx.close();

    // A script (Node's own fetch, no cookie, no playback) asks for an ad and fetches every URL at once.
    const trackId = await seededTrackId(advertiser);
    const served = await fetch(`${origin}/api/ads/serve?format=audio&placement=preroll&trackId=${trackId}`);
    expect(served.status).toBe(200);
    const scripted = (await served.json()).ad as { campaignId: string; tracking: Record<string, string> };
    expect(scripted.campaignId).toBe(campaignId);
    for (const e of ['impression', ...QUARTILES]) {
      const u = new URL(scripted.tracking[e]);
      expect((await fetch(`${origin}${u.pathname}${u.search}`)).status).toBe(204);
    }
    await expect.poll(async () => (await stats()).filtered, { timeout: 15_000 }).toBe(1);
    const after = await stats();
    expect(after.impressions).toBe(1);
    expect(after.spentMicros).toBe(8_000);
    expect(after.quartiles).toMatchObject({ firstQuartile: 1, midpoint: 1, thirdQuartile: 1, complete: 1 });
  } finally {
    // No later spec (or run on the same data) hears this campaign.
    await send(advertiser, `/api/ads/campaigns/${campaignId}/pause`);
    await advertiserCtx.close();
  }
});
