import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackPrices, priceProblems } from '../domain/catalogue-prices';
import { type Database, openDatabase } from './client';
import { DEMO_ACCOUNTS, DEMO_PRODUCTION_HASHES } from './demo/accounts';
import { generateCatalogue } from './demo/catalogue';
import { customers, customerVouchers, meta, products, skuPrices, skus, vouchers } from './schema';
import { seedDatabase } from './seed';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
});

const TABLES = [
  'products',
  'skus',
  'sku_prices',
  'mixed_case_contents',
  'reviews',
  'offer_lists',
  'offer_list_items',
  'postcodes',
  'vouchers',
  'plan_mappings',
  'customers',
  'customer_subscriptions',
  'customer_addresses',
  'customer_points',
  'orders',
  'order_lines',
  'favourites',
  'customer_ratings',
  'do_not_send_items',
  'payment_methods',
  'customer_vouchers',
];

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const rows = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}

describe('seedDatabase', () => {
  it('writes the demo catalogue once and changes nothing when run again', async () => {
    expect(await seedDatabase(database.db)).toEqual({ seeded: true });
    const first = await counts();
    expect(await seedDatabase(database.db)).toEqual({ seeded: false });
    await database.db.delete(meta).where(eq(meta.key, 'seed_version'));
    expect(await seedDatabase(database.db)).toEqual({ seeded: true });
    expect(await counts()).toEqual(first);
    expect(first.customers).toBe(6);
  });

  it('has at least 500 wines and the fixed records of CONTRACT.md', async () => {
    const [wines] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.productType} = 'wine' and not ${products.mixed}`);
    expect(wines!.n).toBeGreaterThanOrEqual(500);
    const byCode = async (code: string) =>
      (await database.db.select().from(products).where(eq(products.itemCode, code)))[0];
    const skusOf = async (code: string) =>
      database.db.select().from(skus).where(eq(skus.productItemCode, code)).orderBy(skus.numberOfBottles);
    expect((await skusOf('D0001')).map((s) => [s.numberOfBottles, s.vppApplier])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [6, false],
      [12, false],
    ]);
    expect((await byCode('D0001'))?.colour).toBe('red');
    expect((await byCode('D0002'))?.colour).toBe('white');
    expect((await skusOf('D0002')).every((s) => !s.vppApplier)).toBe(true);
    expect((await skusOf('D0002')).length).toBe(5);
    expect((await byCode('D0003'))?.colour).toBe('sparkling');
    expect(await byCode('M0001')).toMatchObject({ mixed: true, bottleCount: 12 });
    expect(await byCode('G0001')).toMatchObject({ bottleCount: 2, bottleSizeMl: 1500 });
    expect((await byCode('X0001'))?.availability).toBe('out_of_stock');
    expect((await byCode('P0001'))?.preSell).toBe(true);
    expect((await byCode('B0001'))?.productType).toBe('beer');
    expect((await byCode('S0001'))?.productType).toBe('spirit');
    expect((await byCode('O0001'))?.productType).toBe('other');
    expect((await byCode('Z020'))?.quantityLocked).toBe(true);
    for (const code of ['00041VC', '00042VC', '00043VC', '02698VC'])
      expect((await byCode(code))?.productType).toBe('giftVoucher');
  });

  it('prices every sku in all five currencies', async () => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(skus)
      .where(sql`(select count(*) from ${skuPrices} p where p.sku_item_code = ${skus.itemCode}) <> 5`);
    expect(row!.n).toBe(0);
  });

  it('gives every demo account the password Vintage2026, hashed at the production cost', async () => {
    const rows = await database.db.select().from(customers);
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    // The precomputed hashes (db/demo/accounts.test.ts proves each is Vintage2026's).
    for (const row of rows) expect(row.passwordHash, row.email).toBe(DEMO_PRODUCTION_HASHES[row.email]);
  });
});

describe('demo account history', () => {
  it('gives every demo account orders whose totals are the sum of their lines, and shopper@ favourites, ratings and a card', async () => {
    const rows = await database.db.execute<{ email: string; orders: number; bad: number }>(
      sql.raw(`
      select c.email, count(distinct o.id)::int as orders,
        count(distinct o.id) filter (where o.subtotal_cents <> (select sum(l.unit_price_cents * l.quantity) from order_lines l where l.order_id = o.id))::int as bad
      from customers c left join orders o on o.customer_id = c.id group by c.email order by c.email`),
    );
    const byEmail = (rows as unknown as { rows: { email: string; orders: number; bad: number }[] }).rows;
    expect(byEmail).toHaveLength(6);
    for (const row of byEmail) {
      expect(row.orders, row.email).toBeGreaterThan(0);
      expect(row.bad, row.email).toBe(0);
    }
    const shopperCounts = await database.db.execute<{ favs: number; ratings: number; cards: number; dns: number }>(
      sql.raw(`
      select (select count(*) from favourites f where f.customer_id = c.id)::int as favs,
             (select count(*) from customer_ratings r where r.customer_id = c.id)::int as ratings,
             (select count(*) from payment_methods p where p.customer_id = c.id)::int as cards,
             (select count(*) from do_not_send_items d where d.customer_id = c.id)::int as dns
      from customers c where c.email = 'shopper@example.com'`),
    );
    expect((shopperCounts as unknown as { rows: object[] }).rows[0]).toEqual({ favs: 4, ratings: 3, cards: 2, dns: 1 });
  });
});

describe('generateCatalogue', () => {
  it('is deterministic', () => {
    expect(generateCatalogue()).toEqual(generateCatalogue());
  });
  it('fills every mixed case with 12 bottles of listed wines in stock, which cost more one by one in every currency', () => {
    const cat = generateCatalogue();
    const byCode = new Map(cat.products.map((p) => [p.itemCode, p] as const));
    const cases = cat.products.filter((p) => p.mixed && p.productType === 'wine');
    expect(cases.map((p) => p.itemCode)).toEqual(['M0001', 'M0002', 'M0003', 'M0004', 'M0005', 'M0006']);
    for (const c of cases) {
      const lines = cat.mixedCaseContents.filter((l) => l.caseItemCode === c.itemCode);
      expect(
        lines.reduce((n, l) => n + l.quantity, 0),
        c.itemCode,
      ).toBe(12);
      expect(new Set(lines.map((l) => l.wineItemCode)).size, c.itemCode).toBe(lines.length);
      for (const l of lines) {
        const wine = byCode.get(l.wineItemCode);
        expect(wine, l.wineItemCode).toMatchObject({ productType: 'wine', mixed: false, availability: 'in_stock' });
        expect(wine?.categories?.length, l.wineItemCode).toBeGreaterThan(0);
      }
      for (const currency of ['AUD', 'NZD', 'USD', 'HKD', 'TWD']) {
        const price = (code: string) =>
          cat.skuPrices.find((p) => p.skuItemCode === code && p.currency === currency)?.salePriceCents ?? 0;
        const alone = lines.reduce((sum, l) => sum + l.quantity * price(l.wineItemCode), 0);
        expect(alone, `${c.itemCode} ${currency}`).toBeGreaterThan(price(c.itemCode));
      }
    }
  });

  it('prices every product as the console and the catalogue file accept, in every currency', () => {
    const cat = generateCatalogue();
    const packs = new Map<string, PackPrices[]>();
    const sizeOf = new Map(cat.skus.map((s) => [s.itemCode, { product: s.productItemCode, size: s.numberOfBottles }]));
    for (const price of cat.skuPrices) {
      const sku = sizeOf.get(price.skuItemCode);
      if (!sku) continue;
      const key = `${sku.product} ${price.currency}`;
      packs.set(key, [
        ...(packs.get(key) ?? []),
        { size: sku.size, listCents: price.listPriceCents, saleCents: price.salePriceCents },
      ]);
    }
    const refused = [...packs].filter(([, p]) => priceProblems(p).length > 0).map(([key]) => key);
    expect(refused).toEqual([]);
  });

  it('has a few deliberately missing images, none on fixed records', () => {
    const missing = generateCatalogue().products.filter((p) => p.imageBase.includes('/missing/'));
    expect(missing.length).toBeGreaterThanOrEqual(3);
    expect(missing.every((p) => /^W\d{5}$/.test(p.itemCode))).toBe(true);
  });
});

describe('demo vouchers', () => {
  it('has the CONTRACT codes on every site, and every customer VOUCHER is a real voucher', async () => {
    await seedDatabase(database.db);
    const codes = (await database.db.select({ code: vouchers.code }).from(vouchers)).map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['WELCOME20', 'SPEND150', 'EXPIRED10']));
    const own = await database.db
      .select({ code: customerVouchers.code })
      .from(customerVouchers)
      .where(eq(customerVouchers.kind, 'VOUCHER'));
    expect(own.length).toBeGreaterThan(0);
    for (const { code } of own) expect(codes).toContain(code);
  });
});
