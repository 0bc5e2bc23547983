import { expect, expectAccessible, gotoHydrated, siteUrl, test } from './support/fixtures';

test.use({ ageVerified: false });

test('the age gate blocks the page until confirmed, then stays away for 7 days', async ({ page, context }) => {
  await gotoHydrated(page, '/');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Laithwaites' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Yes, I am 18 or over' })).toBeFocused();
  await expectAccessible(page);

  // Focus stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, I am 18 or over' })).toBeFocused();

  await dialog.getByRole('button', { name: 'Yes, I am 18 or over' }).click();
  await expect(dialog).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'age_verified');
  expect(cookie?.value).toBe('1');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);

  await page.reload();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('answering No keeps the gate up with a refusal', async ({ page }) => {
  await gotoHydrated(page, '/wines');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Sorry, you must be 18 or over to visit this site.');
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the US site asks for 21', async ({ page }) => {
  await page.goto(siteUrl('wsj-us', '/'));
  await expect(page.getByRole('button', { name: 'Yes, I am 21 or over' })).toBeVisible();
});
