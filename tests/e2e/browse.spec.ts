import { generateCatalogue } from '../../db/demo/catalogue';
import { amountToCents, formatMoney } from '../../domain/money';
import { SITE_IDS, SITES } from '../../domain/sites';
import {
  apiProduct,
  dataLayer,
  expect,
  expectAccessible,
  gotoHydrated,
  pageData,
  siteUrl,
  test,
} from './support/fixtures';

/** The red wine category's heading in each catalogue language (the Chinese sites read Chinese: CONTRACT.md). */
const RED_WINE_HEADING: Record<string, string> = { 'zh-HK': '紅酒', 'zh-TW': '紅葡萄酒' };

test.describe('every site renders its own pages', () => {
  for (const id of SITE_IDS) {
    test(`${id}: home, category and product pages`, async ({ page }) => {
      const site = SITES[id];
      await page.goto(siteUrl(id, '/'));
      await expect(page.getByRole('banner').getByRole('link', { name: site.brand.name, exact: true })).toBeVisible();
      expect(await pageData(page)).toEqual({
        visitorType: 'Prospect',
        visitorTypeDetailed: 'Prospect',
        brand: site.brand.code,
        country: site.country,
        dataAreaId: site.dataAreaId,
        email: '',
        userLocale: site.userLocale,
        pageType: 'homepage',
      });
      expect(await page.locator('html').getAttribute('lang')).toBe(site.lang);
      expect(await dataLayer(page)).toEqual(expect.any(Array));

      await page.goto(siteUrl(id, '/wines?name=red-wine'));
      await expect(
        page.getByRole('heading', { level: 1, name: RED_WINE_HEADING[site.intlLocale] ?? 'Red wine', exact: true }),
      ).toBeVisible();
      expect((await pageData(page)).pageType).toBe('category');
      const tiles = page.locator('article.tile');
      expect(await tiles.count()).toBeGreaterThan(10);

      await page.goto(siteUrl(id, '/product/D0001'));
      await expect(page).toHaveURL(/\/product\/[a-z0-9-]+-\d{4}\/D0001$/);
      expect((await pageData(page)).pageType).toBe('product_responsive');
      const api = await apiProduct('D0001', id);
      // The site's money: HK$ on the HK sites, NT$ in whole dollars on law-tw, $ elsewhere (domain/money.ts).
      const price = formatMoney(amountToCents(api.skus[0]!.salePrice), site);
      await expect(page.locator('.pack-option').first()).toContainText(price);
    });
  }
});

test('the category grid pages through the catalogue and marks out-of-stock wines', async ({ page }) => {
  await page.goto('/wines');
  await expect(page.getByText(/Showing 1–24 of \d+ wines/)).toBeVisible();
  const total = Number((await page.getByText(/Showing 1–24 of/).textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(500);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 25–48 of/)).toBeVisible();

  await page.goto('/product/X0001');
  await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
});

