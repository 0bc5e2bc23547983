import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Envelope, fetchProduct, useTestApp } from '../support/test-app';

const t = useTestApp();

/** The similar-wines payload: each item carries its product as JSON text. */
type SimilarWines = { items: { itemCode: string; score: number; product: string }[] };

async function get(path: string, site = 'law-au', headers: Record<string, string> = {}) {
  return t.app.request(path, { headers: { host: `${site}.localhost`, ...headers } });
}

async function similar(query: string, site = 'law-au') {
  const res = await get(`/jsp/api/us/similar_wines_json.jsp?${query}`, site);
  return { status: res.status, body: (await res.json()) as Envelope<SimilarWines> };
}

describe('GET /jsp/api/us/similar_wines_json.jsp', () => {
  it('ranks wines by closeness to the current one, each carrying the product as JSON text', async () => {
    const d1 = await fetchProduct(t.app, 'D0001');
    const { status, body } = await similar('currentItemCode=D0001');
    expect(status).toBe(200);
    const items = body.response.items as { itemCode: string; score: number; product: string }[];
    expect(items.length).toBeGreaterThan(3);
    expect(items.map((i) => i.itemCode)).not.toContain('D0001');
    const scores = items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const first = JSON.parse(items[0]!.product);
    // The best match shares the grape (the heaviest weight) and the colour.
    expect(first.grape).toBe(d1.grape);
    expect(first.colour).toBe('red');
    expect(first.url).toMatch(/^\/product\/.+\/[A-Z0-9-]+$/);
    expect(first.currencyCode).toBe('AUD');
    for (const item of items) expect(JSON.parse(item.product).itemCode).toBe(item.itemCode);
  });

  it('takes the query parameters of SPEC §7 without a product', async () => {
    const { body } = await similar('wineType=white&grape=Sauvignon%20Blanc&country=New%20Zealand&region=Marlborough');
    const products = body.response.items.map((i: { product: string }) => JSON.parse(i.product));
    expect(products.length).toBeGreaterThan(0);
    expect(products[0]).toMatchObject({ grape: 'Sauvignon Blanc', colour: 'white' });
    expect(
      products.every(
        (p: { colour: string; grape: string; country: string }) =>
          p.colour === 'white' || p.grape === 'Sauvignon Blanc' || p.country === 'New Zealand',
      ),
    ).toBe(true);
  });

  it('leaves out out-of-stock wines and prices in the site currency', async () => {
    const { body } = await similar('productId=X0001', 'law-nz');
    const products = body.response.items.map((i: { product: string }) => JSON.parse(i.product));
    expect(products.map((p: { itemCode: string }) => p.itemCode)).not.toContain('X0001');
    expect(products[0].currencyCode).toBe('NZD');
  });

  it('answers 404 for an unknown product and 400 for a malformed one', async () => {
    expect((await similar('productId=NOPE9')).status).toBe(404);
    const bad = await similar('productId=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe('productId must be an item code.');
  });
});

describe('GET /search/suggestions/{brand}.json', () => {
  it('lists every listed product as {i, n} with caching headers', async () => {
    const res = await get('/search/suggestions/law.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const entries = (await res.json()) as { i: string; n: string }[];
    expect(entries.length).toBeGreaterThan(500);
    const d1 = await fetchProduct(t.app, 'D0001');
    expect(entries).toContainEqual({ i: 'D0001', n: `${d1.name} ${d1.vintage}` });
    expect(entries.some((e) => e.i === '00041VC' || e.i === 'UL0001')).toBe(false);
    const again = await get('/search/suggestions/law.json', 'law-au', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });
  it('refuses an unknown brand', async () => {
    expect((await get('/search/suggestions/xyz.json')).status).toBe(404);
  });
});

describe('the database connections', () => {
  // Starting parallel workers costs a storefront's short queries more than they save (db/client.ts): on
  // PostgreSQL the app's connections run without them. PGlite is one process and has none.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('run without parallel workers on PostgreSQL', async () => {
    const db = t.testDb.database.db;
    const rows = (await db.execute(sql`show max_parallel_workers_per_gather`)) as unknown as {
      rows: { max_parallel_workers_per_gather: string }[];
    };
    expect(rows.rows[0]?.max_parallel_workers_per_gather).toBe('0');
  });
});
