import type { Page } from '@playwright/test';
import {
  CartPage,
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  PORT,
  pageApi,
  pageData,
  test,
} from './support/fixtures';
import { giftCardBody } from '../support/checkout-input';

// Checkout (CONTRACT.md): the whole purchase in the browser, as a guest and as a customer, with each test
// card, the form's messages, the double click and the reload, without JavaScript, and the GA4 events.
// NOTE: a refused order answers 400 (or 409), which Chromium logs as a failed resource load.
const REFUSED = /^console\.error: Failed to load resource: .* (400|409) .*\/checkout\.data\)$/;
// The postcode lookup answers 404 for a postcode we do not deliver to.
const UNKNOWN_POSTCODE = /^console\.error: Failed to load resource: .* 404 .*\/api\/address\/zipcode\/\d+\)$/;

type Layer = Record<string, unknown>[];
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer: Layer }).dataLayer);
const ecommerceEvents = async (page: Page, name: string) =>
  (await dataLayer(page)).filter((e) => e.event === name) as { ecommerce: Record<string, unknown> }[];

// The delivery and billing fieldsets have the same labels (the billing one hidden while "same as delivery" is ticked).
const deliveryFields = (page: Page) => page.getByRole('group', { name: 'Delivery address', exact: true });
const billingFields = (page: Page) => page.getByRole('group', { name: 'Billing address', exact: true });

async function fillAddress(page: Page, fields = deliveryFields(page)) {
  await fields.getByLabel('First name').fill('Ana');
  await fields.getByLabel('Last name').fill('Lee');
  await fields.getByLabel('Street address').fill('14 Darling Street');
  await fields.getByLabel('Suburb or town').fill('Balmain');
  await fields.getByLabel('Postcode').fill('2041');
}
async function fillGuest(page: Page, email = 'e2e.guest@example.com') {
  await page.getByLabel('Email address (for your order confirmation)').fill(email);
  await fillAddress(page);
}
async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a guest buys with 4242 from the cart to the confirmation, with the GA4 events', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await cart.openWith('D0001', 3);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  expect((await pageData(page)).pageType).toBe('checkout');
  for (const step of ['1. Delivery address', '2. Delivery', '3. Payment', '4. Review and place order'])
    await expect(page.getByRole('heading', { level: 2, name: step })).toBeVisible();
  await expectAccessible(page);
  const begin = await ecommerceEvents(page, 'begin_checkout');
  expect(begin).toHaveLength(1);
  expect(begin[0]!.ecommerce).toEqual(
    expect.objectContaining({
      currency: 'AUD',
      items: [expect.objectContaining({ item_id: 'D0001', quantity: 3, price: expect.any(Number) })],
    }),
  );

  await fillGuest(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\/LAW\d{6}-\d{8}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(page.url()).toContain(orderNumber);
  expect((await pageData(page)).pageType).toBe('order_confirmation');
  await expect(page.getByText('We have emailed a confirmation to e2e.guest@example.com.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText(/Charged today to Visa ending 4242/)).toBeVisible();
  await expectAccessible(page);

  const purchase = await ecommerceEvents(page, 'purchase');
  expect(purchase).toHaveLength(1);
  expect(purchase[0]!.ecommerce).toEqual(
    expect.objectContaining({
      transaction_id: orderNumber,
      currency: 'AUD',
      value: expect.any(Number),
      tax: expect.any(Number),
      shipping: expect.any(Number),
      items: [expect.objectContaining({ item_id: 'D0001', quantity: 3 })],
    }),
  );
  // The cart is empty now; a reload of the confirmation sends no second purchase.
  await expect.poll(async () => (await cart.get()).lineItems.length).toBe(0);
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  expect(await ecommerceEvents(page, 'purchase')).toHaveLength(0);
});

test('the shipping and payment events carry the cart', async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(REFUSED);
  await cart.openWith('D0002', 2);
  await gotoHydrated(page, '/checkout');
  await fillGuest(page, 'events@example.com');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  const shipping = await ecommerceEvents(page, 'add_shipping_info');
  const payment = await ecommerceEvents(page, 'add_payment_info');
  expect(shipping.at(-1)!.ecommerce).toEqual(
    expect.objectContaining({
      shipping_tier: 'Standard delivery',
      items: [expect.objectContaining({ item_id: 'D0002', quantity: 2 })],
    }),
  );
  expect(payment.at(-1)!.ecommerce).toEqual(expect.objectContaining({ payment_type: 'Card', currency: 'AUD' }));
});

