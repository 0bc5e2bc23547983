import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productSearch, searchWords } from '../../db/schema';
import { FACETS, type Facet, PRICE_BANDS, RATING_BANDS, type SearchParams } from '../../domain/search-params';
import { type AppliedValue, correctTerm, readQuery, suggestionsFor } from '../../domain/search-query';
import type { CurrencyCode } from '../../domain/sites';
import { type ProductSummary, stripInternal, summaryQuery } from '../catalogue/catalogue';
import { searchDictionary } from './dictionary';

// Search and listing (SPEC §2 /wines): full text with typo tolerance (tsvector + trigram), facets with
// counts over the current results, sorting and paging, all over product_search (db/schema.ts), the narrow copy of
// every listed product the database keeps. The same SQL runs on PGlite and PostgreSQL.

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
}

/** How the term was read (domain/search-query.ts). */
export interface TermReading {
  /** The term the results are for, when the term as typed found nothing and this correction of it did. */
  corrected: string | null;
  /** Facet values the term's words named, applied as filters. */
  applied: AppliedValue[];
  /** With no results: a term that finds some ("Did you mean …?"). */
  suggestion: string | null;
  /** With no results: the categories with the most wines on the site, most first. */
  popularCategories: string[];
}

export interface SearchResult {
  items: ProductSummary[];
  total: number;
  facets: Record<Facet, FacetValue[]>;
  reading: TermReading;
}

/** A search as run: the URL's parameters with the term read into text, filters and ranking words. */
interface Plan {
  params: SearchParams;
  /** Words matched as text (websearch syntax); empty: none. */
  text: string;
  /** Words the relevance order ranks by. */
  rank: string;
  /** tsqueries every result matches (the applied values' words, for the full-text index). */
  tsqueries: string[];
  /** The typo fallback's tsquery of name words, instead of the text. */
  typoQuery?: string;
}

const NO_READING: TermReading = { corrected: null, applied: [], suggestion: null, popularCategories: [] };

const search = productSearch;
const SEARCH_VECTOR = sql`"product_search"."search_vector"`;

/** The single bottle's sale price in the site's currency (null: not sold there). */
function saleCents(currency: CurrencyCode): SQL<number | null> {
  return sql<number | null>`(${search.saleCents} ->> ${currency})::bigint`;
}

/** PRICE_BANDS as one CASE over a price (the bounds are our own constants, written inline). */
function priceBand(cents: SQL): SQL<string | null> {
  const whens = PRICE_BANDS.map(
    ([key, , min, max]) =>
      sql`when ${cents} >= ${sql.raw(String(min))} and ${cents} < ${sql.raw(String(max))} then ${key}`,
  );
  return sql<string | null>`case ${sql.join(whens, sql` `)} end`;
}

/** Each facet's value for one search row. */
function facetValue(facet: Facet, currency: CurrencyCode): SQL {
  switch (facet) {
    case 'colour':
      return sql`${search.colour}`;
    case 'grape':
      return sql`${search.grape}`;
    case 'region':
      return sql`${search.region}`;
    case 'country':
      return sql`${search.country}`;
    case 'price':
      return priceBand(saleCents(currency));
    case 'rating':
      return sql`floor(${search.ratingAverage})::integer::text`;
    case 'size':
      return sql`${search.bottleSizeMl}::text`;
    case 'vintage':
      return sql`${search.vintage}::text`;
  }
}

/**
 * The term first matches the full-text index; only when that finds nothing does the typo fallback answer, with a
 * tsquery of the name words like the term's words (`typoQuery`).
 */
function conditions(currency: CurrencyCode, plan: Plan): SQL[] {
  const { params, typoQuery } = plan;
  const out: (SQL | undefined)[] = [
    sql`${saleCents(currency)} is not null`,
    params.category ? sql`${search.categories} @> array[${params.category}]::text[]` : undefined,
  ];
  if (typoQuery) out.push(sql`${SEARCH_VECTOR} @@ to_tsquery('english', ${typoQuery})`);
  else if (plan.text) out.push(sql`${SEARCH_VECTOR} @@ websearch_to_tsquery('english', ${plan.text})`);
  // Implied by the applied values' own filters below: lets the full-text index find their products.
  for (const query of plan.tsqueries) out.push(sql`${SEARCH_VECTOR} @@ ${query}::tsquery`);
  const f = params.filters;
  if (f.colour) out.push(inArray(search.colour, f.colour));
  if (f.grape) out.push(inArray(search.grape, f.grape));
  if (f.region) out.push(inArray(search.region, f.region));
  if (f.country) out.push(inArray(search.country, f.country));
  if (f.size) out.push(inArray(search.bottleSizeMl, f.size.map(Number).filter(Number.isInteger)));
  if (f.vintage) out.push(inArray(search.vintage, f.vintage.map(Number).filter(Number.isInteger)));
  if (f.price) {
    const bands = PRICE_BANDS.filter(([key]) => f.price!.includes(key)).map(([key]) => key);
    if (bands.length) out.push(sql`${priceBand(saleCents(currency))} in (${sql.join(bands, sql`, `)})`);
  }
  if (f.rating) {
    const mins = RATING_BANDS.filter(([key]) => f.rating!.includes(key)).map(([, , min]) => min);
    if (mins.length) out.push(sql`${search.ratingAverage} >= ${Math.min(...mins)}`);
  }
  return out.filter((c): c is SQL => c !== undefined);
}

