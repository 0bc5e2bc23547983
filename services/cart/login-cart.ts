import { type Db, inTransaction } from '../../db/client';
import type { Site } from '../../domain/sites';
import { dropLinesPastCap } from './cart';
import { mergeCartOnLogin } from '../identity/identity';

/**
 * The cart a login leaves the customer with: the anonymous cart joined to theirs (services/identity/identity.ts
 * mergeCartOnLogin), then held to MAX_CART_LINES in the same transaction. Beyond the cap the customer's own lines
 * stay and the anonymous ones fill what room is left, in the order they were added; the others are dropped, as
 * e-gift cards past their own cap are. Returns the id the cart cookie should carry, or null when there is no cart.
 */
export async function joinCartsAtLogin(
  db: Db,
  site: Site,
  anonymousCartId: string | null,
  customerId: number,
): Promise<string | null> {
  return inTransaction(db, async (tx) => {
    // NOTE: the merge's own transaction is a savepoint of this one: nobody sees the merged cart past the cap.
    const cartId = await mergeCartOnLogin(tx, site, anonymousCartId, customerId);
    if (cartId) await dropLinesPastCap(tx, cartId);
    return cartId;
  });
}
