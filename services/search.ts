import { and, asc, desc, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, skuPrices } from '../db/schema';
import { FACETS, type Facet, PRICE_BANDS, RATING_BANDS, type SearchParams } from '../domain/search-params';
import type { CurrencyCode } from '../domain/sites';
import { type ProductSummary, singlePrice, stripInternal, summaryQuery, UNLISTED_TYPES } from './catalogue';

// Search and listing (SPEC §2 /wines): full text with typo tolerance (tsvector + trigram), facets with
// counts over the current results, sorting and paging. The same SQL runs on PGlite and PostgreSQL.

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface SearchResult {
  items: ProductSummary[];
  total: number;
  facets: Record<Facet, FacetValue[]>;
}

const SEARCH_VECTOR = sql`"products"."search_vector"`;

function facetColumn(facet: Facet): SQL {
  switch (facet) {
    case 'colour':
      return sql`${products.colour}`;
    case 'grape':
      return sql`${products.grape}`;
    case 'region':
      return sql`${products.region}`;
    case 'country':
      return sql`${products.country}`;
    case 'price':
      // Precomputed by the database (generated columns, migration 0012): grouping reads a column, not a CASE.
      return sql`${singlePrice.priceBand}`;
    case 'rating':
      return sql`${products.ratingBand}::text`;
    case 'size':
      return sql`${products.bottleSizeMl}::text`;
    case 'vintage':
      return sql`${products.vintage}::text`;
  }
}

/**
 * The term first matches the full-text index; only when that finds nothing does it fall back to
 * trigram similarity (typos): `typoCodes` are then the products whose name is like the term.
 */
function conditions(params: SearchParams, typoCodes?: string[]): SQL[] {
  const out: (SQL | undefined)[] = [
    notInArray(products.productType, UNLISTED_TYPES),
    sql`cardinality(${products.categories}) > 0`,
    params.category ? sql`${products.categories} @> array[${params.category}]::text[]` : undefined,
  ];
  if (params.term) {
    out.push(
      typoCodes
        ? sql`${products.itemCode} = any(${sql.param(typoCodes)}::text[])`
        : sql`${SEARCH_VECTOR} @@ websearch_to_tsquery('english', ${params.term})`,
    );
  }
  const f = params.filters;
  if (f.colour) out.push(inArray(products.colour, f.colour));
  if (f.grape) out.push(inArray(products.grape, f.grape));
  if (f.region) out.push(inArray(products.region, f.region));
  if (f.country) out.push(inArray(products.country, f.country));
  if (f.size) out.push(inArray(products.bottleSizeMl, f.size.map(Number).filter(Number.isInteger)));
  if (f.vintage) out.push(inArray(products.vintage, f.vintage.map(Number).filter(Number.isInteger)));
  if (f.price) {
    const bands = PRICE_BANDS.filter(([key]) => f.price!.includes(key)).map(([key]) => key);
    if (bands.length) out.push(inArray(singlePrice.priceBand, bands));
  }
  if (f.rating) {
    const mins = RATING_BANDS.filter(([key]) => f.rating!.includes(key)).map(([, , min]) => min);
    if (mins.length) out.push(sql`${products.ratingAverage} >= ${Math.min(...mins)}`);
  }
  return out.filter((c): c is SQL => c !== undefined);
}

function orderBy(params: SearchParams): SQL[] {
  switch (params.sort) {
    case 'price-asc':
      return [asc(singlePrice.salePriceCents), asc(products.itemCode)];
    case 'price-desc':
      return [desc(singlePrice.salePriceCents), asc(products.itemCode)];
    case 'rating':
      return [desc(products.ratingAverage), desc(products.ratingCount), asc(products.itemCode)];
    case 'newest':
      return [desc(products.releasedOn), asc(products.itemCode)];
    case 'name':
      return [asc(products.name), asc(products.itemCode)];
    default:
      return params.term
        ? [
            desc(
              sql`ts_rank(${SEARCH_VECTOR}, websearch_to_tsquery('english', ${params.term})) + word_similarity(${params.term}, ${products.name})`,
            ),
            asc(products.sortRank),
          ]
        : [asc(products.sortRank)];
  }
}

