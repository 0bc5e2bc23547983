import type { Page } from '@playwright/test';
import {
  apiProduct,
  dataLayer,
  pageData,
  expect,
  expectAccessible,
  gotoHydrated,
  pauseClock,
  test,
} from './support/fixtures';

/** Opens a product page, ready for clicks. */
async function openProduct(page: Page, code: string) {
  const api = await apiProduct(code);
  await gotoHydrated(page, api.url);
  return api;
}

test('add to cart: loading, added for 2 s, then reset; the mini cart opens with the line', async ({ page, cart }) => {
  await pauseClock(page);
  await openProduct(page, 'D0001');
  const button = page.getByRole('button', { name: 'Add to cart' });
  await button.click();
  await expect(page.getByRole('button', { name: 'Added ✓' })).toBeVisible();
  const drawer = cart.miniCart;
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('listitem')).toHaveCount(1);
  await expect(drawer).toContainText('Qty 1');
  expect((await dataLayer(page)).filter((e) => e.event === 'addToCart')).toEqual([
    expect.objectContaining({
      eventCategory: 'Ecommerce',
      eventAction: 'Add to Cart',
      eventLabel: 'D0001',
      source: 'product',
    }),
  ]);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await page.clock.runFor(1_900);
  await expect(page.getByRole('button', { name: 'Added ✓' })).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('the chosen pack size and quantity are what is added', { tag: '@db' }, async ({ page, cart }) => {
  const api = await openProduct(page, 'D0002');
  await page.getByRole('radio', { name: /6 bottles/ }).check();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cart.miniCart).toContainText('Qty 2');
  expect(Object.keys(await cart.quantities())).toEqual([api.six!.itemCode]);
  await cart.expectBottles(12);
});

test('a failed add shows the SPEC message in the mini cart for 10 s', async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/itemcode\/D0001\/99\)$/);
  await pauseClock(page);
  await openProduct(page, 'D0001');
  await page.getByLabel('Quantity').fill('99');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = cart.miniCart;
  await expect(drawer).toContainText('Qty 99');
  await page.getByRole('button', { name: 'Close cart' }).click();
  await page.clock.runFor(2_100);
  // The server refuses a second 99: the cart would go over 99.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const alert = drawer.getByRole('alert');
  await expect(alert).toHaveText('Sorry, we are unable to add this product to the cart. Please try again later.');
  await page.clock.runFor(9_900);
  await expect(alert).toHaveText(/Sorry/);
  await page.clock.runFor(200);
  await expect(alert).toHaveText('');
});

test('the mini cart closes by its buttons and the overlay, keeps focus inside and passes axe', async ({
  page,
  cart,
}) => {
  await gotoHydrated(page, '/');
  const cartButton = cart.button;
  const drawer = await cart.openMiniCart();
  await expect(drawer).toContainText('Your cart is empty.');
  await expectAccessible(page, '.drawer');
  // Focus is trapped: tabbing past the last control comes back to the first.
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(cartButton).toBeFocused();
  await cartButton.click();
  await page.getByTestId('mini-cart-overlay').click({ position: { x: 20, y: 200 } });
  await expect(drawer).toHaveCount(0);
  await cartButton.click();
  await drawer.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(drawer).toHaveCount(0);
});

test('the mini cart closes with a swipe @mobile', async ({ page, cart }) => {
  await gotoHydrated(page, '/');
  const drawer = await cart.openMiniCart();
  await drawer.evaluate((el) => {
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
    el.dispatchEvent(
      new TouchEvent('touchstart', { touches: [touch(60)], changedTouches: [touch(60)], bubbles: true }),
    );
    el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(260)], bubbles: true }));
  });
  await expect(drawer).toHaveCount(0);
});

