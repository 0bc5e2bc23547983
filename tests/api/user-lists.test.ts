import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, recentlyBrowsed } from '../../db/schema';
import { systemClock } from '../../domain/clock';
import { RECOMMENDATION_TYPES } from '../../domain/recommendations';
import { recordProductView } from '../../services/personal/product-views';
import { createVisitor, useTestApp, type ListEntry } from '../support/test-app';

const t = useTestApp({ TRUST_PROXY: 'true' });
let nextAddress = 1;
const visitor = (site = 'law-au') => createVisitor(() => t.app, site, { address: `10.1.0.${nextAddress++}` });

async function loggedIn(email: string, site = 'law-au') {
  const v = visitor(site);
  expect((await v.login(email)).body.statusCode).toBe(0);
  return v;
}

async function customerId(email: string): Promise<number> {
  const [row] = await t.testDb.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email));
  return row!.id;
}

const LIST_CALLS = [
  '/api/user/favourites/list',
  '/api/user/donotsenditem/list',
  '/api/user/ratings/list',
  '/api/user/recommendations/list',
  '/api/user/recommendations/list/mixed',
  '/api/user/recentlybrowsed/list',
];
const CHANGE_CALLS = [
  '/api/user/favourites/D0002',
  '/api/user/favourites/delete/D0001',
  '/api/user/donotsenditem/D0002',
  '/api/user/donotsenditem/delete/W00003',
];

const codes = (body: { response?: { userItems: { product: { itemCode: string } }[] } }) =>
  body.response!.userItems.map((u) => u.product.itemCode);

