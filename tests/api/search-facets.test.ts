import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productSearch, products, skuPrices } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import { FACETS, type Facet, PRICE_BANDS, parseSearchParams } from '../../domain/search-params';
import { readCatalogueCsv } from '../../server/catalogue-file';
import { importCatalogue } from '../../services/catalogue/import';
import { searchProducts } from '../../services/search/search';
import { useTestApp } from '../support/test-app';

// The search reads product_search, the narrow copy of every listed product the database keeps (migration 0014):
// it follows every price, rating and listing change, an import included; the facet counts, the page and the typo
// fallback equal what a plain count over every listed product gives.

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

    // Every searched field in one plain vector: a one-word query matches it whatever the field's weight.
    const termed = await listed(
      'AUD',
      sql`to_tsvector('english', concat_ws(' ', p.name, p.producer, p.grape, p.region, p.appellation, p.country,
        p.style, p.colour, p.tasting_notes)) @@ websearch_to_tsquery('english', 'shiraz') and p.colour = 'red'`,
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

  it('for a typo, cover exactly the products with a name word like the term', async () => {
    // word_similarity() in the filter is the plain, index-free form of `<%` at pg_trgm's default threshold (0.6).
    const like = await listed(
      'AUD',
      sql`p.colour = 'white' and exists (select 1 from unnest(to_tsvector('simple', p.name)) w
        where char_length(w.lexeme) >= 3 and word_similarity('chardonay', w.lexeme) >= 0.6)`,
    );
    expect(like.length).toBeGreaterThan(0);
    const typo = await search('Ntt=chardonay&colour=white&Nrpp=96');
    expect(typo.total).toBe(like.length);
    const likeCodes = new Set(like.map((p) => p.itemCode));
    expect(typo.items).toHaveLength(Math.min(96, like.length));
    expect(typo.items.every((p) => likeCodes.has(p.itemCode))).toBe(true);
    expect(countsOf(typo.facets)).toEqual(bruteCounts(like));
  });
});

describe('the search table (product_search)', () => {
  async function searchRow(itemCode: string) {
    const [row] = await db()
      .select({ saleCents: productSearch.saleCents, ratingAverage: productSearch.ratingAverage })
      .from(productSearch)
      .where(eq(productSearch.itemCode, itemCode));
    return row;
  }

  it('holds every listed product, and only those, with its single-bottle price in each currency', async () => {
    const result = await db().execute<Record<string, unknown>>(sql`
      select p.item_code, p.rating_average,
        coalesce((select jsonb_object_agg(sp.currency, sp.sale_price_cents) from sku_prices sp
          where sp.sku_item_code = p.item_code), '{}'::jsonb) as prices
      from products p
      where p.product_type not in ('giftVoucher', 'membership', 'subscription') and cardinality(p.categories) > 0`);
    const expected = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const rows = await db().select().from(productSearch);
    expect(expected.length).toBeGreaterThan(100);
    expect(rows.map((r) => r.itemCode).sort()).toEqual(expected.map((r) => String(r.item_code)).sort());
    const byCode = new Map(rows.map((r) => [r.itemCode, r] as const));
    for (const e of expected) {
      const row = byCode.get(String(e.item_code))!;
      expect(row.saleCents).toEqual(e.prices);
      expect(row.ratingAverage).toBe(Number(e.rating_average));
    }
  });

  it('follows a price change and a rating change, and search sees the new bands at once', async () => {
    const [wine] = await listed('AUD', sql`sp.sale_price_cents < 2000 and p.rating_average < 4`);
    expect(wine).toBeDefined();
    const code = wine!.itemCode;
    const before = await search('price=50-plus&rating=4&Nrpp=96');

    await db()
      .update(skuPrices)
      .set({ salePriceCents: 6_500 })
      .where(and(eq(skuPrices.skuItemCode, code), eq(skuPrices.currency, 'AUD')));
    await db().update(products).set({ ratingAverage: 4.6 }).where(eq(products.itemCode, code));
    const row = await searchRow(code);
    expect(row?.saleCents.AUD).toBe(6_500);
    expect(row?.ratingAverage).toBeCloseTo(4.6);

    const after = await search('price=50-plus&rating=4&Nrpp=96');
    expect(after.total).toBe(before.total + 1);
    const priced = after.facets.price.find((f) => f.value === '50-plus')!.count;
    expect(priced).toBe(before.facets.price.find((f) => f.value === '50-plus')!.count + 1);
    expect(after.facets.rating.find((f) => f.value === '4')!.count).toBe(
      (before.facets.rating.find((f) => f.value === '4')?.count ?? 0) + 1,
    );
  });

  it('drops a product with no category, and a currency whose price is gone', async () => {
    const [wine] = await listed('NZD');
    const code = wine!.itemCode;
    const name = (await db().select({ name: products.name }).from(products).where(eq(products.itemCode, code)))[0]!
      .name;
    const term = `Ntt=${encodeURIComponent(name)}&Nrpp=96`;
    expect((await search(term, 'NZD')).items.map((p) => p.itemCode)).toContain(code);

    await db()
      .delete(skuPrices)
      .where(and(eq(skuPrices.skuItemCode, code), eq(skuPrices.currency, 'NZD')));
    expect((await searchRow(code))?.saleCents.NZD).toBeUndefined();
    expect((await search(term, 'NZD')).items.map((p) => p.itemCode)).not.toContain(code);
    expect((await search(term, 'AUD')).items.map((p) => p.itemCode)).toContain(code);

    await db().update(products).set({ categories: [] }).where(eq(products.itemCode, code));
    expect(await searchRow(code)).toBeUndefined();
    expect((await search(term, 'AUD')).items.map((p) => p.itemCode)).not.toContain(code);
  });

  it('is written by a catalogue import, new and updated products alike', async () => {
    const header =
      'item_code,sku_code,pack_size,currency,name,vintage,product_type,colour,grape,region,country,producer,list_price,sale_price,stock';
    const line = (sale: string) =>
      `D0980,D0980,1,AUD,Bandwood Creek Tempranillo,2023,wine,red,Tempranillo,Riverland,Australia,Bandwood,60.00,${sale},24`;
    const clock = fixedClock(new Date('2026-11-24T00:00:00Z'));
    const first = readCatalogueCsv(`${header}\n${line('19.50')}\n`);
    expect(first.problems).toEqual([]);
    await importCatalogue(db(), clock, first.products);
    expect((await searchRow('D0980'))?.saleCents.AUD).toBe(1_950);
    expect((await search('Ntt=bandwood&price=0-20')).items.map((p) => p.itemCode)).toEqual(['D0980']);
    expect((await search('Ntt=bandwod')).items.map((p) => p.itemCode)).toEqual(['D0980']);

    const second = readCatalogueCsv(`${header}\n${line('34.00')}\n`);
    await importCatalogue(db(), clock, second.products);
    expect((await searchRow('D0980'))?.saleCents.AUD).toBe(3_400);
    expect((await search('Ntt=bandwood&price=0-20')).total).toBe(0);
    const moved = await search('Ntt=bandwood');
    expect(moved.facets.price).toEqual([{ value: '30-50', count: 1, selected: false }]);
  });
});
