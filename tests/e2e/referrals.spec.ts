import { CartPage } from './support/cart';
import { expect, expectAccessible, gotoHydrated, logIn, test } from './support/fixtures';

// Refer a friend: the home page popup gives a Current customer their link; the friend's /offer landing page shows
// the offer and keeps the code, which comes off the friend's first order in the cart.

test('a customer shares their link from the home page; the friend lands on the offer and gets it in the cart', {
  tag: '@db',
}, async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, 'planner@example.com');
  await gotoHydrated(page, '/');
  const opener = page.getByRole('button', { name: 'Refer a friend' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Refer a friend' });
  const link = dialog.getByLabel('Your link');
  await expect(link).toHaveValue(/\/offer\?code=REF-[A-Z2-9]{6}$/);
  await expect(dialog).toContainText('Your friends get $25.00 off an order of $100.00 or more on their first order.');
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Link copied.');
  const url = await link.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The friend: a new browser.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friendContext.addCookies([{ name: 'age_verified', value: '1', url: new URL(url).origin }]);
  await friend.goto(url);
  await expect(friend.getByRole('heading', { level: 1 })).toHaveText(
    'Sophie has sent you $25.00 off an order of $100.00 or more',
  );
  const code = new URL(url).searchParams.get('code') ?? '';
  await expect(friend.locator('.offer-page')).toContainText(`Your code ${code} is saved`);
  const cart = new CartPage(friend);
  await cart.addItem('D0001', 12);
  const reply = await cart.api<{ orderPriceInfo: { pricingBreakdown: { promotionName: string }[] } }>(
    'GET',
    '/api/cart/list',
  );
  expect(reply.body.response.orderPriceInfo.pricingBreakdown.map((p) => p.promotionName)).toContain(code);
  await friendContext.close();
});

test('a prospect sees no refer-a-friend section; an unknown code still gets a welcome', async ({ page }) => {
  await gotoHydrated(page, '/');
  await expect(page.getByRole('button', { name: 'Refer a friend' })).toHaveCount(0);
  await gotoHydrated(page, '/offer?code=FRIEND-42');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Laithwaites');
  await expect(page.locator('.offer-page')).toContainText('We have kept your code FRIEND-42 for you.');
  await expectAccessible(page);
});
