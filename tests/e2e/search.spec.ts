import { dataLayer, expect, expectAccessible, gotoHydrated, pageData, siteUrl, test } from './support/fixtures';

test('a search shows results with pageType search, and facets narrow and widen through the URL', async ({ page }) => {
  await page.goto('/wines?Ntt=shiraz&Nty=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “shiraz”' })).toBeVisible();
  expect((await pageData(page)).pageType).toBe('search');
  const count = async () => Number((await page.locator('.listing__count').textContent())?.match(/of (\d+)/)?.[1] ?? 0);
  const all = await count();
  expect(all).toBeGreaterThan(5);
  const facets = page.getByRole('complementary', { name: 'Filters' });
  const band = facets.getByRole('link', { name: /^\$20 to \$30 \(\d+\)$/ });
  const expected = Number((await band.textContent())?.match(/\((\d+)\)/)?.[1]);
  await band.click();
  await expect(page).toHaveURL(/price=20-30/);
  await expect.poll(count).toBe(expected);
  const chip = page.getByRole('list', { name: 'Selected filters' }).getByRole('link', { name: /Price: \$20 to \$30/ });
  await expect(chip).toBeVisible();
  await expectAccessible(page);
  // Back and forward replay the URL state.
  await page.goBack();
  await expect.poll(count).toBe(all);
  await page.goForward();
  await expect.poll(count).toBe(expected);
  await chip.click();
  await expect.poll(count).toBe(all);
});

test('sorting by price keeps the search and orders the tiles', async ({ page }) => {
  // The sort select submits through script once the page is live.
  await gotoHydrated(page, '/wines?name=white-wine');
  expect((await pageData(page)).pageType).toBe('category');
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/name=white-wine/);
  const values = async () =>
    (await page.locator('article.tile .tile__price strong').allTextContents()).map((p) =>
      Number(p.replace(/[^\d.]/g, '')),
    );
  await expect
    .poll(async () => {
      const v = await values();
      return v.length > 5 && v.every((x, i) => i === 0 || v[i - 1]! <= x);
    })
    .toBe(true);
});

test('no results: the SPEC text, tracked once', async ({ page }) => {
  await page.goto('/wines?Ntt=qqqzzzxx&Nty=1');
  await expect(page.getByText('Sorry, no products were found.')).toBeVisible();
  await expect
    .poll(async () => (await dataLayer(page)).filter((e) => e.eventAction === 'No Results'))
    .toEqual([
      {
        event: 'gaEvent',
        eventCategory: 'Search',
        eventAction: 'No Results',
        eventLabel: 'Sorry, no products were found.',
        searchTerm: 'qqqzzzxx',
      },
    ]);
});

test('bad parameters are clamped or ignored, never an error', async ({ page }) => {
  const res = await page.goto('/wines?page=-3&Nrpp=10000&colour=%3Cscript%3E&sort=nope');
  expect(res?.status()).toBe(200);
  await expect(page.getByText(/Showing 1–96 of \d+ wines/)).toBeVisible();
});

