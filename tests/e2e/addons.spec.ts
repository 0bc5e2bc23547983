import type { Page } from '@playwright/test';
import {
  type ApiEnvelope,
  apiGet,
  dataLayer,
  expect,
  expectAccessible,
  pauseClock,
  reloadHydrated,
  test,
} from './support/fixtures';

// SPEC §2 cart page add-on carousel, §4 add-on success modal, §7 cart_addon_success_modal.jsp, §8 add-on
// failures, §9 "Add-ons": shown at over 11 bottles, 3 to 36 in-stock items, SAVE badge at 10 or more.

const LIST_PATH = '/api/itemlist/law_shopping_cart_addons/en_AU_law/AUS';
const MODAL_PATH = '/jsp/templates/page_elements/au/common/cart_addon_success_modal.jsp';

interface ApiItem {
  itemCode: string;
  name: string;
  vintage: number | null;
  salePrice: number;
  smallImage: string;
  inventoryInfo: { summaryAvailabilityStatus: string };
}
interface ApiList {
  itemList: ApiItem[];
  presentationMap: Record<string, string | number | boolean>;
}

async function offerList(): Promise<ApiList> {
  const { status, body } = await apiGet<ApiEnvelope<ApiList>>(LIST_PATH);
  expect(status).toBe(200);
  return body.response;
}

/**
 * Serves the real offer list, changed by `edit`, to the page. NOTE: route.fetch() cannot be used: Node
 * cannot resolve `{site}.localhost`, so the list is read through apiGet (127.0.0.1 with a Host header).
 */
async function serveEditedList(page: Page, edit: (list: ApiList) => void) {
  const list = await offerList();
  edit(list);
  await page.route(`**${LIST_PATH}`, (route) => route.fulfill({ json: { statusCode: 0, response: list } }));
}

