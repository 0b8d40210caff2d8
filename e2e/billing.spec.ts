import { expect, type Page, test } from '@playwright/test';
import { signUpApi } from './support/accounts';

// Billing from the web: the pricing page's and the sidebar's plan buttons, Settings → Billing, and a
// trial that ends. The server runs with TEST_CLOCK=1 (scripts/serve-e2e.mjs): POST /api/test/clock
// moves its billing clock, so 15 days pass in a request. Texts are written out (spec wording).

const DAY_MS = 86_400_000;
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Moves the server's billing clock forward (a same-origin request, as the server wants); its new time. */
async function advanceClock(page: Page, ms: number): Promise<number> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/test/clock', { data: { advanceMs: ms }, headers: { origin } });
  expect(res.ok()).toBe(true);
  return Date.parse((await res.json()).now);
}

test('a listener starts a Premium trial from /pricing, cancels it, and is on Free once it ends', async ({ page }) => {
  await page.goto('/');
  await signUpApi(page.request, 'Trial Listener', { accountType: 'listener' });
  await page.goto('/pricing');

  // Creator plans are explained, not sold, to a listener; the free listener plan is theirs already.
  await expect(page.getByTestId('plan-creator')).toContainText('Creator plans are for creators');
  await expect(page.getByTestId('plan-free-listener').getByRole('button', { name: /Current plan/ })).toBeDisabled();

  await page.getByTestId('plan-premium-listener').getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText('Your free trial has started')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);

  const now = await advanceClock(page, 0);
  const trialEnd = longDate.format(new Date(now + 14 * DAY_MS));
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('plan-name')).toHaveText('Premium Listener');
  await expect(page.getByText(`Your free trial ends on ${trialEnd}`)).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await expect(page.getByTestId('upgrade-card')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText('Your plan will end at the end of the period')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Your plan ends on ${trialEnd}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume plan' })).toBeVisible();

  await advanceClock(page, 15 * DAY_MS);
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Free Listener');
  await expect(page.getByTestId('plan-status')).toHaveText('Free');
  const card = page.getByTestId('upgrade-card');
  await expect(card.getByRole('heading', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Get Premium' })).toBeVisible();
});

test("the sidebar's Get Premium card shows to a free listener and goes once a trial starts", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('upgrade-card')).toHaveCount(0); // signed out
  await signUpApi(page.request, 'Card Listener', { accountType: 'listener' });
  await page.goto('/explore');
  const card = page.getByTestId('upgrade-card');
  await expect(card).toContainText('Upgrade to Premium');
  await card.getByRole('button', { name: 'Get Premium' }).click();

  await expect(page.getByText('Your free trial has started')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByTestId('plan-name')).toHaveText('Premium Listener');
  await expect(card).toHaveCount(0);

  // The pricing page now knows the plan.
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-premium-listener').getByRole('button', { name: /Current plan/ })).toBeDisabled();
  await expect(page.getByTestId('plan-family').getByRole('button', { name: 'Change plan' })).toBeEnabled();
});
