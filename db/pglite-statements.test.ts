import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements';

// PGlite through drizzle, its statements prepared by name (db/pglite-statements.ts). PGlite-only by nature: on
// PostgreSQL node-postgres prepares drizzle's named statements itself.

const wines = pgTable('wines', {
  code: text('code').primaryKey(),
  bottles: integer('bottles').notNull(),
  price: numeric('price').notNull(),
  notes: jsonb('notes').$type<{ grape: string }>(),
  added: timestamp('added', { withTimezone: true, mode: 'string' }),
});

let pg: PGlite;
// A new PGlite runs initdb (seconds); each test loads a copy of one made once (well under a second).
let snapshot: Blob;

beforeAll(async () => {
  const first = await PGlite.create();
  await first.exec(
    `create table wines (code text primary key, bottles int not null, price numeric not null, notes jsonb, added timestamptz);
     insert into wines values ('W1', 6, 19.99, '{"grape":"Shiraz"}', '2026-11-26T10:00:00Z'), ('W2', 12, 9.5, null, null);`,
  );
  snapshot = await first.dumpDataDir('none');
  await first.close();
});
beforeEach(async () => {
  pg = await PGlite.create({ loadDataDir: snapshot });
});
afterEach(async () => {
  if (!pg.closed) await pg.close();
});

/** The statements the database holds prepared for this connection, by their text. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await pg.query<{ statement: string }>('select statement from pg_prepared_statements');
  return rows.map((r) => r.statement);
}

describe('PGlite with prepared statements', () => {
  it('parses a statement once and answers each call from it', async () => {
    const db = drizzle({ client: withPreparedStatements(pg) });
    const byCode = (code: string) => db.select().from(wines).where(sql`${wines.code} = ${code}`);
    expect(await byCode('W1')).toEqual([
      { code: 'W1', bottles: 6, price: '19.99', notes: { grape: 'Shiraz' }, added: '2026-11-26 10:00:00+00' },
    ]);
    expect(await byCode('W2')).toEqual([{ code: 'W2', bottles: 12, price: '9.5', notes: null, added: null }]);
    expect(await byCode('W3')).toEqual([]);
    const prepared = await preparedTexts();
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toContain('from "wines"');
  });

  it("gives the same rows, types and counts as PGlite's own query", async () => {
    const client = withPreparedStatements(pg);
    const text =
      'select code, bottles, price, notes, added, $1::int[] as ids from wines where bottles >= $2 order by code';
    const params = [[1, 2], 6];
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { [types.NUMERIC]: Number } }]) {
      expect(await client.query(text, params, options)).toEqual(await pg.query(text, params, options));
    }
    const write = 'update wines set bottles = bottles + $1 where code = any($2::text[])';
    expect((await client.query(write, [1, ['W1', 'W2']])).affectedRows).toBe(2);
    expect((await pg.query<{ bottles: number }>('select bottles from wines order by code')).rows).toEqual([
      { bottles: 7 },
      { bottles: 13 },
    ]);
  });

  it("answers a failing statement with PostgreSQL's error and goes on", async () => {
    const client = withPreparedStatements(pg);
    const insert = "insert into wines (code, bottles, price) values ($1, 1, '5')";
    await expect(client.query(insert, ['W1'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    await client.query(insert, ['W3']);
    expect((await client.query('select count(*)::int as n from wines')).rows).toEqual([{ n: 3 }]);
    // The statement that could not be parsed was not kept.
    expect(await preparedTexts()).not.toContain('selec 1');
  });

  it("runs a transaction's statements in it, and no one else's", async () => {
    const db = drizzle({ client: withPreparedStatements(pg) });
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db
      .transaction(async (tx) => {
        await tx.insert(wines).values({ code: 'W9', bottles: 1, price: '1' });
        expect(await tx.select().from(wines)).toHaveLength(3);
        inserted();
        await held;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await insertedOnce;
    // Outside the transaction (started now: a drizzle query runs when awaited): it waits for the transaction to
    // end, so it never sees its uncommitted row, however long the transaction takes.
    const outside = db
      .select()
      .from(wines)
      .then((rows) => rows);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await transaction).toBe('rolled back');
    expect(await outside).toHaveLength(2);
  });

  it("refuses a statement once the database is closed, as PGlite's own query does", async () => {
    const client = withPreparedStatements(pg);
    await client.query('select 1 as n');
    await pg.close();
    await expect(client.query('select 1 as n')).rejects.toThrow('PGlite is closed');
    await expect(pg.query('select 1 as n')).rejects.toThrow('PGlite is closed');
  });

  it('closes the least recently used statement past its limit, and prepares it again when it comes back', async () => {
    const client = withPreparedStatements(pg, 2);
    const texts = ['select 1 as n', 'select 2 as n', 'select 3 as n'];
    for (const text of texts) await client.query(text);
    await client.query('select 1 as n');
    const prepared = await preparedTexts();
    expect(prepared).toHaveLength(2);
    expect(prepared).not.toContain('select 2 as n');
    expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });
});
