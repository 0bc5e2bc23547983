import type { Page } from '@playwright/test';
import { dataLayer, expect, expectAccessible, gotoHydrated, PORT, pageData, test } from './support/fixtures';

// The gift voucher form (SPEC §5 "Gift voucher form", §3 payload, §9 amounts; CONTRACT.md /gift-vouchers and
// the purchaseVoucher.jsp link): every rule and text, the sample card, preselection, and purchases that end
// on /cart with the line shown.

/** The form's parts, found as a person would. */
function giftForm(page: Page) {
  return {
    amounts: page.getByRole('group', { name: 'Amount' }),
    radio: (name: string) => page.getByRole('radio', { name, exact: true }),
    customAmount: page.getByRole('textbox', { name: 'Enter an amount' }),
    recipientName: page.getByLabel('Recipient name'),
    recipientEmail: page.getByLabel('Recipient email', { exact: true }),
    verifyEmail: page.getByLabel('Confirm recipient email'),
    message: page.getByLabel('Gift message'),
    submit: page.getByRole('button', { name: 'Add to cart' }),
    preview: page.getByRole('figure', { name: 'Sample card' }),
    previewAmount: page.getByRole('figure', { name: 'Sample card' }).getByTestId('gift-card-amount'),
  };
}

/** The error text that describes a field (through aria-describedby). */
async function errorOf(page: Page, field: ReturnType<Page['getByLabel']>) {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((i) => i.endsWith('-error'));
  if (!errorId) return null;
  return page.locator(`[id="${errorId}"]`).textContent();
}

async function fillRecipient(page: Page, name = 'Ann Lee', email = 'ann@example.com') {
  const f = giftForm(page);
  await f.recipientName.fill(name);
  await f.recipientEmail.fill(email);
  await f.verifyEmail.fill(email);
}

test('an empty submit names every missing field, ties each message to its field and focuses the first', async ({
  page,
}) => {
  await gotoHydrated(page, '/gift-vouchers');
  expect((await pageData(page)).pageType).toBe('landingpage');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift vouchers' })).toBeVisible();
  const f = giftForm(page);
  // The preset cards come with their amounts in the site's currency; nothing is chosen yet.
  for (const name of ['$50', '$100', '$150', 'Custom amount']) await expect(f.radio(name)).not.toBeChecked();
  await expect(f.message).toHaveValue('Enjoy your wine!');
  await expect(page.getByText('184 characters remaining')).toBeVisible();
  await expect(f.previewAmount).toHaveText('$XX');

  await f.submit.click();
  await expect(f.amounts.getByText('Please choose an amount.')).toBeVisible();
  await expect(f.amounts).toHaveAttribute('aria-invalid', 'true');
  await expect(f.radio('$50')).toBeFocused();
  expect(await errorOf(page, f.recipientName)).toBe('Please enter the recipient name.');
  expect(await errorOf(page, f.recipientEmail)).toBe('Please enter the recipient email address.');
  expect(await errorOf(page, f.verifyEmail)).toBe('Please confirm the email address.');
  for (const field of [f.recipientName, f.recipientEmail, f.verifyEmail])
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(f.message).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/gift-vouchers$/);
  await expectAccessible(page);

  // Errors follow the corrections; focus goes to the first field still wrong.
  await f.radio('$100').check();
  await expect(f.amounts.getByText('Please choose an amount.')).toHaveCount(0);
  await f.recipientName.fill('Ann');
  expect(await errorOf(page, f.recipientName)).toBeNull();
  await f.submit.click();
  await expect(f.recipientEmail).toBeFocused();
});