test("a tile's name and picture open the product page in the app, without loading a new document", async ({ page }) => {
  await gotoHydrated(page, '/wines?name=red-wine');
  const tile = page.locator('article.tile').first();
  const name = (await tile.getByRole('heading').textContent()) ?? '';
  const href = await tile.locator('.tile__title a').getAttribute('href');
  expect(href).toMatch(/^\/product\//);
  expect(await tile.locator('a.tile__image').getAttribute('href')).toBe(href);
  // A full page load would lose this mark; a client-side navigation keeps it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await tile.getByRole('link', { name }).click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Back on the listing, a click with a modifier key is the browser's (a new tab): the page stays.
  await page.goBack();
  await expect(page).toHaveURL(/\/wines\?name=red-wine/);
  // The URL changes before the listing is back on screen: wait for its first tile, not the product page's.
  await expect(page.locator('article.tile').first().locator('a.tile__image')).toHaveAttribute('href', href!);
  const popup = page.context().waitForEvent('page');
  await page
    .locator('article.tile')
    .first()
    .locator('a.tile__image')
    .click({ modifiers: ['ControlOrMeta'] });
  const opened = await popup;
  await expect(opened).toHaveURL(href!);
  await opened.close();
  await expect(page).toHaveURL(/\/wines\?name=red-wine/);
});

test('the free-delivery marker appears on tiles whose case reaches the threshold', async ({ page }) => {
  await page.goto('/wines?name=mixed-cases');
  const tiles = page.locator('article.tile');
  const count = await tiles.count();
  expect(count).toBeGreaterThan(0);
  let marked = 0;
  for (let i = 0; i < count; i++) {
    const tile = tiles.nth(i);
    const code = await tile.getAttribute('data-item-code');
    const api = await apiProduct(code!);
    const casePrice = api.skus[0]!.salePrice;
    const hasMarker = (await tile.getByText('Free delivery on a case').count()) > 0;
    expect(hasMarker, `${code} at ${casePrice}`).toBe(
      casePrice >= 347 && api.inventoryInfo.summaryAvailabilityStatus !== 'out_of_stock',
    );
    if (hasMarker) marked++;
  }
  expect(marked).toBeGreaterThan(0);
});

test('product page: pack prices with SAVE above $10, cellaring, JSON-LD and canonical URL', async ({ page }) => {
  const api = await apiProduct('D0001');
  await page.goto(api.url);
  const single = api.skus[0]!.salePrice;
  for (const sku of api.skus) {
    const saving = Math.round((single * sku.numberOfBottles - sku.salePrice) * 100) / 100;
    const option = page.locator('.pack-option', { has: page.locator(`input[value="${sku.itemCode}"]`) });
    if (saving > 10) await expect(option.locator('.save')).toHaveText(`SAVE $${saving.toFixed(2)}`);
    else await expect(option.locator('.save')).toHaveCount(0);
  }
  await expect(page.locator('.cellaring')).toHaveText(
    /^Cellaring: (Ready now|Cellar for (2-5|5-10|10-15|15\+) years)$/,
  );
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toBe(`http://law-au.localhost:${new URL(page.url()).port}${api.url}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld).toMatchObject({
    '@type': 'Product',
    sku: 'D0001',
    offers: { '@type': 'Offer', priceCurrency: 'AUD', price: single.toFixed(2) },
  });
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
  await expectAccessible(page);
});

test('#customer__reviews scrolls to the reviews', async ({ page }) => {
  const api = await apiProduct('D0001');
  await page.goto(`${api.url}#customer__reviews`);
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeInViewport();
  expect(await page.locator('#customer__reviews li').count()).toBeGreaterThan(0);
});

test('goto_{id} scrolls to the element and leaves the URL', async ({ page }) => {
  const api = await apiProduct('D0002');
  await page.goto(`${api.url}?goto_customer__reviews`);
  await expect(page).not.toHaveURL(/goto_/);
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeInViewport();
});

test('a missing image is replaced by the brand placeholder and reported', async ({ page }) => {
  const missing = generateCatalogue().products.find((p) => p.imageBase.includes('/missing/'));
  expect(missing).toBeTruthy();
  await page.goto(siteUrl('vir-au', `/product/${missing!.itemCode}`));
  const img = page.locator('.product__media img');
  await expect(img).toHaveAttribute('src', '/images/placeholder/vir-au-bottle-large.svg');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expect
    .poll(async () => (await dataLayer(page)).filter((e) => e.eventAction === 'Missing Image'))
    .toEqual([
      {
        event: 'gaEvent',
        eventCategory: 'Errors',
        eventAction: 'Missing Image',
        eventLabel: `${missing!.imageBase}-large.svg`,
      },
    ]);
});

test('tile images load lazily, by the browser: the rest wait until they come near the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const requested = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'image') requested.add(new URL(r.url()).pathname);
  });
  await gotoHydrated(page, '/wines?Nrpp=48');
  const tiles = page.locator('article.tile img');
  const first = tiles.first();
  const last = tiles.last();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).not.toHaveAttribute('loading', /.+/);
  await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(last).toHaveAttribute('loading', 'lazy');
  const lastSrc = (await last.getAttribute('src')) ?? '';
  expect(lastSrc).toMatch(/-small\.svg$/);
  expect(requested.has(lastSrc)).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
});

