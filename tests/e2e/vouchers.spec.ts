import type { Page } from '@playwright/test';
import {
  type ApiCart,
  apiProduct,
  dataLayer,
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  test,
} from './support/fixtures';

// SPEC §5 cart voucher box, §4 Voucher, §8 "Voucher or catalogue error" and "Invalid voucher page", §9 voucher
// cookie; the vouchers of CONTRACT.md (WELCOME20, SPEND150, EXPIRED10).

const INVALID_LINK = 'Unfortunately the voucher code you have entered appears to be invalid.';

type VoucherCart = ApiCart & {
  voucher?: { code: string; applied: boolean; discount: number };
  orderPriceInfo: { total: number; pricingBreakdown: { adjustmentType: string; adjustmentAmount: number }[] };
};

const voucherField = (page: Page) => page.getByLabel('Voucher code');
const applyButton = (page: Page) => page.getByRole('button', { name: 'Apply', exact: true });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
const discountRow = (page: Page) => summary(page).getByText(/^Order Discount/);

async function applyCode(page: Page, code: string) {
  await voucherField(page).fill(code);
  await applyButton(page).click();
}

async function voucherEvents(page: Page) {
  return (await dataLayer(page)).filter((e) => e.eventCategory === 'Voucher');
}

async function voucherCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'voucher_code');
}

test('an empty or blank code is refused without a request', async ({ page, cart }) => {
  await cart.openWith('D0001', 1);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cart/voucher')) requests.push(r.url());
  });
  await applyButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('This field is required.');
  await voucherField(page).fill('   ');
  await applyButton(page).click();
  const field = voucherField(page);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('This field is required.');
  expect(requests).toEqual([]);
});

test('WELCOME20 applies: the form hides, a success status shows and the summary takes 20 off; Remove undoes it', {
  tag: '@db',
}, async ({ page, cart }) => {
  const before = (await cart.addItem('D0001', 3)) as VoucherCart;
  await cart.open();
  await expectAccessible(page);
  await applyCode(page, 'welcome20');
  await expect(page.getByRole('status').filter({ hasText: 'Voucher WELCOME20' })).toHaveText(
    'Voucher WELCOME20 applied: $20.00 off your order.',
  );
  await expect(voucherField(page)).toHaveCount(0);
  await expect(discountRow(page)).toHaveText('Order Discount (WELCOME20)');
  await expect(summary(page).locator('dd', { hasText: '-$20.00' })).toBeVisible();
  const applied = (await cart.get()) as VoucherCart;
  expect(applied.voucher).toMatchObject({ code: 'WELCOME20', applied: true, discount: 20 });
  expect(applied.orderPriceInfo.total).toBeCloseTo(before.orderPriceInfo.total - 20, 2);
  expect(await voucherEvents(page)).toEqual([
    { event: 'gaEvent', eventCategory: 'Voucher', eventAction: 'Apply Success', eventLabel: 'WELCOME20' },
  ]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Remove voucher WELCOME20' }).click();
  await expect(voucherField(page)).toBeVisible();
  await expect(discountRow(page)).toHaveCount(0);
  await expect(page.getByText(/Voucher WELCOME20 applied/)).toHaveCount(0);
  const removed = (await cart.get()) as VoucherCart;
  expect(removed.voucher).toBeUndefined();
  expect(removed.orderPriceInfo.total).toBeCloseTo(before.orderPriceInfo.total, 2);
});

test('a Hard Logged-In customer sees the order total drop by the voucher and come back on Remove', {
  tag: '@db',
}, async ({ page, cart }) => {
  // outback@ is left alone by the other cart tests (SPEC §6: only Hard Logged-In customers see the total).
  await logIn(page, 'outback@example.com');
  await cart.openWith('D0002', 2);
  const aud = (amount: number) =>
    new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol' }).format(
      amount,
    );
  const total = summary(page)
    .locator('dl div', { has: page.getByText('Total', { exact: true }) })
    .locator('dd');
  const before = ((await cart.get()) as VoucherCart).orderPriceInfo.total;
  await expect(total).toHaveText(aud(before));
  await applyCode(page, 'WELCOME20');
  await expect(discountRow(page)).toBeVisible();
  await expect(total).toHaveText(aud(before - 20));
  await page.getByRole('button', { name: 'Remove voucher WELCOME20' }).click();
  await expect(total).toHaveText(aud(before));
});

test('an unknown code shows the server message on the field and the form stays', async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/voucher\/NOPE123\)$/);
  await cart.openWith('D0001', 1);
  await applyCode(page, 'NOPE123');
  const field = voucherField(page);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('That voucher code is not valid.');
  await expect(applyButton(page)).toBeVisible();
  await expect(discountRow(page)).toHaveCount(0);
  expect(await voucherEvents(page)).toEqual([
    {
      event: 'gaEvent',
      eventCategory: 'Voucher',
      eventAction: 'Apply Error',
      eventLabel: 'That voucher code is not valid.',
    },
  ]);
  await expectAccessible(page);
});

