import fs from 'node:fs';
import { adminPage, signUpApi } from './support/accounts';
import { expect, test } from './support/test';

// Affiliates end to end: apply, get approved, copy the /ref link; a visitor opens it in a fresh
// browser, signs up and pays for Premium on the fake Stripe's Checkout page (scripts/serve-e2e.mjs);
// the affiliate's dashboard shows the referral and 15% of $9.99 = $1.50 (half up), and the CSV holds it.

// Headless Chromium says "HeadlessChrome", a bot by the OPAWG list (its clicks are not counted): the
// visitor uses an ordinary browser's user agent.
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('a referred visitor who pays earns the affiliate a 15% commission, shown with 2 decimals and in the CSV', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers, a Checkout, and the payout steps: more than the default minute on a busy machine
  const origin = new URL(baseURL ?? 'http://localhost:3100').origin;
  const affContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const aff = await affContext.newPage();
  await aff.goto('/');
  const affId = await signUpApi(aff.request, 'Promo Affiliate', { accountType: 'listener' });

  // Apply from How it works for affiliates; the pending state shows.
  await aff.goto('/how-it-works/affiliates');
  await expect(aff.getByText('The rules in force')).toBeVisible();
  const form = aff.getByRole('form', { name: 'Apply to become an affiliate' });
  await form.getByLabel('Website or channel').fill('https://promo.example/blog');
  await form.getByLabel('Audience').fill('5k podcast fans');
  await form.getByLabel('How you promote').fill('A weekly newsletter');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(aff.getByTestId('affiliate-application-pending')).toBeVisible();

  // An admin approves it in the Approvals tab (payouts have their queue there too); the role works
  // without signing in again.
  const admin = await adminPage(browser);
  await admin.page.goto('/admin/approvals');
  const item = admin.page.getByTestId('approval-item').filter({ hasText: 'Promo Affiliate' });
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.page.getByText('Application approved')).toBeVisible();
  await expect(admin.page.getByRole('region', { name: 'Affiliate payouts' })).toBeVisible();
  // Payouts are requested by affiliates and paid in batches: none requested yet.
  await admin.page.getByRole('button', { name: 'Create Batch' }).click();
  await expect(admin.page.getByText('No requested payouts to batch')).toBeVisible();
  await admin.close();

  await aff.goto('/dashboard/affiliate');
  await expect(aff.getByRole('heading', { name: 'Affiliate Dashboard' })).toBeVisible();
  await expect(aff.getByText('No referrals yet. Start promoting to earn commissions!')).toBeVisible();
  await expect(aff.getByTestId('stat-total-earnings')).toHaveText('$0.00');
  await aff.getByRole('button', { name: 'Generate Link' }).first().click();
  await expect(aff.getByText('Referral link copied to clipboard!')).toBeVisible();
  const link = await aff.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${origin}/ref/${affId}`);

  // The visitor: a fresh browser opens the link, lands on the site, signs up and pays.
  const visitorContext = await browser.newContext({ userAgent: VISITOR_UA });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(`${origin}/`);
  const cookie = (await visitorContext.cookies()).find((c) => c.name === 'wc_ref');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await signUpApi(visitor.request, 'Referred Listener', { accountType: 'listener' });
  const checkout = await visitor.request.post('/api/billing/checkout', {
    data: { planId: 'premium' },
    headers: { origin },
  });
  expect(checkout.ok()).toBe(true);
  await visitor.goto((await checkout.json()).url);
  await expect(visitor.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Pay' }).click();
  await expect(visitor).toHaveURL(/\/settings\?tab=billing&checkout=done$/);
  await expect(visitor.getByTestId('plan-name')).toHaveText('Premium Listener');
  await visitorContext.close();

  // The affiliate's dashboard: one referral, active, $1.50 earned (booked as the dashboard is read).
  await aff.reload();
  await expect(aff.getByTestId('stat-total-referrals')).toHaveText('1');
  await expect(aff.getByTestId('stat-active-referrals')).toHaveText('1');
  await expect(aff.getByTestId('stat-total-earnings')).toHaveText('$1.50');
  await expect(aff.getByTestId('referral-row')).toHaveCount(1);
  await expect(aff.getByTestId('referral-row')).toContainText('Referred Listener');
  await aff.getByRole('tab', { name: 'Earnings' }).click();
  await expect(aff.getByTestId('ledger-row')).toContainText('15% of $9.99');
  await expect(aff.getByTestId('ledger-row')).toContainText('$1.50');
  await expect(aff.getByTestId('ledger-row')).toContainText('pending');

  // Payout settings: the PayPal address goes in, only a masked form comes back.
  // Bronze pays monthly: weekly is Gold's (the option says so and cannot be picked).
  await expect(aff.getByRole('option', { name: 'Weekly (from the Gold tier)' })).toBeDisabled();
  await aff.getByLabel('Payout frequency').selectOption('monthly');
  await aff.getByLabel('Payout method').selectOption('paypal');
  await aff.getByLabel('PayPal e-mail').fill('promo.payee@example.org');
  await aff.getByRole('button', { name: 'Save Payout Settings' }).click();
  await expect(aff.getByText('Payout settings saved')).toBeVisible();
  await expect(aff.getByTestId('payout-method')).toHaveText('Payout method on file: PayPal p***@example.org');
  await expect(aff.getByLabel('Payout frequency')).toHaveValue('monthly');
  // A payout is requested, from $50 payable: $1.50 pending is not enough, and the page says so.
  await aff.getByRole('button', { name: 'Request Payout' }).click();
  await expect(aff.getByRole('alert').filter({ hasText: 'The minimum payout is $50.00' })).toHaveText(
    'The minimum payout is $50.00; your payable balance is $0.00',
  );

  // View Analytics: the funnel per campaign tag.
  await aff.getByRole('button', { name: 'View Analytics' }).click();
  await expect(aff.getByTestId('affiliate-analytics')).toContainText('(no tag)');

  const [download] = await Promise.all([
    aff.waitForEvent('download'),
    aff.getByRole('link', { name: 'Download' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv).toMatch(/^"record","id","date","referral"/);
  expect(csv).toMatch(/"referral",[^\n]*"Referred Listener",,"active","1\.50"/);
  expect(csv).toMatch(/"commission",[^\n]*"pending","1\.50","9\.99","15\.00"/);

  // The profile page is the owner's only.
  await aff.goto(`/profile/affiliate/${affId}`);
  await expect(aff.getByRole('button', { name: 'Copy Referral Link' })).toBeVisible();
  await aff.goto('/profile/affiliate/no-such-affiliate');
  await expect(aff.getByText('Affiliate not found')).toBeVisible();
  await affContext.close();
});
