import { formatDollars, formatMoney } from '../../domain/money';
import { SITES } from '../../domain/sites';
import { apiProduct, expect, expectAccessible, siteUrl, test } from './support/fixtures';

// A mixed case's page shows its price, what it saves against its bottles bought one by one, and the wines it holds;
// listings show its price per case. Prices come from the API, as the shopper's site has them.

const cents = (amount: number) => Math.round(amount * 100);

/** The case's sale and list prices on a site, in cents. */
async function casePrices(code: string, site: string) {
  const sku = (await apiProduct(code, site)).skus.find((s) => s.itemCode === code)!;
  return { sale: cents(sku.salePrice), list: cents(sku.listPrice) };
}

test('a mixed case shows its price, its saving against its bottles alone, and links to its wines', async ({ page }) => {
  const site = SITES['law-au'];
  const api = await apiProduct('M0001');
  const { sale, list } = await casePrices('M0001', 'law-au');
  await page.goto(api.url);

  const option = page.locator('.pack-option', { has: page.locator('input[value="M0001"]') });
  await expect(option.locator('.pack-option__label')).toHaveText('1 case');
  await expect(option.locator('strong')).toHaveText(formatMoney(sale, site));
  await expect(option.locator('s.price--was')).toHaveText(`Was ${formatMoney(list, site)}`);

  const contents = page.getByRole('region', { name: 'In this case' });
  const items = contents.getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  let bottles = 0;
  let alone = 0;
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    const quantity = Number(/^(\d+) × /.exec((await item.textContent()) ?? '')?.[1]);
    const href = (await item.getByRole('link').getAttribute('href')) ?? '';
    const wine = await apiProduct(href.split('/').pop() ?? '');
    expect(href).toBe(wine.url);
    bottles += quantity;
    alone += quantity * cents(wine.skus.find((s) => s.numberOfBottles === 1)!.salePrice);
  }
  expect(bottles).toBe(12);
  const saving = alone - sale;
  expect(saving).toBeGreaterThan(1_000);
  await expect(contents.locator('p')).toHaveText(
    `Save ${formatMoney(saving, site)} against its 12 bottles bought one by one (${formatMoney(alone, site)}).`,
  );
  await expect(option.locator('.save')).toHaveText(`SAVE ${formatDollars(saving)}`);
  await expectAccessible(page);

  // A wine of the case opens its own page.
  const first = items.first().getByRole('link');
  const name = (await first.textContent()) ?? '';
  const firstHref = (await first.getAttribute('href')) ?? '';
  await first.click();
  await expect(page).toHaveURL(siteUrl('law-au', firstHref));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test.describe('the Chinese sites show a mixed case in Chinese', () => {
  const TEXTS = {
    'hlw-hk': { heading: '此箱包括', save: '節省' },
    'law-tw': { heading: '本箱內容', save: '省下' },
  } as const;
  for (const [id, texts] of Object.entries(TEXTS)) {
    test(`${id}: price, saving and contents of M0002`, async ({ page }) => {
      const site = SITES[id as keyof typeof TEXTS];
      const { sale } = await casePrices('M0002', id);
      await page.goto(siteUrl(id, '/product/M0002'));
      const option = page.locator('.pack-option', { has: page.locator('input[value="M0002"]') });
      await expect(option.locator('.pack-option__label')).toHaveText('1 箱');
      await expect(option.locator('strong')).toHaveText(formatMoney(sale, site));
      const contents = page.getByRole('region', { name: texts.heading });
      await expect(contents.locator('p')).toContainText(texts.save);
      await expect(contents.getByRole('link')).not.toHaveCount(0);
    });
  }
});

test('a listing tile of a mixed case shows its price per case', async ({ page }) => {
  const site = SITES['vir-au'];
  const { sale } = await casePrices('M0003', 'vir-au');
  await page.goto(siteUrl('vir-au', '/wines?name=mixed-cases'));
  const tile = page.locator('article.tile[data-item-code="M0003"]');
  await expect(tile.locator('.tile__price strong')).toHaveText(formatMoney(sale, site));
  await expect(tile.locator('.tile__unit')).toHaveText('per case');
});

test('a mixed case tells a prospect what Unlimited members pay for the case, a wine for a bottle', async ({ page }) => {
  const link = page.getByRole('link', { name: /^Unlimited members pay / });
  await page.goto((await apiProduct('M0001')).url);
  await expect(link).toHaveText(/^Unlimited members pay \$\d+\.\d\d a case, with free delivery$/);
  await page.goto((await apiProduct('D0001')).url);
  await expect(link).toHaveText(/^Unlimited members pay \$\d+\.\d\d a bottle, with free delivery$/);
});
