import {
  apiProduct,
  dataLayer,
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  siteUrl,
  test,
} from './support/fixtures';

// CONTRACT.md Languages: the Chinese sites' listing, search and product pages read traditional Chinese (Hong Kong
// or Taiwan usage), while analytics keeps the SPEC's English texts and product names stay English.

// law-hk and hlw-hk read the same Hong Kong catalogue (hlw-hk's home page has no welcome line).
const HONG_KONG = {
  lang: 'zh-HK',
  redWine: '紅酒',
  sortBy: '排序方式',
  noResults: '抱歉，找不到任何產品。',
  chooseHowMany: '選擇數量',
  tastingNotes: '品酒筆記',
  reviews: '顧客評價',
  yes: '是，我已年滿 18 歲',
  refused: '抱歉，你必須年滿 18 歲方可瀏覽本網站。',
};

const SITES = [
  { site: 'law-hk', ...HONG_KONG, welcome: '歡迎光臨 Laithwaites' },
  { site: 'hlw-hk', ...HONG_KONG, welcome: null },
  {
    site: 'law-tw',
    lang: 'zh-TW',
    redWine: '紅葡萄酒',
    sortBy: '排序方式',
    noResults: '抱歉，找不到任何商品。',
    chooseHowMany: '選擇數量',
    tastingNotes: '品飲筆記',
    reviews: '顧客評論',
    welcome: '歡迎光臨 Laithwaites',
    yes: '是，我已年滿 18 歲',
    refused: '抱歉，您必須年滿 18 歲才能瀏覽本網站。',
  },
] as const;

for (const t of SITES) {
  test.describe(`${t.site} in ${t.lang}`, () => {
    test('the listing, its facets, sort and count read Chinese', async ({ page }) => {
      await gotoHydrated(page, siteUrl(t.site, '/wines?name=red-wine'));
      expect(await page.locator('html').getAttribute('lang')).toBe(t.lang);
      await expect(page.getByRole('heading', { level: 1, name: t.redWine, exact: true })).toBeVisible();
      await expect(page.getByLabel(t.sortBy)).toBeVisible();
      await expect(page.locator('.listing__count')).toHaveText(/^顯示第 1–24 款，共 \d+ 款葡萄酒$/);
      await expect(page.getByRole('link', { name: '下一頁' })).toBeVisible();
      await expect(page.getByText('Showing', { exact: false })).toHaveCount(0);
      await expectAccessible(page);
    });

    test('no results: the page says it in Chinese, analytics keeps the English text', async ({ page }) => {
      await gotoHydrated(page, siteUrl(t.site, '/wines?Ntt=qqqzzzxx&Nty=1'));
      await expect(page.locator('.listing__empty > p').first()).toHaveText(t.noResults);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('「qqqzzzxx」的搜尋結果');
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

    test('the product page reads Chinese around the English product name', async ({ page }) => {
      const product = await apiProduct('D0001', t.site);
      await gotoHydrated(page, siteUrl(t.site, '/product/D0001'));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(product.name);
      await expect(page.getByRole('group', { name: t.chooseHowMany })).toBeVisible();
      await expect(page.getByText('1 瓶', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.tastingNotes })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.reviews })).toBeVisible();
      await expect(page.locator('.cellaring')).toHaveText(/^窖藏建議： (現已適飲|適合窖藏 .+)$/);
      await expectAccessible(page);
    });
  });
}

test.describe('the age gate in Chinese', () => {
  test.use({ ageVerified: false });
  for (const t of SITES) {
    test(`${t.site}: welcome, question and refusal`, async ({ page }) => {
      await gotoHydrated(page, siteUrl(t.site, '/'));
      const dialog = t.welcome ? page.getByRole('dialog', { name: t.welcome }) : page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.yes })).toBeFocused();
      await dialog.getByRole('button', { name: '否' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(t.refused);
      await expectAccessible(page);
    });
  }
});

test('tiles the page draws from the API (recommendations) name their country in Chinese on law-hk', async ({
  page,
}) => {
  await logIn(page, 'shopper@example.com', { site: 'law-hk' });
  await gotoHydrated(page, siteUrl('law-hk', '/product/D0001'));
  const origins = page.getByTestId('recommendations').locator('article.tile .tile__origin');
  await expect(origins.first()).toBeVisible();
  const texts = await origins.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  const english = /\b(Argentina|Australia|Chile|France|Germany|Italy|New Zealand|Portugal|South Africa|Spain|USA)\b/;
  expect(texts.filter((t) => english.test(t))).toEqual([]);
});
