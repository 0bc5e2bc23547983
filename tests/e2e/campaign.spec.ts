import type { Page, Route } from '@playwright/test';
import { apiProduct, dataLayer, expect, expectAccessible, pauseClock, reloadHydrated, test } from './support/fixtures';

// SPEC §2/§4/§9: email-campaign links prefill the cart (case items 6, single items 12, or
// dw_brontoQuantity), in one all-or-nothing add, with a modal that closes after 3 s.

const ADDED = "We've added your selection to your cart";
const FAILED = "Sorry, we couldn't add your selection";

function campaignEvents(events: Record<string, unknown>[]) {
  return events.filter((e) => e.eventCategory === 'Email Campaign');
}

/** Counts the browser's cart-changing requests. */
function countCartWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/cart') && req.method() !== 'GET') writes.push(`${req.method()} ${req.url()}`);
  });
  return writes;
}

/** Holds the campaign's add request until release(), so the test can act before the modal opens. */
async function holdCampaignAdd(page: Page) {
  let release!: () => void;
  let hit!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (hit = r));
  await page.route('**/api/cart/itemcode/', async (route: Route) => {
    hit();
    await released;
    await route.continue();
  });
  return { reached, release };
}

test('a campaign link adds singles ×12 and cases ×6 once, says so for 3 s and leaves the URL', { tag: '@db' }, async ({
  page,
  cart,
}) => {
  const writes = countCartWrites(page);
  await pauseClock(page);
  await page.goto('/?dw_brontoItem=D0001&dw_brontoCase=D0002-6&dw_addOnTemplate=summer');

  const dialog = page.getByRole('dialog', { name: ADDED });
  await expect(dialog).toBeVisible();
  const [d1, d2] = await Promise.all([apiProduct('D0001'), apiProduct('D0002')]);
  await expect(dialog.getByRole('listitem')).toHaveText([
    new RegExp(`^12 × ${d1.name}`),
    new RegExp(`^6 × ${d2.name}.*6-bottle pack`),
  ]);
  await expect(dialog.getByRole('button', { name: 'Continue shopping' })).toBeFocused();
  expect(await cart.quantities()).toEqual({ D0001: 12, 'D0002-6': 6 });
  expect(writes).toHaveLength(1);
  expect(writes[0]).toMatch(/^POST .*\/api\/cart\/itemcode\/$/);
  await expect(page.getByRole('button', { name: 'Cart, 18 items' })).toBeVisible();
  expect(campaignEvents(await dataLayer(page))).toEqual([
    { event: 'gaEvent', eventCategory: 'Email Campaign', eventAction: 'Prefill', eventLabel: 'D0001,D0002-6' },
  ]);
  // Every dw_* parameter is gone, so a reload cannot add again.
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');

  await page.clock.runFor(2_900);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(200);
  await expect(dialog).toHaveCount(0);

  // Once the reloaded page is hydrated, its prefill effect would have run.
  await reloadHydrated(page);
  await expect(page.getByRole('button', { name: 'Cart, 18 items' })).toBeVisible();
  await page.clock.runFor(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await cart.quantities()).toEqual({ D0001: 12, 'D0002-6': 6 });
  expect(writes).toHaveLength(1);
});

