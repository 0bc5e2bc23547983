import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { CHECKOUT_ERRORS } from '../../domain/checkout';
import { ServiceError } from '../platform/service-error';
import type { CheckoutContext, PlacedOrder } from './context';

/** What an order keeps of the cart it was placed from (a cart id opens the cart: only its hash is kept). */
export function cartHashOf(cartId: string): string {
  return createHash('sha256').update(`cart:${cartId}`).digest('hex');
}

export async function findByKey(db: Db, key: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      siteId: orders.siteId,
      cartHash: orders.cartHash,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

export function replay(
  row: { id: number; orderNumber: string; customerId: number | null; siteId: string; cartHash: string | null },
  ctx: CheckoutContext,
  customerId: number | null,
  cartId: string | null,
): PlacedOrder {
  // A key is the checkout form's own: another visitor, cart or site presenting it gets no order of someone else's.
  const otherCart = row.cartHash !== null && (cartId === null || row.cartHash !== cartHashOf(cartId));
  if (row.siteId !== ctx.site.id || (row.customerId !== null && row.customerId !== customerId) || otherCart)
    throw new ServiceError(CHECKOUT_ERRORS.keyReused);
  return { orderNumber: row.orderNumber, orderId: row.id, replayed: true };
}
