import type { Browser, Page } from '@playwright/test';
import { mailsTo } from '../support/e2e-mailbox';
import { CONSOLE, signIn, withoutJavaScript } from './support/console';
import { expect, expectAccessible, PORT, pageApi, test, uniqueEmail } from './support/fixtures';

// The console's vouchers and gift cards (CONTRACT.md `/admin/vouchers`, `/admin/gift-cards`): a manager makes a
// newsletter voucher (a bad amount first shows its message beside the field) and a shopper takes it off their cart on
// the storefront; a manager issues a goodwill card, whose code arrives by email only, finds it by its last 4 and the
// recipient's email, and disables it from a browser without JavaScript. On a phone's width.

async function staffPage(browser: Browser, email: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The page is no wider than the phone's screen. */
async function expectFitsPhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a newsletter voucher made in the console takes its amount off a shopper’s cart', { tag: '@db' }, async ({
  page,
  browser,
  cart,
}) => {
  test.setTimeout(300_000);
  const code = `NEWS-${Date.now() % 1_000_000}`;
  const manager = await staffPage(browser, 'manager@staff.example');
  await manager.getByRole('link', { name: 'Vouchers' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await expectAccessible(manager);
  await expectFitsPhone(manager);

  await manager.getByLabel('Code').fill(code.toLowerCase());
  await manager.getByLabel('Description').fill('Newsletter subscribers: 15 off');
  await manager.getByLabel('Amount off').fill('fifteen');
  await manager.getByRole('checkbox', { name: 'law-au (AUD)' }).check();
  await manager.getByRole('button', { name: 'Create the voucher' }).click();
  const amount = manager.getByLabel('Amount off');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/Enter the amount off, such as 20 or 12\.50, above 0\./);
  await expectAccessible(manager);

  await amount.fill('15');
  await manager.getByLabel('Minimum spend').fill('30');
  await manager.getByLabel('Total uses').fill('500');
  // The form kept nothing of the refused post but what the browser keeps: the fields are filled again.
  await manager.getByLabel('Code').fill(code.toLowerCase());
  await manager.getByLabel('Description').fill('Newsletter subscribers: 15 off');
  await manager.getByRole('checkbox', { name: 'law-au (AUD)' }).check();
  await manager.getByRole('button', { name: 'Create the voucher' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: `Voucher ${code}` })).toBeVisible();
  await expect(manager.getByRole('status')).toHaveText('The voucher was created.');
  await expect(manager.getByText('0 of 500')).toBeVisible();
  await expectAccessible(manager);
  await expectFitsPhone(manager);

  // The shopper types it in lower case in the cart's voucher box.
  await cart.openWith('D0001', 6);
  await page.getByLabel('Voucher code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Voucher ${code}` })).toHaveText(
    `Voucher ${code} applied: $15.00 off your order.`,
  );
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText(`Order Discount (${code})`)).toBeVisible();

  // Without JavaScript (the same session): its limits changed, then disabled; a new cart answers it as unknown.
  const plain = await withoutJavaScript(browser, manager);
  await plain.goto(`${CONSOLE}/vouchers/${code}`);
  await plain.getByLabel('Total uses').fill('50');
  await plain.getByRole('button', { name: 'Save the changes' }).click();
  await expect(plain.getByRole('status')).toHaveText('The voucher was changed.');
  await expect(plain.getByText('0 of 50')).toBeVisible();
  await plain.getByRole('button', { name: 'Disable this voucher' }).click();
  await expect(plain.getByRole('status')).toHaveText('The voucher is disabled.');
  await expect(plain.getByText('Disabled: the cart answers it as an unknown code')).toBeVisible();
  await plain.context().close();
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto('/robots.txt');
  expect((await pageApi(stranger, 'PUT', '/api/cart/itemcode/D0001/6')).status).toBe(200);
  const refused = await pageApi(stranger, 'PUT', `/api/cart/voucher/${code}`);
  expect(refused.status).toBe(400);
  expect(refused.body.statusMessage).toBe('That voucher code is not valid.');
  await stranger.context().close();
});

test('a goodwill card is emailed, found by its last 4 and the email, and disabled without JavaScript', {
  tag: '@db',
}, async ({ browser }) => {
  test.setTimeout(240_000);
  const recipient = uniqueEmail('goodwill');
  const manager = await staffPage(browser, 'manager@staff.example');
  await manager.getByRole('link', { name: 'Gift cards' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  await expectAccessible(manager);
  await expectFitsPhone(manager);

  await manager.getByLabel('Site', { exact: true }).selectOption('law-au');
  await manager.getByLabel('Amount', { exact: true }).fill('10');
  await manager.getByLabel('Recipient’s name', { exact: true }).fill('Marta Reyes');
  await manager.getByLabel('Recipient’s email', { exact: true }).fill(recipient);
  await manager.getByLabel('Message', { exact: true }).fill('Sorry for the late delivery.');
  await manager.getByRole('button', { name: 'Issue the card' }).click();
  await expect(manager.getByLabel('Amount', { exact: true })).toHaveAccessibleDescription(
    /Enter a whole amount from 25 to 500\./,
  );
  await manager.getByLabel('Amount', { exact: true }).fill('40');
  await manager.getByRole('button', { name: 'Issue the card' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: /^Gift card ending / })).toBeVisible();
  await expect(manager.getByRole('status')).toContainText('its code is on its way to the recipient by email');
  await expectAccessible(manager);
  await expectFitsPhone(manager);

  let code = '';
  await expect
    .poll(
      () => {
        const [mail] = mailsTo(PORT, recipient);
        code = /Your gift card code: ([A-Z0-9-]+)/.exec(mail ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000, message: `the goodwill card email to ${recipient}` },
    )
    .not.toBe('');
  const last4 = code.replaceAll('-', '').slice(-4);
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(`Gift card ending ${last4}`);
  // The console never shows the code.
  expect(await manager.content()).not.toContain(code.replaceAll('-', ''));
  expect(await manager.content()).not.toContain(code);
  await expect(manager.getByRole('region', { name: 'Ledger' })).toContainText('manager@staff.example');

  // Without JavaScript (the same session): found by its last 4 and the recipient's email in another case, then
  // disabled.
  const plain = await withoutJavaScript(browser, manager);
  await plain.goto(`${CONSOLE}/gift-cards`);
  await plain.getByLabel('Last 4 characters').fill(last4.toLowerCase());
  await plain.getByLabel('Buyer’s or recipient’s email').fill(recipient.toUpperCase());
  await plain.getByRole('button', { name: 'Search' }).click();
  await plain.getByRole('link', { name: `Ending ${last4}` }).click();
  await expect(plain.getByText('$40.00 of $40.00')).toBeVisible();
  await plain.getByRole('button', { name: 'Disable this card' }).click();
  await expect(plain.getByRole('status')).toHaveText(
    `The card ending ${last4} is disabled: it no longer pays. Its balance is kept.`,
  );
  await expect(plain.getByText(/^Disabled .*: it pays for nothing$/)).toBeVisible();
  await expect(plain.getByText('$40.00 of $40.00')).toBeVisible();
  await plain.context().close();
});