test('a declined card says so on the card field, and the cart is kept', { tag: '@db' }, async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED);
  await cart.openWith('D0002', 2);
  await gotoHydrated(page, '/checkout');
  await fillGuest(page, 'declined.e2e@example.com');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place order' }).click();
  const summary = page.locator('.checkout__errors');
  await expect(summary).toContainText('Your card was declined.');
  await expect(summary).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  // What the shopper typed stays.
  await expect(deliveryFields(page).getByLabel('Street address')).toHaveValue('14 Darling Street');
  await expectAccessible(page);
  expect((await cart.get()).lineItems.map((l) => [l.sku.itemCode, l.quantity])).toEqual([['D0002', 2]]);
  // Then with the good card it goes through.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
});

test('each missing or wrong field is named, next to the field and in the summary', async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED, UNKNOWN_POSTCODE);
  await cart.openWith('D0001', 1);
  await gotoHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Place order' }).click();
  const summary = page.locator('.checkout__errors');
  for (const message of [
    'Please enter a first name.',
    'Please enter a last name.',
    'Please enter the street address.',
    'Please enter the suburb or town.',
    'Please enter a valid postcode.',
  ])
    await expect(summary).toContainText(message);
  await expect(deliveryFields(page).getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(deliveryFields(page).getByLabel('First name')).toHaveAccessibleDescription('Please enter a first name.');
  await fillGuest(page, 'nobody@');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(summary).toContainText('Please enter a valid email address.');
  await page.getByLabel('Email address (for your order confirmation)').fill('fields@example.com');
  await deliveryFields(page).getByLabel('Postcode').fill('0001');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(summary).toContainText('We don’t deliver to that postcode. Please check it.');
  await deliveryFields(page).getByLabel('Postcode').fill('2041');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(summary).toContainText('This card has expired.');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
});

test('a double click and a reload that resubmits the form place exactly one order', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await logIn(page, 'planner@example.com');
  const orderNumbers = async () =>
    (await cart.api<{ orders: { orderNumber: string }[] }>('GET', '/api/user/orderhistory')).body.response.orders.map(
      (o) => o.orderNumber,
    );
  const before = await orderNumbers();
  await cart.openWith('D0001', 1);
  await gotoHydrated(page, '/checkout');
  await fillCard(page, '4242 4242 4242 4242');
  // The form as the browser posts it: what a reload of the post (or a retry) sends again.
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/checkout'));
  await page.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(await orderNumbers()).toEqual([number, ...before]);

  const form = (await posted).postData() ?? '';
  expect(form).toContain('idempotencyKey=');
  const resubmitted = await page.evaluate(async (body) => {
    const res = await fetch('/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: res.status, url: res.url };
  }, form);
  // The same key answers the order it placed: the shopper lands on its confirmation again.
  expect(resubmitted.status).toBe(200);
  expect(new URL(resubmitted.url).pathname).toBe(`/checkout/confirmation/${number}`);
  expect(await orderNumbers()).toEqual([number, ...before]);
  await page.goto('/account/purchased');
  await expect(page.getByRole('link', { name: `Order ${number}` })).toHaveCount(1);
});

test('a customer’s declined card says so, and the cart is unchanged', { tag: '@db' }, async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED);
  await logIn(page, 'shopper@example.com');
  await cart.addItem('D0002', 2);
  await cart.addItem('D0001', 1);
  const before = await cart.quantities();
  const total = async () =>
    (await cart.api<{ orderPriceInfo: { total: number } }>('GET', '/api/cart/list')).body.response.orderPriceInfo.total;
  const totalBefore = await total();
  await gotoHydrated(page, '/checkout');
  await expect(page.getByText(/^Ordering as /)).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('.checkout__errors')).toContainText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await cart.quantities()).toEqual(before);
  expect(await total()).toBe(totalBefore);
  await expectAccessible(page);
});

