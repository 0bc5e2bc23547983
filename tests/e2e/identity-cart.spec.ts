import { expect, gotoHydrated, logIn, siteUrl, test } from './support/fixtures';

// SPEC §6: only Hard Logged-In customers see the order total with shipping and (vir brand) points earned;
// the elements are removed on the server, not hidden in the browser.

test('a Prospect sees the subtotal but not the delivery and total, and is offered a log in', async ({ page, cart }) => {
  await page.goto(siteUrl('vir-au', '/robots.txt'));
  await cart.addItem('D0001', 6);
  const html = await page.evaluate(async () => (await fetch('/cart')).text());
  expect(html).toContain('Subtotal');
  expect(html).not.toContain('<dt>Total</dt>');
  expect(html).not.toContain('Points you will earn');
  // The header's hidden-when-not-logged-in links are not in the page at all.
  expect(html).not.toContain('>Log out<');
  expect(html).not.toContain('>My account<');
  await gotoHydrated(page, siteUrl('vir-au', '/cart'));
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('to see delivery and your order total.')).toBeVisible();
  await summary.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a Hard Logged-In vir customer sees delivery, the total and the points the cart earns', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await logIn(page, 'shopper@example.com', { site: 'vir-au' });
  await cart.addItem('D0002', 3);
  const points = (await cart.api<{ totalPoints: number }>('GET', '/api/cart/pointsEarnedSummary')).body.response
    .totalPoints;
  expect(points).toBeGreaterThan(0);
  const html = await page.evaluate(async () => (await fetch('/cart')).text());
  // Hidden-when-logged-in elements (the login prompts) are removed on the server.
  expect(html).not.toContain('to see delivery and your order total.');
  expect(html).not.toContain('data-login-link');
  await page.goto(siteUrl('vir-au', '/cart'));
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('Total', { exact: true })).toBeVisible();
  await expect(summary.getByText('Delivery', { exact: true })).toBeVisible();
  await expect(summary.locator('.summary__points dd')).toHaveText(points.toLocaleString('en-AU'));
  await expect(summary.getByText('to see delivery and your order total.')).toHaveCount(0);
});

test('points earned are a vir feature: other brands show the total without points', async ({ page, cart }) => {
  await logIn(page, 'planner@example.com', { site: 'law-au' });
  await cart.addItem('D0002', 2);
  await page.goto(siteUrl('law-au', '/cart'));
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('Total', { exact: true })).toBeVisible();
  await expect(summary.getByText('Points you will earn')).toHaveCount(0);
});
