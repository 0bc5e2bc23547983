import type { Page } from '@playwright/test';
import { expect, expectAccessible, gotoHydrated, test } from './support/fixtures';

// Subscribe and Save (SPEC §2 banner and modal, §4, §5 SV lines locked, §8 upsell validation, §9 '$30 off' and the
// 179.88 → 209.99 price text; CONTRACT.md D0003 and its bump item D0003SS).

const D0003 = '/product/D0003';

async function chooseSix(page: Page) {
  await page.getByRole('radio', { name: /^1 bottle/ }).check();
  await page.getByLabel('Quantity').fill('6');
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

test('the banner shows on D0003 (mapped) and not on D0001', async ({ page }) => {
  await gotoHydrated(page, D0003);
  await expect(page.getByTestId('ss-banner')).toContainText('$30 off');
  await gotoHydrated(page, '/product/D0001');
  await expect(page.getByTestId('ss-banner')).toHaveCount(0);
});

test('6 bottles of D0003 offer the modal; claiming adds the wine and a locked, linkless SV line', {
  tag: '@db',
}, async ({ page, cart }) => {
  await gotoHydrated(page, D0003);
  await chooseSix(page);
  const modal = page.getByRole('dialog', { name: 'Subscribe and Save' });
  await expect(modal).toContainText('$30 off');
  await expect(modal.locator('.ss-modal__product')).toContainText('Subscribe and Save, 6 bottles');
  await expectAccessible(page, '[role="dialog"]');
  await modal.getByRole('button', { name: 'Claim $30 off' }).click();
  await expect(modal).toHaveCount(0);
  await cart.expectQuantity('D0003SS', 1);
  await cart.expectQuantity('D0003', 6);
  await cart.open();
  const sv = page.locator('.cart-line', { hasText: 'Subscribe and Save, 6 bottles' });
  await expect(sv.getByRole('link')).toHaveCount(0);
  await expect(sv.getByRole('button', { name: /increase|decrease/i })).toHaveCount(0);
  await expect(page.getByTestId('ss-block')).toContainText('6 bottles every 3 months with $30 off');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await expectAccessible(page);

  // Removing the wine leaves the SV line without its wine: the SPEC message, and no checkout until resolved.
  await page
    .locator('.cart-line', { hasText: 'Tamar Ridge Tasmanian Sparkling Cuvée' })
    .filter({ hasNotText: 'Subscribe and Save' })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(page.locator('.summary').getByRole('alert')).toHaveText('Eligible product removed from the cart');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  // Too few bottles is the other message.
  await cart.addItem('D0003', 2);
  await cart.open();
  await expect(page.locator('.summary').getByRole('alert')).toHaveText(
    'cart is missing items to qualify for the upsell offer',
  );
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await cart.addItem('D0003', 4);
  await cart.open();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
});

test('declining 3 times in a session stops the modal; each decline still adds the wine', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await gotoHydrated(page, D0003);
  for (let n = 1; n <= 3; n++) {
    await chooseSix(page);
    const modal = page.getByRole('dialog', { name: 'Subscribe and Save' });
    await modal.getByRole('button', { name: 'No thanks, just add my wine' }).click();
    await cart.expectQuantity('D0003', 6 * n);
    // The add opens the mini cart (SPEC §4); close it once it is open, not before.
    await expect(cart.miniCart).toBeVisible();
    await cart.closeMiniCart();
    await expect(page.getByTestId('mini-cart-overlay')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveText('Add to cart');
  }
  // The 4th add goes straight in.
  await chooseSix(page);
  await expect(page.getByRole('dialog', { name: 'Subscribe and Save' })).toHaveCount(0);
  await cart.expectQuantity('D0003', 24);
  await cart.expectQuantity('D0003SS', 0);
});

test('fewer than 6 bottles add straight away; the cart offers Subscribe and Save once there are 6', {
  tag: '@db',
}, async ({ page, cart }) => {
  await gotoHydrated(page, D0003);
  await page.getByLabel('Quantity').fill('5');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Subscribe and Save' })).toHaveCount(0);
  await cart.expectQuantity('D0003', 5);
  await cart.open();
  await expect(page.getByTestId('ss-block')).toHaveCount(0);
  await cart.addItem('D0003', 1);
  await cart.open();
  await page.getByTestId('ss-block').getByRole('button', { name: 'Add Subscribe and Save' }).click();
  await cart.expectQuantity('D0003SS', 1);
  await expect(page.getByTestId('ss-block')).toContainText('6 bottles every 3 months');
});

test("a failed claim shows the server's reason, or the fallback, and adds nothing", async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  // The failures are the answers this test gives the claim request.
  allowConsoleErrors(/status of (400|409|500) .*\/api\/cart\)$/);
  // SPEC §8 "Add to cart failure (cart flows)": statusMessage, else message, else the fallback text.
  const answers = [
    { status: 409, body: { statusCode: 409, statusMessage: 'That offer does not apply to D0003SS.' } },
    { status: 400, body: { statusCode: 400, message: 'The quantity of this item cannot be changed.' } },
    { status: 500, body: null },
  ];
  let answer = answers[0]!;
  await page.route('**/api/cart', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: answer.status,
          contentType: answer.body ? 'application/json' : 'text/plain',
          body: answer.body ? JSON.stringify(answer.body) : 'Internal Server Error',
        })
      : route.continue(),
  );
  await gotoHydrated(page, D0003);
  await chooseSix(page);
  const modal = page.getByRole('dialog', { name: 'Subscribe and Save' });
  const claim = modal.getByRole('button', { name: 'Claim $30 off' });
  for (const [next, text] of [
    [answers[0]!, 'That offer does not apply to D0003SS.'],
    [answers[1]!, 'The quantity of this item cannot be changed.'],
    [answers[2]!, 'Something went wrong, please try again later.'],
  ] as const) {
    answer = next;
    await claim.click();
    await expect(modal.getByRole('alert')).toHaveText(text);
    await expect(claim).toBeEnabled();
  }
  await expectAccessible(page, '[role="dialog"]');
  await cart.expectQuantity('D0003', 0);
  await cart.expectQuantity('D0003SS', 0);
});
