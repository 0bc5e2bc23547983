import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures';

// GA4 ecommerce events from app/lib/ecommerce.ts, and the SPEC §1 click tracking through data attributes.
// (begin_checkout, add_shipping_info, add_payment_info and purchase are in checkout.spec.ts.)

type Layer = Record<string, unknown>[];
const layer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer: Layer }).dataLayer);
const events = async (page: Page, name: string) =>
  (await layer(page)).filter((e) => e.event === name) as { event: string; ecommerce: Record<string, unknown> }[];
const item = expect.objectContaining({
  item_id: expect.any(String),
  item_name: expect.any(String),
  price: expect.any(Number),
  quantity: expect.any(Number),
});

test('a listing sends view_item_list; a tile click sends select_item, then the product page view_item', async ({
  page,
}) => {
  await gotoHydrated(page, '/wines?name=red-wine');
  await expect.poll(async () => (await events(page, 'view_item_list')).length).toBe(1);
  const [list] = await events(page, 'view_item_list');
  expect(list!.ecommerce).toEqual(
    expect.objectContaining({ currency: 'AUD', item_list_id: 'red-wine', items: expect.arrayContaining([item]) }),
  );
  const items = list!.ecommerce.items as { item_id: string; index: number }[];
  expect(items[0]).toEqual(expect.objectContaining({ index: 0 }));
  // The ecommerce object is cleared before each event, as GA4 asks.
  const all = await layer(page);
  expect(all[all.findIndex((e) => e.event === 'view_item_list') - 1]).toEqual({ ecommerce: null });

  const second = page.locator('.grid .tile').nth(1);
  const code = await second.getAttribute('data-item-code');
  await second.locator('.tile__title a').click();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  await expect.poll(async () => (await events(page, 'select_item')).length).toBe(1);
  const [select] = await events(page, 'select_item');
  expect(select!.ecommerce).toEqual(
    expect.objectContaining({
      item_list_id: 'red-wine',
      items: [expect.objectContaining({ item_id: code, index: 1, quantity: 1 })],
    }),
  );
  await expect.poll(async () => (await events(page, 'view_item')).length).toBeGreaterThan(0);
  const view = (await events(page, 'view_item')).at(-1)!;
  expect(view.ecommerce).toEqual(
    expect.objectContaining({
      currency: 'AUD',
      value: expect.any(Number),
      items: [expect.objectContaining({ item_id: code })],
    }),
  );
});

test('add_to_cart from the product page, view_cart and remove_from_cart on the cart page', async ({ page, cart }) => {
  await gotoHydrated(page, '/product/D0002');
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect.poll(async () => (await events(page, 'add_to_cart')).length).toBe(1);
  const [add] = await events(page, 'add_to_cart');
  expect(add!.ecommerce).toEqual(
    expect.objectContaining({
      currency: 'AUD',
      value: expect.any(Number),
      items: [expect.objectContaining({ quantity: 1 })],
    }),
  );
  await cart.addItem('D0001', 2);
  await cart.open();
  await expect.poll(async () => (await events(page, 'view_cart')).length).toBe(1);
  const [viewCart] = await events(page, 'view_cart');
  expect((viewCart!.ecommerce.items as unknown[]).length).toBe(2);
  await cart
    .lineFor('D0001')
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect.poll(async () => (await events(page, 'remove_from_cart')).length).toBe(1);
  const [remove] = await events(page, 'remove_from_cart');
  expect(remove!.ecommerce).toEqual(
    expect.objectContaining({ items: [expect.objectContaining({ item_id: 'D0001', quantity: 2 })] }),
  );
});

test('links carrying data-track-* send a gaEvent from the one listener', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.locator('.site-footer').getByRole('link', { name: 'Mixed cases' }).click();
  await expect(page).toHaveURL(/name=mixed-cases/);
  await expect
    .poll(async () => (await layer(page)).filter((e) => e.eventCategory === 'Footer'))
    .toEqual([{ event: 'gaEvent', eventCategory: 'Footer', eventAction: 'Shop link', eventLabel: 'Mixed cases' }]);
});

test('the Checkout and Place order buttons send a gaEvent from their data-track-* attributes', async ({
  page,
  cart,
}) => {
  const gaEvents = async (category: string) => (await layer(page)).filter((e) => e.eventCategory === category);
  await cart.addItem('D0001', 1);
  await cart.open();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect
    .poll(() => gaEvents('Cart'))
    .toEqual([{ event: 'gaEvent', eventCategory: 'Cart', eventAction: 'Checkout', eventLabel: 'Checkout' }]);
  await page.getByLabel('Email address (for your order confirmation)').fill('track@example.com');
  const delivery = page.getByRole('group', { name: 'Delivery address', exact: true });
  await delivery.getByLabel('First name').fill('Ana');
  await delivery.getByLabel('Last name').fill('Lee');
  await delivery.getByLabel('Street address').fill('14 Darling Street');
  await delivery.getByLabel('Suburb or town').fill('Balmain');
  await delivery.getByLabel('Postcode').fill('2041');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  expect(await gaEvents('Checkout')).toEqual([
    { event: 'gaEvent', eventCategory: 'Checkout', eventAction: 'Place order', eventLabel: 'Place order' },
  ]);
});