interface SortKey {
  value: SQL;
  descending?: boolean;
}

/** The asked order as sort keys, the item code last so that every order is total. */
function sortKeys(currency: CurrencyCode, plan: Plan): SortKey[] {
  const { params } = plan;
  const keys = ((): SortKey[] => {
    switch (params.sort) {
      case 'price-asc':
        return [{ value: saleCents(currency) }];
      case 'price-desc':
        return [{ value: saleCents(currency), descending: true }];
      case 'rating':
        return [
          { value: sql`${search.ratingAverage}`, descending: true },
          { value: sql`${search.ratingCount}`, descending: true },
        ];
      case 'newest':
        return [{ value: sql`${search.releasedOn}`, descending: true }];
      case 'name':
        return [{ value: sql`${search.name}` }];
      default:
        return plan.rank
          ? [
              {
                value: sql`ts_rank(${SEARCH_VECTOR}, websearch_to_tsquery('english', ${plan.rank})) + word_similarity(${plan.rank}, ${search.name})`,
                descending: true,
              },
              { value: sql`${search.sortRank}` },
            ]
          : [{ value: sql`${search.sortRank}` }];
    }
  })();
  return [...keys, { value: sql`${search.itemCode}` }];
}

const ordered = (key: SortKey, value: SQL | SQL.Aliased = key.value) => (key.descending ? desc(value) : asc(value));

/**
 * One page of tiles in one statement: the page's item codes and sort keys, ranked and cut to N over the search
 * table, joined to the tile columns (summaryQuery) and put back in the same order.
 */
function pageOfTiles(db: Db, currency: CurrencyCode, plan: Plan, where: SQL | undefined) {
  const { params } = plan;
  const keys = sortKeys(currency, plan);
  const page = db
    .select({
      itemCode: sql<string>`${search.itemCode}`.as('page_item_code'),
      ...Object.fromEntries(keys.map((key, i) => [`k${i}`, sql`${key.value}`.as(`k${i}`)])),
    })
    .from(search)
    .where(where)
    .orderBy(...keys.map((key) => ordered(key)))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize)
    .as('page');
  const pageKeys = page as unknown as Record<string, SQL.Aliased>;
  return summaryQuery(db, currency)
    .innerJoin(page, eq(products.itemCode, page.itemCode))
    .orderBy(...keys.map((key, i) => ordered(key, pageKeys[`k${i}`])));
}

/**
 * A search: the term's words that name a facet value (or a vintage year) filter by it and the rest match as text
 * (domain/search-query.ts). When that finds nothing, the term with its unknown words corrected to the closest
 * catalogue words is searched and reported (`reading.corrected`); failing that the typo fallback below; and when
 * nothing at all is found, the reading carries a "did you mean" term that finds something, and the popular
 * categories.
 */
export async function searchProducts(db: Db, currency: CurrencyCode, params: SearchParams): Promise<SearchResult> {
  if (!params.term) return { ...(await runSearch(db, currency, plainPlan(params))), reading: NO_READING };
  const dictionary = await searchDictionary(db);
  const planFor = (term: string) => readPlan(params, term, readQuery(term, dictionary));
  const asTyped = planFor(params.term);
  const exact = await runSearch(db, currency, asTyped.plan);
  if (exact.total > 0) return { ...exact, reading: { ...NO_READING, applied: asTyped.applied } };
  const corrected = correctTerm(params.term, dictionary);
  if (corrected) {
    const plan = planFor(corrected);
    const found = await runSearch(db, currency, plan.plan);
    if (found.total > 0) return { ...found, reading: { ...NO_READING, corrected, applied: plan.applied } };
  }
  const typoQuery = asTyped.plan.text ? await typoQueryOf(db, asTyped.plan.text) : null;
  if (typoQuery) {
    const found = await runSearch(db, currency, { ...asTyped.plan, typoQuery });
    if (found.total > 0) return { ...found, reading: { ...NO_READING, applied: asTyped.applied } };
  }
  // Nothing: a term that finds something, and the popular categories.
  let suggestion: string | null = null;
  for (const candidate of suggestionsFor(params.term, dictionary).slice(0, 3)) {
    if ((await countOf(db, currency, planFor(candidate).plan)) > 0) {
      suggestion = candidate;
      break;
    }
  }
  const popularCategories = await popularCategoriesOf(db, currency);
  return { ...exact, reading: { ...NO_READING, applied: asTyped.applied, suggestion, popularCategories } };
}

