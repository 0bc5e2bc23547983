import type { z } from 'zod';
import { checkoutInputSchemaFor } from '../../domain/checkout';
import { cartContextOf, findVisitorCart } from '../cart/cart';
import { observed } from '../platform/observer';
import type { RequestContext } from '../platform/request-context';
import { ServiceError } from '../platform/service-error';
import { checkoutContextOf, type PlacedOrder } from './context';
import { placeOrder } from './place-order';

/** A checkout post, checked and placed, or the site's own checks it failed (for the adapter to show by field). */
export type SubmittedCheckout =
  | { ok: false; issues: readonly z.core.$ZodIssue[] }
  | { ok: true; placed: PlacedOrder; idempotencyKey: string };

/**
 * What both adapters do with a checkout post (the JSON API's `POST /api/checkout/order` and the checkout page's form
 * action): the input is checked once, by the site's own rules (a district in Hong Kong, the country's postcode
 * elsewhere), the visitor's cart is found the one way carts are found, and the order is placed. The adapters only
 * parse their format, call this and map what it answers (and write the cookies of http/cookies.ts).
 */
export async function submitCheckout(
  ctx: RequestContext,
  presentedCartId: string | null | undefined,
  input: unknown,
): Promise<SubmittedCheckout> {
  const checked = checkoutInputSchemaFor(ctx.site.country).safeParse(input);
  if (!checked.success) {
    ctx.observer?.checkoutFailed?.(ctx.site.id, 'invalid_input');
    return { ok: false, issues: checked.error.issues };
  }
  try {
    const placed = await observed(ctx.observer, 'checkout', { site: ctx.site.id }, async () => {
      const cartId = await findVisitorCart(cartContextOf(ctx), presentedCartId);
      return placeOrder(checkoutContextOf(ctx), cartId, checked.data);
    });
    if (!placed.replayed) ctx.observer?.orderPlaced?.(ctx.site.id);
    return { ok: true, placed, idempotencyKey: checked.data.idempotencyKey };
  } catch (error) {
    ctx.observer?.checkoutFailed?.(ctx.site.id, error instanceof ServiceError ? error.code : 'error');
    throw error;
  }
}