test('the custom amount: required, digits only, 25 to 500 on law-au, the decimal key does nothing', async ({
  page,
}) => {
  await gotoHydrated(page, '/gift-vouchers');
  const f = giftForm(page);
  await expect(f.customAmount).toHaveCount(0);
  await f.radio('Custom amount').check();
  await fillRecipient(page);
  await f.submit.click();
  await expect(f.customAmount).toBeFocused();
  expect(await errorOf(page, f.customAmount)).toBe('Please enter custom amount');
  await expect(f.customAmount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('A whole amount from 25 to 500.')).toBeVisible();

  // The decimal point key is blocked: "12.5" typed is 125.
  await f.customAmount.pressSequentially('12.5');
  await expect(f.customAmount).toHaveValue('125');
  expect(await errorOf(page, f.customAmount)).toBeNull();

  // Digits only: letters and signs typed or pasted are left out.
  for (const [typed, kept] of [
    ['3a0', '30'],
    ['12,5', '125'],
    ['-40', '40'],
  ] as const) {
    await f.customAmount.fill('');
    await f.customAmount.pressSequentially(typed);
    await expect(f.customAmount, typed).toHaveValue(kept);
  }
  await f.customAmount.fill('1e3');
  await expect(f.customAmount).toHaveValue('13');

  for (const [typed, message] of [
    ['', 'Please enter custom amount'],
    ['abc', 'Please enter custom amount'],
    ['24', 'The amount must be at least 25.'],
    ['1', 'The amount must be at least 25.'],
    ['501', 'The amount must be at most 500.'],
    ['1000', 'The amount must be at most 500.'],
  ] as const) {
    await f.customAmount.fill(typed);
    expect(await errorOf(page, f.customAmount), typed).toBe(message);
  }
  for (const typed of ['25', '500']) {
    await f.customAmount.fill(typed);
    expect(await errorOf(page, f.customAmount), typed).toBeNull();
  }
});

test('the sample card shows the amount in the site currency, and $XX over 3 digits or over 500', async ({ page }) => {
  await gotoHydrated(page, '/gift-vouchers');
  const f = giftForm(page);
  await expect(f.previewAmount).toHaveText('$XX');
  await f.radio('$150').check();
  await expect(f.previewAmount).toHaveText('$150');
  await f.radio('Custom amount').check();
  for (const [typed, shown] of [
    ['', '$XX'],
    ['75', '$75'],
    ['500', '$500'],
    ['501', '$XX'],
    ['999', '$XX'],
    ['0100', '$XX'],
    ['1000', '$XX'],
    ['30', '$30'],
  ] as const) {
    await f.customAmount.fill(typed);
    await expect(f.previewAmount, typed).toHaveText(shown);
  }
  // The recipient and message show as text, never as HTML.
  await f.recipientName.fill('<b>Ann</b>');
  await f.message.fill('<img src=x onerror=alert(1)> Cheers');
  await expect(f.preview).toContainText('To: <b>Ann</b>');
  await expect(f.preview).toContainText('<img src=x onerror=alert(1)> Cheers');
  await expect(f.preview.locator('b, img')).toHaveCount(0);
});

test('the emails: required, valid, and the confirmation equal to the email', async ({ page }) => {
  await gotoHydrated(page, '/gift-vouchers');
  const f = giftForm(page);
  await f.radio('$50').check();
  await f.recipientName.fill('Ann');
  await f.recipientEmail.fill('ann@example');
  await f.verifyEmail.fill('ann@example');
  await f.submit.click();
  await expect(f.recipientEmail).toBeFocused();
  expect(await errorOf(page, f.recipientEmail)).toBe('Please enter a valid email address.');
  await f.recipientEmail.fill('ann@example.com');
  expect(await errorOf(page, f.recipientEmail)).toBeNull();
  expect(await errorOf(page, f.verifyEmail)).toBe('The email addresses do not match.');
  await f.verifyEmail.fill('ANN@example.com');
  expect(await errorOf(page, f.verifyEmail)).toBeNull();
  await f.verifyEmail.fill('');
  expect(await errorOf(page, f.verifyEmail)).toBe('Please confirm the email address.');
});

