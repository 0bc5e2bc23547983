import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, skuPrices, staff } from '../../db/schema';
import { PRICE_TEXTS } from '../../domain/catalogue-prices';
import { NOT_FOUND_MESSAGES } from '../../domain/catalogue-inputs';
import { englishText } from '../../domain/message';
import { parseSearchParams } from '../../domain/search-params';
import { STAFF_TEXTS } from '../../domain/staff';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { findProduct } from '../../services/catalogue/catalogue';
import type { RequestContext } from '../../services/platform/request-context';
import { searchProducts as searchShop } from '../../services/search/search';
import {
  changeProduct,
  loadStaffProduct,
  type PriceFilePreview,
  type StaffProduct,
  setProductHidden,
} from '../../services/staff/products';
import { PRODUCT_TEXTS } from '../../domain/staff-products';
import { until } from '../support/cached-pages';
import { staffSignIn, useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's products (CONTRACT.md `/admin/products`) through /api/admin/products: search, a product's page,
// price and stock changes with their refusals and audit entries, hide and publish, the price file, the work queue's
// low-stock line, and the storefront following every change at once (product API, cached page, search, cart).

/** The storefront's product page as the page cache sees it: the product through the read cache, or 404. */
async function renderPage(request: Request, ctx: RequestContext): Promise<Response> {
  const code = new URL(request.url).pathname.split('/').pop() ?? '';
  const currency = ctx.site.currency;
  const product = await ctx.cache.get(`product:${currency}:${code}`, () => findProduct(ctx.db, code, currency));
  if (!product) return new Response('<p>Not found</p>', { status: 404, headers: { 'Content-Type': 'text/html' } });
  const prices = product.skus.map((s) => `${s.itemCode}=${s.salePriceCents}`).join(' ');
  return new Response(`<!doctype html><p id="prices">prices:${prices};</p>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

const t = useConsoleApp({ renderPage });
const { clock, db, signIn } = t;
const manager = () => signIn('manager@staff.example');

/** A wine of the demo catalogue with every pack size, and its page for law-au. */
let wine: StaffProduct;
const WINE_WITH_PACKS = async (m: Awaited<ReturnType<typeof manager>>, code: string) =>
  (await m.call<StaffProduct>('GET', `/api/admin/products/${code}?site=law-au`)).body.response;

async function pricesOf(code: string) {
  return db().select().from(skuPrices).where(eq(skuPrices.skuItemCode, code)).orderBy(skuPrices.currency);
}

async function latestAudit(recordId: string) {
  const [entry] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'product'), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const page = (path: string, site = 'law-au', database = t.app) =>
  database.request(path, { headers: { host: `${site}.localhost:3000` } });

async function pageText(path: string, target = t.app) {
  const res = await page(path, 'law-au', target);
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache') };
}

/** The change listener connects in the background; until it listens, pages are rendered as without the cache. */
async function untilCaching(target: App, path: string) {
  await until(async () => (await pageText(path, target)).cache !== null, 'the page cache to start');
}

beforeAll(async () => {
  const m = await manager();
  // The first demo wines: find one with all five pack sizes.
  const found = await m.call<{ products: { itemCode: string }[] }>('GET', '/api/admin/products?site=law-au');
  for (const { itemCode } of found.body.response.products) {
    const p = await WINE_WITH_PACKS(m, itemCode);
    if (p.productType === 'wine' && p.skus.filter((s) => s.salePriceCents !== null).length === 5 && !p.hidden) {
      wine = p;
      break;
    }
  }
  expect(wine, 'a demo wine with five pack sizes').toBeDefined();
});

const single = () => wine.skus.find((s) => s.bottles === 1)!;
const twelve = () => wine.skus.find((s) => s.bottles === 12)!;
const amount = (cents: number) => (cents / 100).toFixed(2);

describe('search and a product’s page', () => {
  it('finds a product by its item code, a pack’s code, or a part of its name, with the site’s prices', async () => {
    const m = await manager();
    const byCode = await m.call<{ products: { itemCode: string; salePriceCents: number }[]; currency: string }>(
      'GET',
      `/api/admin/products?site=law-au&q=${wine.itemCode.toLowerCase()}`,
    );
    expect(byCode.status).toBe(200);
    expect(byCode.headers.get('cache-control')).toMatch(/no-store/);
    expect(byCode.body.response.products.map((p) => p.itemCode)).toContain(wine.itemCode);
    expect(byCode.body.response.currency).toBe('AUD');
    const byPack = await m.call<{ products: { itemCode: string }[] }>(
      'GET',
      `/api/admin/products?site=law-au&q=${twelve().itemCode}`,
    );
    expect(byPack.body.response.products.map((p) => p.itemCode)).toEqual([wine.itemCode]);
    const word = wine.name.split(' ').find((w) => w.length >= 5) ?? wine.name;
    const byName = await m.call<{ products: { itemCode: string; name: string }[] }>(
      'GET',
      `/api/admin/products?site=law-nz&q=${encodeURIComponent(word.toLowerCase())}`,
    );
    expect(byName.body.response.products.map((p) => p.itemCode)).toContain(wine.itemCode);
    for (const p of byName.body.response.products) expect(p.name.toLowerCase()).toContain(word.toLowerCase());
  });

  it('pages by item code', async () => {
    const m = await manager();
    const first = await m.call<{ products: { itemCode: string }[]; next: string | null }>(
      'GET',
      '/api/admin/products?site=law-au',
    );
    expect(first.body.response.products).toHaveLength(25);
    const next = first.body.response.next;
    expect(next).toBe(first.body.response.products.at(-1)?.itemCode);
    const second = await m.call<{ products: { itemCode: string }[] }>(
      'GET',
      `/api/admin/products?site=law-au&after=${next}`,
    );
    expect((second.body.response.products[0]?.itemCode ?? '') > (next ?? '')).toBe(true);
  });

  it('shows prices per pack size in the site’s currency (TWD on law-tw), volume and member prices, stock', async () => {
    const m = await manager();
    const [aud] = (await pricesOf(single().itemCode)).filter((p) => p.currency === 'AUD');
    expect(single().salePriceCents).toBe(aud?.salePriceCents);
    expect(single().memberPriceCents).toBe(aud?.memberPriceCents ?? null);
    expect(wine.sharedWith).toEqual(expect.arrayContaining(['law-au', 'vir-au']));
    const tw = (await m.call<StaffProduct>('GET', `/api/admin/products/${wine.itemCode}?site=law-tw`)).body.response;
    expect(tw.currency).toBe('TWD');
    const [twd] = (await pricesOf(single().itemCode)).filter((p) => p.currency === 'TWD');
    expect(tw.skus.find((s) => s.bottles === 1)?.salePriceCents).toBe(twd?.salePriceCents);
    expect(tw.skus.map((s) => s.bottles)).toEqual([1, 2, 3, 6, 12]);
    const missing = await m.call('GET', '/api/admin/products/ZZ9999?site=law-au');
    expect(missing.status).toBe(404);
  });
});

describe('who may', () => {
  it.each(['support', 'fulfilment'])(
    '%s may not search, open or change a product: 403, audited, unchanged',
    async (role) => {
      const staff = await signIn(`${role}@staff.example`);
      const before = await pricesOf(single().itemCode);
      const searched = await staff.call('GET', '/api/admin/products?site=law-au');
      expect(searched.status).toBe(403);
      expect(searched.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
      for (const [method, path, body] of [
        ['GET', `/api/admin/products/${wine.itemCode}?site=law-au`, undefined],
        [
          'POST',
          `/api/admin/products/${wine.itemCode}`,
          { site: 'law-au', prices: [{ sku: single().itemCode, salePrice: '1.00' }] },
        ],
        ['POST', `/api/admin/products/${wine.itemCode}/hide`, { site: 'law-au' }],
      ] as const) {
        const res = await staff.call(method, path, body);
        expect(res.status).toBe(403);
        expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
        expect(await latestAudit(wine.itemCode)).toMatchObject({ actor: `${role}@staff.example`, outcome: 'refused' });
      }
      expect(await pricesOf(single().itemCode)).toEqual(before);
      const [row] = await db().select().from(products).where(eq(products.itemCode, wine.itemCode));
      expect(row?.hiddenAt).toBeNull();
    },
  );

  it('refuses a change posted from another origin', async () => {
    const m = await manager();
    const before = await pricesOf(single().itemCode);
    const res = await m.call(
      'POST',
      `/api/admin/products/${wine.itemCode}`,
      { site: 'law-au', prices: [{ sku: single().itemCode, salePrice: '1.00' }] },
      undefined,
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await pricesOf(single().itemCode)).toEqual(before);
  });
});

describe('changing prices and stock', () => {
  it('refuses what the catalogue file refuses, each with its message and field, and changes nothing', async () => {
    const m = await manager();
    const before = await pricesOf(twelve().itemCode);
    const beforeSingle = await pricesOf(single().itemCode);
    const tooDear = twelve();
    const cases: [string, unknown, string][] = [
      [
        'a 12-pack dearer than 12 singles',
        {
          site: 'law-au',
          prices: [
            {
              sku: tooDear.itemCode,
              listPrice: amount(single().salePriceCents! * 13),
              salePrice: amount(single().salePriceCents! * 12 + 1),
            },
          ],
        },
        PRICE_TEXTS.packAboveSingles(12),
      ],
      [
        'a sale price above the list price',
        { site: 'law-au', prices: [{ sku: single().itemCode, salePrice: amount(single().listPriceCents! + 100) }] },
        PRICE_TEXTS.saleAboveList('a single bottle'),
      ],
      [
        'cents in TWD',
        { site: 'law-tw', prices: [{ sku: single().itemCode, salePrice: '899.50' }] },
        PRICE_TEXTS.amount('TWD'),
      ],
      [
        'not an amount',
        { site: 'law-au', prices: [{ sku: single().itemCode, salePrice: '12,5' }] },
        PRICE_TEXTS.amount('AUD'),
      ],
      ['a negative stock', { site: 'law-au', stockBottles: '-3' }, PRICE_TEXTS.stock],
    ];
    for (const [what, body, message] of cases) {
      const res = await m.call('POST', `/api/admin/products/${wine.itemCode}`, body);
      expect(res.status, what).toBe(400);
      expect(res.body.statusMessage, what).toBe(message);
    }
    expect(await pricesOf(twelve().itemCode)).toEqual(before);
    expect(await pricesOf(single().itemCode)).toEqual(beforeSingle);
  });

  it('puts a wine on special for every AUD site and the storefront shows it at once: API, cached page, search', async () => {
    const m = await manager();
    const path = `/product/x/${wine.itemCode}`;
    await untilCaching(t.app, path);
    await pageText(path);
    expect((await pageText(path)).cache).toBe('hit');
    // On special: every pack 10 % off (a single alone lower would leave the packs dearer than its bottles).
    const off = (cents: number) => Math.round((cents * 0.9) / 10) * 10;
    const special = off(single().salePriceCents!);
    const res = await m.call<StaffProduct>('POST', `/api/admin/products/${wine.itemCode}`, {
      site: 'law-au',
      prices: wine.skus.map((k) => ({ sku: k.itemCode, salePrice: amount(off(k.salePriceCents!)) })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.skus.find((s) => s.bottles === 1)?.salePriceCents).toBe(special);
    // The audit entry, with the values before and after.
    expect(await latestAudit(wine.itemCode)).toMatchObject({
      actor: 'manager@staff.example',
      action: 'products.change',
      outcome: 'done',
      before: { currency: 'AUD', prices: { [single().itemCode]: { sale: single().salePriceCents } } },
      after: { currency: 'AUD', prices: { [single().itemCode]: { sale: special } } },
    });
    // The product API on law-au and on vir-au (AUD too); NZD is its own.
    for (const site of ['law-au', 'vir-au'])
      await until(
        async () =>
          (await fetchApi(wine.itemCode, site)).find((s) => s.itemCode === single().itemCode)?.salePrice ===
          special / 100,
        `the product API of ${site}`,
      );
    await until(async () => (await pageText(path)).text.includes(`${single().itemCode}=${special} `), 'the page');
    const searched = await searchShop(db(), 'AUD', parseSearchParams(new URLSearchParams({ Ntt: wine.name })));
    expect(searched.items.find((p) => p.itemCode === wine.itemCode)?.salePriceCents).toBe(special);
    wine = res.body.response;
  });

  it('changes the stock (bottles), and 0 marks the wine out of stock', async () => {
    const m = await manager();
    const res = await m.call<StaffProduct>('POST', `/api/admin/products/${wine.itemCode}`, {
      site: 'law-au',
      stockBottles: 0,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toMatchObject({ stockBottles: 0, availability: 'out_of_stock' });
    expect(await latestAudit(wine.itemCode)).toMatchObject({ after: { stockBottles: 0 } });
    const back = await m.call<StaffProduct>('POST', `/api/admin/products/${wine.itemCode}`, {
      site: 'law-au',
      stockBottles: '240',
    });
    expect(back.body.response).toMatchObject({ stockBottles: 240, availability: 'in_stock' });
  });

  it('refuses a site-limited manager: a currency’s prices it does not wholly see, stock, hiding, other sites', async () => {
    const [row] = await db().select({ id: staff.id }).from(staff).where(eq(staff.email, 'manager@staff.example'));
    const limited = {
      member: { id: row!.id, email: 'manager@staff.example', role: 'manager' as const, sites: ['law-au' as const] },
      address: null,
    };
    const before = await pricesOf(single().itemCode);
    const prices = {
      [single().itemCode]: { list: amount(single().listPriceCents!), sale: amount(single().salePriceCents!) },
    };
    await expect(changeProduct(db(), clock, limited, wine.itemCode, { site: 'law-au', prices })).rejects.toMatchObject({
      kind: 'forbidden',
      message: PRODUCT_TEXTS.wholeCurrency('AUD', ['law-au', 'vir-au', 'wpe-au', 'adc-au', 'vws-au']),
    });
    await expect(
      changeProduct(db(), clock, limited, wine.itemCode, { site: 'law-au', stock: '5' }),
    ).rejects.toMatchObject({
      message: PRODUCT_TEXTS.wholeShop,
    });
    await expect(setProductHidden(db(), clock, limited, wine.itemCode, true, 'law-au')).rejects.toMatchObject({
      message: PRODUCT_TEXTS.wholeShop,
    });
    expect(await latestAudit(wine.itemCode)).toMatchObject({ action: 'products.hide', outcome: 'refused' });
    await expect(loadStaffProduct(db(), clock, limited, wine.itemCode, 'law-nz')).rejects.toMatchObject({
      kind: 'not_found',
    });
    // Its own site's page it sees.
    expect((await loadStaffProduct(db(), clock, limited, wine.itemCode, 'law-au')).currency).toBe('AUD');
    expect(await pricesOf(single().itemCode)).toEqual(before);
  });
});

describe('hide and publish', () => {
  it('hides a wine: out of search and suggestions, its page and API 404, not addable, dropped from a cart', async () => {
    const m = await manager();
    const shopper = createVisitor(() => t.app, 'law-au');
    expect((await shopper.add(single().itemCode, 1)).status).toBe(200);
    const path = `/product/x/${wine.itemCode}`;
    expect((await pageText(path)).status).toBe(200);
    const hidden = await m.call<StaffProduct>('POST', `/api/admin/products/${wine.itemCode}/hide`, { site: 'law-au' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.response.hidden).toBe(true);
    expect(await latestAudit(wine.itemCode)).toMatchObject({
      action: 'products.hide',
      before: { hidden: false },
      after: { hidden: true },
    });
    // Staff still find it, marked hidden.
    const found = await m.call<{ products: { itemCode: string; hidden: boolean }[] }>(
      'GET',
      `/api/admin/products?site=law-au&q=${wine.itemCode}`,
    );
    expect(found.body.response.products).toContainEqual(
      expect.objectContaining({ itemCode: wine.itemCode, hidden: true }),
    );
    // Shoppers do not.
    await until(async () => (await page(`/api/product/item/${wine.itemCode}`)).status === 404, 'the API to answer 404');
    await until(async () => (await pageText(path)).status === 404, 'the page to answer 404');
    const searched = await searchShop(db(), 'AUD', parseSearchParams(new URLSearchParams({ Ntt: wine.name })));
    expect(searched.items.map((p) => p.itemCode)).not.toContain(wine.itemCode);
    const suggestions = (await (await page('/search/suggestions/law.json')).json()) as { i: string }[];
    expect(suggestions.map((s) => s.i)).not.toContain(wine.itemCode);
    const add = await shopper.add(wine.itemCode, 1);
    expect(add.status).toBe(404);
    expect(add.body.statusMessage).toBe(englishText(NOT_FOUND_MESSAGES.product(wine.itemCode)));
    const cart = await shopper.cart();
    expect(cart.lineItems.map((l) => l.lineItemIdentification.itemCode)).not.toContain(single().itemCode);

    const published = await m.call<StaffProduct>('POST', `/api/admin/products/${wine.itemCode}/publish`, {
      site: 'law-au',
    });
    expect(published.body.response.hidden).toBe(false);
    // On PostgreSQL the announcement reaches the read cache through LISTEN, a moment after the commit.
    await until(async () => (await page(`/api/product/item/${wine.itemCode}`)).status === 200, 'the API');
    expect((await shopper.cart()).lineItems.map((l) => l.lineItemIdentification.itemCode)).toContain(single().itemCode);
    const again = await searchShop(db(), 'AUD', parseSearchParams(new URLSearchParams({ Ntt: wine.name })));
    expect(again.items.map((p) => p.itemCode)).toContain(wine.itemCode);
  });
});

describe('a price file', () => {
  const upload = async (
    m: Awaited<ReturnType<typeof manager>>,
    path: string,
    csv: string,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    form.set('file', new File([csv], 'prices.csv', { type: 'text/csv' }));
    if (token) form.set('token', token);
    const cookie = [...m.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.request(path, {
      method: 'POST',
      body: form,
      headers: { host: 'law-au.localhost:3000', cookie, ...headers },
    });
    return { status: res.status, body: (await res.json()) as { statusMessage?: string; response: PriceFilePreview } };
  };
  const HEADER = 'sku_code,currency,list_price,sale_price';

  it('previews old and new prices and the refused rows by line, then applies in one go with an audit per product', async () => {
    const m = await manager();
    const s = single();
    const six = wine.skus.find((k) => k.bottles === 6)!;
    const bad = `${HEADER}\n${s.itemCode},AUD,${amount(s.listPriceCents! + 100)},${amount(s.salePriceCents! + 100)}\nNOPE1,AUD,1.00,1.00\n${s.itemCode},TWD,900.50,800\n${six.itemCode},AUD,${amount(s.salePriceCents! * 7)},${amount(s.salePriceCents! * 7)}`;
    const before = await pricesOf(s.itemCode);
    const refused = await upload(m, '/api/admin/products/prices/preview', bad);
    expect(refused.status).toBe(200);
    expect(refused.body.response.problems).toEqual([
      { line: 3, message: PRODUCT_TEXTS.unknownSku('NOPE1') },
      { line: 4, message: `list_price: ${PRICE_TEXTS.amount('TWD')}` },
      { line: 5, message: `${six.itemCode}: ${PRICE_TEXTS.packAboveSingles(6)}` },
    ]);
    const notApplied = await upload(m, '/api/admin/products/prices/apply', bad, refused.body.response.token);
    expect(notApplied.status).toBe(400);
    expect(await pricesOf(s.itemCode)).toEqual(before);

    const [nzd] = (await pricesOf(s.itemCode)).filter((p) => p.currency === 'NZD');
    const good = `${HEADER}\n${s.itemCode},AUD,${amount(s.listPriceCents! + 100)},${amount(s.salePriceCents! + 100)}\n${s.itemCode},NZD,${amount(nzd!.listPriceCents + 500)},${amount(nzd!.salePriceCents + 200)}`;
    const preview = await upload(m, '/api/admin/products/prices/preview', good);
    expect(preview.body.response.problems).toEqual([]);
    expect(preview.body.response.rows[0]).toMatchObject({
      line: 2,
      sku: s.itemCode,
      oldSaleCents: s.salePriceCents,
      newSaleCents: s.salePriceCents! + 100,
      changed: true,
    });
    expect(await pricesOf(s.itemCode)).toEqual(before);
    const applied = await upload(m, '/api/admin/products/prices/apply', good, preview.body.response.token);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.response).toMatchObject({ applied: true, changes: 2, products: 1 });
    const after = await pricesOf(s.itemCode);
    expect(after.find((p) => p.currency === 'AUD')?.salePriceCents).toBe(s.salePriceCents! + 100);
    expect(after.find((p) => p.currency === 'NZD')).toMatchObject({
      listPriceCents: nzd!.listPriceCents + 500,
      salePriceCents: nzd!.salePriceCents + 200,
    });
    expect(await latestAudit(wine.itemCode)).toMatchObject({
      action: 'products.price-file.apply',
      before: { prices: { [`${s.itemCode} AUD`]: { sale: s.salePriceCents } } },
      after: { prices: { [`${s.itemCode} AUD`]: { sale: s.salePriceCents! + 100 } } },
    });
    await until(
      async () =>
        (await fetchApi(wine.itemCode)).find((k) => k.itemCode === s.itemCode)?.salePrice ===
        (s.salePriceCents! + 100) / 100,
      'the product API',
    );
    wine = (await m.call<StaffProduct>('GET', `/api/admin/products/${wine.itemCode}?site=law-au`)).body.response;
  });

  it('refuses a stale preview (a price changed since) and changes nothing', async () => {
    const m = await manager();
    const s = single();
    const csv = `${HEADER}\n${s.itemCode},AUD,${amount(s.listPriceCents! + 50)},${amount(s.salePriceCents! + 50)}`;
    const preview = await upload(m, '/api/admin/products/prices/preview', csv);
    // Someone else changes the price meanwhile.
    const changed = await m.call('POST', `/api/admin/products/${wine.itemCode}`, {
      site: 'law-au',
      prices: [
        { sku: s.itemCode, listPrice: amount(s.listPriceCents! + 10), salePrice: amount(s.salePriceCents! + 10) },
      ],
    });
    expect(changed.status).toBe(200);
    const stale = await upload(m, '/api/admin/products/prices/apply', csv, preview.body.response.token);
    expect(stale.status).toBe(409);
    expect(stale.body.statusMessage).toBe(PRODUCT_TEXTS.stale);
    expect((await pricesOf(s.itemCode)).find((p) => p.currency === 'AUD')?.salePriceCents).toBe(s.salePriceCents! + 10);
  });

  it('refuses a file over the size limit', async () => {
    const m = await manager();
    const big = `${HEADER}\n${'D0001,AUD,10.00,9.00\n'.repeat(2500)}`;
    const res = await upload(m, '/api/admin/products/prices/preview', big);
    expect(res.status).toBe(413);
  });
});

async function fetchApi(code: string, site = 'law-au') {
  const res = await page(`/api/product/item/${code}`, site);
  return ((await res.json()) as { response: { skus: { itemCode: string; salePrice: number }[] } }).response.skus;
}

describe('the work queue', () => {
  it('counts published products low on stock and lists the lowest', async () => {
    const m = await manager();
    const queue = async () =>
      (
        await m.call<{
          lowStock: { threshold: number; count: number; lowest: { itemCode: string; stockBottles: number }[] };
        }>('GET', '/api/admin/queue')
      ).body.response.lowStock;
    const before = await queue();
    expect(before.threshold).toBe(12);
    expect(
      (await m.call('POST', `/api/admin/products/${wine.itemCode}`, { site: 'law-au', stockBottles: 0 })).status,
    ).toBe(200);
    const low = await queue();
    expect(low.count).toBe(before.count + (before.lowest.some((p) => p.itemCode === wine.itemCode) ? 0 : 1));
    expect(low.lowest[0]).toEqual(expect.objectContaining({ stockBottles: 0 }));
    expect(low.lowest.map((p) => p.itemCode)).toContain(wine.itemCode);
    // Hidden: not counted.
    await m.call('POST', `/api/admin/products/${wine.itemCode}/hide`, { site: 'law-au' });
    expect((await queue()).lowest.map((p) => p.itemCode)).not.toContain(wine.itemCode);
    await m.call('POST', `/api/admin/products/${wine.itemCode}/publish`, { site: 'law-au' });
    // LOW_STOCK_BOTTLES sets the threshold: at 2 bottles, a wine of 3 is not low.
    await m.call('POST', `/api/admin/products/${wine.itemCode}`, { site: 'law-au', stockBottles: 3 });
    expect((await queue()).lowest.map((p) => p.itemCode)).toContain(wine.itemCode);
    const strict = createApp({ database: t.testDb.database, clock, config: testConfig({ LOW_STOCK_BOTTLES: '2' }) });
    const other = await staffSignIn(() => strict, clock, 'manager@staff.example');
    const strictQueue = (
      await other.call<{ lowStock: { threshold: number; lowest: { itemCode: string }[] } }>('GET', '/api/admin/queue')
    ).body.response.lowStock;
    expect(strictQueue.threshold).toBe(2);
    expect(strictQueue.lowest.map((p) => p.itemCode)).not.toContain(wine.itemCode);
    await m.call('POST', `/api/admin/products/${wine.itemCode}`, { site: 'law-au', stockBottles: 240 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across processes', () => {
  it('a price change through one process shows on the page another process cached', async () => {
    const second = await t.anotherProcess();
    const path = `/product/x/${wine.itemCode}`;
    await untilCaching(second, path);
    await pageText(path, second);
    expect((await pageText(path, second)).cache).toBe('hit');
    const m = await manager();
    const next = single().salePriceCents! + 200;
    const res = await m.call('POST', `/api/admin/products/${wine.itemCode}`, {
      site: 'law-au',
      prices: [{ sku: single().itemCode, listPrice: amount(single().listPriceCents! + 200), salePrice: amount(next) }],
    });
    expect(res.status).toBe(200);
    await until(
      async () => (await pageText(path, second)).text.includes(`${single().itemCode}=${next} `),
      'the other process to drop its page',
    );
  });
});
