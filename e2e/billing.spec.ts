import type { Page } from '@playwright/test';
import { signUpApi, uniqueEmail } from './support/accounts';
import { moveClock } from './support/clock';
import { droppedMails } from './support/mail';
import { expect, test } from './support/test';

// Billing from the web: the pricing page's and the sidebar's plan buttons, Settings → Billing, and a
// trial that ends. The server runs with TEST_CLOCK=1 (scripts/serve-e2e.mjs): POST /api/test/clock
// moves its billing clock, so 15 days pass in a request. Texts are written out (spec wording).

const DAY_MS = 86_400_000;
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Moves the server's billing clock forward (a same-origin request, as the server wants); its new time. */
async function advanceClock(page: Page, ms: number): Promise<number> {
  return moveClock(page.request, ms);
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

/** The newest mail to `to` in the server's mail drop (no SMTP here), as the recipient gets it. */
function droppedMail(to: string): string | undefined {
  return droppedMails().find((m) => m.startsWith(`To: ${to}\n`));
}

test("a family plan owner invites a listener, who logs in from the mail's link, accepts and leaves", async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signUpApi(page.request, 'Family Owner', { accountType: 'listener' });
  await page.goto('/pricing');
  await page.getByTestId('plan-family').getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Family Plan');
  const family = page.getByTestId('family');
  await expect(family).toContainText('5 seats left');

  // The invite form checks with the shared contract, then shows the server's answers.
  const email = uniqueEmail('family-kid');
  await family.getByLabel('Invite by email').fill('not-an-email');
  await family.getByRole('button', { name: 'Send invitation' }).click();
  await expect(family.getByText('Please enter a valid email address')).toBeVisible();
  await family.getByLabel('Invite by email').fill(email);
  await family.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(family.getByRole('listitem').filter({ hasText: email })).toContainText('Invited');
  await expect(family).toContainText('4 seats left');
  await family.getByLabel('Invite by email').fill(email);
  await family.getByRole('button', { name: 'Send invitation' }).click();
  await expect(family.getByText('This person is already in your family')).toBeVisible();

  // The invitee opens the mail's link signed out, signs up, logs in and comes back to accept.
  await expect.poll(() => droppedMail(email) ?? '', { timeout: 15_000 }).toContain('/family/join?token=');
  const link = new URL(/(http\S+\/family\/join\S+)/.exec(droppedMail(email) ?? '')?.[1] ?? '');
  const context = await browser.newContext();
  const kid = await context.newPage();
  await kid.goto('/');
  const password = 'family-kid-password';
  const up = await kid.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Kid Listener' } });
  expect(up.ok()).toBe(true);
  await context.clearCookies();
  await kid.goto(link.pathname + link.search);
  await expect(kid.getByRole('heading', { name: 'Join a Family Plan' })).toBeVisible();
  await kid.getByRole('link', { name: 'Log in to accept' }).click();
  await kid.getByLabel('Email').fill(email);
  await kid.getByLabel('Password').fill(password);
  await kid.getByRole('button', { name: 'Sign In' }).click();
  await expect(kid).toHaveURL(/\/family\/join\?token=/);
  await kid.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(kid.getByText('You have joined the family plan')).toBeVisible();
  await expect(kid).toHaveURL(/\/settings\?tab=billing$/);
  await expect(kid.getByText("You're on Family Owner's Family Plan")).toBeVisible();
  await expect(kid.getByTestId('upgrade-card')).toHaveCount(0);

  await page.reload();
  await expect(family.getByRole('listitem').filter({ hasText: 'Kid Listener' })).toContainText('Active');

  await kid.getByRole('button', { name: 'Leave family plan' }).click();
  await kid.getByRole('dialog', { name: 'Leave the family plan?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(kid.getByTestId('plan-name')).toHaveText('Free Listener');
  await expect(kid.getByTestId('upgrade-card')).toBeVisible();
  await context.close();
});