export async function searchProducts(db: Db, currency: CurrencyCode, params: SearchParams): Promise<SearchResult> {
  const exact = await runSearch(db, currency, params);
  if (exact.total > 0 || !params.term) return exact;
  const typoCodes = await namesLike(db, params.term);
  if (typoCodes.length === 0) return exact;
  return runSearch(db, currency, params, typoCodes);
}

/**
 * The typo fallback's candidates, found once for both the page and the facet counts: products whose name holds
 * the term at pg_trgm's word similarity (`<%`, 0.6 by default). NOTE: the trigram index answers this in a few
 * milliseconds, but PGlite's planner prices word_similarity() as cheap and scans every name with it instead (10k
 * names: ~100 ms); sequential scans are turned off for this one statement so the index is used on both databases.
 */
async function namesLike(db: Db, term: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await tx
      .select({ itemCode: products.itemCode })
      .from(products)
      .where(sql`${term} <% ${products.name}`);
    return rows.map((r) => r.itemCode);
  });
}

async function runSearch(
  db: Db,
  currency: CurrencyCode,
  params: SearchParams,
  typoCodes?: string[],
): Promise<SearchResult> {
  const where = and(...conditions(params, typoCodes));
  // The page (ranked and cut to N) and the facet counts are separate queries, sent together: on PostgreSQL they
  // run side by side on two pooled connections.
  const [rows, facetResult] = await Promise.all([
    summaryQuery(db, currency)
      .where(where)
      .orderBy(...orderBy(params))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    countFacets(db, currency, params, where),
  ]);
  return { items: rows.map(stripInternal), ...facetResult };
}

async function countFacets(
  db: Db,
  currency: CurrencyCode,
  params: SearchParams,
  where: SQL | undefined,
): Promise<Omit<SearchResult, 'items'>> {
  // Every facet's counts over the current results, in one grouped query.
  const facetSql = FACETS.map((f) => sql`${facetColumn(f)}`);
  const grouped = await db.execute<Record<string, string | number | null>>(sql`
    select ${sql.join(
      FACETS.map((f, i) => sql`${facetSql[i]} as ${sql.identifier(`f_${f}`)}`),
      sql`, `,
    )}, grouping(${sql.join(facetSql, sql`, `)}) as g, count(*)::int as n
    from ${products}
    inner join ${skuPrices} as "single_price" on ${singlePrice.skuItemCode} = ${products.itemCode} and ${singlePrice.currency} = ${currency}
    where ${where}
    group by grouping sets (${sql.join(
      facetSql.map((f) => sql`(${f})`),
      sql`, `,
    )}, ())
  `);
  const rowsOut = (grouped as unknown as { rows: Record<string, string | number | null>[] }).rows;
  const facets = Object.fromEntries(FACETS.map((f) => [f, [] as FacetValue[]])) as Record<Facet, FacetValue[]>;
  let total = 0;
  const all = (1 << FACETS.length) - 1;
  for (const row of rowsOut) {
    const g = Number(row.g);
    const n = Number(row.n);
    if (g === all) {
      total = n;
      continue;
    }
    // grouping() sets a 1 bit for every facet NOT in this row's grouping set.
    const index = FACETS.findIndex((_, i) => (g & (1 << (FACETS.length - 1 - i))) === 0);
    const facet = FACETS[index];
    const value = facet ? row[`f_${facet}`] : null;
    if (!facet || value === null || value === '' || value === undefined) continue;
    facets[facet].push({
      value: String(value),
      count: n,
      selected: params.filters[facet]?.includes(String(value)) ?? false,
    });
  }
  for (const f of FACETS) {
    facets[f].sort((a, b) =>
      f === 'price'
        ? PRICE_BANDS.findIndex(([k]) => k === a.value) - PRICE_BANDS.findIndex(([k]) => k === b.value)
        : f === 'vintage' || f === 'rating'
          ? Number(b.value) - Number(a.value)
          : b.count - a.count || a.value.localeCompare(b.value),
    );
  }
  return { total, facets };
}
