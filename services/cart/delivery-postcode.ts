import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { carts, customerAddresses } from '../../db/schema';

/**
 * The cart's delivery postcode (SPEC §3 shippingDetails.shippingAddress.address.postalCode): the one the shopper
 * gave in the cart, else the Hard Logged-In customer's default delivery address, else null. One query.
 */
export async function loadDeliveryPostcode(
  db: Db,
  cartId: string | null,
  customerId: number | null | undefined,
): Promise<string | null> {
  const fromAddress = defaultDeliveryPostcode(customerId);
  if (cartId) {
    const [row] = await db
      .select({ cart: carts.postcode, address: fromAddress })
      .from(carts)
      .where(eq(carts.id, cartId))
      .limit(1);
    if (row) return row.cart ?? row.address ?? null;
  }
  if (!customerId) return null;
  const [row] = await postcodeStatements(db).defaultDelivery.execute({ customerId });
  return row?.postcode ?? null;
}

const postcodeStatements = /* @__PURE__ */ preparedPerDatabase((db) => ({
  defaultDelivery: db
    .select({ postcode: customerAddresses.postcode })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, sql.placeholder('customerId')),
        eq(customerAddresses.isDefaultDelivery, true),
      ),
    )
    .limit(1)
    .prepare('default_delivery_postcode'),
}));

/**
 * The customer's default delivery postcode as a column of a query on the cart (null without a customer), for
 * readers that take the cart's own postcode in the same query (services/cart/cart.ts).
 */
export function defaultDeliveryPostcode(customerId: number | Placeholder | null | undefined) {
  return customerId
    ? sql<string | null>`(select ${customerAddresses.postcode} from ${customerAddresses}
        where ${customerAddresses.customerId} = ${customerId} and ${customerAddresses.isDefaultDelivery} limit 1)`
    : sql<string | null>`null`;
}
