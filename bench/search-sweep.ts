import { openDatabase } from '../db/client';
import { generateCatalogue } from '../db/demo/catalogue';
import { products, skuPrices, skus } from '../db/schema';
import { parseSearchParams } from '../domain/search-params';
import { searchProducts } from '../services/search/search';
import { createScratchDatabase } from '../tests/support/scratch-postgres';
import { relevanceHitRate } from '../tests/support/search-relevance';

// Search latency over catalogue sizes: a term + two facets + a sort, p50/p95 over repeated queries, each figure
// printed beside its aim where it has one. The last query is misspelt: exact matching finds nothing and the typo
// fallback answers, so its own p95 is printed too. PGlite by default; DATABASE_URL=postgres://… runs it on a fresh
// PostgreSQL database (dropped after). SWEEP_SIZES and SWEEP_RUNS change the sizes and the number of queries.
// After the timings, each size prints the hit rate of the search relevance set (tests/support/search-relevance.ts:
// the share of its queries whose expectation holds on that catalogue).

const SIZES = (process.env.SWEEP_SIZES ?? '1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.SWEEP_RUNS ?? 200);
const QUERIES = [
  'Ntt=shiraz&colour=red&price=20-30&sort=price-asc',
  'Ntt=sauvignon%20blanc&country=New%20Zealand&price=0-20&sort=rating',
  'Ntt=pinot&colour=red&country=France&sort=newest',
  'Ntt=chardonay&colour=white&price=30-50&sort=price-desc',
];
const TYPO_QUERY = QUERIES.length - 1;

const KIND = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/** p95 aims in ms by catalogue size: every query, and the typo fallback alone. */
const AIMS: Record<'PostgreSQL' | 'PGlite', { all: Record<number, number>; typo: Record<number, number> }> = {
  PostgreSQL: { all: { 10000: 20, 100000: 50 }, typo: {} },
  PGlite: { all: {}, typo: { 10000: 40 } },
};

function beside(p95: number, aim: number | undefined): string {
  if (aim === undefined) return '';
  return `   (aim < ${aim} ms: ${p95 < aim ? 'met' : 'MISSED'})`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function fresh(): Promise<{ database: Awaited<ReturnType<typeof openDatabase>>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(url, 'sf_bench');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

const base = generateCatalogue();
const wines = base.products.filter((p) => p.productType === 'wine' && !p.mixed);
const priceOf = new Map(base.skuPrices.filter((p) => p.currency === 'AUD').map((p) => [p.skuItemCode, p] as const));

console.log(`Search sweep (${KIND}): term + two facets + sort, ${RUNS} queries per size`);
for (const size of SIZES) {
  const { database, drop } = await fresh();
  try {
    await database.migrate();
    const started = performance.now();
    for (let offset = 0; offset < size; offset += 500) {
      const chunk = Array.from({ length: Math.min(500, size - offset) }, (_, k) => {
        const i = offset + k;
        const src = wines[i % wines.length]!;
        return { ...src, itemCode: `S${String(i).padStart(7, '0')}`, sortRank: i };
      });
      await database.db.insert(products).values(chunk);
      await database.db
        .insert(skus)
        .values(chunk.map((p) => ({ itemCode: p.itemCode, productItemCode: p.itemCode, numberOfBottles: 1 })));
      await database.db.insert(skuPrices).values(
        chunk.map((p, k) => {
          const src = priceOf.get(wines[(offset + k) % wines.length]!.itemCode)!;
          return { ...src, skuItemCode: p.itemCode };
        }),
      );
    }
    await database.db.execute('analyze' as never).catch(() => {});
    const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);
    const times: number[] = [];
    const typoTimes: number[] = [];
    for (let r = 0; r < RUNS + 20; r++) {
      const params = parseSearchParams(new URLSearchParams(QUERIES[r % QUERIES.length]));
      const t = performance.now();
      await searchProducts(database.db, 'AUD', params);
      const ms = performance.now() - t;
      if (r < 20) continue;
      times.push(ms);
      if (r % QUERIES.length === TYPO_QUERY) typoTimes.push(ms);
    }
    times.sort((a, b) => a - b);
    typoTimes.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const typoP95 = percentile(typoTimes, 95);
    console.log(
      `${String(size).padStart(7)} products   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms${beside(p95, AIMS[KIND].all[size])}   (loaded in ${loadSeconds} s)`,
    );
    console.log(
      `${''.padStart(7)} typo fallback  p50 ${percentile(typoTimes, 50).toFixed(1).padStart(6)} ms   p95 ${typoP95.toFixed(1).padStart(6)} ms${beside(typoP95, AIMS[KIND].typo[size])}`,
    );
    const relevance = await relevanceHitRate(database.db, 'AUD');
    console.log(
      `${''.padStart(7)} relevance set  hit rate ${relevance.hits}/${relevance.total} (${((100 * relevance.hits) / relevance.total).toFixed(0)} %)${relevance.missed.length ? `   missed: ${relevance.missed.map((m) => m.query).join(', ')}` : ''}`,
    );
  } finally {
    await drop();
  }
}