test('the gift message: required, at most 200 characters, the remaining count follows what is typed', async ({
  page,
}) => {
  await gotoHydrated(page, '/gift-vouchers?itemCode=00041VC');
  const f = giftForm(page);
  await fillRecipient(page);
  await f.message.fill('');
  await expect(page.getByText('200 characters remaining')).toBeVisible();
  await f.submit.click();
  await expect(f.message).toBeFocused();
  expect(await errorOf(page, f.message)).toBe('Please enter a gift message.');
  await f.message.pressSequentially('Hi');
  await expect(page.getByText('198 characters remaining')).toBeVisible();
  expect(await errorOf(page, f.message)).toBeNull();
  await f.message.fill('x'.repeat(199));
  await expect(page.getByText('1 character remaining')).toBeVisible();
  await f.message.fill('x'.repeat(200));
  await expect(page.getByText('0 characters remaining')).toBeVisible();
  expect(await errorOf(page, f.message)).toBeNull();
  await f.message.fill('x'.repeat(203));
  await expect(page.getByText('3 characters too many')).toBeVisible();
  expect(await errorOf(page, f.message)).toBe('The gift message can be at most 200 characters.');
  await expect(f.message).toHaveAttribute('aria-invalid', 'true');
  // The count describes the field.
  const describedBy = (await f.message.getAttribute('aria-describedby')) ?? '';
  const countId = describedBy.split(' ').find((i) => i.endsWith('-message-count'));
  await expect(page.locator(`[id="${countId}"]`)).toHaveText('3 characters too many');
});

test('?itemCode= preselects a card; an unknown code preselects none', async ({ page }) => {
  const f = giftForm(page);
  await gotoHydrated(page, '/gift-vouchers?itemCode=00042VC');
  await expect(f.radio('$100')).toBeChecked();
  await expect(f.previewAmount).toHaveText('$100');
  await gotoHydrated(page, '/gift-vouchers?itemCode=02698VC');
  await expect(f.radio('Custom amount')).toBeChecked();
  await expect(f.customAmount).toBeVisible();
  await gotoHydrated(page, '/gift-vouchers?itemCode=D0001');
  for (const name of ['$50', '$100', '$150', 'Custom amount']) await expect(f.radio(name)).not.toBeChecked();
});

test('the e-gift card link /jsp/product/purchaseVoucher.jsp opens the form with that card, on test and live hosts', async ({
  page,
}) => {
  const f = giftForm(page);
  await gotoHydrated(page, `http://law-au.test.localhost:${PORT}/jsp/product/purchaseVoucher.jsp?itemCode=00043VC`);
  await expect(page).toHaveURL(`http://law-au.test.localhost:${PORT}/gift-vouchers?itemCode=00043VC`);
  await expect(f.radio('$150')).toBeChecked();
  await gotoHydrated(page, '/jsp/product/purchaseVoucher.jsp?itemCode=02698VC');
  await expect(page).toHaveURL(/\/gift-vouchers\?itemCode=02698VC$/);
  await expect(f.radio('Custom amount')).toBeChecked();
});

test('the footer links to the form', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Gift vouchers' }).click();
  await expect(page).toHaveURL(/\/gift-vouchers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift vouchers' })).toBeVisible();
});

test('a preset card bought with the keyboard alone lands on /cart with its line, recipient and message as text', {
  tag: '@db',
}, async ({ page, cart }) => {
  await gotoHydrated(page, '/gift-vouchers');
  const f = giftForm(page);
  // Arrow keys choose the card, Tab moves on, Enter submits.
  await f.radio('$50').focus();
  await page.keyboard.press('ArrowRight');
  await expect(f.radio('$100')).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(f.radio('$50')).toBeChecked();
  await expect(f.previewAmount).toHaveText('$50');
  await page.keyboard.press('Tab');
  await expect(f.recipientName).toBeFocused();
  await page.keyboard.type('<b>Ann</b> & Co');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ann@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ann@example.com');
  await page.keyboard.press('Tab');
  await expect(f.message).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Happy birthday <script>x</script>');
  await page.keyboard.press('Tab');
  await expect(f.submit).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/cart$/);
  const line = cart.lineFor('00041VC');
  await expect(line).toBeVisible();
  await expect(line).toContainText('eGift card $50');
  await expect(line).toContainText('For <b>Ann</b> & Co (ann@example.com)');
  await expect(line).toContainText('“Happy birthday <script>x</script>”');
  await expect(line).toContainText('$50.00');
  await expect(line.locator('b, script')).toHaveCount(0);
  const api = await cart.get();
  expect(api.lineItems).toHaveLength(1);
  expect(api.lineItems[0]?.giftVoucherDetails).toEqual({
    recipientName: '<b>Ann</b> & Co',
    recipientEmail: 'ann@example.com',
    message: 'Happy birthday <script>x</script>',
    value: { amount: 50, currencyCode: 'AUD' },
  });
  expect((await dataLayer(page)).filter((e) => e.eventCategory === 'eGift card')).toEqual([
    expect.objectContaining({ event: 'gaEvent', eventAction: 'Add to cart', eventLabel: '00041VC' }),
  ]);
});

