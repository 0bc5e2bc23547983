import { readFileSync } from 'node:fs';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, skuPrices, skus } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import { readCatalogueCsv } from '../../server/catalogue-file';
import { importCatalogue } from '../../services/catalogue/import';
import { searchProducts } from '../../services/search/search';
import { parseSearchParams } from '../../domain/search-params';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { createReadCache } from '../../services/platform/read-cache';
import { type Envelope, fetchProduct, useTestApp } from '../support/test-app';

// `npm run catalogue:import FILE.csv`: every line checked (problems by line number), applied in one transaction or
// not at all, the same file twice leaves the same catalogue; search and the product API see the result.

const t = useTestApp();
const db = () => t.testDb.database.db;
const clock = fixedClock(new Date('2026-11-24T00:00:00Z'));
const sample = readFileSync('docs/catalogue-sample.csv', 'utf8');
const header = sample.split('\n')[0] ?? '';
const good = sample.split('\n')[1] ?? '';

async function counts() {
  const [p] = await db().select({ n: count() }).from(products);
  const [s] = await db().select({ n: count() }).from(skus);
  const [sp] = await db().select({ n: count() }).from(skuPrices);
  return { products: p?.n, skus: s?.n, prices: sp?.n };
}

describe('catalogue import', () => {
  it('adds the sample file’s products, skus, prices and stock; the API and search see them', async () => {
    const { products: list, problems } = readCatalogueCsv(sample);
    expect(problems).toEqual([]);
    const report = await importCatalogue(db(), clock, list);
    expect(report).toEqual({ products: 2, created: 2, updated: 0, skus: 4, prices: 5 });
    const shiraz = await fetchProduct(t.app, 'D0900');
    expect(shiraz).toMatchObject({ name: 'Riverbend Estate Heathcote Shiraz', vintage: 2022 });
    expect(shiraz.skus.map((s) => [s.itemCode, s.salePrice])).toEqual([
      ['D0900', 27.99],
      ['D0900-6', 149.99],
      ['D0900-12', 279.99],
    ]);
    const [rose] = await db().select().from(products).where(eq(products.itemCode, 'D0901'));
    // A quoted name keeps its comma; no stock is out of stock.
    expect(rose).toMatchObject({
      name: 'Coastal Light Rosé, Limited Release',
      availability: 'out_of_stock',
      stockBottles: 0,
    });
    const found = await searchProducts(db(), 'AUD', parseSearchParams(new URLSearchParams('Ntt=riverbend')));
    expect(found.items.map((p) => p.itemCode)).toContain('D0900');
  });

  it('is idempotent: the same file again changes nothing but says it updated', async () => {
    const { products: list } = readCatalogueCsv(sample);
    await importCatalogue(db(), clock, list);
    const before = await counts();
    const report = await importCatalogue(db(), clock, list);
    expect(report).toMatchObject({ created: 0, updated: 2 });
    expect(await counts()).toEqual(before);
  });

  it('updates prices and stock of an existing product', async () => {
    const csv = `${header}\nD0900,D0900,1,AUD,Riverbend Estate Heathcote Shiraz,2022,wine,red,Shiraz,Heathcote,Australia,Riverbend Estate,32.99,25.99,12\n`;
    const { products: list } = readCatalogueCsv(csv);
    await importCatalogue(db(), clock, list);
    const [price] = await db()
      .select()
      .from(skuPrices)
      .where(eq(skuPrices.skuItemCode, 'D0900'))
      .then((rows) => rows.filter((r) => r.currency === 'AUD'));
    expect(price?.salePriceCents).toBe(2_599);
    const [row] = await db().select().from(products).where(eq(products.itemCode, 'D0900'));
    expect(row?.stockBottles).toBe(12);
  });

  it.each([
    ['a missing column', 'item_code,sku_code\nD1,D1', 1, 'missing columns: pack_size'],
    ['no rows', header, 1, 'the file has no rows'],
    ['a bad price', good.replace('32.99', '32.9x'), 3, 'list_price must be an amount such as 24.99'],
    [
      'sale above list',
      good.replace('27.99', '99.99'),
      3,
      'The sale price of a single bottle must not be more than its list price.',
    ],
    ['an unknown currency', good.replace(',AUD,', ',EUR,'), 3, 'currency must be one of AUD, NZD, USD, HKD, TWD'],
    ['a bad pack size', good.replace('D0900,D0900,1,', 'D0900,D0900-5,5,'), 3, 'pack_size must be 1, 2, 3, 6 or 12'],
    ['a sku code unlike its pack', good.replace('D0900,D0900,1,', 'D0900,D0900-6,1,'), 3, 'sku_code must be item_code'],
    ['a product type', good.replace(',wine,', ',cheese,'), 3, 'product_type must be one of wine, beer, spirit, other'],
    ['an empty name', good.replace('Riverbend Estate Heathcote Shiraz', ''), 3, 'name is required'],
    ['a bad stock', good.replace(',240', ',-1'), 3, 'stock must be a whole number of bottles'],
    [
      'fields that disagree',
      good.replace('Shiraz,Heathcote', 'Merlot,Heathcote'),
      3,
      'grape differs from line 2 for D0900',
    ],
    ['a price twice', good, 3, 'D0900 already has a AUD price'],
    ['broken quoting', `${good}\nD0950,D0950,1,AUD,"Unclosed,2022`, 4, 'not valid CSV'],
  ])('refuses %s, naming the line, and writes nothing', async (_what, extra, line, message) => {
    const before = await counts();
    const csv = extra.startsWith('item_code') ? extra : `${header}\n${good}\n${extra}\n`;
    const { problems } = readCatalogueCsv(csv);
    expect(problems[0]?.line).toBe(line);
    expect(problems.map((p) => p.message).join('\n')).toContain(message);
    expect(await counts()).toEqual(before);
  });

  // Blank lines are skipped and a quoted field may hold line breaks: the report still names the file's own lines.
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('counts blank lines and line breaks inside quoted fields in the line numbers (%s)', async (_kind, eol) => {
    const nzd = good.replace(',AUD,', ',NZD,').replace('32.99', '36.99');
    const twoLines = good.replaceAll('D0900', 'D0903').replace('Riverbend Estate Heathcote Shiraz', '"Two\nLines"');
    const csv = [
      header, // 1
      good, // 2
      '', // 3
      nzd, // 4
      '', // 5
      '', // 6
      twoLines, // 7 and 8
      good.replace(',AUD,', ',USD,').replace('32.99', '32.9x'), // 9
      '', // 10
      good.replace(',AUD,', ',HKD,').replace(',240', ',-1'), // 11
    ].join('\n');
    const before = await counts();
    const { problems } = readCatalogueCsv(csv.replaceAll('\n', eol));
    expect(problems).toEqual([
      { line: 7, message: 'name must be on one line' },
      { line: 9, message: 'list_price must be an amount such as 24.99' },
      { line: 11, message: 'stock must be a whole number of bottles' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('reads a file with blank lines between its rows like one without', async () => {
    const spaced = sample.split('\n').join('\n\n');
    expect(readCatalogueCsv(spaced)).toEqual(readCatalogueCsv(sample));
    const fieldsDiffer = `${header}\n\n\n${good}\n\n${good.replace(',AUD,', ',NZD,').replace('Shiraz,Heathcote', 'Merlot,Heathcote')}`;
    expect(readCatalogueCsv(fieldsDiffer).problems).toEqual([
      { line: 6, message: 'grape differs from line 4 for D0900' },
    ]);
  });

  it('needs the single-bottle row of every product', async () => {
    const { problems } = readCatalogueCsv(`${header}\n${good.replaceAll('D0900,D0900,1', 'D0902,D0902-6,6')}\n`);
    expect(problems).toEqual([{ line: 2, message: 'D0902 has no single-bottle row (sku_code D0902)' }]);
  });

  it('applies a file in one transaction: a failure part-way leaves nothing behind', async () => {
    const { products: list } = readCatalogueCsv(
      `${header}\nD0960,D0960,1,AUD,Alpha Grenache,2023,wine,red,Grenache,Barossa,Australia,Alpha,20.00,18.00,10\n`,
    );
    const before = await counts();
    // A second product whose sku price row cannot be written (an impossible price) after the first went in.
    const broken = {
      ...list[0]!,
      itemCode: 'D0961',
      skus: new Map([
        ['D0961', { packSize: 1, prices: new Map([['AUD' as const, { listCents: 2 ** 64, saleCents: 1 }]]) }],
      ]),
    };
    await expect(importCatalogue(db(), clock, [...list, broken])).rejects.toThrow();
    expect(await counts()).toEqual(before);
    expect(
      await db()
        .select()
        .from(products)
        .where(inArray(products.itemCode, ['D0960', 'D0961'])),
    ).toEqual([]);
  });
});

// The import runs in its own process (`npm run catalogue:import`), so it cannot empty a running server's read cache:
// the search service reads the database and finds a new product at once; the suggestion file and product answers
// kept in the cache follow when their entries expire, within a minute (docs/features.md, Catalogue import). The server's
// clock is fake here.
describe('after an import, a running server', () => {
  it('lists a new product in search and the product API at once (NOTIFY), in the suggestion file within a minute', async () => {
    const serverClock = fixedClock(new Date('2026-11-24T09:00:00Z'));
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 5_000, clock: serverClock });
    const server = createApp({ database: t.testDb.database, config: testConfig(), clock: serverClock, cache });
    const get = (path: string, headers: Record<string, string> = {}) =>
      server.request(path, { headers: { host: 'law-au.localhost', ...headers } });
    const suggestions = async () => {
      const res = await get('/search/suggestions/law.json');
      expect(res.status).toBe(200);
      return { etag: res.headers.get('etag') ?? '', entries: (await res.json()) as { i: string; n: string }[] };
    };
    const entry = { i: 'D0970', n: 'Sunhill Langhorne Creek Nebbiolo 2021' };
    const before = await suggestions();
    expect(before.entries).not.toContainEqual(entry);
    expect((await get('/api/product/item/D0970')).status).toBe(404);

    const { products: list, problems } = readCatalogueCsv(
      `${header}\nD0970,D0970,1,AUD,Sunhill Langhorne Creek Nebbiolo,2021,wine,red,Nebbiolo,Langhorne Creek,Australia,Sunhill,41.00,36.00,60\n`,
    );
    expect(problems).toEqual([]);
    await importCatalogue(db(), clock, list);

    const searched = await searchProducts(db(), 'AUD', parseSearchParams(new URLSearchParams('Ntt=sunhill nebbiolo')));
    expect(searched.items.map((p) => p.itemCode)).toEqual(['D0970']);
    // The import's NOTIFY drops the server's read cache (and its pages): the product API has it without waiting.
    for (let i = 0; i < 100 && (await get('/api/product/item/D0970')).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await get('/api/product/item/D0970')).status).toBe(200);
    serverClock.advance(60_001);
    const after = await suggestions();
    expect(after.entries).toContainEqual(entry);
    // A browser revalidating with the old ETag gets the new file, not a 304.
    expect(after.etag).not.toBe(before.etag);
    expect((await get('/search/suggestions/law.json', { 'if-none-match': before.etag })).status).toBe(200);
    const product = await get('/api/product/item/D0970');
    expect(product.status).toBe(200);
    expect(((await product.json()) as Envelope<{ name: string }>).response.name).toBe(
      'Sunhill Langhorne Creek Nebbiolo',
    );
  });
});
