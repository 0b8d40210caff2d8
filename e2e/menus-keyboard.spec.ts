import type { Locator, Page } from '@playwright/test';
import { signUpApi } from './support/accounts';
import { expect, test } from './support/test';
import { seededTrackId } from './support/tracks';

/** Presses Tab until `target` has focus (keyboard only, as a keyboard user gets there). */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('the user menu and the bell work by keyboard alone', async ({ page }) => {
  await signUpApi(page.request, 'Keyboard Listener', { accountType: 'listener' });
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await expect(trigger).toBeVisible();
  await tabTo(page, trigger);

  // Enter opens the menu on its first item; arrows move and wrap; Home and End jump.
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  const item = (name: string) => menu.getByRole('menuitem', { name });
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Settings')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Sign Out')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Sign Out')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item('Profile')).toBeFocused();

  // Escape closes it and gives focus back to the avatar button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // ArrowDown on the button opens it too; Enter on an item follows it.
  await page.keyboard.press('ArrowDown');
  await expect(item('Profile')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Settings')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu).toBeHidden();
  // The bell is tried while the Settings page may still be loading: its heading, once it shows, must
  // not take focus from the bell (it did twice in full runs: the closing panel leaves focus on the
  // body for a moment, navigation-effects.test.ts; the page committed after the bell was focused and
  // took it as the link, NavigationRoot.test.tsx).

  // The bell: Enter opens its panel, Escape closes it and focus returns to the bell.
  const bell = page.getByTestId('notification-bell');
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

test("the track page's More menu works by keyboard alone", async ({ page }) => {
  await signUpApi(page.request, 'Keyboard Menu', { accountType: 'listener' });
  await page.goto('/');
  const id = await seededTrackId(page.request);
  await page.goto(`/audio/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Morning Meditation' })).toBeVisible();
  const more = page.getByRole('button', { name: 'More' });
  await tabTo(page, more);

  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More actions' });
  const item = (name: string) => menu.getByRole('menuitem', { name });
  await expect(item('Add to queue')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Add to playlist')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Report')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Add to queue')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Report')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // Enter on "Add to queue" adds it; focus is back on More.
  await page.keyboard.press('Enter');
  await expect(item('Add to queue')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to queue')).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // "Add to playlist" opens its dialog; Escape closes the dialog and focus returns to More.
  await page.keyboard.press('Enter');
  await expect(item('Add to queue')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Add to playlist')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'New playlist' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  // Space opens it as well; Enter on Report opens the report dialog (signed in) for this track.
  await page.keyboard.press('Space');
  await expect(item('Add to queue')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Report')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Report this track' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
});
