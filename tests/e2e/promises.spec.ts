import type { Page } from '@playwright/test';
import { expect, expectAccessible, gotoHydrated, logIn, siteUrl, test } from './support/fixtures';

// The confirmation's promises kept: reorder from the order page, the contact form, the information pages and the
// licence in every footer, the order link's refusal of a wrong secret.

async function openOrder(page: Page, orderNumber: string) {
  await gotoHydrated(page, '/account/purchased');
  await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  return page.locator('.account-table tbody th').allTextContents();
}

test.describe('reorder', { tag: '@db' }, () => {
  test("puts the order's wines back in the cart and says so", async ({ page }) => {
    await logIn(page, 'shopper@example.com');
    const names = await openOrder(page, 'LAW-100231');
    expect(names.length).toBe(2);
    await page.getByRole('button', { name: 'Reorder these wines' }).click();
    await expect(page).toHaveURL(/\/cart\?reordered=LAW-100231&added=2$/);
    await expect(page.locator('.cart-notice')).toHaveText('The wines of order LAW-100231 are back in your cart.');
    for (const name of names) await expect(page.locator('.cart-line', { hasText: name }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('works without JavaScript', async ({ page, browser }) => {
    await logIn(page, 'shopper@example.com');
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(siteUrl('law-au', '/account/purchased'));
    await plain.getByRole('link', { name: 'Order LAW-100877' }).click();
    await plain.getByRole('button', { name: 'Reorder these wines' }).click();
    await expect(plain).toHaveURL(/\/cart\?reordered=LAW-100877/);
    await expect(plain.locator('.cart-notice')).toContainText('LAW-100877');
    await context.close();
  });
});

test.describe('contact us', () => {
  test("shows the site's email and phone, checks the form, sends it and confirms", { tag: '@db' }, async ({ page }) => {
    await gotoHydrated(page, '/contact-us');
    await expect(page.locator('.contact__email')).toHaveText('customerservice@law-au.storefront.localhost');
    await expect(page.locator('.contact__phone')).not.toBeEmpty();
    const form = page.locator('.contact-form');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#contact-name-error')).toHaveText('Please enter your name (at most 100 characters).');
    await expect(form.locator('#contact-topic-error')).toHaveText('Please choose what your message is about.');
    await expectAccessible(page);
    await page.getByLabel('Your name').fill('Ana Lee');
    await page.getByLabel('Your email address').fill(`ana.${Date.now()}@example.com`);
    await page.getByLabel('Order number (optional)').fill('LAW-100231');
    await page.getByLabel('What is it about?').selectOption({ label: 'A delivery' });
    await page.getByLabel('Your message').fill('Could you leave my next case with the neighbours?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toContainText('your message has reached our customer service team');
    await expect(page.getByLabel('Your name')).toHaveValue('');
  });

  test('reads Chinese on hlw-hk', async ({ page }) => {
    await gotoHydrated(page, siteUrl('hlw-hk', '/contact-us'));
    await page.locator('.contact-form').getByRole('button', { name: '傳送訊息' }).click();
    await expect(page.locator('#contact-message-error')).toHaveText('請輸入你的訊息：10 至 2,000 個字元。');
  });
});

test.describe('information pages and the footer', () => {
  test('the delivery page renders, linked from the footer', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('.site-footer').getByRole('link', { name: 'Delivery', exact: true }).click();
    await expect(page).toHaveURL(/\/delivery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery');
    await expect(page.getByRole('heading', { name: 'When your wine arrives' })).toBeVisible();
    await expect(page).toHaveTitle('Delivery | Laithwaites');
    await expectAccessible(page);
  });

  for (const { site, links, licence } of [
    { site: 'hlw-hk', links: ['送貨', '退貨', '條款及細則'], licence: '酒牌號碼 LL-000105' },
    { site: 'law-tw', links: ['配送', '退貨', '條款及細則'], licence: '酒類販賣許可 000106' },
    { site: 'law-au', links: ['Delivery', 'Returns', 'Terms and conditions'], licence: 'Liquor licence LIQP770016001' },
  ])
    test(`the footer of ${site} links the information pages and names the licence`, async ({ page }) => {
      await page.goto(siteUrl(site, '/wines'));
      const footer = page.locator('.site-footer');
      for (const [i, name] of links.entries())
        await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
          'href',
          ['/delivery', '/returns', '/terms'][i]!,
        );
      await expect(footer.locator('.site-footer__legal')).toContainText(licence);
      await page.goto(siteUrl(site, '/terms'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(links[2]!);
    });
});

test('an order link with a wrong secret is the 404 page, never stored', { tag: '@db' }, async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404 .*\/checkout\/confirmation\/LAW-100231\?token=/);
  const res = await page.goto(siteUrl('law-au', `/checkout/confirmation/LAW-100231?token=${'A'.repeat(43)}`));
  expect(res?.status()).toBe(404);
  expect(res?.headers()['cache-control']).toContain('no-store');
});
