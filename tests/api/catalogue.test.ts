import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ApiProduct, type Envelope, useTestApp } from '../support/test-app';
import { products } from '../../db/schema';

const t = useTestApp();

/** GET /api/itemlist/…: the items and their presentation map. */
type ItemList = { itemList: { itemCode: string; salePrice: number }[]; presentationMap: Record<string, unknown> };
/** GET /api/address/zipcode/…. */
type Addresses = { addresses: unknown[]; country: string };

function get(path: string, host = 'law-au.localhost:3000', headers: Record<string, string> = {}) {
  return t.app.request(path, { headers: { host, ...headers } });
}

async function json<T = unknown>(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return (await res.json()) as Envelope<T>;
}

describe('GET /api/product/item/{itemCode}', () => {
  it('returns D0001 with its skus, pack-size price fields and stock status', async () => {
    const res = await get('/api/product/item/D0001');
    expect(res.status).toBe(200);
    const body = await json<ApiProduct>(res);
    expect(body.statusCode).toBe(0);
    const p = body.response;
    expect(p.itemCode).toBe('D0001');
    expect(p.colour).toBe('red');
    expect(p.mixed).toBe(false);
    expect(p.skus.map((s: ApiProduct['skus'][number]) => s.numberOfBottles)).toEqual([1, 2, 3, 6, 12]);
    expect(p.skus[0]).toMatchObject({ itemCode: 'D0001', vppApplier: true });
    expect(typeof p.skus[0]!.vppPrice).toBe('number');
    for (const field of ['two', 'three', 'six', 'twelve'] as const) {
      expect(p[field]).toEqual({
        itemCode: expect.stringMatching(/^D0001-\d+$/),
        salePrice: expect.any(Number),
        listPrice: expect.any(Number),
      });
    }
    expect(p.six!.itemCode).toBe('D0001-6');
    expect(p.twelve!.salePrice).toBeLessThan(p.skus[0]!.salePrice * 12);
    expect(p.inventoryInfo).toEqual({ summaryAvailabilityStatus: 'in_stock' });
    expect(p.currencyCode).toBe('AUD');
  });

  it('prices in the site currency: NZD on law-nz', async () => {
    const au = (await json<ApiProduct>(await get('/api/product/item/D0001'))).response;
    const nz = (await json<ApiProduct>(await get('/api/product/item/D0001', 'law-nz.localhost'))).response;
    expect(nz.currencyCode).toBe('NZD');
    expect(nz.skus[0]!.salePrice).not.toBe(au.skus[0]!.salePrice);
  });

  it('marks the fixed demo items as CONTRACT.md says', async () => {
    const d2 = (await json<ApiProduct>(await get('/api/product/item/D0002'))).response;
    expect(d2.skus.every((s: ApiProduct['skus'][number]) => s.vppApplier === false)).toBe(true);
    const x = (await json<ApiProduct>(await get('/api/product/item/X0001'))).response;
    expect(x.inventoryInfo.summaryAvailabilityStatus).toBe('out_of_stock');
    const p = (await json<ApiProduct>(await get('/api/product/item/P0001'))).response;
    expect(p.skus[0]!.preSellItem).toBe(true);
    const g = (await json<ApiProduct>(await get('/api/product/item/G0001'))).response;
    expect(g.bottleCount).toBe(2);
    for (const [code, type] of [
      ['B0001', 'beer'],
      ['S0001', 'spirit'],
      ['O0001', 'other'],
    ]) {
      expect((await json<ApiProduct>(await get(`/api/product/item/${code}`))).response.productType).toBe(type);
    }
  });

  it('answers 404 with a readable statusMessage for an unknown item', async () => {
    const res = await get('/api/product/item/NOPE999');
    expect(res.status).toBe(404);
    const body = await json(res);
    expect(body.statusCode).not.toBe(0);
    expect(body.statusMessage).toMatch(/NOPE999/);
  });

  it('answers 400 for a malformed item code, without echoing markup', async () => {
    const res = await get('/api/product/item/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.statusMessage).toBe('Please enter a valid item code.');
  });
});

describe('GET /api/product/case/{id}', () => {
  it('returns a mixed case', async () => {
    const res = await get('/api/product/case/M0001');
    expect(res.status).toBe(200);
    const p = (await json<ApiProduct>(res)).response;
    expect(p.mixed).toBe(true);
    expect(p.skus[0]!.numberOfBottles).toBe(12);
  });
  it('returns a wine asked for by its 12-bottle case sku, and 404 for a single bottle', async () => {
    expect((await get('/api/product/case/D0001-12')).status).toBe(200);
    const res = await get('/api/product/case/D0001');
    expect(res.status).toBe(404);
    expect((await json(res)).statusCode).not.toBe(0);
  });
});

describe('GET /api/itemlist/{name}/{locale}/{dataAreaId}', () => {
  it('returns the add-on list with its presentation map', async () => {
    const res = await get('/api/itemlist/law_shopping_cart_addons/en_AU_law/AUS');
    expect(res.status).toBe(200);
    const list = (await json<ItemList>(res)).response;
    expect(list.itemList.length).toBeGreaterThanOrEqual(3);
    const first = list.itemList[0];
    expect(list.presentationMap['itemlist.template']).toEqual(expect.any(String));
    expect(list.presentationMap['itemlist.header']).toEqual(expect.any(String));
    expect(typeof list.presentationMap['itemlist.qvEnabled']).toBe('boolean');
    expect(list.presentationMap[`${first!.itemCode}.skuItemCode`]).toEqual(expect.any(String));
    expect(list.presentationMap[`${first!.itemCode}.addOnPrice`]).toBeLessThanOrEqual(first!.salePrice);
  });
  it('has add-on lists for every brand', async () => {
    for (const [brand, country, area] of [
      ['vir', 'AU', 'AUS'],
      ['wpe', 'NZ', 'NZL'],
      ['adc', 'AU', 'AUS'],
      ['vws', 'AU', 'AUS'],
      ['wsj', 'US', 'USA'],
      ['hlw', 'HK', 'HKG'],
    ]) {
      const res = await get(`/api/itemlist/${brand}_shopping_cart_addons/en_${country}_${brand}/${area}`);
      expect(res.status, brand).toBe(200);
    }
  });
  it('rejects a malformed locale with 400 and an unknown list with 404', async () => {
    const bad = await get('/api/itemlist/law_shopping_cart_addons/english/AUS');
    expect(bad.status).toBe(400);
    expect((await json(bad)).statusMessage).toMatch(/en_AU_law/);
    const unknown = await get('/api/itemlist/law_no_such_list/en_AU_law/AUS');
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/address/zipcode/{zip}', () => {
  it('finds an AU postcode', async () => {
    const res = await get('/api/address/zipcode/0870');
    expect(res.status).toBe(200);
    const body = (await json<Addresses>(res)).response;
    expect(body.addresses).toContainEqual(
      expect.objectContaining({ locality: expect.stringMatching(/Alice Springs/i), state: 'NT' }),
    );
  });
  it('looks up NZ postcodes on an NZ site', async () => {
    const res = await get('/api/address/zipcode/6011', 'law-nz.localhost');
    expect(res.status).toBe(200);
    expect((await json<Addresses>(res)).response.country).toBe('nz');
  });
  it('rejects a malformed postcode', async () => {
    const res = await get('/api/address/zipcode/12ab');
    expect(res.status).toBe(400);
    expect((await json(res)).statusMessage).toBe('Please enter a 4-digit postcode.');
  });
});

describe('the API envelope and request guards', () => {
  it('answers unknown API paths with a 404 envelope, not HTML', async () => {
    const res = await get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect((await json(res)).statusCode).not.toBe(0);
  });
  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.request('/api/cart', {
      method: 'POST',
      headers: { host: 'law-au.localhost', origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect((await json(res)).statusMessage).toMatch(/another site/);
  });
  it('serves health and readiness', async () => {
    expect((await get('/healthz')).status).toBe(200);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });
  it('sends a request id and security headers', async () => {
    const res = await get('/healthz');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('images, robots.txt and sitemap.xml', () => {
  it('draws product images and 404s the deliberately missing ones', async () => {
    const res = await get('/images/products/D0001-small.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg/);
    const [missing] = await t.testDb.database.db
      .select({ imageBase: products.imageBase })
      .from(products)
      .where(like(products.imageBase, '%/missing/%'))
      .limit(1);
    expect(missing).toBeTruthy();
    expect((await get(`${missing!.imageBase}-small.svg`)).status).toBe(404);
  });
  it('serves a placeholder per brand, country, kind and size', async () => {
    const res = await get('/images/placeholder/vir-au-case-thumbnail.svg');
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/width="60"/);
    expect((await get('/images/placeholder/zzz-au-case-thumbnail.svg')).status).toBe(404);
  });
  it('points robots.txt at the site sitemap and lists products in it', async () => {
    const robots = await (await get('/robots.txt', 'vir-au.localhost:3000')).text();
    expect(robots).toContain('Sitemap: http://vir-au.localhost:3000/sitemap.xml');
    const sitemap = await (await get('/sitemap.xml', 'vir-au.localhost:3000')).text();
    expect(sitemap).toContain('<loc>http://vir-au.localhost:3000/product/');
    expect(sitemap).toMatch(/\/D0001<\/loc>/);
    expect(sitemap.match(/<url>/g)?.length).toBeGreaterThan(500);
  });
});