describe('personal lists: who may call them', () => {
  it('answers an anonymous visitor with a 401 envelope on every list and change call', async () => {
    const v = visitor();
    for (const path of LIST_CALLS) {
      const res = await v.call('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, statusMessage: 'Please log in to continue.' });
    }
    for (const path of CHANGE_CALLS) expect((await v.call('PUT', path)).status, path).toBe(401);
  });

  it('lets a Soft Logged-In visitor read recently browsed only (SPEC §6), and changes nothing for them', async () => {
    const v = await loggedIn('shopper@example.com');
    v.jar.delete('sid');
    expect((await v.call('GET', '/api/user/recentlybrowsed/list')).body.statusCode).toBe(0);
    for (const path of LIST_CALLS.filter((p) => !p.includes('recentlybrowsed')))
      expect((await v.call('GET', path)).status, path).toBe(401);
    expect((await v.call('PUT', '/api/user/favourites/delete/D0001')).status).toBe(401);
    const hard = await loggedIn('shopper@example.com');
    expect(codes((await hard.call('GET', '/api/user/favourites/list')).body)).toContain('D0001');
  });
});

describe('favourites', () => {
  it('lists the seeded favourites, newest first, with itemListInfo.numberOfItems and the product', async () => {
    const v = await loggedIn('shopper@example.com');
    const res = await v.call('GET', '/api/user/favourites/list');
    expect(res.body.statusCode).toBe(0);
    expect(res.body.response.itemListInfo).toEqual({ numberOfItems: 4 });
    expect(codes(res.body)).toEqual(['B0001', 'W00020', 'W00005', 'D0001']);
    const d0001 = res.body.response.userItems.at(-1);
    expect(d0001.product).toMatchObject({
      itemCode: 'D0001',
      name: 'Hidden Creek Reserve Barossa Shiraz',
      productType: 'wine',
    });
    expect(d0001.product.salePriceCents).toBeGreaterThan(0);
    expect(d0001.userItemDetails.addedDate).toBe('2026-06-01T10:00:00.000Z');
  });

  it('adds and removes a favourite, idempotently, and counts the list each time', async () => {
    const v = await loggedIn('requested@example.com');
    expect((await v.call('GET', '/api/user/favourites/list')).body.response.itemListInfo.numberOfItems).toBe(0);
    const added = await v.call('PUT', '/api/user/favourites/D0003');
    expect(added.body).toEqual({ statusCode: 0, response: { itemCode: 'D0003', itemListInfo: { numberOfItems: 1 } } });
    expect((await v.call('PUT', '/api/user/favourites/D0003')).body.response.itemListInfo.numberOfItems).toBe(1);
    expect((await v.call('PUT', '/api/user/favourites/S0001')).body.response.itemListInfo.numberOfItems).toBe(2);
    expect(codes((await v.call('GET', '/api/user/favourites/list')).body)).toEqual(
      expect.arrayContaining(['D0003', 'S0001']),
    );
    const removed = await v.call('PUT', '/api/user/favourites/delete/D0003');
    expect(removed.body.response).toEqual({ itemCode: 'D0003', itemListInfo: { numberOfItems: 1 } });
    expect((await v.call('PUT', '/api/user/favourites/delete/D0003')).body.response.itemListInfo.numberOfItems).toBe(1);
    expect(codes((await v.call('GET', '/api/user/favourites/list')).body)).toEqual(['S0001']);
  });

  it('refuses an unknown product (404) and a malformed code (400), changing nothing', async () => {
    const v = await loggedIn('planner@example.com');
    const unknown = await v.call('PUT', '/api/user/favourites/NOPE999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.statusMessage).toBe('We could not find that product.');
    const bad = await v.call('PUT', `/api/user/favourites/${encodeURIComponent('D0001;drop')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe('Please give a valid item code.');
    expect(codes((await v.call('GET', '/api/user/favourites/list')).body)).toEqual(['D0003']);
  });

  it('refuses a change started by another site (CSRF) and keeps the list', async () => {
    const v = await loggedIn('shopper@example.com');
    const cross = await v.call('PUT', '/api/user/favourites/delete/D0001', undefined, undefined, {
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
    const crossFetch = await v.call('PUT', '/api/user/donotsenditem/D0001', undefined, undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossFetch.status).toBe(403);
    expect(codes((await v.call('GET', '/api/user/favourites/list')).body)).toContain('D0001');
    expect(codes((await v.call('GET', '/api/user/donotsenditem/list')).body)).toEqual(['W00003']);
  });

  it('keeps each customer to their own list', async () => {
    const a = await loggedIn('outback@example.com');
    await a.call('PUT', '/api/user/favourites/G0001');
    const b = await loggedIn('suspended@example.com');
    expect(codes((await b.call('GET', '/api/user/favourites/list')).body)).not.toContain('G0001');
  });
});

describe('not for me, ratings and recently browsed', () => {
  it('marks and unmarks a product not for me', async () => {
    const v = await loggedIn('unlimited@example.com');
    expect(codes((await v.call('GET', '/api/user/donotsenditem/list')).body)).toEqual(['W00011']);
    expect((await v.call('PUT', '/api/user/donotsenditem/W00040')).body.response.itemListInfo.numberOfItems).toBe(2);
    expect(codes((await v.call('GET', '/api/user/donotsenditem/list')).body)).toEqual(['W00040', 'W00011']);
    expect(
      (await v.call('PUT', '/api/user/donotsenditem/delete/W00040')).body.response.itemListInfo.numberOfItems,
    ).toBe(1);
    expect((await v.call('PUT', '/api/user/donotsenditem/XX404')).status).toBe(404);
  });

  it("lists the customer's ratings, best first, with the rating", async () => {
    const v = await loggedIn('shopper@example.com');
    const res = await v.call('GET', '/api/user/ratings/list');
    expect(res.body.response.userItems.map((u: ListEntry) => [u.product.itemCode, u.userItemDetails.rating])).toEqual([
      ['D0002', 5],
      ['W00012', 4],
      ['M0001', 2],
    ]);
  });

  it('lists recently browsed products newest first, one entry per product', async () => {
    const v = await loggedIn('planner@example.com');
    expect((await v.call('GET', '/api/user/recentlybrowsed/list')).body.response.userItems).toEqual([]);
    const id = await customerId('planner@example.com');
    const db = t.testDb.database.db;
    const at = (iso: string) => ({ now: () => new Date(iso) });
    await recordProductView(db, at('2026-11-01T00:00:00Z'), id, 'D0001');
    await recordProductView(db, at('2026-11-02T00:00:00Z'), id, 'D0002');
    await recordProductView(db, at('2026-11-03T00:00:00Z'), id, 'D0001');
    const res = await v.call('GET', '/api/user/recentlybrowsed/list');
    expect(codes(res.body)).toEqual(['D0001', 'D0002']);
    expect(res.body.response.userItems[0].userItemDetails.viewedDate).toBe('2026-11-03T00:00:00.000Z');
    await db.delete(recentlyBrowsed).where(and(eq(recentlyBrowsed.customerId, id)));
    await recordProductView(db, systemClock, id, 'B0001');
    expect(codes((await v.call('GET', '/api/user/recentlybrowsed/list')).body)).toEqual(['B0001']);
  });
});

describe('recommendations', () => {
  const TYPES = Object.values(RECOMMENDATION_TYPES);

  it('ranks wines like the ones bought, rated and favourited, with sortPriority 1..n, never random', async () => {
    const v = await loggedIn('shopper@example.com');
    const first = await v.call('GET', '/api/user/recommendations/list');
    expect(first.body.statusCode).toBe(0);
    const items = first.body.response.userItems;
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.map((u: ListEntry) => u.userItemDetails.sortPriority)).toEqual(
      items.map((_: unknown, i: number) => i + 1),
    );
    for (const u of items) {
      expect([RECOMMENDATION_TYPES.purchases, RECOMMENDATION_TYPES.ratings, RECOMMENDATION_TYPES.favourites]).toContain(
        u.userItemDetails.recommendationTypeId,
      );
      expect(u.product.productType).toBe('wine');
      expect(u.product.availability).toBe('in_stock');
    }
    // Nothing the customer bought, rated, favourited or marked not for me.
    const own = [
      'D0001',
      'D0002',
      'D0003',
      'W00012',
      'W00027',
      'W00044',
      'M0001',
      'W00005',
      'W00020',
      'B0001',
      'W00003',
    ];
    for (const code of own) expect(codes(first.body)).not.toContain(code);
    const again = await v.call('GET', '/api/user/recommendations/list');
    expect(codes(again.body)).toEqual(codes(first.body));
  });

  it('drops a wine marked not for me, and follows a new favourite', async () => {
    const v = await loggedIn('planner@example.com');
    const before = codes((await v.call('GET', '/api/user/recommendations/list')).body);
    expect(before.length).toBeGreaterThan(0);
    await v.call('PUT', `/api/user/donotsenditem/${before[0]}`);
    const after = codes((await v.call('GET', '/api/user/recommendations/list')).body);
    expect(after).not.toContain(before[0]);
    await v.call('PUT', '/api/user/favourites/B0001'); // a beer adds no wine signal
    await v.call('PUT', `/api/user/favourites/${after[0]}`);
    expect(codes((await v.call('GET', '/api/user/recommendations/list')).body)).not.toContain(after[0]);
  });

  it('mixes the reasons in turn in the mixed list', async () => {
    const v = await loggedIn('shopper@example.com');
    const res = await v.call('GET', '/api/user/recommendations/list/mixed');
    const items = res.body.response.userItems;
    expect(items.length).toBeGreaterThan(3);
    expect(items.map((u: ListEntry) => u.userItemDetails.sortPriority)).toEqual(
      items.map((_: unknown, i: number) => i + 1),
    );
    const firstThree = new Set(items.slice(0, 3).map((u: ListEntry) => u.userItemDetails.recommendationTypeId));
    expect(firstThree.size).toBe(3);
    for (const u of items) expect(TYPES).toContain(u.userItemDetails.recommendationTypeId);
  });

  it('gives a customer with nothing to go on the best-rated wines (type popular)', async () => {
    const v = visitor();
    const reg = await v.register('new-lists@example.com', 'Cellar2026x', 'New', 'Customer');
    expect(reg.body.statusCode).toBe(0);
    const items = (await v.call('GET', '/api/user/recommendations/list')).body.response.userItems;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((u: ListEntry) => u.userItemDetails.recommendationTypeId === RECOMMENDATION_TYPES.popular)).toBe(
      true,
    );
    const ratings = items.map((u: ListEntry) => u.product.ratingAverage);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  it('answers every demo account with its lists in the SPEC shape', async () => {
    for (const email of ['shopper', 'unlimited', 'requested', 'suspended', 'planner', 'outback']) {
      const v = await loggedIn(`${email}@example.com`);
      for (const path of LIST_CALLS) {
        const res = await v.call('GET', path);
        expect(res.body.statusCode, `${email} ${path}`).toBe(0);
        expect(Array.isArray(res.body.response.userItems), `${email} ${path}`).toBe(true);
        expect(res.body.response.itemListInfo.numberOfItems).toBe(res.body.response.userItems.length);
      }
    }
  });
});
