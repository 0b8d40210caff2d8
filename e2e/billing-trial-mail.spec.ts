import type { Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { moveClock } from './support/clock';
import { droppedMails } from './support/mail';
import { expect, test } from './support/test';

// Issue 32 from the web: a no-card trial is reminded 3 days before its end (mail and in-app), and a
// card added from Settings → Billing (the fake Stripe's hosted Checkout) keeps the plan going. The
// server runs with TEST_CLOCK=1: POST /api/test/clock moves its billing clock, and
// POST /api/test/run-job runs the daily reminder job now rather than at its next real-time run.

const DAY_MS = 86_400_000;
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

async function sameOrigin(page: Page, path: string, data: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(path, { data, headers: { origin } });
  expect(res.ok()).toBe(true);
  return res.json();
}

test('a trial 3 days from its end gets one reminder mail, then a card added keeps Premium', async ({ page }) => {
  await page.goto('/');
  await signUpApi(page.request, 'Reminded Listener', { accountType: 'listener' });
  const email = (await (await page.request.get('/api/me')).json()).user.email as string;
  await page.goto('/pricing');
  await page.getByTestId('plan-premium-listener').getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText('Your free trial has started')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);

  const started = await moveClock(page.request, 0);
  const trialEnd = longDate.format(new Date(started + 14 * DAY_MS));
  await expect(page.getByText(`Your free trial ends on ${trialEnd}`)).toBeVisible();
  const addCard = page.getByRole('button', { name: 'Add a card to keep Premium Listener' });
  await expect(addCard).toBeVisible();

  // 11 days and an hour later: under 3 days left. The job runs twice; one mail.
  await moveClock(page.request, 11 * DAY_MS + 3_600_000);
  await sameOrigin(page, '/api/test/run-job', { type: 'billing.trial-reminders' });
  await sameOrigin(page, '/api/test/run-job', { type: 'billing.trial-reminders' });
  const subject = `Subject: Your free trial of Premium Listener ends on ${trialEnd}`;
  const reminders = () => droppedMails().filter((m) => m.startsWith(`To: ${email}\n`) && m.includes(subject));
  await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
  expect(reminders()[0]).toContain('Add a card to keep Premium Listener ($9.99 a month');
  expect(reminders()[0]).toContain('/settings?tab=billing');

  // The same notice in the app's notifications.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/notifications');
      const items = (await res.json()).items as { type: string; title: string }[];
      return items.filter((n) => n.type === 'billing').map((n) => n.title);
    })
    .toEqual([`Your free trial of Premium Listener ends on ${trialEnd}`]);

  // The card: the fake Stripe's Checkout, paid; the trial goes on and is charged at its end.
  await page.reload();
  await addCard.click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing&checkout=done$/);
  await expect(page.getByTestId('card-trial')).toHaveText(`Free trial until ${trialEnd}, then charged to your card.`);
  await expect(page.getByTestId('plan-details')).toContainText(`Next charge: $9.99 on ${trialEnd}`);
  await expect(addCard).toHaveCount(0);
  await expect(page.getByText('No payments yet.')).toBeVisible();
  expect(reminders()).toHaveLength(1);

  // A plan change during the card trial: the confirm shows its price for today (none in a trial).
  await page.goto('/pricing');
  await page.getByTestId('plan-family').getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Family Plan?' });
  await expect(dialog.getByTestId('change-preview')).toHaveText('Nothing is charged today.');
  await dialog.getByRole('button', { name: 'Keep as is' }).click();
});
