import { type Database, type Db, openDatabase } from '../../db/client';
import { systemClock } from '../../domain/clock';
import { readCatalogueCsv } from '../../server/catalogue-file';
import { importCatalogue } from '../../services/catalogue/import';
import { createTestDatabase, type TestDatabase } from './test-db';

// What the page-cache and segment-page tests share: one wine of their own, imported as a catalogue file, a test
// database that holds it, and a wait for what another part of the app (a notification, a listener) does in the
// background.

const HEADER =
  'item_code,sku_code,pack_size,currency,name,vintage,product_type,colour,grape,region,country,producer,list_price,sale_price,stock';

/** The catalogue file of the tests' one wine (D0900) at a sale price. */
export const wine = (sale: string, stock = 240) =>
  `${HEADER}\nD0900,D0900,1,AUD,Riverbend Estate Heathcote Shiraz,2022,wine,red,Shiraz,Heathcote,Australia,Riverbend Estate,32.99,${sale},${stock}`;

/** Imports the tests' wine at a sale price (a price change, when it is there already) and stock. */
export async function importWine(db: Db, sale: string, stock?: number): Promise<void> {
  await importCatalogue(db, systemClock, readCatalogueCsv(wine(sale, stock)).products);
}

/** A fresh test database with the tests' wine at $27.99. */
export async function databaseWithWine(): Promise<TestDatabase> {
  const testDb = await createTestDatabase();
  await importWine(testDb.database.db, '27.99');
  return testDb;
}

/** A second connection to the test database on PostgreSQL, as another process has one; closed by dropWithOthers. */
export async function anotherProcess(testDb: TestDatabase, others: Database[]): Promise<Database> {
  if (!testDb.url) throw new Error('no database address');
  const other = await openDatabase({ databaseUrl: testDb.url, poolSize: 2 });
  others.push(other);
  return other;
}

/** Closes the other connections a test opened to the database (another process's), then drops it. */
export async function dropWithOthers(testDb: TestDatabase | undefined, others: Database[]): Promise<void> {
  for (const other of others) await other.close();
  await testDb?.drop();
}

/** D0900's product page. */
export const PRODUCT = '/product/riverbend-estate-heathcote-shiraz/D0900';

/** Resolves once `check` holds, asking every 50 ms for 5 s; fails naming `what` otherwise. */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting: ${what}`);
}