test('with a voucher: the purchase event names the coupon, and the voucher cookie is gone after the order', {
  tag: '@db',
}, async ({ page, cart }) => {
  await cart.addItem('D0002', 2);
  expect((await cart.api('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
  await gotoHydrated(page, '/checkout');
  await expect(page.locator('.checkout__totals')).toContainText('−$20.00');
  // A voucher link followed meanwhile (in another tab) saved a code for later.
  await page
    .context()
    .addCookies([{ name: 'voucher_code', value: 'SPEND150', url: page.url().replace(/\/checkout$/, '/') }]);
  await fillGuest(page, 'coupon.e2e@example.com');
  await fillCard(page, '4242 4242 4242 4242');
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/checkout(\.data)?$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  // The order's own answer clears it (SPEC §4), before any cart request could.
  expect(await (await answer).headerValue('set-cookie')).toMatch(/(^|\n)voucher_code=;.*Max-Age=0/);
  expect((await page.context().cookies()).find((c) => c.name === 'voucher_code')).toBeUndefined();
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  const purchase = await ecommerceEvents(page, 'purchase');
  expect(purchase).toHaveLength(1);
  expect(purchase[0]!.ecommerce).toEqual(expect.objectContaining({ transaction_id: orderNumber, coupon: 'WELCOME20' }));
});

test('the keyboard alone fills the form, with its own billing address, and places the order', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await cart.addItem('D0001', 1);
  await gotoHydrated(page, '/checkout');
  const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
  // Tab from the top of the page to the first field of the form.
  for (let i = 0; i < 60 && (await focused()) !== 'checkout-email'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('checkout-email');
  const typeThenTab = async (id: string, text: string) => {
    expect(await focused()).toBe(id);
    if (text) await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  };
  await typeThenTab('checkout-email', 'keyboard@example.com');
  for (const [id, text] of [
    ['checkout-firstName', 'Kim'],
    ['checkout-lastName', 'Park'],
    ['checkout-line1', '14 Darling Street'],
    ['checkout-line2', ''],
    ['checkout-city', 'Balmain'],
    ['checkout-state', 'NSW'],
    ['checkout-postcode', '2041'],
    ['checkout-phone', ''],
    // The gift card field and its Apply button come before the card's.
    ['checkout-giftCardCode', ''],
    ['checkout-giftCardApply', ''],
    ['checkout-cardNumber', '4242 4242 4242 4242'],
    ['checkout-cardExpiry', '12/30'],
    ['checkout-cardCvc', '123'],
  ] as const)
    await typeThenTab(id, text);
  expect(await focused()).toBe('checkout-billing-same');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Billing address is the same as delivery')).not.toBeChecked();
  await page.keyboard.press('Tab');
  for (const [id, text] of [
    ['checkout-billing-firstName', 'Kim'],
    ['checkout-billing-lastName', 'Park'],
    ['checkout-billing-line1', '1 Collins Street'],
    ['checkout-billing-line2', ''],
    ['checkout-billing-city', 'Melbourne'],
    ['checkout-billing-state', 'VIC'],
    ['checkout-billing-postcode', '3000'],
    ['checkout-billing-phone', ''],
  ] as const)
    await typeThenTab(id, text);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  const order = await cart.api<{ billing: Record<string, string>; delivery: Record<string, string> }>(
    'GET',
    `/api/checkout/order/${number}`,
  );
  expect(order.body.response.billing).toEqual(expect.objectContaining({ line1: '1 Collins Street', postcode: '3000' }));
  expect(order.body.response.delivery).toEqual(expect.objectContaining({ line1: '14 Darling Street' }));
});

test('leaving the postcode field says at once when we do not deliver there', async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(UNKNOWN_POSTCODE);
  await cart.addItem('D0001', 1);
  await gotoHydrated(page, '/checkout');
  const postcode = deliveryFields(page).getByLabel('Postcode');
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/address/zipcode/')) lookups.push(new URL(r.url()).pathname);
  });
  await postcode.fill('0001');
  await postcode.blur();
  await expect(postcode).toHaveAccessibleDescription('We don’t deliver to that postcode. Please check it.');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  expect(lookups).toEqual(['/api/address/zipcode/0001']);
  await expectAccessible(page);
  await postcode.fill('2041');
  await postcode.blur();
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('We don’t deliver to that postcode. Please check it.')).toHaveCount(0);
  expect(lookups).toEqual(['/api/address/zipcode/0001', '/api/address/zipcode/2041']);
});

