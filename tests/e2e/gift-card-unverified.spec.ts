import { giftCardBody, orderBody } from '../support/checkout-input';
import { mailsTo } from '../support/e2e-mailbox';
import {
  expect,
  expectAccessible,
  gotoHydrated,
  PORT,
  pageApi,
  registerThroughForm,
  siteUrl,
  test,
  waitForHydration,
} from './support/fixtures';

// The gift cards sent to an email show in the account of that email only once the account has proved it holds the
// mailbox (its verification link), as a guest's orders do: anyone may register an address that is not theirs.

test('a card sent to an account’s unconfirmed email shows only once the address is confirmed', { tag: '@db' }, async ({
  page,
  browser,
}) => {
  const email = `una.${Date.now()}@example.com`;
  await registerThroughForm(page, { firstName: 'Una', lastName: 'Proven', email, password: 'Vintage2027' });

  // Someone else sends a $30 card to that address.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(siteUrl('law-au', '/robots.txt'));
  const line = giftCardBody(30, { recipientEmail: email, verifyEmail: email, recipientName: 'Una' });
  expect((await pageApi(buyerPage, 'PUT', '/api/cart/eItemCode', line)).status).toBe(200);
  const placed = await pageApi(buyerPage, 'POST', '/api/checkout/order', orderBody({ email: 'sender@example.com' }));
  expect(placed.status).toBe(200);
  await buyer.close();
  let code = '';
  await expect
    .poll(() => (code = /Your gift card code: ([A-Z0-9-]+)/.exec(mailsTo(PORT, email).join('\n'))?.[1] ?? ''), {
      timeout: 20_000,
      message: `the gift card email to ${email}`,
    })
    .not.toBe('');
  const card = `Gift card ending ${code.replace(/-/g, '').slice(-4)}`;

  await gotoHydrated(page, '/account/gift-cards-and-vouchers');
  await expect(page.getByRole('heading', { name: 'Your gift cards' })).toBeVisible();
  await expect(page.getByRole('heading', { name: card })).toHaveCount(0);

  // The verification email's link, followed and confirmed: now the card is theirs to see.
  let link = '';
  await expect
    .poll(
      () => (link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mailsTo(PORT, email).join('\n'))?.[0] ?? ''),
      {
        timeout: 20_000,
        message: `the verification email to ${email}`,
      },
    )
    .not.toBe('');
  await page.goto(siteUrl('law-au', new URL(link).pathname + new URL(link).search));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  await gotoHydrated(page, '/account/gift-cards-and-vouchers');
  const item = page
    .getByRole('region', { name: 'Your gift cards' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: card }) });
  await expect(item).toContainText('Sent to you');
  await expect(item).toContainText('$30.00');
  await expectAccessible(page, 'main');
});
