import { VOUCHER_RULE_DEFAULTS } from '../domain/vouchers';
import { productKindsWhere } from '../domain/product-kinds';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, inTransaction } from './client';
import type { ScryptCost } from './password-hash';
import {
  customerAddresses,
  customerPoints,
  customerSubscriptions,
  customerRatings,
  customerVouchers,
  customers,
  doNotSendItems,
  favourites,
  meta,
  mixedCaseContents,
  orderLines,
  orders,
  paymentMethods,
  offerListItems,
  offerLists,
  postcodes,
  products,
  reviews,
  skuPrices,
  skus,
  staff,
  vouchers,
} from './schema';
import { buildCustomerRows, demoAddresses, demoPoints, demoSubscriptions } from './demo/accounts';
import { buildStaffRows } from './demo/staff';
import { generateCatalogue } from './demo/catalogue';
import {
  buildOrders,
  demoDoNotSend,
  demoFavourites,
  demoPaymentMethods,
  demoRatings,
  demoVouchers,
} from './demo/history';
import { postcodes as postcodeRows, vouchers as voucherRows } from './demo/reference';

/** Bump when the demo data changes: a database seeded with an older version is topped up. */
export const SEED_VERSION = '2026-12-02.1';

// NOTE: PostgreSQL allows 65,535 bind parameters per statement; 500 rows of our widest table stay far below.
const CHUNK = 500;

async function insertAll(tx: Db, table: PgTable, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .onConflictDoNothing();
  }
}

/** The serial ids of the rows whose unique `key` column holds one of `keys`, by key (to link child rows). */
async function idsByKey(
  tx: Db,
  table: PgTable,
  id: AnyPgColumn,
  key: AnyPgColumn,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id, key })
    .from(table)
    .where(inArray(key, [...keys]));
  return new Map(rows.map((r) => [r.key as string, r.id as number] as const));
}

/**
 * Writes the demo data of CONTRACT.md. Idempotent: rows are keyed (item codes, emails, fixed review
 * positions), inserted with ON CONFLICT DO NOTHING, and a finished run is remembered in `meta`.
 */
export async function seedDatabase(
  db: Db,
  options: { log?: (msg: string) => void; passwordCost?: ScryptCost } = {},
): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => {});
  const [done] = await db.select().from(meta).where(eq(meta.key, 'seed_version')).limit(1);
  if (done?.value === SEED_VERSION) return { seeded: false };

  const started = performance.now();
  const catalogue = generateCatalogue();
  const customerRows = await buildCustomerRows(options.passwordCost);
  const staffRows = await buildStaffRows(options.passwordCost);

  await inTransaction(db, async (t) => {
    await insertAll(t, products, catalogue.products);
    await insertAll(t, skus, catalogue.skus);
    await insertAll(t, skuPrices, catalogue.skuPrices);
    await insertAll(t, mixedCaseContents, catalogue.mixedCaseContents);
    // Stock the demo catalogue counts (checkout takes from it): plenty of everything in stock, none of the
    // rest. Only products without a count yet, so a re-run keeps what orders took.
    const counted = inArray(
      products.productType,
      productKindsWhere((k) => k.carriesStock),
    );
    await t.execute(sql`
      update ${products} set stock_bottles = case when availability = 'out_of_stock' then 0 else 2400 end
      where stock_bottles is null and ${counted}`);

    // Reviews have serial ids: only write them for products that have none yet, so a re-run adds nothing.
    const reviewed = new Set(
      (await t.selectDistinct({ code: reviews.productItemCode }).from(reviews)).map((r) => r.code),
    );
    await insertAll(
      t,
      reviews,
      catalogue.reviews.filter((r) => !reviewed.has(r.productItemCode)),
    );

    await insertAll(t, offerLists, catalogue.offerLists);
    await insertAll(t, offerListItems, catalogue.offerListItems);
    await insertAll(t, postcodes, postcodeRows);
    // Vouchers are the demo's rules, not shoppers' data: a re-seed brings every field up to date.
    for (const row of voucherRows) {
      await t
        .insert(vouchers)
        .values(row)
        .onConflictDoUpdate({ target: vouchers.code, set: { ...VOUCHER_RULE_DEFAULTS, ...row } });
    }

    await insertAll(t, customers, customerRows);
    // The console's demo staff (CONTRACT.md); an account already there is kept as it is.
    await insertAll(t, staff, staffRows);
    const ids = await idsByKey(
      t,
      customers,
      customers.id,
      customers.email,
      customerRows.map((c) => c.email),
    );
    // A demo account's child rows are written once per table: a table is topped up for the accounts that
    // have no rows there yet (so tables added by a later seed version fill in on an existing database).
    const topUp = async <T extends { email: string }>(table: PgTable, customerId: AnyPgColumn, rows: readonly T[]) => {
      const present = new Set((await t.selectDistinct({ id: customerId }).from(table)).map((r) => r.id as number));
      await insertAll(
        t,
        table,
        rows.flatMap(({ email, ...rest }) => {
          const id = ids.get(email);
          return id === undefined || present.has(id) ? [] : [{ ...rest, customerId: id }];
        }),
      );
    };
    await topUp(customerSubscriptions, customerSubscriptions.customerId, demoSubscriptions);
    await topUp(customerPoints, customerPoints.customerId, demoPoints);
    await topUp(customerAddresses, customerAddresses.customerId, demoAddresses);
    await topUp(favourites, favourites.customerId, demoFavourites);
    await topUp(customerRatings, customerRatings.customerId, demoRatings);
    await topUp(doNotSendItems, doNotSendItems.customerId, demoDoNotSend);
    await topUp(paymentMethods, paymentMethods.customerId, demoPaymentMethods);
    await topUp(customerVouchers, customerVouchers.customerId, demoVouchers);
    const history = buildOrders(catalogue);
    await topUp(orders, orders.customerId, history.orders);
    const orderIds = await idsByKey(
      t,
      orders,
      orders.id,
      orders.orderNumber,
      history.orders.map((o) => o.orderNumber),
    );
    const withLines = new Set((await t.selectDistinct({ id: orderLines.orderId }).from(orderLines)).map((r) => r.id));
    await insertAll(
      t,
      orderLines,
      history.lines.flatMap(({ orderNumber, ...rest }) => {
        const orderId = orderIds.get(orderNumber);
        return orderId === undefined || withLines.has(orderId) ? [] : [{ ...rest, orderId }];
      }),
    );

    await t
      .insert(meta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: meta.key, set: { value: SEED_VERSION } });
  });
  log(
    `seeded ${catalogue.products.length} products, ${catalogue.skus.length} skus, ${catalogue.reviews.length} reviews in ${Math.round(performance.now() - started)} ms`,
  );
  return { seeded: true };
}
