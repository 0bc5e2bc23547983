import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated, logIn, test } from './support/fixtures';

// SPEC §4 "Unlimited member" on every product tile: ACTIVE and REQUESTED members see the member price as their
// product page shows it, and no twelve-pack ("Add a case of 12"), wherever a tile is drawn: the listing, search,
// campaign pages, the home carousels and the product page's carousels (similar wines, recently viewed,
// recommendations; these come from the JSON API). A shopper without Unlimited is the control.

const MEMBER_PRICE = /^\s*Member price \$\d+\.\d\d$/;
const caseButtons = (scope: Locator) => scope.getByRole('button', { name: /^Add a case of 12/, includeHidden: true });
const addButtons = (scope: Locator) => scope.getByRole('button', { name: /^Add to cart: /, includeHidden: true });
const memberPrices = (scope: Locator) => scope.locator('.tile .price--member');

interface TileKind {
  name: string;
  /** Opens the page and answers where its tiles are. */
  open: (page: Page) => Promise<Locator>;
  /** The tiles add to the cart (similar wines only link to their wines). */
  buttons: boolean;
}

const KINDS: TileKind[] = [
  {
    name: 'listing',
    open: async (page) => {
      await gotoHydrated(page, '/wines?name=red-wine');
      return page.locator('ul.grid');
    },
    buttons: true,
  },
  {
    name: 'search',
    open: async (page) => {
      await gotoHydrated(page, '/wines?Ntt=shiraz&Nty=1');
      return page.locator('ul.grid');
    },
    buttons: true,
  },
  {
    name: 'campaign',
    open: async (page) => {
      await gotoHydrated(page, '/campaign?name=summer-reds');
      return page.getByRole('region', { name: 'Summer reds' });
    },
    buttons: true,
  },
  {
    name: 'home carousels',
    open: async (page) => {
      await gotoHydrated(page, '/');
      return page.locator('main');
    },
    buttons: true,
  },
  {
    name: 'similar wines',
    open: async (page) => {
      await gotoHydrated(page, '/product/D0001');
      return page.getByTestId('similar-wines');
    },
    buttons: false,
  },
  {
    name: 'recently viewed',
    open: async (page) => {
      for (const code of ['D0002', 'D0003']) {
        await gotoHydrated(page, `/product/${code}`);
        await expect(page.locator('h1')).toBeVisible();
      }
      await gotoHydrated(page, '/product/D0001');
      return page.getByTestId('recently-viewed');
    },
    buttons: true,
  },
  {
    name: 'recommendations',
    open: async (page) => {
      await gotoHydrated(page, '/product/D0001');
      return page.getByTestId('recommendations');
    },
    buttons: true,
  },
];

for (const email of ['unlimited@example.com', 'requested@example.com']) {
  test.describe(`${email}: every tile follows the member rules`, { tag: '@db' }, () => {
    for (const kind of KINDS) {
      test(`${kind.name}: member prices, no case of 12`, async ({ page }) => {
        await logIn(page, email);
        const tiles = await kind.open(page);
        await expect(tiles.locator('article.tile').first()).toBeAttached();
        await expect(memberPrices(tiles).first()).toHaveText(MEMBER_PRICE);
        await expect(caseButtons(tiles)).toHaveCount(0);
        await expect(tiles.locator('.tile__case')).toHaveCount(0);
        if (kind.buttons) await expect(addButtons(tiles).first()).toBeAttached();
      });
    }

    test('a listing tile shows the member price of its product page and adds one bottle', async ({ page }) => {
      await logIn(page, email);
      await gotoHydrated(page, '/wines?name=red-wine');
      const tile = page.locator('ul.grid article.tile', { has: page.getByRole('button', { name: /^Add to cart: / }) });
      const code = (await tile.first().getAttribute('data-item-code')) ?? '';
      const first = page.locator(`ul.grid article.tile[data-item-code="${code}"]`);
      const price = (await first.locator('.price--member').textContent()) ?? '';
      expect(price).toMatch(MEMBER_PRICE);
      // One bottle, as the product page starts with for a member: not a case.
      const added = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/cart/itemcode/${code}/1`),
      );
      await first.getByRole('button', { name: /^Add to cart: / }).click();
      expect((await added).status()).toBe(200);
      await gotoHydrated(page, (await first.locator('.tile__title a').getAttribute('href')) ?? '');
      const single = page.locator('.pack-option', { has: page.locator(`input[value="${code}"]`) });
      await expect(single.locator('.price--member')).toHaveText(price);
    });
  });
}

test.describe('shopper@example.com (no Unlimited): the control', { tag: '@db' }, () => {
  for (const kind of KINDS) {
    test(`${kind.name}: no member prices${kind.buttons ? ', a case of 12' : ''}`, async ({ page }) => {
      await logIn(page, 'shopper@example.com');
      const tiles = await kind.open(page);
      await expect(tiles.locator('article.tile').first()).toBeAttached();
      if (kind.buttons) await expect(caseButtons(tiles).first()).toBeAttached();
      await expect(memberPrices(tiles)).toHaveCount(0);
    });
  }
});
