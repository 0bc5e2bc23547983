import type { Browser, Page } from '@playwright/test';
import { PRICE_TEXTS } from '../../domain/catalogue-prices';
import { formatMoney } from '../../domain/money';
import { getSite, type SiteId } from '../../domain/sites';
import { CONSOLE, signIn } from './support/console';
import { apiProduct, expect, expectAccessible, siteUrl, test } from './support/fixtures';

// The console's products (CONTRACT.md `/admin/products`): a manager puts a wine on special on law-au and law-nz (a
// bad price shows its message first) and the storefront's page shows the new price; hides a wine and its page is a
// 404; changes a price from a CSV file, preview then apply; and, without JavaScript, changes a stock, which the
// work queue then lists as low. Wines from the end of the demo catalogue, which no other browser test uses.

const SPECIAL = 'W00501';
const HIDDEN = 'W00502';
const FROM_FILE = 'W00503';
const STOCK = 'W00504';

async function staffPage(browser: Browser, email: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 1366 }, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function openProduct(manager: Page, itemCode: string, site: SiteId = 'law-au') {
  await manager.goto(`${CONSOLE}/products?site=${site}&q=${itemCode}`);
  await manager.getByRole('row').filter({ hasText: itemCode }).getByRole('link').click();
  await expect(manager.getByText(itemCode, { exact: true }).first()).toBeVisible();
  await expect(
    manager.getByRole('heading', { level: 2, name: new RegExp(`^Prices in ${getSite(site).currency}`) }),
  ).toBeVisible();
}

/** Every pack 10 % off in the site's currency, filled in; the single bottle's new price, as the site writes it. */
async function tenPercentOff(manager: Page, site: SiteId): Promise<string> {
  const currency = getSite(site).currency;
  const sales = manager.getByLabel(`Sale price (${currency})`);
  const count = await sales.count();
  let single = 0;
  for (let i = 0; i < count; i++) {
    const cents = Math.round(Number(await sales.nth(i).inputValue()) * 100);
    const off = Math.round((cents * 0.9) / 10) * 10;
    if (i === 0) single = off;
    await sales.nth(i).fill((off / 100).toFixed(2));
  }
  return formatMoney(single, getSite(site));
}

