import type { Page } from '@playwright/test';
import {
  type ApiUserList,
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  pageApi,
  reloadHydrated,
  siteUrl,
  test,
} from './support/fixtures';

// SPEC §4 Favourite, §6 (favourites need a Current visitor; recommendations only for Current; recently viewed
// for identified visitors), §8 (a failing or empty carousel is hidden), §9 (3 per view for recommenders).

/** Records the personal-list calls the page makes. */
function userCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/user/')) calls.push(`${req.method()} ${path}`);
  });
  return calls;
}

const favourite = (page: Page, _name?: RegExp) => page.locator('.product__title-row .favourite__button');

test('a Current visitor favourites a wine: Adding... then Remove from favourites, kept after reload, and back', {
  tag: '@db',
}, async ({ page }) => {
  // requested@ has no seeded favourites; other tests leave it alone.
  await logIn(page, 'requested@example.com');
  await gotoHydrated(page, '/product/D0002');
  const button = favourite(page);
  await expect(button).toHaveAttribute('title', 'Add to favourites');
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  // Hold the real call until the test has seen the in-progress state.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/favourites/**', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(button).toHaveAttribute('title', 'Adding...');
  release();
  await expect(button).toHaveAttribute('title', 'Remove from favourites');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await page.unroute('**/api/user/favourites/**');

  await reloadHydrated(page);
  await expect(favourite(page)).toHaveAttribute('title', 'Remove from favourites');
  const listed = (await pageApi<ApiUserList>(page, 'GET', '/api/user/favourites/list')).body.response.userItems;
  expect(listed.map((u) => u.product.itemCode)).toContain('D0002');

  await favourite(page).click();
  await expect(favourite(page)).toHaveAttribute('title', 'Add to favourites');
  await page.reload();
  await expect(favourite(page)).toHaveAttribute('title', 'Add to favourites');
  await expectAccessible(page, '.product__main');
});

test('the tiles of a listing show the seeded favourites of the customer', { tag: '@db' }, async ({ page }) => {
  await logIn(page, 'shopper@example.com');
  await page.goto('/wines?Ntt=Hidden+Creek+Reserve&Nty=1');
  const tile = page.locator('article.tile[data-item-code="D0001"]');
  await expect(tile.getByRole('button', { name: /Remove from favourites/ })).toBeVisible();
});

for (const [code, prompt] of [
  ['D0001', 'Log in to Favourite this wine'],
  ['B0001', 'Log in to Favourite this beer'],
  ['S0001', 'Log in to Favourite this spirit'],
  ['O0001', 'Log in to Favourite this item'],
] as const) {
  test(`a visitor who is not Current gets the login modal and '${prompt}' (${code})`, async ({ page }) => {
    const calls = userCalls(page);
    await gotoHydrated(page, `/product/${code}`);
    await favourite(page, /Add to favourites/).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(prompt);
    expect(calls.filter((c) => c.includes('/favourites'))).toEqual([]);
  });
}

test('a Soft Logged-In visitor is asked to log in too, and keeps the recently viewed carousel', { tag: '@db' }, async ({
  page,
  context,
}) => {
  await logIn(page, 'suspended@example.com');
  await page.goto('/product/D0003');
  // Let the Hard Logged-In page finish its own recommendations call before the session cookie goes.
  await expect(page.getByTestId('recommendations').locator('article.tile').first()).toBeVisible();
  await context.clearCookies({ name: 'sid' });
  const calls = userCalls(page);
  await gotoHydrated(page, '/product/D0001');
  await favourite(page, /Add to favourites/).click();
  await expect(page.getByRole('dialog')).toContainText('Log in to Favourite this wine');
  await page.keyboard.press('Escape');
  // Identified, so the view was recorded and the earlier one is listed; not Current, so no recommendations.
  const recent = page.getByTestId('recently-viewed');
  await expect(recent.locator('article.tile').first()).toHaveAttribute('data-item-code', 'D0003');
  expect(calls.some((c) => c.includes('/recommendations'))).toBe(false);
});

test('recently viewed lists the identified visitor’s product views, newest first, without the one shown', {
  tag: '@db',
}, async ({ page }) => {
  await logIn(page, 'outback@example.com');
  for (const code of ['D0001', 'D0002', 'G0001']) {
    await gotoHydrated(page, `/product/${code}`);
    await expect(page.locator('h1')).toBeVisible();
  }
  const onProduct = page.getByTestId('recently-viewed').locator('article.tile');
  await expect(onProduct.first()).toHaveAttribute('data-item-code', 'D0002');
  await expect(onProduct.nth(1)).toHaveAttribute('data-item-code', 'D0001');
  await expect(page.getByTestId('recently-viewed').locator('article.tile[data-item-code="G0001"]')).toHaveCount(0);

  await page.goto('/');
  const onHome = page.getByTestId('recently-viewed').locator('article.tile');
  await expect(onHome.first()).toHaveAttribute('data-item-code', 'G0001');
  await expect(page.getByTestId('recently-viewed').getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
});

test('a Current visitor gets the recommendations carousel, 3 per view, on the home and product pages', {
  tag: '@db',
}, async ({ page }) => {
  await logIn(page, 'planner@example.com');
  const calls = userCalls(page);
  await page.goto('/');
  const recs = page.getByTestId('recommendations');
  await expect(recs.getByRole('heading', { name: 'Recommended for you' })).toBeVisible();
  await expect(recs.locator('.carousel')).toHaveClass(/carousel--3/);
  const api = (
    await pageApi<ApiUserList>(page, 'GET', '/api/user/recommendations/list/mixed')
  ).body.response.userItems.map((u) => u.product.itemCode);
  expect(
    await recs.locator('article.tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-item-code'))),
  ).toEqual(api);
  expect(calls).toContain('GET /api/user/recommendations/list/mixed');
  await expectAccessible(page, '[data-testid="recommendations"]');

  await page.goto('/product/D0001');
  await expect(page.getByTestId('recommendations').locator('article.tile').first()).toBeVisible();
});

test('a Prospect triggers no personal look-up and sees no personal carousel', async ({ page }) => {
  const calls = userCalls(page);
  await page.goto('/');
  await page.goto('/product/D0001');
  await expect(page.getByRole('heading', { name: 'Similar wines' })).toBeVisible();
  expect(calls).toEqual([]);
  await expect(page.getByTestId('recommendations')).toHaveCount(0);
  await expect(page.getByTestId('recently-viewed')).toHaveCount(0);
});

test('a failing recommendations or recently viewed call hides its carousel', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(
    /Failed to load resource: .* 500 .*\/api\/user\/recommendations\//,
    /Failed to load resource: net::ERR_FAILED .*\/api\/user\/recentlybrowsed\//,
  );
  await logIn(page, 'unlimited@example.com');
  // A view to list (recorded once the page is live).
  await gotoHydrated(page, '/product/D0002');
  await page.route('**/api/user/recommendations/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"statusCode":500,"statusMessage":"Something went wrong. Please try again later."}',
    }),
  );
  await page.route('**/api/user/recentlybrowsed/**', (route) => route.abort());
  const failedRecommendations = page.waitForResponse((r) => r.url().includes('/api/user/recommendations/'));
  const failedRecent = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/user/recentlybrowsed/'));
  await gotoHydrated(page, siteUrl('law-au', '/'));
  await Promise.all([failedRecommendations, failedRecent]);
  await expect(page.getByRole('heading', { name: /Why shop with/ })).toBeVisible();
  await expect(page.getByTestId('recommendations')).toHaveCount(0);
  await expect(page.getByTestId('recently-viewed')).toHaveCount(0);
});
