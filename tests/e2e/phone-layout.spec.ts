import type { Page } from '@playwright/test';
import { expect, gotoHydrated, logIn, siteUrl, test } from './support/fixtures';

// A phone's first screen (390 × 844): the header leaves room for the page, a product page shows its price and Add to
// cart without scrolling, and an order's table fits the screen with every line's total.

const SCREEN = { width: 390, height: 844 };

/** Whether the element lies wholly on the first screen, the page not scrolled. */
async function onFirstScreen(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box !== null && box.y >= 0 && box.y + box.height <= SCREEN.height && box.x + box.width <= SCREEN.width;
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: SCREEN });

  for (const site of ['law-au', 'hlw-hk', 'law-tw']) {
    test(`a product page on ${site} shows its price and Add to cart on the first screen @mobile`, async ({ page }) => {
      await gotoHydrated(page, siteUrl(site, '/product/D0001'));
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const header = await page.locator('header.site-header').boundingBox();
      expect(header?.height ?? 999, 'header height').toBeLessThanOrEqual(170);
      expect(await onFirstScreen(page, '.pack-option strong'), 'the price').toBe(true);
      expect(await onFirstScreen(page, '.button--buy'), 'Add to cart').toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);

      // Add to cart works from where it stands, and keyboard focus on a pack option is not hidden behind it.
      await page.locator('.pack-option input').last().focus();
      const option = await page.locator('.pack-option').last().boundingBox();
      const buy = await page.locator('.buy-box__row').boundingBox();
      expect((option?.y ?? 0) + (option?.height ?? 0), 'a focused option above the buy row').toBeLessThanOrEqual(
        buy?.y ?? 0,
      );
    });
  }

  for (const site of ['law-au', 'hlw-hk']) {
    test(`a customer's account links on ${site} stay clear of the brand and the cart, with Add to cart on the first screen @mobile`, async ({
      page,
    }) => {
      await logIn(page, 'shopper@example.com', { site });
      await gotoHydrated(page, siteUrl(site, '/product/D0001'));
      const brand = await page.locator('header .logo').boundingBox();
      const cart = await page.locator('header .cart-button').boundingBox();
      const links = page.getByRole('navigation', { name: /./ }).filter({ has: page.locator('.account-links__logout') });
      await expect(links.locator('.account-links__logout')).toBeVisible();
      const overlaps = (a: typeof brand, b: typeof brand) =>
        a !== null &&
        b !== null &&
        a.x < b.x + b.width &&
        b.x < a.x + a.width &&
        a.y < b.y + b.height &&
        b.y < a.y + a.height;
      for (const item of await links.getByRole('listitem').all()) {
        const box = await item.boundingBox();
        expect(overlaps(box, brand), 'an account link over the brand').toBe(false);
        expect(overlaps(box, cart), 'an account link over the cart').toBe(false);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(SCREEN.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);
      expect(await onFirstScreen(page, '.button--buy'), 'Add to cart').toBe(true);
    });
  }

  test('an order reads whole at 390 px: each line with its quantity and total, no sideways scrolling @mobile', async ({
    page,
  }) => {
    await logIn(page, 'shopper@example.com');
    await gotoHydrated(page, '/account/purchased');
    await page.locator('a[href^="/account/purchased/"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Order/);
    const table = page.locator('table.account-table--order');
    const region = await table.evaluate((t) => ({
      scroll: (t.parentElement as HTMLElement).scrollWidth,
      client: (t.parentElement as HTMLElement).clientWidth,
    }));
    expect(region.scroll, 'the table fits its region').toBeLessThanOrEqual(region.client);
    for (const cell of await table.locator('tbody tr td:last-child').all()) {
      const box = await cell.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(SCREEN.width);
      await expect(cell).toHaveText(/\$\d/);
    }
    // The price of one is still in the table for screen readers.
    await expect(table.getByRole('columnheader', { name: 'Price each' })).toHaveCount(1);
  });
});
