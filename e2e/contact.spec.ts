import { adminPage } from './support/accounts';
import { expect, test } from './support/test';

test('the contact form explains every missing field', async ({ page }) => {
  await page.goto('/support/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Subject is required',
    'Please select a category',
    'Message is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Ada');
  await expect(page.getByText('Name is required')).toHaveCount(0);

  const options = await page.getByLabel('Category').locator('option').allTextContents();
  expect(options).toEqual([
    'Select a category',
    'Technical Support',
    'Billing & Payments',
    'Account Issues',
    'Content & Copyright',
    'Feature Request',
    'Other',
  ]);
});

test('a visitor sends a message and an admin reads and resolves it', async ({ page, browser }) => {
  const subject = `Upload stuck ${Date.now()}`;
  await page.goto('/support/contact');
  await page.getByLabel('Name', { exact: true }).fill('Visitor Vera');
  await page.getByLabel('Email', { exact: true }).fill('vera@example.com');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Category').selectOption({ label: 'Technical Support' });
  await page.getByLabel('Message', { exact: true }).fill('My upload stops at 90%.\nWhat can I do?');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const status = page.getByRole('status').filter({ hasText: 'Message sent' });
  await expect(status).toBeVisible();
  await expect(status).toContainText(
    'Thanks, Visitor Vera! Your message has been sent. We have emailed a copy to vera@example.com and will reply within 24 hours.',
  );

  const admin = await adminPage(browser);
  try {
    await admin.page.goto('/admin');
    await admin.page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await expect(admin.page).toHaveURL(/\/admin\/messages$/);
    const card = admin.page.getByTestId('contact-message').filter({ hasText: subject });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Visitor Vera · vera@example.com');
    await expect(card).toContainText('Technical Support');
    await expect(card).toContainText('My upload stops at 90%.');
    await expect(card).toContainText('Open');

    await card.getByRole('button', { name: /Mark .* as resolved/ }).click();
    await expect(admin.page.getByText('Message marked as resolved')).toBeVisible();
    await expect(card).toHaveCount(0); // it leaves the Open list...
    await admin.page.getByRole('button', { name: 'Resolved', exact: true }).click();
    const resolved = admin.page.getByTestId('contact-message').filter({ hasText: subject });
    await expect(resolved).toContainText('Resolved'); // ...and shows under Resolved
  } finally {
    await admin.close();
  }
});

test('visitors and non-admins cannot read contact messages', async ({ page }) => {
  const visitor = await page.request.get('/api/admin/contact-messages');
  expect(visitor.status()).toBe(401);
  await page.goto('/');
  await page.request.post('/api/auth/sign-up/email', {
    data: { email: `listener-${Date.now()}@e2e.test`, password: 'listener-password', name: 'Lis' },
  });
  const listener = await page.request.get('/api/admin/contact-messages');
  expect(listener.status()).toBe(403);
  await page.goto('/admin/messages');
  await expect(page).toHaveURL(/\/$/);
});