test('EXPIRED10 is refused as "Voucher expired"', { tag: '@db' }, async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/voucher\/EXPIRED10\)$/);
  await cart.openWith('D0001', 1);
  await applyCode(page, 'EXPIRED10');
  await expect(voucherField(page)).toHaveAccessibleDescription('Voucher expired');
  await expect(applyButton(page)).toBeVisible();
});

test('SPEND150: refused below 150, applied above, and shown as not applying when the order falls below', {
  tag: '@db',
}, async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/voucher\/SPEND150\)$/);
  await cart.openWith('D0001', 1);
  await applyCode(page, 'SPEND150');
  await expect(voucherField(page)).toHaveAccessibleDescription('This voucher needs an order of at least $150.00.');

  await cart.addItem('D0001', 11);
  await cart.open();
  await applyCode(page, 'SPEND150');
  await expect(page.getByRole('status').filter({ hasText: 'Voucher SPEND150' })).toHaveText(
    'Voucher SPEND150 applied: $15.00 off your order.',
  );
  await expect(discountRow(page)).toHaveText('Order Discount (SPEND150)');

  const { name } = await apiProduct('D0001');
  await cart.setQuantity(name, 2);
  const status = page.getByRole('status').filter({ hasText: 'Voucher SPEND150' });
  await expect(status).toContainText('This voucher needs an order of at least $150.00.');
  await expect(discountRow(page)).toHaveCount(0);
  const below = (await cart.get()) as VoucherCart;
  expect(below.voucher).toMatchObject({ code: 'SPEND150', applied: false, discount: 0 });
  expect(below.orderPriceInfo.pricingBreakdown).toEqual([]);
  // Still on the cart: it can be removed, and the form comes back.
  await page.getByRole('button', { name: 'Remove voucher SPEND150' }).click();
  await expect(voucherField(page)).toBeVisible();
});

test('a voucher link on a first visit ends on /cart with the voucher applied, and the cookie gone', {
  tag: '@db',
}, async ({ page, cart }) => {
  await gotoHydrated(page, '/jsp/offer/common/offer.jsp?code=WELCOME20');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('status').filter({ hasText: 'Voucher WELCOME20' })).toContainText(
    'Voucher WELCOME20 applied',
  );
  await expect.poll(async () => (await voucherEvents(page)).map((e) => e.eventAction)).toEqual(['Apply Success']);
  expect(await voucherCookie(page)).toBeUndefined();
  expect(((await cart.get()) as VoucherCart).voucher).toMatchObject({ code: 'WELCOME20' });
  // The voucher waited on the new cart: with a wine in it, it takes 20 off.
  await cart.openWith('D0001', 2);
  await expect(page.getByRole('status').filter({ hasText: 'Voucher WELCOME20' })).toHaveText(
    'Voucher WELCOME20 applied: $20.00 off your order.',
  );
});

test('a voucher link with a cart applies the code as the page loads', { tag: '@db' }, async ({ page, cart }) => {
  await page.goto('/robots.txt');
  await cart.addItem('D0001', 2);
  await gotoHydrated(page, '/jsp/offer/common/offer.jsp?promoCode=welcome20');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('status').filter({ hasText: 'Voucher WELCOME20' })).toHaveText(
    'Voucher WELCOME20 applied: $20.00 off your order.',
  );
  await expect(discountRow(page)).toBeVisible();
  expect(await voucherCookie(page)).toBeUndefined();
});

test('an invalid voucher link tracks the SPEC text and says it politely', async ({ page }) => {
  await gotoHydrated(page, '/jsp/offer/common/offer.jsp?code=NOPE');
  await expect(page).toHaveURL(/\/cart$/);
  const notice = page.getByRole('status').filter({ hasText: INVALID_LINK });
  await expect(notice).toBeVisible();
  await expect
    .poll(() => voucherEvents(page))
    .toEqual([{ event: 'gaEvent', eventCategory: 'Voucher', eventAction: 'Apply Error', eventLabel: INVALID_LINK }]);
  expect(await voucherCookie(page)).toBeUndefined();
});

test('an expired voucher link on a cart says why, and the box stays usable', async ({ page, cart }) => {
  await page.goto('/robots.txt');
  await cart.addItem('D0001', 1);
  await gotoHydrated(page, '/jsp/offer/common/offer.jsp?code=EXPIRED10');
  await expect(page.getByRole('status').filter({ hasText: INVALID_LINK })).toContainText('Voucher expired');
  await expect(voucherField(page)).toBeVisible();
  expect(await voucherCookie(page)).toBeUndefined();
  await expectAccessible(page);
});