test('a custom amount sends the SPEC §3 payload and lands on /cart with the line at that amount', {
  tag: '@db',
}, async ({ page, cart }) => {
  await gotoHydrated(page, '/gift-vouchers');
  const f = giftForm(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/cart/eItemCode') && r.method() === 'PUT');
  await f.radio('Custom amount').check();
  await f.customAmount.fill('75');
  await fillRecipient(page, 'Bo', 'bo@example.com');
  await f.submit.click();
  expect((await sent).postDataJSON()).toEqual({
    salesCode: '',
    quantity: 1,
    recipientName: 'Bo',
    recipientEmail: 'bo@example.com',
    verifyEmail: 'bo@example.com',
    message: 'Enjoy your wine!',
    amount: 75,
    itemCode: '02698VC',
  });
  await expect(page).toHaveURL(/\/cart$/);
  const line = cart.lineFor('02698VC');
  await expect(line).toContainText('eGift card (custom amount)');
  await expect(line).toContainText('For Bo (bo@example.com)');
  await expect(line).toContainText('$75.00');
});

test('on wsj-us a custom amount may be as low as 1', { tag: '@db' }, async ({ page, cart }) => {
  await gotoHydrated(page, `http://wsj-us.localhost:${PORT}/gift-vouchers?itemCode=02698VC`);
  const f = giftForm(page);
  await expect(page.getByText('A whole amount from 1 to 500.')).toBeVisible();
  await f.customAmount.fill('0');
  await fillRecipient(page);
  await f.submit.click();
  expect(await errorOf(page, f.customAmount)).toBe('The amount must be at least 1.');
  await f.customAmount.fill('1');
  await expect(f.previewAmount).toHaveText('$1');
  await f.submit.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cart.lineFor('02698VC')).toContainText('$1.00');
});

test('a refused add shows the server statusMessage and stays on the form', { tag: '@db' }, async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/eItemCode/);
  await page.goto('/robots.txt');
  for (let i = 0; i < 20; i++) {
    const reply = await cart.api('PUT', '/api/cart/eItemCode', {
      salesCode: '',
      quantity: 1,
      recipientName: 'Ann',
      recipientEmail: 'ann@example.com',
      verifyEmail: 'ann@example.com',
      message: 'Hi',
      amount: 50,
      itemCode: '00041VC',
    });
    expect(reply.status).toBe(200);
  }
  await gotoHydrated(page, '/gift-vouchers?itemCode=00042VC');
  await fillRecipient(page);
  await giftForm(page).submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'A cart can hold at most 20 e-gift cards.' })).toBeVisible();
  await expect(page).toHaveURL(/\/gift-vouchers\?itemCode=00042VC$/);
  await expect(giftForm(page).submit).toBeEnabled();
  expect((await cart.get()).lineItems).toHaveLength(20);
});

test('the form fits a phone and passes axe there @mobile', async ({ page }) => {
  await gotoHydrated(page, '/gift-vouchers?itemCode=02698VC');
  const f = giftForm(page);
  await expect(f.customAmount).toBeVisible();
  await expect(f.preview).toBeVisible();
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  await f.submit.click();
  await expect(f.customAmount).toBeFocused();
  await expectAccessible(page);
});
