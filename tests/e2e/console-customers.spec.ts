import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { orderBody } from '../support/checkout-input';
import { CONSOLE, signIn } from './support/console';
import { expect, expectAccessible, pageApi, siteUrl, test } from './support/fixtures';

// The console's customers (CONTRACT.md `/admin/customers`): support finds a customer by email and reads their page,
// offered no export or erase; a manager exports a new customer's data and erases it, and the customer can no longer
// sign in. Each staff member signs in in a browser context of their own.

async function staffPage(browser: Browser, email: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('support finds a customer by email and reads their page', async ({ browser }) => {
  const support = await staffPage(browser, 'support@staff.example');
  await support.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
  await expect(support.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await support.getByLabel('Email or name').fill('Unlimited@Example.com');
  await support.getByRole('button', { name: 'Search' }).click();
  // The search is a GET form: it is in the page's address.
  await expect(support).toHaveURL(/\/admin\/customers\?q=Unlimited%40Example\.com$/);
  await expectAccessible(support);
  await support.getByRole('link', { name: 'James Whitaker' }).click();

  await expect(support.getByRole('heading', { level: 1, name: 'James Whitaker' })).toBeVisible();
  const orders = support.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('rowheader')).toHaveText(['LAW-101006', 'LAW-100452']);
  await expect(orders.getByRole('link', { name: 'LAW-101006' })).toHaveAttribute('href', '/admin/orders/LAW-101006');
  const memberships = support.getByRole('table', { name: 'Memberships' });
  await expect(memberships.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Unlimited', 'ACTIVE', /\d{4}/]);
  await expect(support.getByRole('link', { name: /Export/ })).toHaveCount(0);
  await expect(support.getByRole('button', { name: 'Erase this customer' })).toHaveCount(0);
  await expectAccessible(support);
  await support.context().close();
});

test('a manager exports a new customer’s data and erases it', { tag: '@db' }, async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  // The refused login after the erase answers 401.
  allowConsoleErrors(/status of 401 .*\/api\/authentication\/login/, /status of 401 .*\/api\/user\/details/);
  const email = `erase.me.${Date.now()}@example.com`;
  const password = 'Cellar2026x';
  await page.goto(siteUrl('law-au', '/robots.txt'));
  const registered = await pageApi(page, 'POST', '/api/authentication/register', {
    firstName: 'Edda',
    lastName: 'Erasmus',
    email,
    password,
  });
  expect(registered.status).toBe(200);
  expect((await pageApi(page, 'PUT', '/api/cart/itemcode/D0002/1')).status).toBe(200);
  const placed = await pageApi<{ orderNumber: string }>(
    page,
    'POST',
    '/api/checkout/order',
    orderBody({ email, delivery: { ...orderBody().delivery, firstName: 'Edda', lastName: 'Erasmus' } }),
  );
  expect(placed.status).toBe(200);
  const { orderNumber } = placed.body.response;

  const manager = await staffPage(browser, 'manager@staff.example');
  await manager.goto(`${CONSOLE}/customers`);
  await manager.getByLabel('Email or name').fill(email);
  await manager.getByRole('button', { name: 'Search' }).click();
  await manager.getByRole('link', { name: 'Edda Erasmus' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Edda Erasmus' })).toBeVisible();
  await expect(manager.getByRole('table', { name: 'Orders' }).getByRole('rowheader')).toHaveText([orderNumber]);
  await expectAccessible(manager);

  // The export is a download of the JSON call's answer.
  const download = manager.waitForEvent('download');
  await manager.getByRole('link', { name: 'Export everything the shop holds on this customer (JSON)' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file, 'utf8')) as {
    response: { customer: { email: string }; orders: { orderNumber: string }[] };
  };
  expect(exported.response.customer.email).toBe(email);
  expect(exported.response.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);

  // The erase, without JavaScript (the same staff session): it asks for its word first.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await manager.context().storageState(),
  });
  const erasing = await noScript.newPage();
  await erasing.goto(manager.url());
  await expect(erasing.getByRole('heading', { level: 1, name: 'Edda Erasmus' })).toBeVisible();
  const confirm = erasing.getByLabel('Type ERASE to confirm');
  await confirm.fill('yes');
  await erasing.getByRole('button', { name: 'Erase this customer' }).click();
  await expect(erasing.getByText(/^Type ERASE to confirm: an erased customer’s personal data/)).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await confirm.fill('ERASE');
  await erasing.getByRole('button', { name: 'Erase this customer' }).click();
  await expect(erasing.getByRole('status')).toContainText('The customer’s personal data is erased');
  await expect(erasing.getByRole('heading', { level: 1, name: /^Erased customer #\d+$/ })).toBeVisible();
  await expect(erasing.getByText('Edda')).toHaveCount(0);
  await expect(erasing.getByRole('button', { name: 'Erase this customer' })).toHaveCount(0);
  await expect(erasing.getByRole('table', { name: 'Orders' }).getByRole('rowheader')).toHaveText([orderNumber]);
  await noScript.close();
  await manager.reload();
  await expect(manager.getByRole('heading', { level: 1, name: /^Erased customer #\d+$/ })).toBeVisible();
  await expectAccessible(manager);
  await manager.context().close();

  // The customer is signed out and cannot sign in again.
  expect((await pageApi(page, 'GET', '/api/user/details')).status).toBe(401);
  expect((await pageApi(page, 'POST', '/api/authentication/login', { email, password })).status).toBe(401);
});