test('a guest with Unlimited in the cart is asked to log in before paying', async ({ page, cart }) => {
  await cart.addItem('UL0001', 1);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByRole('alert')).toContainText('Please log in or create an account to join Unlimited.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login?redirectingURL=/checkout',
  );
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  await expectAccessible(page);
});

test('a customer checks out to a saved address with WELCOME20 and finds the order in the account', {
  tag: '@db',
}, async ({ page, cart }) => {
  await logIn(page, 'planner@example.com');
  await cart.openWith('D0002', 2);
  await page.getByLabel('Voucher code').fill('WELCOME20');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Remove voucher WELCOME20' })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText(/^Ordering as /)).toBeVisible();
  const saved = page.getByRole('radiogroup').or(page.locator('.checkout__saved'));
  await expect(saved.getByRole('radio').first()).toBeChecked();
  // A saved address needs no new one: its fields are hidden until "A new address" is chosen.
  await expect(page.locator('.checkout__address--delivery')).toBeHidden();
  await page.getByLabel('A new address').check();
  await expect(deliveryFields(page).getByLabel('Street address')).toBeVisible();
  await saved.getByRole('radio').first().check();
  await expect(page.locator('.checkout__address--delivery')).toBeHidden();
  await expect(page.locator('.checkout__totals')).toContainText('−$20.00');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  await expect(page.getByText('Voucher WELCOME20')).toBeVisible();
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/account\/purchased$/);
  await page.getByRole('link', { name: `Order ${number}` }).click();
  await expect(page).toHaveURL(/\/account\/purchased\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: '−$20.00' }).or(page.getByText(/Order total/))).toBeVisible();
  await expectAccessible(page);
});

test('without JavaScript the checkout still submits and confirms', { tag: '@db' }, async ({ page, browser }) => {
  // Fill the cart in a normal page, then carry its cookies to a browser with script turned off.
  await page.goto('/robots.txt');
  await new CartPage(page).addItem('D0001', 2);
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: `http://law-au.localhost:${PORT}` });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await plain.goto('/cart');
  await plain.getByRole('button', { name: 'Checkout' }).click();
  await expect(plain).toHaveURL(/\/checkout\??$/);
  await fillGuest(plain, 'noscript@example.com');
  await fillCard(plain, '4242 4242 4242 4242');
  await plain.getByRole('button', { name: 'Place order' }).click();
  await expect(plain.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(plain.getByText(/^2 × /)).toBeVisible();
  await noScript.close();
});

test('without JavaScript a billing address of its own can be given', { tag: '@db' }, async ({ page, browser }) => {
  await page.goto('/robots.txt');
  await new CartPage(page).addItem('D0001', 1);
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: `http://law-au.localhost:${PORT}` });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await plain.goto('/checkout');
  await fillGuest(plain, 'noscript.billing@example.com');
  await fillCard(plain, '4242 4242 4242 4242');
  // The billing fields show as soon as the box is unticked: the page's own CSS, no script.
  await expect(billingFields(plain)).toBeHidden();
  await plain.getByLabel('Billing address is the same as delivery').uncheck();
  await expect(billingFields(plain)).toBeVisible();
  const billing = billingFields(plain);
  await billing.getByLabel('First name').fill('Ben');
  await billing.getByLabel('Last name').fill('Ng');
  await billing.getByLabel('Street address').fill('1 Collins Street');
  await billing.getByLabel('Suburb or town').fill('Melbourne');
  await billing.getByLabel('Postcode').fill('3000');
  await plain.getByRole('button', { name: 'Place order' }).click();
  await expect(plain.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await plain.getByTestId('order-number').textContent()) ?? '';
  // Read the order back with this browser's cookies (the order's access cookie among them).
  await page.context().addCookies(await noScript.cookies());
  await noScript.close();
  const order = await pageApi<{ billing: Record<string, string>; delivery: Record<string, string> }>(
    page,
    'GET',
    `/api/checkout/order/${number}`,
  );
  expect(order.status).toBe(200);
  expect(order.body.response.billing).toEqual(
    expect.objectContaining({ firstName: 'Ben', lastName: 'Ng', line1: '1 Collins Street', postcode: '3000' }),
  );
  expect(order.body.response.delivery).toEqual(expect.objectContaining({ firstName: 'Ana', postcode: '2041' }));
});