test('dw_brontoQuantity applies to every item; comma lists work; promoCode is kept as the voucher cookie', {
  tag: '@db',
}, async ({ page, context, cart }) => {
  // A cart load applies the saved code and clears its cookie. The page loads its cart again as soon as the
  // campaign's add has made one, so, however fast that add is answered, its loads wait until the cookie is read.
  let cookieRead = () => {};
  const read = new Promise<void>((resolve) => {
    cookieRead = resolve;
  });
  await page.route('**/api/cart/list**', async (route) => {
    await read;
    await route.continue();
  });
  await page.goto(
    '/wines?dw_brontoSingle=D0001,d0003&dw_brontoCaseSingle=D0002-6&dw_brontoQuantity=2&promoCode=WELCOME20&Nrpp=12',
  );
  await expect(page.getByRole('dialog', { name: ADDED })).toBeVisible();
  expect(campaignEvents(await dataLayer(page))).toEqual([
    expect.objectContaining({ eventLabel: 'D0001,D0003,D0002-6' }),
  ]);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/wines' && ![...url.searchParams.keys()].some((k) => k.startsWith('dw_')),
  );
  expect(new URL(page.url()).searchParams.get('Nrpp')).toBe('12');
  const voucher = (await context.cookies()).find((c) => c.name === 'voucher_code');
  expect(voucher).toMatchObject({ value: 'WELCOME20', path: '/', sameSite: 'Lax', httpOnly: false });
  // 30 days (SPEC §9), give or take the test's own run time.
  expect(voucher!.expires - Date.now() / 1000).toBeGreaterThan(30 * 24 * 3600 - 120);
  expect(voucher!.expires - Date.now() / 1000).toBeLessThanOrEqual(30 * 24 * 3600 + 5);
  cookieRead();
  // The next cart load applies the saved code to the cart and clears the cookie.
  const loaded = await cart.get();
  expect(Object.fromEntries(loaded.lineItems.map((l) => [l.sku.itemCode, l.quantity]))).toEqual({
    D0001: 2,
    D0003: 2,
    'D0002-6': 2,
  });
  expect((loaded as { voucher?: { code: string } }).voucher?.code).toBe('WELCOME20');
  expect((await context.cookies()).find((c) => c.name === 'voucher_code')).toBeUndefined();
});

test('a non-numeric dw_brontoQuantity shows an error and adds nothing', async ({ page, cart }) => {
  const writes = countCartWrites(page);
  await pauseClock(page);
  await page.goto('/?dw_brontoItem=D0001&dw_brontoQuantity=abc');
  const dialog = page.getByRole('dialog', { name: FAILED });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Sorry, the quantity in this offer link must be a number.');
  await expect(page).toHaveURL((url) => url.search === '');
  expect(writes).toEqual([]);
  expect(await cart.quantities()).toEqual({});
  expect(campaignEvents(await dataLayer(page))).toEqual([]);
  await page.clock.runFor(3_100);
  await expect(dialog).toHaveCount(0);
});

test('an out-of-stock item shows the server message and nothing is added, not even the good item', {
  tag: '@db',
}, async ({ page, cart, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/itemcode\/\)$/);
  await pauseClock(page);
  await page.goto('/?dw_brontoItem=D0001&dw_brontoCase=X0001');
  const dialog = page.getByRole('dialog', { name: FAILED });
  await expect(dialog.getByRole('alert')).toHaveText('The product is out of stock');
  expect(await cart.quantities()).toEqual({});
  expect(campaignEvents(await dataLayer(page))).toEqual([]);
  await expect(page).toHaveURL((url) => url.search === '');
  await page.clock.runFor(3_100);
  await expect(dialog).toHaveCount(0);
});

test('the campaign modal takes focus, closes with Escape and gives focus back', async ({ page, cart }) => {
  await pauseClock(page);
  const add = await holdCampaignAdd(page);
  await page.goto('/?dw_brontoItem=D0001');
  await add.reached;
  const search = page.getByRole('combobox', { name: 'Search wines' });
  await search.focus();
  add.release();
  const dialog = page.getByRole('dialog', { name: ADDED });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('button', { name: 'Continue shopping' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(search).toBeFocused();
  expect(await cart.quantities()).toEqual({ D0001: 12 });
});

test('the open campaign modal passes axe', async ({ page }) => {
  // NOTE: no pauseClock here: axe needs running timers. The check runs at once, well inside the 3 s.
  await page.goto('/?dw_brontoCase=D0002-6');
  await expect(page.getByRole('dialog', { name: ADDED })).toBeVisible();
  await expectAccessible(page, '.campaign-modal');
});