test('cart page: links, quantities, typed input after 1.5 s, 0 reverts with help for 3 s, remove', {
  tag: '@db',
}, async ({ page, cart }) => {
  await cart.addItem('D0001', 2);
  await cart.api('PUT', '/api/cart/eItemCode', {
    itemCode: '02698VC',
    quantity: 1,
    recipientName: 'Ann',
    recipientEmail: 'ann@example.com',
    verifyEmail: 'ann@example.com',
    message: 'Enjoy your wine!',
    amount: 60,
  });
  await pauseClock(page);
  await cart.open();
  expect((await pageData(page)).pageType).toBe('shopping_cart');
  const d1 = cart.lineFor('D0001');
  const api = await apiProduct('D0001');
  await expect(d1.getByRole('link', { name: new RegExp(api.name) })).toHaveAttribute('href', api.url);
  const voucher = cart.lineFor('02698VC');
  await expect(voucher.getByRole('link')).toHaveCount(0);
  await expect(voucher.getByRole('textbox')).toHaveCount(0);

  const input = cart.quantityField(api.name);
  await cart.increaseButton(api.name).click();
  await expect(input).toHaveValue('3');
  await cart.expectQuantity('D0001', 3);
  await cart.setQuantity(api.name, 5);
  await page.clock.runFor(1_400);
  expect((await cart.quantities()).D0001).toBe(3);
  await page.clock.runFor(200);
  await expect(input).toHaveValue('5');
  await cart.expectQuantity('D0001', 5);
  // NOTE: wait for the page to take in the answer too: a late answer re-syncs the field to the cart's value.
  await expect(input).not.toHaveAttribute('aria-busy', 'true');

  await expect(input).toHaveValue('5');
  await input.fill('0');
  await input.press('Tab');
  await expect(input).toHaveValue('5');
  const help = page.getByText('To remove this item, use Remove.');
  await expect(help).toBeVisible();
  await page.clock.runFor(3_100);
  await expect(help).toHaveCount(0);

  await input.fill('ab7');
  await expect(input).toHaveValue('7');
  await input.blur();
  await cart.expectQuantity('D0001', 7);

  await cart.removeButton(api.name).click();
  await expect(d1).toHaveCount(0);
  await expect(voucher).toHaveCount(1);
});

test('a quantity change keeps the line busy until the page shows the new cart, and never overwrites a typed 0', async ({
  page,
  cart,
}) => {
  await cart.addItem('D0001', 3);
  await pauseClock(page);
  await cart.open();
  const api = await apiProduct('D0001');
  const input = cart.quantityField(api.name);
  // The page takes in a change in two answers: the change's own, then the validated cart. Hold the second.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/cart\/list\?validate=true$/, async (route) => {
    await held;
    await route.continue();
  });
  await cart.setQuantity(api.name, 5);
  await page.clock.runFor(1_500);
  await cart.expectQuantity('D0001', 5);
  await expect(input).toHaveAttribute('aria-busy', 'true');
  await expect(cart.increaseButton(api.name)).toBeDisabled();
  // The shopper types 0 meanwhile; the late cart (quantity 5) must not replace it.
  await input.fill('0');
  release();
  await expect(input).not.toHaveAttribute('aria-busy', 'true');
  await expect(input).toHaveValue('0');
  await input.press('Tab');
  await expect(input).toHaveValue('5');
  await expect(page.getByText('To remove this item, use Remove.')).toBeVisible();
});

test('the minus button never goes below 1; the cart page passes axe', async ({ page, cart }) => {
  await cart.addItem('D0002', 1);
  await cart.addItem('P0001', 1);
  await cart.open();
  const api = await apiProduct('D0002');
  await expect(cart.decreaseButton(api.name)).toBeDisabled();
  await expect(page.getByTestId('presell-note')).toBeVisible();
  await expectAccessible(page);
});

test('fill-the-box: 12–14 bottles prompt, 14 links to /wines, 15 is a full case', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await cart.addItem('D0002-12', 1);
  await page.goto('/cart');
  const box = page.getByTestId('fill-the-box');
  await expect(box).toHaveText(/Add 3 more bottles to fill your box of 15\./);
  await expect(box.getByRole('link')).toHaveCount(0);
  // A magnum counts 2 bottles: 14.
  await cart.addItem('G0001', 1);
  await page.reload();
  await expect(box).toHaveText(/Add 1 more bottle to fill your box of 15\./);
  await expect(box.getByRole('link', { name: 'Add a bottle' })).toHaveAttribute('href', '/wines');
  await cart.addItem('D0001', 1);
  await page.reload();
  await expect(box).toHaveText('Your box of 15 is full. Nicely done!');
  await cart.addItem('D0001', 1);
  await page.reload();
  await expect(box).toHaveCount(0);
});

