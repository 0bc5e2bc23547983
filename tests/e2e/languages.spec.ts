import type { Page } from '@playwright/test';
import { expect, gotoHydrated, siteUrl, test } from './support/fixtures';

// CONTRACT.md Languages: a page names its language, reads its own catalogue and nothing else of the
// others: the browser loads one message catalogue, the site's. NZ and US English pages read as the Australian ones.

/** The message catalogue chunks (app/locales, one per locale) the page loaded, with their text. */
async function cataloguesLoaded(page: Page, url: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\/assets\/messages-[^/]+\.js$/.test(response.url())) bodies.push(response.text());
  });
  await gotoHydrated(page, url);
  return Promise.all(bodies);
}

const CHINESE = [
  { site: 'law-hk', lang: 'zh-HK', own: '送貨至', other: '寄送至', cartTitle: '購物車' },
  { site: 'hlw-hk', lang: 'zh-HK', own: '送貨至', other: '寄送至', cartTitle: '購物車' },
  { site: 'law-tw', lang: 'zh-TW', own: '寄送至', other: '送貨至', cartTitle: '購物車' },
] as const;

for (const { site, lang, own, other, cartTitle } of CHINESE) {
  test(`${site}: the page is ${lang}, titled in it, and only the ${lang} catalogue reaches the browser`, async ({
    page,
  }) => {
    const catalogues = await cataloguesLoaded(page, siteUrl(site, '/cart'));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(new RegExp(cartTitle));
    expect(catalogues).toHaveLength(1);
    expect(catalogues[0]).toContain(own);
    expect(catalogues[0]).not.toContain(other);
    // The navigation and the search box speak the language too.
    await expect(page.getByRole('navigation', { name: '葡萄酒類別' }).getByRole('link').first()).toHaveText(
      '所有葡萄酒',
    );
    await expect(page.getByRole('button', { name: '搜尋', exact: true })).toBeVisible();
  });
}

for (const site of ['law-au', 'law-nz', 'wsj-us']) {
  test(`${site}: English, with an English catalogue only`, async ({ page }) => {
    const catalogues = await cataloguesLoaded(page, siteUrl(site, '/cart'));
    expect(catalogues).toHaveLength(1);
    expect(catalogues[0]).not.toMatch(/[\u4e00-\u9fff]/);
    await expect(page).toHaveTitle(/^Your cart/);
    await expect(page.getByRole('navigation', { name: 'Wine categories' }).getByRole('link').first()).toHaveText(
      'All wines',
    );
  });
}