test('a manager puts a wine on special on two sites, hides another, and changes a price from a file', {
  tag: '@db',
}, async ({ page, browser, allowConsoleErrors }) => {
  test.setTimeout(240_000);
  const manager = await staffPage(browser, 'manager@staff.example');
  await manager.getByRole('link', { name: 'Products' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(manager.getByText('a price set for law-au holds on every AUD site')).toBeVisible();
  await expectAccessible(manager);

  // On special on law-au: a price with three decimals first, refused beside its field.
  await openProduct(manager, SPECIAL);
  await expectAccessible(manager);
  const path = (await manager.getByRole('link', { name: 'Its storefront page' }).getAttribute('href')) ?? '';
  const memberPrompt = page.getByRole('link', { name: /^Unlimited members pay / });
  await page.goto(siteUrl('law-au', path));
  await expect(memberPrompt).toHaveCount(1);
  const firstSale = manager.getByLabel('Sale price (AUD)').first();
  const was = await firstSale.inputValue();
  await firstSale.fill('12.345');
  await manager.getByRole('button', { name: 'Save prices and stock' }).click();
  await expect(manager.getByText(PRICE_TEXTS.amount('AUD'))).toBeVisible();
  await expect(firstSale).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(manager);
  await firstSale.fill(was);
  const auPrice = await tenPercentOff(manager, 'law-au');
  await manager.getByRole('button', { name: 'Save prices and stock' }).click();
  await expect(manager.getByRole('status')).toContainText('Saved. The shop shows it now on law-au, vir-au');
  await page.goto(siteUrl('law-au', path));
  await expect(page.getByText(auPrice).first()).toBeVisible();
  // The special is below the member price: the page no longer tells a prospect that members pay more.
  await expect(memberPrompt).toHaveCount(0);

  // And on law-nz, in NZD.
  await manager.getByLabel('Site').selectOption('law-nz');
  await manager.getByRole('button', { name: 'Show its prices' }).click();
  await expect(manager.getByRole('heading', { level: 2, name: /^Prices in NZD/ })).toBeVisible();
  const nzPrice = await tenPercentOff(manager, 'law-nz');
  await manager.getByRole('button', { name: 'Save prices and stock' }).click();
  await expect(manager.getByRole('status')).toContainText('Saved. The shop shows it now on law-nz');
  await page.goto(siteUrl('law-nz', path));
  await expect(page.getByText(nzPrice).first()).toBeVisible();

  // Hidden: its storefront page is a 404 to shoppers; the console still finds it, marked hidden.
  await openProduct(manager, HIDDEN);
  const hiddenPath = (await manager.getByRole('link', { name: 'Its storefront page' }).getAttribute('href')) ?? '';
  await manager.getByRole('button', { name: 'Hide this product' }).click();
  await expect(manager.getByRole('status')).toContainText('Hidden: shoppers no longer find it');
  await expect(manager.getByRole('button', { name: 'Publish this product' })).toBeVisible();
  await expectAccessible(manager);
  allowConsoleErrors(/Failed to load resource: .* 404/);
  const answer = await page.goto(siteUrl('law-au', hiddenPath));
  expect(answer?.status()).toBe(404);
  // To the manager, signed in to the console (its host), the same page is there: theirs alone, never stored, never
  // indexed.
  const staffView = await manager.goto(new URL(hiddenPath, CONSOLE).href);
  expect(staffView?.status()).toBe(200);
  expect(staffView?.headers()).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex' });
  await expect(manager.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(manager.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect((await page.goto(siteUrl('law-au', hiddenPath)))?.status()).toBe(404);
  await manager.goto(`${CONSOLE}/products?site=law-au&q=${HIDDEN}`);
  await expect(manager.getByRole('row').filter({ hasText: HIDDEN })).toContainText('Hidden');

  // A price file: the preview shows the old and new price, then it is applied.
  const before = await apiProduct(FROM_FILE);
  const sku = before.skus.find((s) => s.numberOfBottles === 1);
  if (!sku) throw new Error(`${FROM_FILE} has no single bottle`);
  const list = (sku.listPrice + 1).toFixed(2);
  const sale = (sku.salePrice + 1).toFixed(2);
  await manager.goto(`${CONSOLE}/products`);
  await manager.getByLabel('Price file (CSV)').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku_code,currency,list_price,sale_price\n${FROM_FILE},AUD,${list},${sale}\n`),
  });
  await manager.getByRole('button', { name: 'Preview the changes' }).click();
  await expect(manager.getByText('1 price of 1 product will change.')).toBeVisible();
  const row = manager.getByRole('row').filter({ hasText: FROM_FILE });
  await expect(row).toContainText(formatMoney(Math.round(sku.salePrice * 100), getSite('law-au')));
  await expect(row).toContainText(formatMoney(Math.round(Number(sale) * 100), getSite('law-au')));
  await expectAccessible(manager);
  expect((await apiProduct(FROM_FILE)).skus.find((s) => s.itemCode === sku.itemCode)?.salePrice).toBe(sku.salePrice);
  await manager.getByRole('button', { name: 'Apply these prices' }).click();
  await expect(manager.getByRole('status')).toContainText('Applied: 1 price of 1 product changed.');
  await expect
    .poll(async () => (await apiProduct(FROM_FILE)).skus.find((s) => s.itemCode === sku.itemCode)?.salePrice)
    .toBe(Number(sale));
  await manager.context().close();
});

test('without JavaScript, on a phone, a manager changes a stock and the work queue lists it as low', {
  tag: '@db',
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const manager = await context.newPage();
  await signIn(manager, 'manager@staff.example');
  await manager.goto(`${CONSOLE}/products?site=law-au&q=Shiraz`);
  expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await openProduct(manager, STOCK);
  expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await manager.getByLabel('Stock (bottles)').fill('-2');
  await manager.getByRole('button', { name: 'Save prices and stock' }).click();
  await expect(manager.getByText(PRICE_TEXTS.stock)).toBeVisible();
  await manager.getByLabel('Stock (bottles)').fill('3');
  await manager.getByRole('button', { name: 'Save prices and stock' }).click();
  await expect(manager.getByRole('status')).toContainText('Saved.');
  await expect(manager.getByLabel('Stock (bottles)')).toHaveValue('3');
  await manager.goto(CONSOLE);
  const card = manager.locator('.card').filter({ hasText: 'Products low on stock' });
  await expect(card).toContainText(`(${STOCK}): 3 bottles`);
  await context.close();
});
