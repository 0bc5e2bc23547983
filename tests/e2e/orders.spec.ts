import type { Page } from '@playwright/test';
import { orderBody } from '../support/checkout-input';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  gotoHydrated,
  operatorMove,
  pageApi,
  test,
  uniqueEmail,
} from './support/fixtures';

// The order's life on its page (decision 023): the customer sees what an operator did (shipped, with tracking),
// and cancels a fresh order from its page.

/**
 * A new customer of this test's own, registered and logged in through the API. NOTE: a demo customer's cart is
 * shared by every test logged in as them, and the other worker's test may place it as an order first.
 */
async function registerCustomer(page: Page): Promise<void> {
  const registered = await pageApi(page, 'POST', '/api/authentication/register', {
    firstName: 'Olive',
    lastName: 'Orders',
    email: uniqueEmail('orders'),
    password: DEMO_PASSWORD,
  });
  expect(registered.status).toBe(200);
}

/** A customer's one-bottle order placed through the JSON API from the page (its cookies: the login). */
async function placeOrder(page: Page): Promise<{ orderNumber: string; orderId: number }> {
  expect((await pageApi(page, 'PUT', '/api/cart/itemcode/D0002/1')).status).toBe(200);
  const placed = await pageApi<{ orderNumber: string; orderId: number }>(
    page,
    'POST',
    '/api/checkout/order',
    orderBody({ email: undefined }),
  );
  expect(placed.status).toBe(200);
  return placed.body.response;
}

test('the customer sees the order’s history after an operator ships it', { tag: '@db' }, async ({ page }) => {
  await registerCustomer(page);
  const { orderNumber, orderId } = await placeOrder(page);
  expect(await operatorMove(orderNumber, 'ship', { trackingNumber: 'AP2026112701' })).toBe(200);
  await gotoHydrated(page, `/account/purchased/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const history = page.getByRole('region', { name: 'Order history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Shipped');
  await expect(history.getByRole('link', { name: 'Track parcel Australia Post AP2026112701' })).toHaveAttribute(
    'href',
    /AP2026112701$/,
  );
  // Shipped: no cancel button any more.
  await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the customer cancels a fresh order from its page, after confirming', { tag: '@db' }, async ({ page }) => {
  await registerCustomer(page);
  const { orderId } = await placeOrder(page);
  await gotoHydrated(page, `/account/purchased/${orderId}`);
  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(page.getByText('Cancel this order? Any amount')).toBeVisible();
  await page.getByRole('button', { name: 'Keep the order' }).click();
  await expect(page.getByRole('button', { name: 'Yes, cancel the order' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
  const history = page.getByRole('region', { name: 'Order history' });
  await expect(history).toContainText('Cancelled by you');
  await expect(page.locator('.order__meta')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
});
