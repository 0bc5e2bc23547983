import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION } from '../../db/client';
import { products } from '../../db/schema';
import { PRODUCT_KIND_LIST, UNLISTED_KINDS } from '../../domain/product-kinds';
import { refusal } from '../support/database-refusal';
import { useTestApp } from '../support/test-app';

// The product kinds (domain/product-kinds.ts) are the database's too: a kind outside the table is refused by the
// column's check constraint, whoever writes it (a hand-written insert, a script, a future import).
const t = useTestApp();
const db = () => t.testDb.database.db;

const insertProduct = (itemCode: string, kind: string) =>
  db().execute(sql`
    insert into ${products} (item_code, name, slug, producer, product_type, colour, style, grape, region, appellation,
      country, tasting_notes, description, image_base, released_on)
    values (${itemCode}, 'A product', 'a-product', 'A maker', ${kind}, 'none', '', '', '', '', '', '', '',
      '/images/products/none', now())`);

describe('a product kind outside the table', () => {
  it.each([
    ['a new product', () => insertProduct('K0001', 'cheese')],
    [
      'a product changed',
      () =>
        db().execute(
          sql`update ${products} set product_type = 'hamper' where item_code = (select min(item_code) from ${products})`,
        ),
    ],
    ['a kind spelt otherwise', () => insertProduct('K0002', 'Wine')],
  ])('is refused by the database (%s)', async (_name, write) => {
    expect(await refusal(write)).toBe(CHECK_VIOLATION);
  });

  it('leaves the catalogue as it was', async () => {
    const result = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from ${products} where item_code like 'K%' or product_type in ('cheese', 'hamper')`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('every kind of the table', () => {
  it('is accepted by the database', async () => {
    for (const [i, kind] of PRODUCT_KIND_LIST.entries()) {
      const code = `K${String(100 + i).padStart(4, '0')}`;
      expect(await refusal(() => insertProduct(code, kind)), kind).toBeUndefined();
      await db().execute(sql`delete from ${products} where item_code = ${code}`);
    }
  });

  it("is what the search row's function leaves out when it is never listed (migration 0014 names them)", async () => {
    const result = await db().execute<{ src: string }>(
      sql`select prosrc as src from pg_proc where proname = 'product_search_refresh'`,
    );
    const src = (result as unknown as { rows: { src: string }[] }).rows[0]?.src ?? '';
    expect(src).toContain(`p.product_type NOT IN (${UNLISTED_KINDS.map((k) => `'${k}'`).join(', ')})`);
  });
});
