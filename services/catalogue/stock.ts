import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, products } from '../../db/schema';
import { CHECKOUT_MESSAGES, CHECKOUT_ERRORS } from '../../domain/checkout';
import { carriesStock } from '../../domain/product-kinds';
import type { CartModel } from '../cart/cart-json';
import { ServiceError } from '../platform/service-error';
import { announcePageChange } from '../platform/page-changes';

// Stock, taken and given back in one place: checkout takes it for the lines it sells, a cancellation gives it back;
// only kinds that carry stock (domain/product-kinds.ts) and products whose stock is counted (not null).

/**
 * The stock: one conditional update per product, in item-code order (no deadlocks between two buyers). A row that
 * cannot cover the bottles is not touched, and the buyer is told how many are left. True when a wine sold out.
 */
export async function takeStock(tx: Db, cart: CartModel): Promise<boolean> {
  let wentOutOfStock = false;
  const bottlesByProduct = new Map<string, { name: string; bottles: number }>();
  for (const line of cart.lines) {
    if (line.giftVoucher || !carriesStock(line.product.productType)) continue;
    const entry = bottlesByProduct.get(line.product.itemCode) ?? { name: line.product.name, bottles: 0 };
    entry.bottles += line.bottleCount;
    bottlesByProduct.set(line.product.itemCode, entry);
  }
  for (const [itemCode, { name, bottles }] of [...bottlesByProduct].sort(([a], [b]) => a.localeCompare(b))) {
    const taken = await tx
      .update(products)
      .set({
        stockBottles: sql`${products.stockBottles} - ${bottles}`,
        availability: sql`case when ${products.stockBottles} - ${bottles} <= 0 then 'out_of_stock' else ${products.availability} end`,
      })
      .where(and(eq(products.itemCode, itemCode), sql`${products.stockBottles} >= ${bottles}`))
      .returning({ left: products.stockBottles });
    if (taken.length > 0) {
      if ((taken[0]?.left ?? 1) <= 0) {
        // Pages show availability: the wine's pages (and lists holding it) change.
        if (!wentOutOfStock) await announcePageChange(tx);
        wentOutOfStock = true;
      }
      continue;
    }
    const [row] = await tx
      .select({ left: products.stockBottles })
      .from(products)
      .where(eq(products.itemCode, itemCode));
    if (row && row.left !== null) {
      throw new ServiceError(
        CHECKOUT_ERRORS.stockShort,
        row.left <= 0 ? CHECKOUT_MESSAGES.outOfStock(name) : CHECKOUT_MESSAGES.fewLeft(name, row.left),
      );
    }
    // Stock not counted for this product (null): nothing to take.
  }
  return wentOutOfStock;
}

/** The bottles of a cancelled order's lines go back on sale (products whose stock is counted). */
export async function returnStock(tx: Db, orderId: number): Promise<void> {
  const lines = await tx
    .select({ itemCode: orderLines.itemCode, bottles: orderLines.bottleCount, type: products.productType })
    .from(orderLines)
    .innerJoin(products, eq(products.itemCode, orderLines.itemCode))
    .where(eq(orderLines.orderId, orderId));
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    if (!carriesStock(line.type)) continue;
    byProduct.set(line.itemCode, (byProduct.get(line.itemCode) ?? 0) + line.bottles);
  }
  let changed = false;
  for (const [itemCode, bottles] of [...byProduct].sort(([a], [b]) => a.localeCompare(b))) {
    const back = await tx
      .update(products)
      .set({
        stockBottles: sql`${products.stockBottles} + ${bottles}`,
        availability: sql`case when ${products.availability} = 'out_of_stock' and ${products.stockBottles} + ${bottles} > 0 then 'in_stock' else ${products.availability} end`,
      })
      .where(and(eq(products.itemCode, itemCode), sql`${products.stockBottles} is not null`))
      .returning({ itemCode: products.itemCode });
    changed ||= back.length > 0;
  }
  // Pages show availability: a wine back in stock shows so.
  if (changed) await announcePageChange(tx);
}
