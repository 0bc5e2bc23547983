import { CartPage } from './support/cart';
import { CONSOLE, signIn } from './support/console';
import { expect, expectAccessible, gotoHydrated, pageData, test } from './support/fixtures';

// CONTRACT.md content: campaign summer-reds is published; winter-preview is a draft shown only with preview=true, to a
// signed-in staff member who may change content (decision 046); an unknown campaign name is a 404 page. SPEC §2: campaign landing page, pageType landingpage.

test('a published campaign shows its hero, copy, products with prices, and its call to action', { tag: '@db' }, async ({
  page,
}) => {
  await gotoHydrated(page, '/campaign?name=summer-reds');
  expect((await pageData(page)).pageType).toBe('landingpage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reds for long summer evenings');
  await expect(page).toHaveTitle('Summer reds');
  const wines = page.getByRole('region', { name: 'Summer reds' });
  // Six products in the file: D0001 first; X0001 is out of stock and says so.
  await expect(wines.locator('.tile')).toHaveCount(6);
  await expect(wines.locator('.tile').first()).toContainText('$');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Shop all red wine' })).toHaveAttribute('href', '/wines?name=red-wine');
  await expectAccessible(page);
});

test('adds a campaign wine to the cart', { tag: '@db' }, async ({ page }) => {
  await gotoHydrated(page, '/campaign?name=summer-reds');
  const tile = page.locator('.tile').first();
  await tile.getByRole('button', { name: /^Add a case of 12/ }).click();
  // A tile adds a full case of the wine (SPEC §5).
  await new CartPage(page).expectBottles(12);
});

test('a draft is the 404 page unless previewed by staff; the preview says so and is noindex', { tag: '@db' }, async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.setTimeout(180_000);
  allowConsoleErrors(/status of 404 .*\/campaign\?name=winter-preview/);
  const res = await page.goto('/campaign?name=winter-preview');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, we could not find that page');
  // preview=true alone is what shoppers see.
  expect((await page.goto('/campaign?name=winter-preview&preview=true'))?.status()).toBe(404);
  // The console's host, where the staff session's cookie is.
  await signIn(page, 'owner@staff.example');
  const previewUrl = `${new URL(CONSOLE).origin}/campaign?name=winter-preview&preview=true`;
  const preview = await page.goto(previewUrl);
  expect(preview?.status()).toBe(200);
  // What the manager was shown is not kept for anyone else: the same address, signed out, is still the 404 page.
  const stranger = await browser.newContext();
  expect((await (await stranger.newPage()).goto(previewUrl))?.status()).toBe(404);
  await stranger.close();
  await expect(page.locator('.campaign__preview')).toHaveText(
    'Preview: this campaign is a draft and shoppers cannot see it yet.',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winter warmers, coming soon');
  // The preview is a page operators read before publishing: axe on it too (the banner, the draft's products).
  await expectAccessible(page);
});

test('an unknown campaign name is the 404 page', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404 .*\/campaign/);
  for (const path of ['/campaign?name=no-such-campaign', '/campaign'])
    expect((await page.goto(path))?.status(), path).toBe(404);
});