test("only the largest images are fetched first: a listing's first two, the home page's first carousel's first two", async ({
  page,
}) => {
  // React preloads each eager image in <head> (HTTP/1.1: six connections a host).
  const preloads = page.locator('link[rel="preload"][as="image"]');
  await gotoHydrated(page, '/wines');
  await expect(preloads).toHaveCount(2);
  await expect(page.locator('article.tile img[fetchpriority="high"]')).toHaveCount(2);
  await gotoHydrated(page, '/');
  await expect(preloads).toHaveCount(2);
  const firstCarousel = page.locator('section.carousel').first().locator('article.tile img');
  await expect(firstCarousel.nth(0)).toHaveAttribute('fetchpriority', 'high');
  await expect(firstCarousel.nth(1)).toHaveAttribute('fetchpriority', 'high');
  await expect(firstCarousel.nth(2)).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('section.carousel').nth(1).locator('article.tile img').first()).toHaveAttribute(
    'loading',
    'lazy',
  );
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing and the home page show their bottles: image addresses are in the HTML', async ({ page }) => {
    for (const path of ['/wines', '/']) {
      await page.goto(path);
      await expect(page.locator('article.tile img').first()).toHaveAttribute('src', /-small\.svg$/);
      // (The demo catalogue leaves some images missing on purpose; without script they stay broken.)
      const first = page.locator('article.tile img:not([src*="/missing/"])').first();
      await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
  });
});

test('back to top appears after 300 px of scrolling', async ({ page }) => {
  // The scroll listener is attached on hydration.
  await gotoHydrated(page, '/wines');
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toHaveCount(0);
  // Scroll, then let the scroll event and React's render happen (two frames) before looking.
  await page.evaluate(async () => {
    window.scrollTo(0, 250);
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown page is a 404 with pageType error_page', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource: .* 404 .*\/(no-such-page|product\/some-wine-2020\/NOPE1)\)$/);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Sorry, we could not find that page' })).toBeVisible();
  expect((await pageData(page)).pageType).toBe('error_page');
  const unknownProduct = await page.goto('/product/some-wine-2020/NOPE1');
  expect(unknownProduct?.status()).toBe(404);
  await expectAccessible(page);
});

test('old Internet Explorer is sent to the unsupported-browser page', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
  });
  const page = await context.newPage();
  await page.goto(siteUrl('law-au', '/wines'));
  await expect(page).toHaveURL(/\/unsupported-browser$/);
  await expect(page.getByRole('heading', { name: 'Please update your browser' })).toBeVisible();
  await context.close();
});

// NOTE: one test a page: axe over a page of many tiles takes several seconds on a busy machine.
test('the home page passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.carousel').first()).toBeVisible();
  await expectAccessible(page);
});

test('a category page passes axe', async ({ page }) => {
  await page.goto('/wines?name=white-wine');
  await expect(page.locator('article.tile').first()).toBeVisible();
  await expectAccessible(page);
});

test('the header marks the listing shown: a category, All wines, and none on a search or elsewhere', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Wine categories' });
  const current = nav.locator('a[aria-current="page"]');
  await gotoHydrated(page, '/wines?name=red-wine');
  await expect(current).toHaveText('Red');
  // Moving to another category in the app moves the mark.
  await nav.getByRole('link', { name: 'White' }).click();
  await expect(page).toHaveURL(/name=white-wine/);
  await expect(current).toHaveText('White');
  await gotoHydrated(page, '/wines');
  await expect(current).toHaveText('All wines');
  await gotoHydrated(page, '/wines?Ntt=shiraz&Nty=1');
  await expect(current).toHaveCount(0);
  await gotoHydrated(page, '/');
  await expect(current).toHaveCount(0);
});

test('results per page is a control on the listing: it keeps the sort and the category, and starts at page 1', async ({
  page,
}) => {
  await gotoHydrated(page, '/wines?name=red-wine&sort=price-asc&page=2');
  const perPage = page.getByLabel('Per page');
  await expect(perPage).toHaveValue('24');
  await perPage.selectOption('48');
  await expect(page).toHaveURL(/Nrpp=48/);
  const url = new URL(page.url());
  expect(url.searchParams.get('name')).toBe('red-wine');
  expect(url.searchParams.get('sort')).toBe('price-asc');
  expect(url.searchParams.get('page')).toBeNull();
  await expect(page.getByText(/Showing 1–48 of \d+ wines/)).toBeVisible();
  await expect(perPage).toHaveValue('48');
  // A size the URL names that the control does not offer is shown as it is.
  await gotoHydrated(page, '/wines?Nrpp=10');
  await expect(page.getByLabel('Per page')).toHaveValue('10');
});
