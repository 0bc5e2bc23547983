import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, readCatalogueRows } from './catalogue-import';
import { PRICE_TEXTS, priceProblems, priceText, readPrice, readStock } from './catalogue-prices';

// The price rules the catalogue file and the console share (decision 044).

describe('the price rules', () => {
  it('reads a price in the currency’s units: cents where it has them, whole dollars in TWD', () => {
    expect(readPrice('24.99', 'AUD')).toEqual({ cents: 2499 });
    expect(readPrice(' 24.5 ', 'NZD')).toEqual({ cents: 2450 });
    expect(readPrice('24.999', 'AUD')).toEqual({ error: PRICE_TEXTS.amount('AUD') });
    expect(readPrice('-1', 'AUD')).toEqual({ error: PRICE_TEXTS.amount('AUD') });
    expect(readPrice('890', 'TWD')).toEqual({ cents: 89_000 });
    expect(readPrice('890.50', 'TWD')).toEqual({ error: PRICE_TEXTS.amount('TWD') });
    expect(priceText(89_000, 'TWD')).toBe('890');
    expect(priceText(2450, 'AUD')).toBe('24.50');
  });

  it('reads a stock of whole bottles, 0 or more', () => {
    expect(readStock('0')).toEqual({ bottles: 0 });
    expect(readStock('-3')).toEqual({ error: PRICE_TEXTS.stock });
    expect(readStock('2.5')).toEqual({ error: PRICE_TEXTS.stock });
  });

  it('refuses a sale price above its list price, and a pack dearer than as many single bottles', () => {
    const single = { size: 1, listCents: 3000, saleCents: 2500 };
    expect(priceProblems([single, { size: 12, listCents: 30_000, saleCents: 30_000 }])).toEqual([]);
    expect(priceProblems([single, { size: 12, listCents: 40_000, saleCents: 30_001 }])).toEqual([
      { size: 12, field: 'sale', message: PRICE_TEXTS.packAboveSingles(12) },
    ]);
    expect(priceProblems([{ size: 1, listCents: 2000, saleCents: 2500 }])).toEqual([
      { size: 1, field: 'sale', message: PRICE_TEXTS.saleAboveList('a single bottle') },
    ]);
  });
});

describe('the catalogue file keeps them', () => {
  const row = (sku: string, pack: number, currency: string, list: string, sale: string) => ({
    item_code: 'D0900',
    sku_code: sku,
    pack_size: String(pack),
    currency,
    name: 'Riverbend Shiraz',
    vintage: '2022',
    product_type: 'wine',
    colour: 'red',
    grape: 'Shiraz',
    region: 'Heathcote',
    country: 'Australia',
    producer: 'Riverbend',
    list_price: list,
    sale_price: sale,
    stock: '24',
  });

  it('refuses a 12-pack dearer than 12 singles, by the pack’s line', () => {
    const { problems } = readCatalogueRows(CATALOGUE_COLUMNS, [
      { line: 2, cells: row('D0900', 1, 'AUD', '30.00', '25.00') },
      { line: 3, cells: row('D0900-12', 12, 'AUD', '400.00', '300.01') },
    ]);
    expect(problems).toEqual([{ line: 3, message: `D0900-12: ${PRICE_TEXTS.packAboveSingles(12)}` }]);
  });

  it('refuses cents in TWD', () => {
    const { problems } = readCatalogueRows(CATALOGUE_COLUMNS, [
      { line: 2, cells: row('D0900', 1, 'TWD', '900.50', '800') },
    ]);
    expect(problems).toEqual([{ line: 2, message: `list_price: ${PRICE_TEXTS.amount('TWD')}` }]);
  });
});
