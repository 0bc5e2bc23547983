import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parseSearchParams } from '../../domain/search-params';
import { normaliseWord } from '../../domain/search-query';
import type { CurrencyCode } from '../../domain/sites';
import { type SearchResult, searchProducts } from '../../services/search/search';

// The search relevance set: ordinary queries (colours, grapes, years, places, misspellings) and what their results
// must be, each judged against the database the search runs on (counts and attributes read from `products`, not
// from the search), so the same set runs on the demo catalogue (tests/api/search-relevance.test.ts) and on the
// bench's generated ones (bench/search-sweep.ts prints its hit rate).

type Attribute = 'colour' | 'grape' | 'region' | 'country' | 'vintage';

export interface RelevanceCase {
  query: string;
  /**
   * Every result has these values, and there are as many results as listed products with them (read from the
   * products table); the count must not be zero.
   */
  all?: Partial<Record<Attribute, string>>;
  /** Every result has these values, and at least `atLeast` of them: for queries whose other words still narrow. */
  within?: { values: Partial<Record<Attribute, string>>; atLeast: Partial<Record<Attribute, string>> };
  /** The first results' names all hold this word (other words still rank). */
  topNamesHave?: { word: string; n: number };
  /** The page says "Showing results for {corrected}". */
  corrected?: string;
  /** Nothing found: the "did you mean" term (null: none), and popular categories offered. */
  none?: { suggestion: string | null };
}

const misspelt = (query: string, corrected: string, all: RelevanceCase['all']): RelevanceCase => ({
  query,
  corrected,
  all,
});

export const RELEVANCE_CASES: readonly RelevanceCase[] = [
  // Colours and styles.
  { query: 'red wine', all: { colour: 'red' } },
  { query: 'red', all: { colour: 'red' } },
  { query: 'red wines', all: { colour: 'red' } },
  { query: 'white wine', all: { colour: 'white' } },
  { query: 'sparkling wine', all: { colour: 'sparkling' } },
  { query: 'sparkling', all: { colour: 'sparkling' } },
  { query: 'rosé', all: { colour: 'rose' } },
  { query: 'rose wine', all: { colour: 'rose' } },
  { query: 'dessert wine', all: { colour: 'dessert' } },
  { query: 'fortified wine', all: { colour: 'fortified' } },
  // Grapes.
  { query: 'shiraz', all: { grape: 'Shiraz' }, topNamesHave: { word: 'shiraz', n: 5 } },
  { query: 'pinot noir', all: { grape: 'Pinot Noir' } },
  { query: 'sauvignon blanc', all: { grape: 'Sauvignon Blanc' } },
  { query: 'cabernet sauvignon', all: { grape: 'Cabernet Sauvignon' } },
  { query: 'chardonnay', all: { grape: 'Chardonnay' } },
  { query: 'merlot', all: { grape: 'Merlot' } },
  { query: 'riesling', all: { grape: 'Riesling' } },
  { query: 'tempranillo', all: { grape: 'Tempranillo' } },
  { query: 'malbec', all: { grape: 'Malbec' } },
  { query: 'gruner veltliner', all: { grape: 'Grüner Veltliner' } },
  { query: "nero d'avola", all: { grape: 'Nero d’Avola' } },
  // Grape, colour and year.
  { query: 'shiraz 2019', all: { grape: 'Shiraz', vintage: '2019' } },
  { query: 'pinot noir 2021', all: { grape: 'Pinot Noir', vintage: '2021' } },
  { query: 'red wine 2018', all: { colour: 'red', vintage: '2018' } },
  { query: '2016 white wine', all: { colour: 'white', vintage: '2016' } },
  // Countries and regions.
  { query: 'new zealand sauvignon blanc', all: { country: 'New Zealand', grape: 'Sauvignon Blanc' } },
  {
    query: 'barossa shiraz',
    within: { values: { grape: 'Shiraz' }, atLeast: { grape: 'Shiraz', region: 'Barossa Valley' } },
    topNamesHave: { word: 'barossa', n: 3 },
  },
  { query: 'marlborough', all: { region: 'Marlborough' } },
  { query: 'tuscany', all: { region: 'Tuscany' } },
  { query: 'rioja', all: { region: 'Rioja' } },
  { query: "hawke's bay", all: { region: 'Hawke’s Bay' } },
  { query: 'hunter valley semillon', all: { region: 'Hunter Valley', grape: 'Semillon' } },
  { query: 'south africa', all: { country: 'South Africa' } },
  { query: 'france red wine', all: { country: 'France', colour: 'red' } },
  { query: 'australia shiraz', all: { country: 'Australia', grape: 'Shiraz' } },
  { query: 'spain', all: { country: 'Spain' } },
  // Misspellings: corrected to the catalogue's word, then read as above.
  misspelt('shiarz', 'shiraz', { grape: 'Shiraz' }),
  misspelt('shraz', 'shiraz', { grape: 'Shiraz' }),
  misspelt('shiraaz', 'shiraz', { grape: 'Shiraz' }),
  misspelt('reisling', 'riesling', { grape: 'Riesling' }),
  misspelt('savignon blanc', 'sauvignon blanc', { grape: 'Sauvignon Blanc' }),
  misspelt('chardonay', 'chardonnay', { grape: 'Chardonnay' }),
  misspelt('merlott', 'merlot', { grape: 'Merlot' }),
  misspelt('pinot nior', 'pinot noir', { grape: 'Pinot Noir' }),
  misspelt('tempranilo', 'tempranillo', { grape: 'Tempranillo' }),
  misspelt('malbek', 'malbec', { grape: 'Malbec' }),
  misspelt('cabernet savignon', 'cabernet sauvignon', { grape: 'Cabernet Sauvignon' }),
  misspelt('marlborogh', 'marlborough', { region: 'Marlborough' }),
  misspelt('spakling wine', 'sparkling wine', { colour: 'sparkling' }),
  misspelt('shiarz 2019', 'shiraz 2019', { grape: 'Shiraz', vintage: '2019' }),
  // Nothing found: a suggestion when one finds something, and the popular categories.
  { query: 'shiraz 1999', none: { suggestion: 'shiraz' } },
  { query: 'qqqzzzxx', none: { suggestion: null } },
];

