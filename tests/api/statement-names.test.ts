import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/client';
import { products } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The app's statements are prepared once per connection on both databases (decisions 014 and 037): the database keeps
// a parameterised statement under a name after it first runs, and the next run binds it instead of parsing it again.
describe('statements prepared by name', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  /** The statements the connection holds prepared whose text mentions `marker`, read on that connection. */
  const preparedWith = async (tx: Db, marker: string) => {
    const result = await tx.execute(
      sql`select name, statement from pg_prepared_statements where statement like ${`%${marker}%`}`,
    );
    const rows = (result as unknown as { rows: { name: string; statement: string }[] }).rows;
    return rows.filter((row) => !row.statement.includes('pg_prepared_statements'));
  };

  it('keeps a parameterised statement prepared on its connection and runs it again by name', async () => {
    await inTransaction(test.database.db, async (tx) => {
      const byCode = (code: string) =>
        tx.select({ name: products.name }).from(products).where(eq(products.itemCode, code)).limit(1);
      const [first] = await byCode('D0001');
      const [second] = await byCode('D0002');
      expect(first?.name).toBeTruthy();
      expect(second?.name).toBeTruthy();
      expect(second?.name).not.toBe(first?.name);
      const prepared = await preparedWith(tx, 'from "products" where "products"."item_code" = $1');
      // One statement for both runs: the text is prepared once, under one name.
      expect(prepared).toHaveLength(1);
    });
  });

  // PGlite prepares every statement (db/pglite-statements.ts); node-postgres sends one without parameters unnamed.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sends a statement without parameters as it is, on PostgreSQL',
    async () => {
      await inTransaction(test.database.db, async (tx) => {
        await tx.execute(sql.raw(`select count(*) from products where item_code like 'D%'`));
        expect(await preparedWith(tx, `item_code like 'D%'`)).toEqual([]);
      });
    },
  );
});