test('small screens filter in an accessible panel @mobile', async ({ page }) => {
  await gotoHydrated(page, '/wines?Ntt=sauvignon');
  await page.getByRole('button', { name: 'Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter wines' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close filters' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Filter' }).click();
  await dialog.getByRole('link', { name: /^White \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/colour=white/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
});

test('a facet narrows the listing in the app and keeps the scroll position; the next page starts at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await gotoHydrated(page, '/wines?name=red-wine');
  const facets = page.getByRole('complementary', { name: 'Filters' });
  const last = facets.locator('.facet').last().getByRole('link').last();
  await last.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(600);
  // A full page load would lose this mark; a client-side navigation keeps it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const href = (await last.getAttribute('href')) ?? '';
  await last.click();
  await expect(page).toHaveURL(href);
  await expect(facets.locator('[aria-current="true"]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The value just chosen is still in view: the page did not go back to the top (scroll anchoring may move it a little).
  await expect(facets.locator('[aria-current="true"]').last()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(before / 2);

  await page.goto('/wines?name=red-wine');
  await page.getByRole('link', { name: 'Next page' }).scrollIntoViewIfNeeded();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

const shownTotal = async (page: import('@playwright/test').Page) =>
  Number((await page.locator('.listing__count').textContent())?.match(/of (\d+)/)?.[1] ?? 0);

test('"red wine" narrows to the red wines, the colour shown as applied; per page is a control', async ({ page }) => {
  await page.goto('/wines');
  const facets = page.getByRole('complementary', { name: 'Filters' });
  const reds = Number(
    (await facets.getByRole('link', { name: /^Red \(\d+\)$/ }).textContent())?.match(/\((\d+)\)/)?.[1],
  );
  expect(reds).toBeGreaterThan(100);
  await gotoHydrated(page, '/wines?Ntt=red+wine&Nty=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “red wine”' })).toBeVisible();
  expect(await shownTotal(page)).toBe(reds);
  const chip = page.getByRole('list', { name: 'Selected filters' }).getByRole('link', { name: /Type: Red/ });
  await expect(chip).toBeVisible();
  await expect(facets.getByRole('link', { name: /^Red \(\d+\)/ })).toHaveAttribute('aria-current', 'true');
  // The colour is the only one left among the results.
  await expect(facets.locator('#facet-colour + ul li')).toHaveCount(1);
  // Results per page is a control on the search results page too.
  await page.getByLabel('Per page').selectOption('12');
  await expect(page).toHaveURL(/Nrpp=12/);
  await expect(page).toHaveURL(/Ntt=red/);
  await expect(page.locator('article.tile')).toHaveCount(12);
  await expect(page.getByText(`Showing 1–12 of ${reds} wines`)).toBeVisible();
  // Taking the colour off searches the other words (here none: every wine).
  await chip.click();
  await expect(page).not.toHaveURL(/Ntt=/);
  await expect.poll(() => shownTotal(page)).toBeGreaterThan(reds);
});

test('a misspelt word is corrected, and the page says so', async ({ page }) => {
  await page.goto('/wines?Ntt=shiarz&Nty=1');
  await expect(page.getByText('Showing results for shiraz')).toBeVisible();
  const names = await page.locator('article.tile h2').allTextContents();
  expect(names.length).toBeGreaterThan(5);
  expect(names.slice(0, 5).every((n) => /shiraz/i.test(n))).toBe(true);
  await expect(
    page.getByRole('list', { name: 'Selected filters' }).getByRole('link', { name: /Grape: Shiraz/ }),
  ).toBeVisible();
});

test('no results offer a term that finds some and the popular categories', async ({ page }) => {
  await page.goto('/wines?Ntt=shiraz+1999&Nty=1');
  await expect(page.getByText('Sorry, no products were found.')).toBeVisible();
  const popular = page.getByRole('navigation', { name: 'Popular categories' });
  await expect(popular.getByRole('link', { name: 'Red wine' })).toHaveAttribute('href', '/wines?name=red-wine');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'shiraz', exact: true }).click();
  await expect(page).toHaveURL(/Ntt=shiraz&Nty=1$/);
  await expect.poll(() => shownTotal(page)).toBeGreaterThan(5);

  await page.goto('/wines?Ntt=qqqzzzxx&Nty=1');
  await expect(page.getByText('Sorry, no products were found.')).toBeVisible();
  await expect(page.getByText('Did you mean:')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Popular categories' }).getByRole('link')).not.toHaveCount(0);
});

test('law-tw reads the correction and the no-results help in Chinese', async ({ page }) => {
  await page.goto(siteUrl('law-tw', '/wines?Ntt=shiarz&Nty=1'));
  await expect(page.getByText('目前顯示「shiraz」的搜尋結果')).toBeVisible();
  await page.goto(siteUrl('law-tw', '/wines?Ntt=shiraz+1999&Nty=1'));
  await expect(page.getByText('您是不是要找：')).toBeVisible();
  await expect(page.getByRole('heading', { name: '熱門分類' })).toBeVisible();
});