const COLUMN: Record<Attribute, SQL> = {
  colour: sql`p.colour`,
  grape: sql`p.grape`,
  region: sql`p.region`,
  country: sql`p.country`,
  vintage: sql`p.vintage::text`,
};

/** Listed products (SPEC: what a listing shows) priced in the currency with these values, counted in `products`. */
async function countListed(db: Db, currency: CurrencyCode, values: Partial<Record<Attribute, string>>) {
  const where = Object.entries(values).map(([k, v]) => sql`${COLUMN[k as Attribute]} = ${v}`);
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from products p
    join sku_prices sp on sp.sku_item_code = p.item_code and sp.currency = ${currency}
    where p.product_type not in ('giftVoucher', 'membership', 'subscription') and cardinality(p.categories) > 0
      ${sql.join(
        where.map((w) => sql` and ${w}`),
        sql``,
      )}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Every result has the value: the facet's counts over the results hold it alone, with the whole total. */
function everyResultHas(result: SearchResult, attribute: Attribute, value: string): boolean {
  const counts = result.facets[attribute];
  return counts.length === 1 && counts[0]?.value === value && counts[0]?.count === result.total;
}

export interface RelevanceOutcome {
  query: string;
  ok: boolean;
  failures: string[];
}

export async function checkRelevance(db: Db, currency: CurrencyCode, c: RelevanceCase): Promise<RelevanceOutcome> {
  const params = parseSearchParams(new URLSearchParams({ Ntt: c.query, Nty: '1', Nrpp: '24' }));
  const result = await searchProducts(db, currency, params);
  const failures: string[] = [];
  const fail = (what: string) => failures.push(what);
  const reading = result.reading as SearchResult['reading'] | undefined;
  if (c.all) {
    const expected = await countListed(db, currency, c.all);
    if (expected === 0) fail(`the catalogue has no product with ${JSON.stringify(c.all)}`);
    if (result.total !== expected) fail(`total ${result.total}, the catalogue has ${expected}`);
    for (const [attribute, value] of Object.entries(c.all))
      if (!everyResultHas(result, attribute as Attribute, value)) fail(`not every result has ${attribute} ${value}`);
  }
  if (c.within) {
    const least = await countListed(db, currency, c.within.atLeast);
    if (least === 0) fail(`the catalogue has no product with ${JSON.stringify(c.within.atLeast)}`);
    if (result.total < least)
      fail(`total ${result.total}, fewer than the ${least} with ${JSON.stringify(c.within.atLeast)}`);
    for (const [attribute, value] of Object.entries(c.within.values))
      if (!everyResultHas(result, attribute as Attribute, value)) fail(`not every result has ${attribute} ${value}`);
  }
  if (c.topNamesHave) {
    const { word, n } = c.topNamesHave;
    const top = result.items.slice(0, n);
    if (top.length < n || !top.every((p) => normaliseWord(p.name).split(/\s+/).includes(word)))
      fail(`the first ${n} names do not all hold "${word}": ${top.map((p) => p.name).join('; ')}`);
  }
  if (c.corrected !== undefined && reading?.corrected !== c.corrected)
    fail(`corrected to ${JSON.stringify(reading?.corrected)}, not "${c.corrected}"`);
  if (c.corrected === undefined && !c.none && reading?.corrected) fail(`corrected to "${reading.corrected}" unasked`);
  if (c.none) {
    if (result.total !== 0) fail(`found ${result.total}`);
    if ((reading?.suggestion ?? null) !== c.none.suggestion)
      fail(`suggested ${JSON.stringify(reading?.suggestion)}, not ${JSON.stringify(c.none.suggestion)}`);
    if (!reading?.popularCategories.length) fail('no popular categories offered');
  }
  return { query: c.query, ok: failures.length === 0, failures };
}

/** The share of the set whose expectations hold, with the queries that missed. */
export async function relevanceHitRate(
  db: Db,
  currency: CurrencyCode,
): Promise<{ hits: number; total: number; missed: RelevanceOutcome[] }> {
  const outcomes: RelevanceOutcome[] = [];
  for (const c of RELEVANCE_CASES) outcomes.push(await checkRelevance(db, currency, c));
  return {
    hits: outcomes.filter((o) => o.ok).length,
    total: outcomes.length,
    missed: outcomes.filter((o) => !o.ok),
  };
}
