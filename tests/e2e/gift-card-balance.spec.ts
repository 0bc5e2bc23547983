import type { Page } from '@playwright/test';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { mailsTo } from '../support/e2e-mailbox';
import {
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  PORT,
  pageApi,
  siteUrl,
  test,
  uniqueEmail,
} from './support/fixtures';

// The gift card balance page (/gift-vouchers/balance): a plain form that works without JavaScript, answering a real
// card's balance, amount and expiry; a wrong code is told in an alert tied to the field, which gets the focus. The
// account lists the customer's gift cards with their history. Cards are bought through the API and their codes read
// from the email the recipient gets (tests/support/e2e-mailbox.ts).

/** Buys an e-gift card as a guest of law-au and answers its code, read from the recipient's email. */
async function buyGiftCard(page: Page, recipientEmail: string, amount: number): Promise<string> {
  const line = giftCardBody(amount, { recipientEmail, verifyEmail: recipientEmail, recipientName: 'Rae Tan' });
  expect((await pageApi(page, 'PUT', '/api/cart/eItemCode', line)).status).toBe(200);
  const placed = await pageApi(page, 'POST', '/api/checkout/order', orderBody({ email: 'gift.buyer@example.com' }));
  expect(placed.status).toBe(200);
  let code = '';
  await expect
    .poll(
      () => {
        const [mail] = mailsTo(PORT, recipientEmail);
        code = /Your gift card code: ([A-Z0-9-]+)/.exec(mail ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, message: `the gift card email to ${recipientEmail}` },
    )
    .not.toBe('');
  return code;
}

test.describe('a real gift card', { tag: '@db' }, () => {
  test("its code, typed any way, shows the card's balance, amount and expiry; with or without JavaScript", async ({
    page,
    browser,
  }) => {
    const code = await buyGiftCard(page, uniqueEmail('balance'), 50);
    const last4 = code.replace(/-/g, '').slice(-4);

    await gotoHydrated(page, '/gift-vouchers');
    await page.getByRole('link', { name: 'Check a gift card balance' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/gift-vouchers/balance'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gift card balance');
    const field = page.getByLabel('Gift card code');
    await field.fill(` ${code.replace(/-/g, ' ').toLowerCase()} `);
    await page.getByRole('button', { name: 'Check balance' }).click();
    const card = page.getByRole('region', { name: `Gift card ending ${last4}` });
    await expect(card).toContainText('$50.00 left of $50.00');
    await expect(card).toContainText(/It can be spent until \d{1,2} \w+ \d{4}\./);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');

    // The same form without JavaScript: a real post and a whole page back, never stored.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies([{ name: 'age_verified', value: '1', url: siteUrl('law-au') }]);
    const plain = await noScript.newPage();
    const opened = await plain.goto(siteUrl('law-au', '/gift-vouchers/balance'));
    expect(opened?.headers()['cache-control']).toBe('no-store');
    await expect(plain.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await plain.getByLabel('Gift card code').fill(code.replace(/-/g, ''));
    const [answer] = await Promise.all([
      plain.waitForResponse((res) => res.request().method() === 'POST'),
      plain.getByRole('button', { name: 'Check balance' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('no-store');
    await expect(plain.getByRole('region', { name: `Gift card ending ${last4}` })).toContainText(
      '$50.00 left of $50.00',
    );
    await noScript.close();
  });

  test('the account lists the cards sent to the customer, with their history', async ({ page }) => {
    const code = await buyGiftCard(page, 'shopper@example.com', 40);
    const last4 = code.replace(/-/g, '').slice(-4);
    await logIn(page, 'shopper@example.com');
    await gotoHydrated(page, '/account/gift-cards-and-vouchers');
    const section = page.getByRole('region', { name: 'Your gift cards' });
    const item = section
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Gift card ending ${last4}` }) });
    await expect(item).toContainText('Sent to you');
    await expect(item).toContainText('$40.00');
    await item.getByText('History').click();
    const history = item.getByRole('table', { name: `What happened to the gift card ending ${last4}` });
    await expect(history.getByRole('row').nth(1)).toContainText('Issued');
    await expect(history.getByRole('row').nth(1)).toContainText('+$40.00');
    await expect(section.getByRole('link', { name: 'Check a gift card balance' })).toHaveAttribute(
      'href',
      '/gift-vouchers/balance',
    );
    await expectAccessible(page, 'main');
  });
});

test('a wrong code is told in an alert tied to the field, which gets the focus', async ({
  page,
  allowConsoleErrors,
}) => {
  // Chromium logs the refused post's 404 (an unknown code, as the API answers it).
  allowConsoleErrors(/status of 404/);
  await gotoHydrated(page, '/gift-vouchers/balance');
  const field = page.getByLabel('Gift card code');
  await expect(field).toHaveAttribute('autocomplete', 'off');
  await expect(field).toHaveAttribute('autocapitalize', 'characters');
  await field.fill('WRONG-CODE-0000-0000');
  await page.getByRole('button', { name: 'Check balance' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'We could not find a gift card with that code. Check the code in the gift card email and try again.',
  );
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAttribute('aria-describedby', (await alert.getAttribute('id')) ?? 'missing');
  await expect(field).toHaveValue('WRONG-CODE-0000-0000');
  await expectAccessible(page, 'main');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Taiwan site asks in Chinese, with a field phones do not zoom into', async ({ page }) => {
    await gotoHydrated(page, siteUrl('law-tw', '/gift-vouchers/balance'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('禮物卡餘額');
    const field = page.getByLabel('禮物卡代碼');
    await expect(field).toBeVisible();
    await expect(page.getByRole('button', { name: '查詢餘額' })).toBeVisible();
    const fontSize = await field.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
