import { CHECKOUT_MESSAGES, MAX_ORDER_SUBTOTAL_CENTS, CHECKOUT_ERRORS } from '../../../domain/checkout';
import { formatMoney } from '../../../domain/money';
import { getCart } from '../../cart/cart';
import type { CartModel } from '../../cart/cart-json';
import { ServiceError } from '../../platform/service-error';
import type { CheckoutContext, OrderRequest, PlacedOrder, PriceForPayment } from '../context';
import { findByKey, replay } from '../replay';

/** What the cart's pre-sell lines come to: reserved today, not charged. */
export function presellCentsOf(priced: CartModel): number {
  return priced.lines.reduce(
    (sum, line, i) => sum + (line.preSellItem ? (priced.totals.lines[i]?.totalCents ?? 0) : 0),
    0,
  );
}

export function eGiftCentsOf(priced: CartModel): number {
  return priced.lines.reduce(
    (sum, line, i) => sum + (line.giftVoucher ? (priced.totals.lines[i]?.totalCents ?? 0) : 0),
    0,
  );
}

/**
 * Step 2: the amount payable today, from the cart as it is now (a read cache behind the catalogue would refuse what
 * is there, or hold another amount), refusing what cannot be ordered before the card is asked. The transaction
 * prices it again under the cart's lock and refuses when the amount moved meanwhile.
 */
export async function priceForPayment(
  ctx: CheckoutContext,
  { request }: { request: OrderRequest },
): Promise<PriceForPayment | { replay: PlacedOrder }> {
  // The cart's version comes with its lines, in one read: the payment is authorised for this version.
  const priced = await getCart({ ...ctx, cache: undefined }, request.cartId, { validate: true });
  const cartVersion = priced.version;
  try {
    refuseUnpayable(ctx, priced);
  } catch (error) {
    // A double click's first request may have placed the order (and emptied the cart) since the look-up before.
    const placedMeanwhile = await findByKey(ctx.db, request.input.idempotencyKey);
    if (placedMeanwhile) return { replay: replay(placedMeanwhile, ctx, request.customerId, request.cartId) };
    throw error;
  }
  refuseUndelivered(request, priced);
  return {
    amountCents: priced.totals.order.payableTodayCents,
    eGiftCents: eGiftCentsOf(priced),
    presellCents: presellCentsOf(priced),
    cartVersion,
  };
}

/** Anything but e-gift cards is delivered: it needs the delivery address. */
export function refuseUndelivered(request: OrderRequest, cart: CartModel): void {
  if (!request.delivery && cart.lines.some((l) => !l.giftVoucher))
    throw new ServiceError(CHECKOUT_ERRORS.deliveryRequired);
}

/** What the cart must be for an order to be paid for: not empty, under the cap, every line orderable. */
export function refuseUnpayable(ctx: CheckoutContext, cart: CartModel): void {
  if (cart.lines.length === 0) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);
  const cap = MAX_ORDER_SUBTOTAL_CENTS[ctx.site.currency];
  if (cart.totals.order.subtotalCents > cap)
    throw new ServiceError(CHECKOUT_ERRORS.tooLarge, CHECKOUT_MESSAGES.tooLarge(formatMoney(cap, ctx.site)));
  for (const line of cart.lines) {
    const problems = line.validations;
    if (problems.some((p) => p.type === 'OUT_OF_STOCK'))
      throw new ServiceError(CHECKOUT_ERRORS.stockShort, CHECKOUT_MESSAGES.outOfStock(line.product.name));
    if (problems.length > 0) throw new ServiceError(CHECKOUT_ERRORS.upsell);
  }
}
