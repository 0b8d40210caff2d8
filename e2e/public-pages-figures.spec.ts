import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// Spec section 9, figure by figure, on the page the spec puts it on. The expected strings are
// written out here (not imported) so a change to the shared constants that breaks the spec fails.

async function expectCard(page: Page, testId: string, texts: string[]) {
  const card = page.getByTestId(testId);
  await expect(card, testId).toBeVisible();
  for (const text of texts) await expect(card, `${testId}: ${text}`).toContainText(text);
}

async function openAllFaq(page: Page) {
  const buttons = page.locator('[data-testid="faq-item"] button[aria-expanded="false"]');
  while ((await buttons.count()) > 0) await buttons.first().click();
}

test('pricing page: creator and listener plans, affiliate tiers, payouts, ad rates, FAQ and sign-up links', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expectCard(page, 'plan-free', ['Free', '$0/month', '2 hours of streaming per month', 'Ads']);
  await expectCard(page, 'plan-creator', ['Creator', 'Most Popular', '$19/month', 'Unlimited streaming', 'HD audio']);
  await expectCard(page, 'plan-pro', ['Pro', '$49/month']);
  await expectCard(page, 'plan-free-listener', ['Free Listener', '$0/month']);
  await expectCard(page, 'plan-premium-listener', ['Premium Listener', 'Most Popular', '$9.99/month']);
  await expectCard(page, 'plan-family', ['Family Plan', '$14.99/month', 'Up to 6 accounts']);
  await expect(page.getByText('Most Popular', { exact: true })).toHaveCount(2);

  await expectCard(page, 'tier-bronze', ['Bronze', '15%', 'New affiliates', 'Monthly']);
  await expectCard(page, 'tier-silver', ['Silver', '20%', '25+ active referrals', 'Bi-weekly']);
  await expectCard(page, 'tier-gold', ['Gold', '25%', '100+ active referrals', 'Weekly']);
  await expect(page.locator('main')).toContainText('Payout frequencies: monthly, bi-weekly, weekly');

  const rates = page.getByRole('table');
  await expect(rates.getByRole('row', { name: /Audio ads/ })).toContainText('$2-8 CPM');
  await expect(rates.getByRole('row', { name: /Display ads/ })).toContainText('$1-5 CPM');
  await expect(rates.getByRole('row', { name: /Sponsored content/ })).toContainText('$10-50 CPM');

  const faq = page.locator('#pricing-faq');
  await expect(faq.getByTestId('faq-item')).toHaveCount(4);
  await openAllFaq(page);
  for (const answer of [
    'plan changes take effect immediately',
    '14-day free trial, and no credit card is required',
    'all major credit and debit cards',
    'PayPal or bank transfer',
  ]) {
    await expect(faq.getByText(answer)).toBeVisible();
  }

  await expect(page.locator('main a[href="/signup"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/support/contact"]')).toBeVisible();
  // The marketing reading is not mixed into the pricing page.
  await expect(page.locator('main')).not.toContainText('Elite');
});

test('stream hosts page: host plans Basic Free (2 hours live), Pro $19/month, Business $49/month', async ({ page }) => {
  await page.goto('/how-it-works/stream-hosts');
  await expectCard(page, 'plan-basic', ['Basic', 'Free', '2 hours live']);
  await expectCard(page, 'plan-pro', ['Pro', '$19/month']);
  await expectCard(page, 'plan-business', ['Business', '$49/month']);
});

test('affiliates page: Standard 20%, Premium 25% (50+), Elite 30% (200+), $50 minimum payout', async ({ page }) => {
  await page.goto('/how-it-works/affiliates');
  await expectCard(page, 'tier-standard', ['Standard', '20%']);
  await expectCard(page, 'tier-premium', ['Premium', '25%', '50+ active referrals']);
  await expectCard(page, 'tier-elite', ['Elite', '30%', '200+ active referrals']);
  await expect(page.locator('main')).toContainText('Minimum payout: $50');
});

test('advertisers page: Starter $500/month, Professional $2,000/month, Enterprise custom, 15-30 second audio ads', async ({
  page,
}) => {
  await page.goto('/how-it-works/advertisers');
  await expectCard(page, 'plan-starter', ['Starter', '$500/month']);
  await expectCard(page, 'plan-professional', ['Professional', '$2,000/month']);
  await expectCard(page, 'plan-enterprise', ['Enterprise', 'Custom']);
  await expect(page.locator('main')).toContainText('15-30 seconds');
});

test('about page: 1M+ users, 500K+ audio, 10K+ live streams, 100+ countries', async ({ page }) => {
  await page.goto('/about');
  const stats = page.getByRole('region', { name: 'Wavecast in numbers' });
  for (const [value, label] of [
    ['1M+', 'Active Users'],
    ['500K+', 'Audio Content'],
    ['10K+', 'Live Streams'],
    ['100+', 'Countries'],
  ]) {
    await expect(stats.getByText(value, { exact: true })).toBeVisible();
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  for (const value of ['Innovation', 'Community', 'Quality']) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
  await expect(page.locator('#team li')).toHaveCount(4);
});

for (const path of ['/support', '/support/contact']) {
  test(`support hours (EST) and response times on ${path}`, async ({ page }) => {
    await page.goto(path);
    const hours = page.getByRole('region', { name: 'Support hours' });
    await expect(hours).toContainText('Monday - Friday9:00 AM - 8:00 PM EST');
    await expect(hours).toContainText('Saturday10:00 AM - 6:00 PM EST');
    await expect(hours).toContainText('Sunday12:00 PM - 5:00 PM EST');
    const times = page.getByRole('region', { name: 'Response times' });
    await expect(times).toContainText('EmailWithin 24 hours');
    await expect(times).toContainText('Phone24/7');
    await expect(times).toContainText('Live chatAverage wait 2 minutes');
  });
}

test('help centre: six categories with 12, 18, 8, 15, 10 and 6 articles, each really listing that many', async ({
  page,
}) => {
  const expected: [string, string, number][] = [
    ['getting-started', 'Getting Started', 12],
    ['uploading', 'Uploading & Creating', 18],
    ['live-streaming', 'Live Streaming', 8],
    ['listening', 'Listening & Playlists', 15],
    ['account', 'Account & Billing', 10],
    ['safety', 'Privacy & Safety', 6],
  ];
  await page.goto('/support/help');
  for (const [id, name, count] of expected) await expectCard(page, `help-category-${id}`, [name, `${count} articles`]);
  for (const [id, name, count] of expected) {
    await page.goto('/support/help');
    await page.getByTestId(`help-category-${id}`).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByTestId('help-article-link')).toHaveCount(count);
  }
});