test('pre-sell note after 500 ms; validation messages disable checkout', { tag: '@db' }, async ({ page, cart }) => {
  await cart.addItem('P0001', 1);
  await cart.api('POST', '/api/cart', {
    cartItems: [{ itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: { type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' } }],
  });
  await pauseClock(page);
  // NOTE: the 500 ms timer starts once the page is hydrated; moving the clock before that moves nothing.
  await cart.open();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveText('Eligible product removed from the cart');
  await page.clock.runFor(400);
  await expect(page.getByTestId('presell-note')).toHaveCount(0);
  await page.clock.runFor(200);
  await expect(page.getByTestId('presell-note')).toBeVisible();
  await cart.addItem('D0003', 6);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
});

test('the cart page reloads into the empty state when the last item goes; the legacy path redirects', {
  tag: '@db',
}, async ({ page, cart }) => {
  await cart.addItem('D0002', 1);
  await gotoHydrated(page, '/jsp/cart/shopping_cart.jsp');
  await expect(page).toHaveURL(/\/cart$/);
  const api = await apiProduct('D0002');
  await cart.removeButton(api.name).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expectAccessible(page);
});

test('tiles add a full case: 12 bottles of a wine, one mixed case', { tag: '@db' }, async ({ page, cart }) => {
  await gotoHydrated(page, '/wines?name=mixed-cases');
  const mixedTile = page.locator('article.tile').first();
  const mixedCode = await mixedTile.getAttribute('data-item-code');
  await mixedTile.getByRole('button', { name: /^Add to cart: / }).click();
  const drawer = cart.miniCart;
  await expect(drawer).toContainText('Qty 1');
  await cart.closeMiniCart();

  await gotoHydrated(page, '/wines?name=red-wine');
  const tile = page
    .locator('article.tile')
    .filter({ has: page.getByRole('button', { name: /^Add a case of 12: / }) })
    .first();
  const code = await tile.getAttribute('data-item-code');
  await tile.getByRole('button', { name: /^Add a case of 12: / }).click();
  await expect(drawer).toBeVisible();
  const now = await cart.get();
  expect(Object.fromEntries(now.lineItems.map((l) => [l.sku.itemCode, l.quantity]))).toEqual({
    [mixedCode!]: 1,
    [code!]: 12,
  });
  // Twelve single bottles are priced as the 12-pack.
  const line = now.lineItems.find((l) => l.sku.itemCode === code);
  expect(line?.itemPriceInfo.pricingBreakdown.map((b) => b.itemCode)).toEqual([`${code}-12`]);
});

test('quick-order box: required, e-gift refused, out of stock, success hidden after 3 s', { tag: '@db' }, async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/itemcode\/X0001\/1\)$/);
  await cart.addItem('D0001', 1);
  await pauseClock(page);
  await cart.open();
  const box = page.getByLabel('Catalogue item code');
  const add = page.getByRole('button', { name: 'Add item' });
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('This field is required.');
  for (const code of ['00041VC', '00042VC', '00043VC', '02698VC']) {
    await box.fill(code);
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('eGift card cannot be added!');
  }
  await box.fill('X0001');
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('The product is out of stock');
  await box.fill(' d0002 ');
  await add.click();
  const success = page.getByRole('status').filter({ hasText: 'D0002 has been added to your cart.' });
  await expect(success).toBeVisible();
  await expect(cart.lineFor('D0002')).toHaveCount(1);
  await page.clock.runFor(2_900);
  await expect(success).toBeVisible();
  await page.clock.runFor(200);
  await expect(success).toHaveCount(0);
});

test('coming back to the cart shows what changed meanwhile', { tag: '@db' }, async ({ page, cart }) => {
  await cart.addItem('D0001', 1);
  await cart.open();
  await expect(cart.lines).toHaveCount(1);
  await cart.addItem('D0002', 1);
  await page.goto('/wines');
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cart.lines).toHaveCount(2);
  await cart.addItem('D0003', 1);
  await page.goto('/cart?update');
  await expect(cart.lines).toHaveCount(3);
});

