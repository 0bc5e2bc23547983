import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { SITES } from '../../domain/sites';
import { describeMixedCaseOffer } from '../../domain/mixed-cases';
import { describePackOffers } from '../../domain/pack-pricing';
import { findCaseContents, findProduct, packPrices } from '../../services/catalogue/catalogue';
import { caseContentsView } from '../../services/catalogue/mixed-cases';
import { fetchProduct, useTestApp } from '../support/test-app';

const t = useTestApp();
const apiProduct = (code: string, site = 'law-au') => fetchProduct(t.app, code, site);

describe('what a mixed case holds', () => {
  it('lists M0001’s wines in order, 12 bottles, each with its product page and single-bottle price', async () => {
    const contents = await findCaseContents(t.testDb.database.db, 'M0001', 'AUD');
    expect(contents.length).toBeGreaterThan(1);
    expect(contents.reduce((n, c) => n + c.quantity, 0)).toBe(12);
    for (const c of contents) {
      const wine = await apiProduct(c.itemCode);
      expect(wine.mixed).toBe(false);
      expect(c.path).toBe(wine.url);
      expect(c.singleSaleCents).toBe(Math.round(wine.skus.find((s) => s.itemCode === c.itemCode)!.salePrice * 100));
    }
  });

  it('holds nothing for a wine', async () => {
    expect(await findCaseContents(t.testDb.database.db, 'D0001', 'AUD')).toEqual([]);
  });

  it('offers each mixed case as one case that saves against its bottles bought one by one, on every currency', async () => {
    const db = t.testDb.database.db;
    for (const code of ['M0001', 'M0002', 'M0003', 'M0004', 'M0005', 'M0006']) {
      for (const currency of ['AUD', 'NZD', 'USD', 'HKD', 'TWD'] as const) {
        const product = await findProduct(db, code, currency);
        const contents = await findCaseContents(db, code, currency);
        const packs = describePackOffers(packPrices(product!));
        expect(
          packs.map((p) => [p.itemCode, p.size]),
          code,
        ).toEqual([[code, 1]]);
        const offer = describeMixedCaseOffer(packs[0]!, contents);
        const alone = contents.reduce((sum, c) => sum + c.quantity * c.singleSaleCents!, 0);
        expect(offer.salePriceCents).toBe(product!.skus[0]!.salePriceCents);
        expect(offer.savingsCents, `${code} ${currency}`).toBe(alone - offer.salePriceCents);
        expect(offer.showSavings, `${code} ${currency}`).toBe(true);
      }
    }
  });

  it('words the saving and contents in the site’s language', async () => {
    const db = t.testDb.database.db;
    const site = SITES['hlw-hk'];
    const product = await findProduct(db, 'M0001', site.currency);
    const contents = await findCaseContents(db, 'M0001', site.currency);
    const offer = describeMixedCaseOffer(describePackOffers(packPrices(product!))[0]!, contents);
    const zh = caseContentsView(await i18nFor(site.intlLocale), site, offer, contents);
    expect(zh?.title).toBe('此箱包括');
    expect(zh?.saving).toContain('節省');
    expect(zh?.wines.map((w) => w.path)).toEqual(contents.map((c) => c.path));
    const en = caseContentsView(await i18nFor('en-AU'), SITES['law-au'], offer, contents);
    expect(en?.saving).toMatch(/^Save \$[\d,]+\.\d\d against its 12 bottles bought one by one \(\$[\d,]+\.\d\d\)\.$/);
    expect(caseContentsView(await i18nFor('en-AU'), SITES['law-au'], offer, [])).toBeNull();
  });
});

describe('GET /api/product/item/{mixed case}', () => {
  it('gives the case’s price in the field of its twelve bottles, as its sku has it', async () => {
    for (const site of ['law-au', 'law-tw']) {
      const p = await apiProduct('M0001', site);
      const sku = p.skus.find((s) => s.itemCode === 'M0001')!;
      expect(sku.numberOfBottles).toBe(12);
      expect(p.twelve).toEqual({ itemCode: 'M0001', salePrice: sku.salePrice, listPrice: sku.listPrice });
      expect(p.two ?? p.three ?? p.six).toBeUndefined();
    }
  });
});
