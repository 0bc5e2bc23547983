import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SITE_IDS } from '../../domain/sites';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { mailsTo } from '../support/e2e-mailbox';
import {
  CartPage,
  expect,
  expectAccessible,
  gotoHydrated,
  operatorMove,
  PORT,
  pageApi,
  reloadHydrated,
  siteUrl,
  test,
} from './support/fixtures';

// A gift card's whole life in the browser: a buyer sends an e-gift card, the recipient reads its code in the email
// (the test server's SMTP stub, tests/support/e2e-mailbox.ts), spends it at checkout with the card paying the rest,
// and an operator ships and refunds part of the order, which goes back to the card.

// A refused code answers 404 (or 400) to the page's form post, which Chromium logs as a failed resource load.
const REFUSED_CODE = /^console\.error: Failed to load resource: .* (400|404) .*\/checkout\.data\)$/;
const CODE = /Your gift card code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/;

/** A buyer (a page of their own) sends a $100 e-gift card to `recipient`; answers the code their email carries. */
async function sendGiftCard(buyer: Page, recipient: string, site = 'law-au'): Promise<string> {
  await buyer.goto(siteUrl(site, '/robots.txt'));
  const line = await pageApi(
    buyer,
    'PUT',
    '/api/cart/eItemCode',
    giftCardBody(100, { recipientName: 'Xavier', recipientEmail: recipient, verifyEmail: recipient }),
  );
  expect(line.status).toBe(200);
  const placed = await pageApi(
    buyer,
    'POST',
    '/api/checkout/order',
    orderBody({ delivery: undefined, email: 'gift.buyer@example.com' }),
  );
  expect(placed.status).toBe(200);
  let code = '';
  await expect
    .poll(
      () => {
        code = mailsTo(PORT, recipient).map((mail) => CODE.exec(mail)?.[1] ?? '')[0] ?? '';
        return code;
      },
      { message: `the gift card email to ${recipient}`, timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

/** Another shopper's browser: a context of its own, past the age gate. */
async function otherShopper(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: `http://law-au.localhost:${PORT}` });
  await context.addCookies(SITE_IDS.map((site) => ({ name: 'age_verified', value: '1', url: siteUrl(site) })));
  return context;
}

async function fillGuest(page: Page, email: string) {
  await page.getByLabel('Email address (for your order confirmation)').fill(email);
  const delivery = page.getByRole('group', { name: 'Delivery address', exact: true });
  await delivery.getByLabel('First name').fill('Xavier');
  await delivery.getByLabel('Last name').fill('Ng');
  await delivery.getByLabel('Street address').fill('14 Darling Street');
  await delivery.getByLabel('Suburb or town').fill('Balmain');
  await delivery.getByLabel('Postcode').fill('2041');
}

const dollars = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('a gift card from the recipient’s email to a refund', { tag: '@db' }, () => {
  test('the recipient pays part with the code, the card the rest; a part refund goes to the card', async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(REFUSED_CODE);
    const recipient = `xavier.${Date.now()}@example.com`;
    const buyer = await otherShopper(browser);
    const code = await sendGiftCard(await buyer.newPage(), recipient);
    await buyer.close();
    const last4 = code.replaceAll('-', '').slice(-4);

    // The recipient, another shopper: more than $100 of wine in the cart.
    await page.goto('/robots.txt');
    const cart = new CartPage(page);
    await cart.addItem('D0001', 6);
    const listed = await pageApi<{ orderPriceInfo: { total: number } }>(page, 'GET', '/api/cart/list');
    expect(listed.body.response.orderPriceInfo.total).toBeGreaterThan(100);
    // The recipient looks the card up on the balance page.
    await gotoHydrated(page, '/gift-vouchers/balance');
    await page.getByLabel('Gift card code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByRole('region', { name: `Gift card ending ${last4}` })).toContainText(
      '$100.00 left of $100.00',
    );

    await gotoHydrated(page, '/checkout');
    const payment = page.getByRole('group', { name: 'Gift card' });
    const field = payment.getByLabel('Gift card code');
    await expect(field).toHaveAttribute('autocomplete', 'off');
    // A wrong code is named beside the field, which takes the focus.
    await field.fill('AAAA-BBBB-CCCC-DDDD');
    await payment.getByRole('button', { name: 'Apply' }).click();
    await expect(payment.getByRole('alert')).toHaveText(/We could not find a gift card with that code/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();

    // Enter in the field applies the code, typed in any case.
    await field.fill(code.toLowerCase());
    await field.press('Enter');
    await expect(payment.getByText(`Card ending ${last4}: pays $100.00, balance $100.00`)).toBeVisible();
    await expect(payment.getByRole('alert')).toHaveCount(0);
    await expect(field).toHaveValue('');
    await expect(page.getByTestId('checkout-gift-cards')).toHaveText('−$100.00');
    const total = dollars(await page.getByTestId('checkout-total').textContent());
    const cardPart = Math.round((total - 100) * 100) / 100;
    expect(dollars(await page.getByTestId('checkout-card-part').textContent())).toBe(cardPart);
    await expectAccessible(page);
    // Removed and applied again: the focus stays in the field.
    await page.getByRole('button', { name: `Remove the gift card ending ${last4}` }).click();
    await expect(page.getByTestId('checkout-gift-cards')).toHaveCount(0);
    await expect(field).toBeFocused();
    await field.fill(code);
    await payment.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('checkout-gift-cards')).toHaveText('−$100.00');

    await fillGuest(page, recipient);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    await expect(page.getByText(`Paid with the gift card ending ${last4}`)).toBeVisible();
    expect(dollars(await page.getByTestId('card-charged').textContent())).toBe(cardPart);

    // The operator ships it, then refunds $12.50: the card paid more than that, so it all goes back to the card.
    expect(await operatorMove(orderNumber, 'ship', { trackingNumber: 'AP2026112799' })).toBe(200);
    expect(await operatorMove(orderNumber, 'refund', { amount: '12.50' })).toBe(200);
    await reloadHydrated(page);
    const history = page.getByRole('region', { name: 'Order history' });
    await expect(history).toContainText('Shipped');
    await expect(history).toContainText('Refunded to your card: $12.50');
    await expect(history).not.toContainText('Put back on your gift cards');
  });

  test('gift cards that pay it all: no card is asked for, and the order is placed without one', async ({
    page,
    browser,
  }) => {
    const recipient = `all.${Date.now()}@example.com`;
    const buyer = await otherShopper(browser);
    const code = await sendGiftCard(await buyer.newPage(), recipient);
    await buyer.close();
    await page.goto('/robots.txt');
    await new CartPage(page).addItem('D0001', 1);
    await gotoHydrated(page, '/checkout');
    await page.getByLabel('Gift card code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('no-card-needed')).toHaveText(
      'Your gift cards pay for the whole order: no card is needed.',
    );
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByTestId('checkout-card-part')).toHaveText('$0.00');
    await fillGuest(page, recipient);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await expect(page.getByTestId('card-charged')).toHaveCount(0);
  });

  test('without JavaScript the code is applied, removed and applied again, and the order placed', async ({
    page,
    browser,
  }) => {
    const recipient = `plain.${Date.now()}@example.com`;
    const code = await sendGiftCard(page, recipient);
    const last4 = code.replaceAll('-', '').slice(-4);
    const shopper = await otherShopper(browser);
    const setup = await shopper.newPage();
    await setup.goto('/robots.txt');
    await new CartPage(setup).addItem('D0001', 6);
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: `http://law-au.localhost:${PORT}` });
    await noScript.addCookies(await shopper.cookies());
    const plain = await noScript.newPage();
    await plain.goto('/checkout');
    await fillGuest(plain, recipient);
    await plain.getByLabel('Gift card code').fill(code);
    await plain.getByRole('button', { name: 'Apply' }).click();
    await expect(plain.getByText(`Card ending ${last4}: pays $100.00, balance $100.00`)).toBeVisible();
    // The form came back with what was typed (never the card number).
    await expect(plain.getByLabel('Email address (for your order confirmation)')).toHaveValue(recipient);
    await plain.getByRole('button', { name: `Remove the gift card ending ${last4}` }).click();
    await expect(plain.getByText(`Card ending ${last4}`)).toHaveCount(0);
    await expect(plain.getByTestId('checkout-gift-cards')).toHaveCount(0);
    await plain.getByLabel('Gift card code').fill(code);
    await plain.getByRole('button', { name: 'Apply' }).click();
    await expect(plain.getByTestId('checkout-gift-cards')).toHaveText('−$100.00');
    await plain.getByLabel('Card number').fill('4242 4242 4242 4242');
    await plain.getByLabel('Expiry (MM/YY)').fill('12/30');
    await plain.getByLabel('Security code (CVC)').fill('123');
    await plain.getByRole('button', { name: 'Place order' }).click();
    await expect(plain.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await expect(plain.getByText(`Paid with the gift card ending ${last4}`)).toBeVisible();
    await noScript.close();
    await shopper.close();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the gift card field reads 16 px and the applied card fits the screen @mobile', async ({ page, browser }) => {
    const buyer = await otherShopper(browser);
    const code = await sendGiftCard(await buyer.newPage(), `phone.${Date.now()}@example.com`);
    await buyer.close();
    await page.goto('/robots.txt');
    await new CartPage(page).addItem('D0001', 6);
    await gotoHydrated(page, '/checkout');
    const field = page.getByLabel('Gift card code');
    expect(await field.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
    await field.fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('checkout-gift-cards')).toHaveText('−$100.00');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const apply = await page.getByRole('button', { name: 'Apply' }).boundingBox();
    expect((apply?.x ?? 0) + (apply?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});

test('the gift card field speaks Chinese on hlw-hk and law-tw', async ({ page }) => {
  for (const [site, label, apply] of [
    ['hlw-hk', '禮品卡代碼', '使用'],
    ['law-tw', '禮物卡代碼', '套用'],
  ] as const) {
    await page.goto(siteUrl(site, '/robots.txt'));
    await new CartPage(page).addItem('D0001', 1);
    await gotoHydrated(page, siteUrl(site, '/checkout'));
    const group = page.getByRole('group', { name: site === 'hlw-hk' ? '禮品卡' : '禮物卡', exact: true });
    await expect(group.getByLabel(label)).toBeVisible();
    await expect(group.getByRole('button', { name: apply })).toBeVisible();
  }
});