test('small screens change the quantity with a select @mobile', async ({ page, cart }) => {
  await cart.addItem('D0002', 2);
  await cart.open();
  const api = await apiProduct('D0002');
  const select = page.getByLabel(`Quantity of ${api.name} (list)`);
  await expect(select).toBeVisible();
  await expect(cart.increaseButton(api.name)).toBeHidden();
  await select.selectOption('4');
  await cart.expectQuantity('D0002', 4);
  await expectAccessible(page);
});

test('#/recommendations marks the add-to-cart event as coming from recommendations', async ({ page, cart }) => {
  const api = await apiProduct('D0002');
  await gotoHydrated(page, `${api.url}#/recommendations`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cart.miniCart).toBeVisible();
  expect((await dataLayer(page)).filter((e) => e.event === 'addToCart')).toEqual([
    expect.objectContaining({
      eventAction: 'Add to Cart - Recommendations',
      eventLabel: api.skus[0]!.itemCode,
      source: 'recommendations',
    }),
  ]);
});

test('a failed delete shows a generic error for 3 s and keeps the page', { tag: '@db' }, async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: .* 404 .*\/api\/cart\/itemcode\/D0002\)$/);
  await cart.addItem('D0001', 1);
  await cart.addItem('D0002', 1);
  await pauseClock(page);
  await cart.open();
  // Another tab removes the line first: this page's Remove then fails on the server.
  await cart.api('DELETE', '/api/cart/itemcode/D0002');
  const api = await apiProduct('D0002');
  await cart.removeButton(api.name).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong, please try again later.' });
  await expect(alert).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(alert).toBeVisible();
  await page.clock.runFor(200);
  await expect(alert).toHaveCount(0);
});

test('on a phone the cart page stays as wide as the screen and does not shift when the add-ons arrive @mobile', async ({
  page,
  cart,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const [code, quantity] of [
    ['D0001', 3],
    ['M0001', 1],
    ['G0001', 2],
  ] as const)
    await cart.addItem(code, quantity);
  await cart.open();
  // The add-ons carousel is filled in by the browser: its track is many tiles wide.
  await expect(page.locator('.addons .tile').first()).toBeAttached();
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect.poll(overflow).toBeLessThanOrEqual(0);
  await page.waitForTimeout(1000);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

// The campaign prefill loads when wanted, not with every page: on arrival from a campaign or voucher link.
test('the campaign prefill loads only on arrival from a campaign or voucher link', async ({ page }) => {
  const loaded = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => /^\/assets\/(campaign-prefill)-[^/]+\.js$/.exec(new URL(e.name).pathname)?.[1])
        .filter(Boolean),
    );
  await openProduct(page, 'D0001');
  await page.waitForLoadState('networkidle');
  expect(await loaded()).toEqual([]);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  expect(await loaded()).toEqual([]);
  await gotoHydrated(page, `${new URL(page.url()).origin}/?promoCode=WELCOME20`);
  await expect.poll(loaded).toEqual(['campaign-prefill']);
});

test('an e-gift card does not count towards free delivery: the summary asks for the wine still to buy', {
  tag: '@db',
}, async ({ page, cart }) => {
  await page.goto('/robots.txt');
  const card = await cart.api('PUT', '/api/cart/eItemCode', {
    salesCode: 'EGIFT',
    quantity: 1,
    itemCode: '02698VC',
    recipientName: 'Ann Lee',
    recipientEmail: 'ann@example.com',
    verifyEmail: 'ann@example.com',
    message: 'Enjoy',
    amount: 400,
  });
  expect(card.status).toBe(200);
  const withWine = await cart.addItem('D0001', 1);
  const wine = withWine.lineItems.find((l) => l.sku.itemCode === 'D0001')?.itemPriceInfo.amount ?? 0;
  await cart.open();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // $347 less the wine: the card's $400 is not delivered.
  await expect(summary).toContainText(`Spend $${(347 - wine).toFixed(2)} more for free delivery.`);
  await expect(summary.getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    String(Math.round((wine / 347) * 100)),
  );
});
