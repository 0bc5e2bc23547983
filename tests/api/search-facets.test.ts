import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, skuPrices } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import { FACETS, type Facet, PRICE_BANDS, parseSearchParams } from '../../domain/search-params';
import { readCatalogueCsv } from '../../server/catalogue-file';
import { importCatalogue } from '../../services/catalogue-import';
import { searchProducts } from '../../services/search';
import { useTestApp } from '../support/test-app';

// The search's precomputed pieces: the price and rating bands are generated columns (migration 0012) that follow
// every price and rating change, an import included; the facet counts, the page and the typo fallback equal what
// a plain count over every listed product gives.

const t = useTestApp();
const db = () => t.testDb.database.db;
const search = (query: string, currency: 'AUD' | 'NZD' = 'AUD') =>
  searchProducts(db(), currency, parseSearchParams(new URLSearchParams(query)));

function bandOf(cents: number): string | null {
  return PRICE_BANDS.find(([, , min, max]) => cents >= min && cents < max)?.[0] ?? null;
}

interface Listed {
  itemCode: string;
  name: string;
  colour: string;
  grape: string;
  region: string;
  country: string;
  bottleSizeMl: number;
  vintage: number | null;
  ratingAverage: number;
  salePriceCents: number;
}

/** Every listed product with its single-bottle price, read without the search service. */
async function listed(currency: 'AUD' | 'NZD', where = sql`true`): Promise<Listed[]> {
  const result = await db().execute<Record<string, unknown>>(sql`
    select p.item_code, p.name, p.colour, p.grape, p.region, p.country, p.bottle_size_ml, p.vintage,
      p.rating_average, sp.sale_price_cents
    from products p join sku_prices sp on sp.sku_item_code = p.item_code and sp.currency = ${currency}
    where p.product_type not in ('giftVoucher', 'membership', 'subscription') and cardinality(p.categories) > 0
      and ${where}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    itemCode: String(r.item_code),
    name: String(r.name),
    colour: String(r.colour),
    grape: String(r.grape),
    region: String(r.region),
    country: String(r.country),
    bottleSizeMl: Number(r.bottle_size_ml),
    vintage: r.vintage === null ? null : Number(r.vintage),
    ratingAverage: Number(r.rating_average),
    salePriceCents: Number(r.sale_price_cents),
  }));
}

function facetValueOf(p: Listed, facet: Facet): string | null {
  switch (facet) {
    case 'price':
      return bandOf(p.salePriceCents);
    case 'rating':
      return String(Math.floor(p.ratingAverage));
    case 'size':
      return String(p.bottleSizeMl);
    case 'vintage':
      return p.vintage === null ? null : String(p.vintage);
    default:
      return p[facet];
  }
}

/** Facet counts by brute force: every value of every facet over the given products. */
function bruteCounts(rows: Listed[]): Record<Facet, Record<string, number>> {
  const out = Object.fromEntries(FACETS.map((f) => [f, {} as Record<string, number>])) as Record<
    Facet,
    Record<string, number>
  >;
  for (const row of rows) {
    for (const facet of FACETS) {
      const value = facetValueOf(row, facet);
      if (value === null || value === '') continue;
      out[facet][value] = (out[facet][value] ?? 0) + 1;
    }
  }
  return out;
}

function countsOf(facets: Awaited<ReturnType<typeof search>>['facets']): Record<Facet, Record<string, number>> {
  return Object.fromEntries(
    FACETS.map((f) => [f, Object.fromEntries(facets[f].map((v) => [v.value, v.count]))]),
  ) as Record<Facet, Record<string, number>>;
}

describe('search facet counts', () => {
  it('equal a brute-force count over every listed product, with and without a term and filters', async () => {
    const all = await listed('AUD');
    const everything = await search('');
    expect(everything.total).toBe(all.length);
    expect(countsOf(everything.facets)).toEqual(bruteCounts(all));

    const redMid = all.filter((p) => p.colour === 'red' && bandOf(p.salePriceCents) === '20-30');
    const filtered = await search('colour=red&price=20-30');
    expect(filtered.total).toBe(redMid.length);
    expect(countsOf(filtered.facets)).toEqual(bruteCounts(redMid));

    const rated = all.filter((p) => p.ratingAverage >= 4 && (p.country === 'France' || p.country === 'Australia'));
    const byRating = await search('rating=4&country=France&country=Australia');
    expect(byRating.total).toBe(rated.length);
    expect(countsOf(byRating.facets)).toEqual(bruteCounts(rated));

    const termed = await listed(
      'AUD',
      sql`p.search_vector @@ websearch_to_tsquery('english', 'shiraz') and p.colour = 'red'`,
    );
    const shiraz = await search('Ntt=shiraz&colour=red&sort=price-asc&Nrpp=96');
    expect(shiraz.total).toBe(termed.length);
    expect(countsOf(shiraz.facets)).toEqual(bruteCounts(termed));
    // The page is the top of the same set in the asked order.
    const expected = [...termed]
      .sort((a, b) => a.salePriceCents - b.salePriceCents || (a.itemCode < b.itemCode ? -1 : 1))
      .slice(0, 96)
      .map((p) => p.itemCode);
    expect(shiraz.items.map((p) => p.itemCode)).toEqual(expected);
  });

  it('for a typo, cover exactly the products whose name is like the term', async () => {
    // word_similarity() in the filter is the plain, index-free form of `<%` at pg_trgm's default threshold (0.6).
    const like = await listed('AUD', sql`word_similarity('chardonay', p.name) >= 0.6 and p.colour = 'white'`);
    expect(like.length).toBeGreaterThan(0);
    const typo = await search('Ntt=chardonay&colour=white&Nrpp=96');
    expect(typo.total).toBe(like.length);
    const likeCodes = new Set(like.map((p) => p.itemCode));
    expect(typo.items).toHaveLength(Math.min(96, like.length));
    expect(typo.items.every((p) => likeCodes.has(p.itemCode))).toBe(true);
    expect(countsOf(typo.facets)).toEqual(bruteCounts(like));
  });
});

describe('precomputed price and rating bands', () => {
  async function bands(itemCode: string, currency = 'AUD') {
    const [row] = await db()
      .select({ priceBand: skuPrices.priceBand, ratingBand: products.ratingBand, cents: skuPrices.salePriceCents })
      .from(products)
      .innerJoin(skuPrices, and(eq(skuPrices.skuItemCode, products.itemCode), eq(skuPrices.currency, currency)))
      .where(eq(products.itemCode, itemCode));
    return row;
  }

  it('hold the band of every price and rating', async () => {
    const result = await db().execute<Record<string, unknown>>(sql`
      select sp.sale_price_cents, sp.price_band, p.rating_average, p.rating_band
      from sku_prices sp join skus s on s.item_code = sp.sku_item_code join products p on p.item_code = s.product_item_code`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows.length).toBeGreaterThan(500);
    for (const r of rows) {
      expect(r.price_band).toBe(bandOf(Number(r.sale_price_cents)));
      expect(r.rating_band).toBe(Math.floor(Number(r.rating_average)));
    }
  });

  it('follow a price change and a rating change, and search sees the new bands at once', async () => {
    const [wine] = await listed('AUD', sql`sp.sale_price_cents < 2000 and p.rating_average < 4`);
    expect(wine).toBeDefined();
    const code = wine!.itemCode;
    expect((await bands(code))?.priceBand).toBe('0-20');
    const before = await search('price=50-plus&rating=4&Nrpp=96');

    await db()
      .update(skuPrices)
      .set({ salePriceCents: 6_500 })
      .where(and(eq(skuPrices.skuItemCode, code), eq(skuPrices.currency, 'AUD')));
    await db().update(products).set({ ratingAverage: 4.6 }).where(eq(products.itemCode, code));
    expect(await bands(code)).toEqual({ priceBand: '50-plus', ratingBand: 4, cents: 6_500 });

    const after = await search('price=50-plus&rating=4&Nrpp=96');
    expect(after.total).toBe(before.total + 1);
    const priced = after.facets.price.find((f) => f.value === '50-plus')!.count;
    expect(priced).toBe(before.facets.price.find((f) => f.value === '50-plus')!.count + 1);
    expect(after.facets.rating.find((f) => f.value === '4')!.count).toBe(
      (before.facets.rating.find((f) => f.value === '4')?.count ?? 0) + 1,
    );
  });

  it('are set by a catalogue import, new and updated products alike', async () => {
    const header =
      'item_code,sku_code,pack_size,currency,name,vintage,product_type,colour,grape,region,country,producer,list_price,sale_price,stock';
    const line = (sale: string) =>
      `D0980,D0980,1,AUD,Bandwood Creek Tempranillo,2023,wine,red,Tempranillo,Riverland,Australia,Bandwood,60.00,${sale},24`;
    const clock = fixedClock(new Date('2026-11-24T00:00:00Z'));
    const first = readCatalogueCsv(`${header}\n${line('19.50')}\n`);
    expect(first.problems).toEqual([]);
    await importCatalogue(db(), clock, first.products);
    expect((await bands('D0980'))?.priceBand).toBe('0-20');
    expect((await search('Ntt=bandwood&price=0-20')).items.map((p) => p.itemCode)).toEqual(['D0980']);

    const second = readCatalogueCsv(`${header}\n${line('34.00')}\n`);
    await importCatalogue(db(), clock, second.products);
    expect((await bands('D0980'))?.priceBand).toBe('30-50');
    expect((await search('Ntt=bandwood&price=0-20')).total).toBe(0);
    const moved = await search('Ntt=bandwood');
    expect(moved.facets.price).toEqual([{ value: '30-50', count: 1, selected: false }]);
  });
});