const titleOf = (item: ApiItem) => (item.vintage ? `${item.name} ${item.vintage}` : item.name);
const cents = (amount: number) => Math.round(amount * 100);
const dollars = (c: number) => `$${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

const carousel = (page: Page) => page.locator('.addons');
const tiles = (page: Page) => carousel(page).locator('article[data-item-code]');
const tile = (page: Page, itemCode: string) => carousel(page).locator(`article[data-item-code="${itemCode}"]`);

/** Keeps what is pushed to dataLayer across reloads, in sessionStorage, so events pushed just before a reload can be read. */
async function keepDataLayer(page: Page) {
  await page.addInitScript(() => {
    const key = '__e2e_dataLayer';
    const kept: unknown[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => {
      kept.push(...items);
      sessionStorage.setItem(key, JSON.stringify(kept));
      return push(...items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}
const keptDataLayer = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('__e2e_dataLayer') ?? '[]') as Record<string, unknown>[]);

test('hidden at 11 bottles (no list is fetched), shown once the cart reaches 12', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  const listRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/itemlist/')) listRequests.push(r.url());
  });
  await cart.openWith('D0002', 11);
  await expect(cart.lines).toHaveCount(1);
  // The page is hydrated and its effects ran (cart.openWith); no request follows.
  await page.waitForLoadState('networkidle');
  await expect(carousel(page)).toHaveCount(0);
  expect(listRequests).toEqual([]);

  await page.getByRole('button', { name: /^Increase quantity of / }).click();
  await expect(page.getByLabel(/^Quantity of /).first()).toHaveValue('12');
  await expect(carousel(page)).toBeVisible();
  expect(listRequests).toEqual([expect.stringContaining(LIST_PATH)]);
});

test('at 12 bottles it shows the in-stock add-ons of the list, with their add-on prices, and passes axe', {
  tag: '@db',
}, async ({ page, cart }) => {
  const list = await offerList();
  const inStock = list.itemList
    .filter((i) => i.inventoryInfo.summaryAvailabilityStatus !== 'out_of_stock')
    .slice(0, 36);
  expect(inStock.length).toBeGreaterThanOrEqual(3);
  await cart.openWith('D0002', 12);

  const region = page.getByRole('region', { name: String(list.presentationMap['itemlist.header']) });
  await expect(region).toBeVisible();
  await expect(tiles(page)).toHaveCount(inStock.length);
  expect(await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-item-code')))).toEqual(
    inStock.map((i) => i.itemCode),
  );
  for (const item of inStock) {
    const t = tile(page, item.itemCode);
    await expect(t.getByRole('heading', { level: 3 })).toHaveText(titleOf(item));
    await expect(t.getByTestId('addon-price')).toHaveText(
      dollars(cents(Number(list.presentationMap[`${item.itemCode}.addOnPrice`]))),
    );
    await expect(t.getByRole('button', { name: `Add ${titleOf(item)}` })).toHaveCount(1);
  }
  await expectAccessible(page, '.addons');
});

test('out-of-stock items are left out', async ({ page, cart }) => {
  const list = await offerList();
  const [gone, ...rest] = list.itemList;
  await serveEditedList(page, (l) => {
    l.itemList[0]!.inventoryInfo.summaryAvailabilityStatus = 'out_of_stock';
  });
  await cart.openWith('D0002', 12);
  await expect(tiles(page)).toHaveCount(Math.min(36, rest.length));
  await expect(tile(page, gone!.itemCode)).toHaveCount(0);
});

test('fewer than 3 in-stock items, or a failed fetch, hide the carousel', async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: .* 500 .*\/api\/itemlist\//);
  await serveEditedList(page, (l) => {
    l.itemList.forEach((item, i) => {
      if (i >= 2) item.inventoryInfo.summaryAvailabilityStatus = 'out_of_stock';
    });
  });
  const expectHidden = async () => {
    const answered = page.waitForResponse((r) => r.url().includes(LIST_PATH));
    await page.goto('/cart');
    await answered;
    await page.waitForLoadState('networkidle');
    await expect(carousel(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Add a little extra' })).toHaveCount(0);
  };
  await cart.openWith('D0002', 12);
  await expectHidden();
  await page.unrouteAll();
  await page.route(`**${LIST_PATH}`, (route) =>
    route.fulfill({
      status: 500,
      json: { statusCode: 500, statusMessage: 'Something went wrong. Please try again later.' },
    }),
  );
  await expectHidden();
});

test('SAVE $x.xx shows only when the sale price is at least 10 above the add-on price', async ({ page, cart }) => {
  const list = await offerList();
  const items = list.itemList.filter((i) => i.inventoryInfo.summaryAvailabilityStatus !== 'out_of_stock');
  const [exact, under] = items;
  // Make the edge cases: exactly 10.00 saved, and 9.99 saved.
  await serveEditedList(page, (l) => {
    l.presentationMap[`${exact!.itemCode}.addOnPrice`] = (cents(exact!.salePrice) - 1000) / 100;
    l.presentationMap[`${under!.itemCode}.addOnPrice`] = (cents(under!.salePrice) - 999) / 100;
  });
  await cart.openWith('D0002', 12);
  await expect(tiles(page)).toHaveCount(Math.min(36, items.length));
  await expect(tile(page, exact!.itemCode).locator('.badge')).toHaveText('SAVE $10.00');
  await expect(tile(page, under!.itemCode).locator('.badge')).toHaveCount(0);
  let withBadge = 0;
  for (const item of items.slice(2)) {
    const saving = cents(item.salePrice) - cents(Number(list.presentationMap[`${item.itemCode}.addOnPrice`]));
    const badge = tile(page, item.itemCode).getByText(/^SAVE /);
    if (saving >= 1000) {
      withBadge++;
      await expect(badge).toHaveText(`SAVE ${dollars(saving)}`);
    } else {
      await expect(badge).toHaveCount(0);
    }
  }
  test.info().annotations.push({ type: 'seeded items with a SAVE badge', description: String(withBadge) });
});

test('adding an add-on puts it in the cart, reloads and shows the success modal once', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  const list = await offerList();
  const item = list.itemList.find(
    (i) => i.inventoryInfo.summaryAvailabilityStatus !== 'out_of_stock' && i.itemCode !== 'D0002',
  )!;
  const sku = String(list.presentationMap[`${item.itemCode}.skuItemCode`]);
  await keepDataLayer(page);
  await cart.openWith('D0002', 12);
  await expect(tile(page, item.itemCode)).toBeVisible();

  const modalRequest = page.waitForRequest((r) => r.url().endsWith(MODAL_PATH) && r.method() === 'POST');
  await tile(page, item.itemCode)
    .getByRole('button', { name: `Add ${titleOf(item)}` })
    .click();
  expect((await modalRequest).postDataJSON()).toEqual({
    image: item.smallImage,
    itemCode: item.itemCode,
    name: titleOf(item),
  });

  const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${titleOf(item)} has been added to your cart.`);
  // The page was reloaded: the server-rendered cart has the new line.
  await expect(cart.lineFor(sku)).toHaveCount(1);
  expect(Object.keys(await cart.quantities()).sort()).toEqual(['D0002', sku].sort());
  expect(await page.evaluate(() => sessionStorage.getItem('addonSuccess'))).toBeNull();
  expect((await keptDataLayer(page)).filter((e) => e.eventCategory === 'Add-on')).toEqual([
    { event: 'gaEvent', eventCategory: 'Add-on', eventAction: 'Add to Cart', eventLabel: item.itemCode },
  ]);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  // Once only: after the next reload's effects ran, no modal.
  await reloadHydrated(page);
  await expect(carousel(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the success modal keeps focus inside, closes by Escape and by Close, and passes axe', async ({ page, cart }) => {
  const flag = { itemCode: 'D0001', name: 'Old Vine Shiraz 2019', image: '/images/products/D0001-small.svg' };
  const setFlag = (value: object) =>
    page.evaluate((v) => sessionStorage.setItem('addonSuccess', JSON.stringify(v)), value);
  // Hold the modal's content until something on the page has focus, to see focus go back to it.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${MODAL_PATH}`, async (route) => {
    await gate;
    await route.continue();
  });
  // NOTE: cart.openWith waits for hydration: a flag stored before this page's modal ran would be taken
  // by this page, not by the reloaded one.
  await cart.openWith('D0002', 12);
  await setFlag(flag);
  const asked = page.waitForRequest((r) => r.url().endsWith(MODAL_PATH));
  await page.reload();
  await asked;
  const codeInput = page.getByLabel('Catalogue item code');
  await codeInput.focus();
  release();

  const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toHaveAccessibleDescription('Old Vine Shiraz 2019 has been added to your cart.');
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(close).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(codeInput).toBeFocused();

  // Once only: the flag is gone.
  await reloadHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Markup in the stored name is shown as text, never as HTML.
  await setFlag({ ...flag, name: '<b>Bold</b> Shiraz' });
  await page.reload();
  await expect(dialog).toContainText('<b>Bold</b> Shiraz has been added to your cart.');
  await expect(dialog.locator('b')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('if the modal content cannot be fetched, a simple modal names the stored item', async ({
  page,
  cart,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: .* 500 .*cart_addon_success_modal\.jsp/);
  await page.route(`**${MODAL_PATH}`, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await cart.openWith('D0002', 12);
  // An image from another site is never shown, even from the stored flag.
  await page.evaluate(() =>
    sessionStorage.setItem(
      'addonSuccess',
      JSON.stringify({ itemCode: 'D0001', name: 'Old Vine Shiraz', image: 'https://evil.example/x.svg' }),
    ),
  );
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(dialog).toContainText('Old Vine Shiraz has been added to your cart.');
  await expect(dialog.locator('img')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a refused add tracks a fail event and shows the server message near the carousel for 5 s', {
  tag: '@db',
}, async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 4\d\d .*\/api\/cart\/itemcode\//);
  const list = await offerList();
  const item = list.itemList.find((i) => i.inventoryInfo.summaryAvailabilityStatus !== 'out_of_stock')!;
  const sku = String(list.presentationMap[`${item.itemCode}.skuItemCode`]);
  await pauseClock(page);
  // 99 of the add-on already: the server refuses one more (the line maximum is 99).
  await cart.openWith(sku, 99);
  const refused = await cart.api('PUT', `/api/cart/itemcode/${sku}/1`);
  expect(refused.status).toBeGreaterThanOrEqual(400);
  const message = String(refused.body.statusMessage);

  await tile(page, item.itemCode)
    .getByRole('button', { name: `Add ${titleOf(item)}` })
    .click();
  const alert = carousel(page).getByRole('alert');
  await expect(alert).toHaveText(message);
  expect((await dataLayer(page)).filter((e) => e.eventCategory === 'Add-on')).toEqual([
    { event: 'gaEvent', eventCategory: 'Add-on', eventAction: 'Add to Cart Fail', eventLabel: item.itemCode },
  ]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.clock.runFor(4_900);
  await expect(alert).toHaveText(message);
  await page.clock.runFor(200);
  await expect(alert).toHaveCount(0);
  // Nothing was added.
  expect((await cart.get()).numBottles).toBe(99);
});

test('a failed add without a server message shows the default text', async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 502 .*\/api\/cart\/itemcode\//);
  const list = await offerList();
  const item = list.itemList.find(
    (i) => i.inventoryInfo.summaryAvailabilityStatus !== 'out_of_stock' && i.itemCode !== 'D0002',
  )!;
  await cart.openWith('D0002', 12);
  await page.route('**/api/cart/itemcode/**', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
  await tile(page, item.itemCode)
    .getByRole('button', { name: `Add ${titleOf(item)}` })
    .click();
  await expect(carousel(page).getByRole('alert')).toHaveText('Something went wrong, please try again later.');
  expect(await page.evaluate(() => sessionStorage.getItem('addonSuccess'))).toBeNull();
});

test('on a phone, add-ons below the fold are never the largest contentful paint @mobile', async ({ page, cart }) => {
  // Chromium took a carousel image painted below the fold for the page's largest paint (Lighthouse's cart LCP
  // was an add-on's picture, 3.1 s): the carousel's clip is paint containment, which it measures truly.
  await page.addInitScript(() => {
    const seen: { inAddOns: boolean; top: number }[] = [];
    (window as unknown as { lcpSeen: typeof seen }).lcpSeen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        seen.push({
          inAddOns: Boolean(entry.element?.closest('.addons')),
          top: entry.element?.getBoundingClientRect().top ?? -1,
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  for (const code of ['D0001', 'D0003', 'M0001', 'G0001']) await cart.addItem(code, 1);
  await cart.openWith('D0002', 12);
  const firstImage = tiles(page).first().locator('img');
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((img) => img.getBoundingClientRect().top)).toBeGreaterThan(
    page.viewportSize()!.height,
  );
  // The image is in, and two frames have painted since.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const seen = await page.evaluate(() => (window as unknown as { lcpSeen: { inAddOns: boolean }[] }).lcpSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((entry) => entry.inAddOns)).toEqual([]);
});
