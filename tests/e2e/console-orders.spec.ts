import type { Browser } from '@playwright/test';
import { orderBody } from '../support/checkout-input';
import { CONSOLE, signIn } from './support/console';
import { expect, expectAccessible, pageApi, siteUrl, test } from './support/fixtures';

// The console's order page (CONTRACT.md "Operator console"): fulfilment ships the morning's order with its carrier,
// support adds a note and resends the email and is offered no refund, a manager refunds a broken bottle; the
// customer's own order page shows the carrier. Each staff member signs in in a browser context of their own.

async function staffPage(browser: Browser, email: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 1366 }, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('an order shipped, noted, resent and refunded from its page', { tag: '@db' }, async ({ page, browser }) => {
  // Four sign-ins, each of which may wait for the next 30-second code when another test used this one's.
  test.setTimeout(240_000);
  // The shopper: a guest's order of three bottles, placed from the shop's page (its cookie opens the confirmation).
  await page.goto(siteUrl('law-au', '/'));
  expect((await pageApi(page, 'PUT', '/api/cart/itemcode/D0002/3')).status).toBe(200);
  const placed = await pageApi<{ orderNumber: string }>(
    page,
    'POST',
    '/api/checkout/order',
    orderBody({ email: 'broken.bottle@example.com' }),
  );
  expect(placed.status).toBe(200);
  const { orderNumber } = placed.body.response;

  // Fulfilment finds it among the orders to ship and ships it with StarTrack.
  const fulfilment = await staffPage(browser, 'fulfilment@staff.example');
  await fulfilment.getByRole('link', { name: 'Orders' }).click();
  await fulfilment.getByLabel('Order number, email or name').fill(orderNumber);
  await fulfilment.getByRole('button', { name: 'Search' }).click();
  await expectAccessible(fulfilment);
  await fulfilment.getByRole('link', { name: orderNumber }).click();
  await expect(fulfilment.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expectAccessible(fulfilment);
  await expect(fulfilment.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(fulfilment.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await fulfilment.getByLabel('Carrier').selectOption({ label: 'StarTrack' });
  await fulfilment.getByLabel('Tracking number').fill('no');
  await fulfilment.getByRole('button', { name: 'Ship order' }).click();
  await expect(fulfilment.getByRole('alert')).toHaveText('A tracking number is 4 to 40 letters, digits or dashes.');
  await fulfilment.getByLabel('Tracking number').fill('ST20261203A');
  await fulfilment.getByRole('button', { name: 'Ship order' }).click();
  await expect(fulfilment.getByRole('status')).toContainText('Shipped');
  const timeline = fulfilment.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(
    'PROCESSING → SHIPPED with StarTrack, ST20261203A · by fulfilment@staff.example',
  );
  await expect(fulfilment.getByRole('button', { name: 'Ship order' })).toHaveCount(0);
  await fulfilment.context().close();

  // The customer's page says who carries it and links to the carrier's tracking.
  await page.goto(siteUrl('law-au', `/checkout/confirmation/${orderNumber}`));
  await expect(page.getByRole('link', { name: 'Track parcel StarTrack ST20261203A' })).toHaveAttribute(
    'href',
    'https://startrack.com.au/track/details/ST20261203A',
  );

  // Support, without JavaScript: a note and the shipping email again; no refund is offered.
  const support = await staffPage(browser, 'support@staff.example', { javaScriptEnabled: false });
  await support.goto(`${CONSOLE}/orders/${orderNumber}`);
  await expect(support.getByRole('heading', { name: 'Refund' })).toHaveCount(0);
  await support.getByLabel('Add a note').fill('Customer called: one bottle arrived broken.');
  await support.getByRole('button', { name: 'Add note' }).click();
  await expect(support.getByRole('status')).toHaveText('The note was added.');
  const notes = support.getByRole('region', { name: 'Notes' });
  await expect(notes).toContainText('Customer called: one bottle arrived broken.');
  await expect(notes).toContainText('support@staff.example');
  await support.getByRole('button', { name: 'Send the shipping email again' }).click();
  await expect(support.getByRole('status')).toHaveText('The shipping email was sent again.');
  await support.context().close();

  // A manager refunds the broken bottle's price as an amount.
  const manager = await staffPage(browser, 'manager@staff.example');
  await manager.goto(`${CONSOLE}/orders/${orderNumber}`);
  await manager.getByLabel('Amount').fill('abc');
  await manager.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(manager.getByRole('alert')).toHaveText(
    'Enter an amount such as 12.50, or leave it empty to refund all.',
  );
  await manager.getByLabel('Amount').fill('12.50');
  await manager.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(manager.getByRole('status')).toHaveText('Refunded.');
  await expect(manager.getByRole('region', { name: 'Timeline' })).toContainText(
    'refunded $12.50 to the card · by manager@staff.example',
  );
  await expect(manager.locator('.totals')).toContainText('Refunded$12.50');
  await expectAccessible(manager);
  await manager.context().close();
});