test('the test cards are named on test hosts only', async ({ page, cart }) => {
  const hint = page.getByText('Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.');
  for (const [host, shown] of [
    [`http://law-au.test.localhost:${PORT}`, 1],
    [`http://law-au.localhost:${PORT}`, 0],
  ] as const) {
    await page.goto(`${host}/robots.txt`);
    await cart.addItem('D0001', 1);
    await gotoHydrated(page, `${host}/checkout`);
    await expect(page.getByRole('heading', { level: 2, name: '3. Payment' })).toBeVisible();
    await expect(hint, host).toHaveCount(shown);
  }
});

test('the postcode given in the cart is the delivery postcode at checkout', { tag: '@db' }, async ({ page, cart }) => {
  await cart.openWith('D0001', 1);
  await page.getByLabel('Delivery postcode').fill('2041');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart/postcode/2041') && r.ok());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(deliveryFields(page).getByLabel('Postcode')).toHaveValue('2041');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every field reads at least 16 px, so the phone does not zoom in, and the expiry writes its own slash @mobile', async ({
    page,
    cart,
  }) => {
    const smallFields = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
          .filter((el) => !['checkbox', 'radio', 'hidden'].includes((el as HTMLInputElement).type))
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => `${el.getAttribute('name') ?? el.id}: ${getComputedStyle(el).fontSize}`)
          .filter((line) => Number.parseFloat(line.split(': ')[1] ?? '0') < 16),
      );
    await cart.openWith('D0001', 1);
    expect(await smallFields(), '/cart').toEqual([]);
    for (const path of ['/gift-vouchers', '/login', '/checkout']) {
      await gotoHydrated(page, path);
      expect(await smallFields(), path).toEqual([]);
    }
    const expiry = page.getByLabel('Expiry (MM/YY)');
    await expiry.pressSequentially('1230');
    await expect(expiry).toHaveValue('12/30');
    await expiry.fill('');
    await expiry.pressSequentially('0a7/2');
    await expect(expiry).toHaveValue('07/2');
  });
});

test('an e-gift card and Unlimited are not parcels: no bottles, no delivery charge, nothing to sign for', async ({
  page,
  cart,
}) => {
  await page.goto('/robots.txt');
  const gift = await cart.api('PUT', '/api/cart/eItemCode', giftCardBody(100));
  expect(gift.status).toBe(200);
  await cart.openWith('UL0001', 1);
  await expect(cart.lineFor('UL0001')).toBeVisible();
  await expect(page.locator('.cart-line').filter({ hasText: /\bbottles?\b/ })).toHaveCount(0);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByTestId('checkout-delivery')).toHaveText('Free delivery');
  await expect(page.getByText('Someone 18 or over must sign for it.', { exact: false })).toHaveCount(0);
});

test('e-gift cards alone: no address or delivery step, and the order goes through', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  await page.goto('/robots.txt');
  expect((await cart.api('PUT', '/api/cart/eItemCode', giftCardBody(100))).status).toBe(200);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByRole('heading', { level: 2, name: '1. Your details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Delivery/ })).toHaveCount(0);
  await expect(page.getByLabel('Street address')).toHaveCount(0);
  await expect(page.getByLabel('Billing address is the same as delivery')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '2. Payment' })).toBeVisible();
  await expectAccessible(page, '.checkout__form');
  await page.getByLabel('Email address (for your order confirmation)').fill('cards-only@example.com');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\//);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivering to' })).toHaveCount(0);
});
