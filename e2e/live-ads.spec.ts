import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { signInAdmin } from './support/accounts';
import { LISTENER_UA, makeAdAudio } from './support/ads';
import { baseURL, useLiveBrowser } from './support/live-browser';
import { expect, test } from './support/test';
import { scaled } from './support/timeouts';

// A pre-roll before a live stream: an advertiser's live-only audio campaign (set up through the API;
// the dashboard is ads.spec's), a creator on air with a fake microphone; a Premium listener hears
// the stream at once, a Free listener hears the ad first (the live player says 'Ad', the stream is
// not even fetched), then the stream. The budget is exactly one impression, so the campaign
// completes after it and no other spec ever hears it.
const { person } = useLiveBrowser();

const send = (request: APIRequestContext, url: string, data?: unknown) =>
  request.post(url, { data: data ?? {}, headers: { origin: baseURL } });

test('a live stream starts with a pre-roll for Free listeners, never for Premium ones', async () => {
  test.setTimeout(scaled(180_000));

  // The advertiser is approved and credited by an admin; its campaign targets live streams only.
  const advertiser = await person('Live Ads Co', 'listener');
  const applied = await send(advertiser.page.request, '/api/applications', {
    role: 'advertiser',
    details: {
      company: 'Live Ads Company',
      website: 'https://live-ads.example',
      billingEmail: 'bills@live-ads.example',
    },
  });
  expect(applied.status()).toBe(201);
  const admin = await person('Live Ad Reviewer', 'listener');
  await signInAdmin(admin.ctx);
  const { application } = await applied.json();
  const decided = await send(admin.page.request, `/api/admin/applications/${application.id}/decision`, {
    approve: true,
  });
  expect(decided.status()).toBe(200);
  const advertiserId = application.user.id as string;
  const credit = await send(admin.page.request, `/api/admin/ads/advertisers/${advertiserId}/credit`, {
    amountCents: 100,
    note: 'Live launch',
  });
  expect(credit.status()).toBe(200);
  const created = await send(advertiser.page.request, '/api/ads/campaigns', {
    name: 'Live Spot',
    format: 'audio',
    clickUrl: 'https://live-ads.example/spot',
    categories: [],
    contentTypes: ['live'],
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    totalBudgetMicros: 5_000,
    dailyBudgetMicros: 5_000,
    cpmMicros: 5_000_000,
    sponsoredText: null,
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).campaign.id as string;
  const creative = await advertiser.page.request.post(`/api/ads/campaigns/${campaignId}/creative`, {
    headers: { origin: baseURL },
    multipart: { file: { name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(makeAdAudio()) } },
  });
  expect(creative.status()).toBe(200);
  expect((await send(advertiser.page.request, `/api/ads/campaigns/${campaignId}/submit`)).status()).toBe(200);
  const approved = await send(admin.page.request, `/api/admin/ads/campaigns/${campaignId}/review`, { approve: true });
  expect(approved.status()).toBe(200);
  await admin.ctx.close();

  // The creator goes live.
  const host = await person('Lola Live', 'creator');
  await host.ctx.grantPermissions(['microphone'], { origin: baseURL });
  await host.page.goto('/creator/live');
  await host.page.getByLabel('Stream Title').fill('Evening Ads Test');
  await host.page.getByLabel('Category').selectOption('Music');
  await host.page.getByRole('button', { name: 'Go Live' }).click();
  await expect(host.page.getByText('You are now live!')).toBeVisible({ timeout: scaled(20_000) });
  const href = await host.page.getByRole('link', { name: 'Open your stream page' }).getAttribute('href');
  const streamId = (href ?? '').split('/').pop() as string;

  // A Premium listener: the stream at once, no ad.
  const premium = await person('Pia Premium', 'listener');
  expect((await send(premium.page.request, '/api/billing/trial', { planId: 'premium' })).ok()).toBe(true);
  await premium.page.goto(`/live/${streamId}`);
  await expect(premium.page.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: scaled(20_000) });
  await expect(premium.page.getByTestId('player-ad')).toHaveCount(0);
  await premium.ctx.close();

  // A Free listener: the ad first, labelled 'Ad' in the live player, Media Session says Ad; the
  // stream is not fetched until it is over (skipped after 5 s).
  const free = await person('Finn Free', 'listener', { userAgent: LISTENER_UA });
  const streamFetched: number[] = [];
  const adsAsked: number[] = [];
  free.page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === `/api/live/${streamId}/stream`) streamFetched.push(Date.now());
    if (pathname === '/api/ads/serve') adsAsked.push(Date.now());
  });
  const mediaTitle = () => free.page.evaluate(() => navigator.mediaSession.metadata?.title);
  await free.page.goto(`/live/${streamId}`);
  const ad = free.page.getByTestId('player-ad');
  await expect(ad).toBeVisible({ timeout: scaled(15_000) });
  await expect(ad).toContainText('Ad');
  await expect(ad).toContainText('Live Ads Co'); // the advertiser's name, not the campaign's (ADR 0041)
  await expect.poll(mediaTitle).toBe('Ad');
  await expect(ad.getByRole('button', { name: /Skip in/ })).toBeDisabled();
  const skip = ad.getByRole('button', { name: 'Skip ad' });
  await expect(skip).toBeEnabled({ timeout: scaled(15_000) });
  expect(streamFetched).toHaveLength(0);
  await skip.click();
  await expect(ad).toHaveCount(0);
  await expect(free.page.getByTestId('live-player-state')).toHaveText('Listening live', { timeout: scaled(20_000) });
  expect(streamFetched.length).toBeGreaterThan(0);
  await expect.poll(mediaTitle).toBe('Evening Ads Test');
  // One pre-roll, asked for once: the player was not mounted again meanwhile (e.g. when the session
  // check answered after the stream did), which cut the ad off and asked again.
  expect(adsAsked).toHaveLength(1);

  // Counted once and charged: the campaign completed at its one-impression budget.
  const campaignNow = async () => {
    const mine = await (await advertiser.page.request.get('/api/ads/advertiser')).json();
    return mine.campaigns.find((c: { id: string }) => c.id === campaignId);
  };
  // The player's impression report may still be on its way when the ad is skipped.
  await expect.poll(async () => (await campaignNow()).stats.impressions, { timeout: scaled(15_000) }).toBe(1);
  const campaign = await campaignNow();
  expect(campaign.stats.spentMicros).toBe(5_000);
  expect(campaign.status).toBe('completed');

  await host.page.getByRole('button', { name: 'End Stream' }).click();
  await expect(free.page.getByText('This stream has ended')).toBeVisible({ timeout: scaled(15_000) });
});