function plainPlan(params: SearchParams): Plan {
  return { params, text: params.term, rank: params.term, tsqueries: [] };
}

/** The plan of a term as read: its values merged into the URL's filters (a facet's values are alternatives). */
function readPlan(
  params: SearchParams,
  term: string,
  reading: ReturnType<typeof readQuery>,
): { plan: Plan; applied: AppliedValue[] } {
  const filters = { ...params.filters };
  for (const { facet, value } of reading.applied) {
    const values = filters[facet] ?? [];
    if (!values.includes(value)) filters[facet] = [...values, value];
  }
  return {
    plan: {
      params: { ...params, term, filters },
      text: reading.text,
      rank: reading.rank,
      tsqueries: reading.tsqueries,
    },
    applied: reading.applied,
  };
}

async function countOf(db: Db, currency: CurrencyCode, plan: Plan): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(search)
    .where(and(...conditions(currency, plan)));
  return Number(row?.n ?? 0);
}

/** How many popular categories a page with no results offers. */
const POPULAR_CATEGORIES = 6;

async function popularCategoriesOf(db: Db, currency: CurrencyCode): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select c.name from ${search}, unnest(${search.categories}) as c(name)
    where ${saleCents(currency)} is not null
    group by c.name order by count(*) desc, c.name limit ${POPULAR_CATEGORIES}`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

/** Most name words one misspelt word may stand for. */
const TYPO_CANDIDATES = 10;

/**
 * The typo fallback's query: each word of the term (three letters or more) stands for the names' words it is like
 * at pg_trgm's word similarity (`<%`, 0.6 by default), up to TYPO_CANDIDATES of them, matched in the name (weight
 * A): `('chardonnay':A | …) & (…)`. Null when a word is like no name word. The lookup reads search_words (one row
 * per distinct name word), not every product. NOTE: PGlite's planner prices word_similarity() as cheap and would
 * scan every word with it; sequential scans are turned off for this one statement so the trigram index is used.
 */
async function typoQueryOf(db: Db, term: string): Promise<string | null> {
  const tokens = [...new Set(term.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((t) => t.length >= 3);
  if (tokens.length === 0) return null;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute<{ token: string; word: string }>(sql`
      select t.token, w.word from unnest(${sql.param(tokens)}::text[]) as t(token)
      cross join lateral (
        select ${searchWords.word} as word from ${searchWords} where t.token <% ${searchWords.word}
        order by word_similarity(t.token, ${searchWords.word}) desc, ${searchWords.word} limit ${TYPO_CANDIDATES}
      ) w`);
    return (result as unknown as { rows: { token: string; word: string }[] }).rows;
  });
  const groups = tokens.map((token) => rows.filter((r) => r.token === token).map((r) => r.word));
  if (groups.some((words) => words.length === 0)) return null;
  const quoted = (word: string) => `'${word.replaceAll("'", "''")}':A`;
  return groups.map((words) => `(${words.map(quoted).join(' | ')})`).join(' & ');
}

async function runSearch(db: Db, currency: CurrencyCode, plan: Plan): Promise<Omit<SearchResult, 'reading'>> {
  const { params } = plan;
  const where = and(...conditions(currency, plan));
  // The page (ranked and cut to N, with its tiles' columns) and the facet counts are separate queries,
  // sent together: on PostgreSQL they run side by side on two pooled connections.
  const [items, facetResult] = await Promise.all([
    pageOfTiles(db, currency, plan, where),
    countFacets(db, currency, params, where),
  ]);
  return { items: items.map(stripInternal), ...facetResult };
}

async function countFacets(
  db: Db,
  currency: CurrencyCode,
  params: SearchParams,
  where: SQL | undefined,
): Promise<Omit<SearchResult, 'items' | 'reading'>> {
  // Every facet's counts over the current results, in one grouped query over each row's facet values.
  const names = FACETS.map((f) => sql.identifier(`f_${f}`));
  const grouped = await db.execute<Record<string, string | number | null>>(sql`
    with matched as (
      select ${sql.join(
        FACETS.map((f, i) => sql`${facetValue(f, currency)} as ${names[i]}`),
        sql`, `,
      )}
      from ${search} where ${where}
    )
    select ${sql.join(names, sql`, `)}, grouping(${sql.join(names, sql`, `)}) as g, count(*)::int as n
    from matched
    group by grouping sets (${sql.join(
      names.map((n) => sql`(${n})`),
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
