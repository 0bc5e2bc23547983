import { expect, pageData, test } from './support/fixtures';

test("a route's own error boundary: an unknown product shows the not-found message inside the working site", async ({
  page,
  allowConsoleErrors,
}) => {
  // The 404 answer of the page itself is what the test asks for.
  allowConsoleErrors(/status of 404 .*\/product\/some-wine-2020\/NOPE1/);
  const res = await page.goto('/product/some-wine-2020/NOPE1');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, we could not find that page' })).toBeVisible();
  await expect(page).toHaveTitle(/^Sorry, we could not find that page \| \S/);
  expect((await pageData(page)).pageType).toBe('error_page');
  // The product route caught it, so root's page (header with its cart button, footer) is still there and works.
  await expect(page.getByRole('banner').getByRole('button', { name: /cart/i })).toBeVisible();
  await page.getByRole('navigation', { name: 'Wine categories' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/wines/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sorry, we could not find that page');
});
