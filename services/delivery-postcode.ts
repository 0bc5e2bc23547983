import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, customerAddresses } from '../db/schema';

/**
 * The cart's delivery postcode (SPEC §3 shippingDetails.shippingAddress.address.postalCode): the one the shopper
 * gave in the cart, else the Hard Logged-In customer's default delivery address, else null. One query.
 */
export async function loadDeliveryPostcode(
  db: Db,
  cartId: string | null,
  customerId: number | null | undefined,
): Promise<string | null> {
  const fromAddress = customerId
    ? sql<string | null>`(select ${customerAddresses.postcode} from ${customerAddresses}
        where ${customerAddresses.customerId} = ${customerId} and ${customerAddresses.isDefaultDelivery} limit 1)`
    : sql<string | null>`null`;
  if (cartId) {
    const [row] = await db
      .select({ cart: carts.postcode, address: fromAddress })
      .from(carts)
      .where(eq(carts.id, cartId))
      .limit(1);
    if (row) return row.cart ?? row.address ?? null;
  }
  if (!customerId) return null;
  const [row] = await db
    .select({ postcode: customerAddresses.postcode })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefaultDelivery, true)))
    .limit(1);
  return row?.postcode ?? null;
}
