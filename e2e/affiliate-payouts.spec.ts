import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, adminPage, signUpApi } from './support/accounts';
import { moveClock } from './support/clock';
import { expect, test } from './support/test';
import { scaled } from './support/timeouts';

// Issue 32, affiliate payouts end to end (ADR 0039): seven visitors follow an affiliate's link and pay
// for Pro ($49) on the fake Stripe's Checkout page: 7 × 15% of $49.00 = $51.45, over the $50 minimum
// (the referrals flagged for sharing one address are kept by an admin, so none is held).
// The server's clock (TEST_CLOCK=1, POST /api/test/clock) moves past the 30-day refund window, so the
// commissions become payable. The affiliate requests a payout; an admin gathers it in a batch,
// downloads the batch's PayPal CSV and marks the payout paid with its reference; the affiliate then
// sees it paid and the balance moved from payable to paid.

const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 86_400_000;
const VISITORS = 7;

/** The step-up prompt, when a sensitive admin action asks for it (it may not: a fresh sign-in counts). */
async function confirmIfAsked(page: Page, done: Locator) {
  const prompt = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(prompt.or(done).first()).toBeVisible({ timeout: scaled(30_000) });
  if (await prompt.isVisible()) {
    await prompt.getByLabel('Password').fill(ADMIN.password);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(done).toBeVisible({ timeout: scaled(30_000) });
}

test('an affiliate requests a payout, an admin batches it, exports the CSV and marks it paid; the affiliate sees it paid', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(15 * 60_000); // seven Checkouts in browsers: 7.8 min at load 30-40 on the shared 2-core machine
  const origin = new URL(baseURL ?? 'http://localhost:3100').origin;
  const affContext = await browser.newContext();
  const aff = await affContext.newPage();
  await aff.goto('/');
  const name = `Payout Affiliate ${Date.now().toString(36)}`;
  const affId = await signUpApi(aff.request, name, { accountType: 'listener' });

  // Becoming an affiliate: the application, approved by an admin.
  await aff.goto('/how-it-works/affiliates');
  const form = aff.getByRole('form', { name: 'Apply to become an affiliate' });
  await form.getByLabel('Website or channel').fill('https://payouts.example/blog');
  await form.getByLabel('Audience').fill('Podcast producers');
  await form.getByLabel('How you promote').fill('Tutorials');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(aff.getByTestId('affiliate-application-pending')).toBeVisible();
  const approver = await adminPage(browser);
  await approver.page.goto('/admin/approvals');
  await approver.page
    .getByTestId('approval-item')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(approver.page.getByText('Application approved')).toBeVisible();
  await approver.close();

  // Seven referred creators pay for Pro through the fake Stripe's Checkout page.
  const link = `${origin}/ref/${affId}`;
  for (let i = 1; i <= VISITORS; i++) {
    const context = await browser.newContext({ userAgent: VISITOR_UA });
    const visitor = await context.newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(`${origin}/`);
    await signUpApi(visitor.request, `Referred Creator ${i}`, { accountType: 'creator' });
    const checkout = await visitor.request.post('/api/billing/checkout', {
      data: { planId: 'pro' },
      headers: { origin },
    });
    expect(checkout.ok()).toBe(true);
    await visitor.goto((await checkout.json()).url);
    await visitor.getByRole('button', { name: 'Pay' }).click();
    await expect(visitor).toHaveURL(/\/settings\?tab=billing&checkout=done$/);
    await context.close();
  }

  // Every visitor signed up from this machine's one address: the referrals past the first few are
  // flagged (many sign-ups from one address) and their commissions held. The admin looks and keeps them.
  const reviewer = await adminPage(browser);
  await reviewer.page.goto('/admin/approvals');
  const flaggedQueue = reviewer.page.getByRole('region', { name: 'Flagged referrals' });
  await expect(
    flaggedQueue.getByTestId('approval-item').or(flaggedQueue.getByText('No flagged referrals.')).first(),
  ).toBeVisible();
  const flagged = flaggedQueue.getByTestId('approval-item').filter({ hasText: `Referral by ${name}` });
  for (let left = await flagged.count(); left > 0; left--) {
    await flagged.first().getByRole('button', { name: 'Keep referral' }).click();
    await expect(flagged).toHaveCount(left - 1);
  }
  await reviewer.close();

  await aff.goto('/dashboard/affiliate');
  await expect(aff.getByTestId('stat-total-referrals')).toHaveText(String(VISITORS));
  await expect(aff.getByTestId('stat-total-earnings')).toHaveText('$51.45');
  await aff.getByRole('tab', { name: 'Earnings' }).click();
  await expect(aff.getByTestId('payable-balance')).toHaveText('$0.00'); // pending for the refund window

  // 31 days later the commissions are payable. The method goes in; the payout is requested.
  await moveClock(aff.request, 31 * DAY_MS);
  await aff.reload();
  await aff.getByRole('tab', { name: 'Earnings' }).click();
  await expect(aff.getByTestId('payable-balance')).toHaveText('$51.45');
  await aff.getByLabel('Payout frequency').selectOption('monthly');
  await aff.getByLabel('Payout method').selectOption('paypal');
  await aff.getByLabel('PayPal e-mail').fill('payouts.payee@example.org');
  await aff.getByRole('button', { name: 'Save Payout Settings' }).click();
  await expect(aff.getByText('Payout settings saved')).toBeVisible();
  await aff.getByRole('button', { name: 'Request Payout' }).click();
  await expect(aff.getByText('Payout requested')).toBeVisible();
  const payoutRow = aff.getByTestId('payout-row');
  await expect(payoutRow).toHaveCount(1);
  await expect(payoutRow).toContainText('Requested');
  await expect(payoutRow).toContainText('$51.45');
  await expect(aff.getByTestId('payable-balance')).toHaveText('$0.00');

  // The admin: a batch of the requested payouts, its PayPal CSV, then the payout marked paid.
  const admin = await adminPage(browser);
  const page = admin.page;
  await page.goto('/admin/approvals');
  const queued = page.getByTestId('approval-item').filter({ hasText: `Affiliate payout $51.45: ${name}` });
  await expect(queued).toContainText('requested');
  await expect(queued).toContainText('PayPal p***@example.org');
  await page.getByRole('button', { name: 'Create Batch' }).click();
  await expect(page.getByText('Payout batch created')).toBeVisible();
  await expect(queued).toContainText('in a batch');
  const batch = page.getByTestId('payout-batch').first();
  const downloading = page.waitForEvent('download', { timeout: scaled(60_000) });
  await batch.getByRole('button', { name: 'PayPal CSV' }).click();
  const csvFile = await downloading;
  const csv = fs.readFileSync((await csvFile.path()) ?? '', 'utf8');
  // PayPal Payouts bulk format: recipient, amount, currency, note (the full address, not the masked one).
  expect(csv).toContain('payouts.payee@example.org');
  expect(csv).toMatch(/payouts\.payee@example\.org[^\n]*51\.45/);
  await confirmIfAsked(page, page.getByTestId('payout-batch').first());

  await queued.getByRole('button', { name: 'Mark paid' }).click();
  await queued.getByLabel('Payment reference').fill('PAYPAL-BATCH-0042');
  await queued.getByLabel('Payment reference').press('Enter');
  await confirmIfAsked(page, page.getByText('Payout marked paid'));
  await expect(queued).toHaveCount(0); // no longer due
  await admin.close();

  // The affiliate sees the payout paid with its reference, and the balance moved to paid.
  await aff.reload();
  await aff.getByRole('tab', { name: 'Earnings' }).click();
  await expect(payoutRow).toContainText('Paid (PAYPAL-BATCH-0042)');
  await expect(payoutRow).toContainText('$51.45');
  await expect(aff.getByTestId('payable-balance')).toHaveText('$0.00');
  await expect(aff.getByText('Paid: $51.45', { exact: true })).toBeVisible();
  await expect(aff.getByTestId('stat-total-earnings')).toHaveText('$51.45');
  await affContext.close();
});
