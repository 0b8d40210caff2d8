import { signUpApi } from './support/accounts';
import { expect, test } from './support/test';

// The free plan's live allowance on Go Live (the cap itself is exercised by the server's
// allowance.int.test.ts with a shortened cap: the e2e server is shared by every spec).
test('a Free creator sees the live minutes left this month on Go Live; on Creator it is unlimited', async ({
  page,
}) => {
  await signUpApi(page.request, 'Free Caster', { accountType: 'creator' });
  await page.goto('/creator/live');
  await expect(page.getByRole('heading', { name: 'Go Live', level: 1 })).toBeVisible();
  await expect(page.getByTestId('live-allowance')).toHaveText('120 minutes of live streaming left this month');
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveCount(0);

  // A Creator trial: unlimited streaming.
  const trial = await page.request.post('/api/billing/trial', { data: { planId: 'creator' } });
  expect(trial.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('live-allowance')).toHaveText('Unlimited live streaming');
});
