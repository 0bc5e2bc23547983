import { CHECKOUT_ERRORS } from '../../domain/checkout';
import { getCart } from '../cart/cart';
import { ServiceError } from '../platform/service-error';
import type { CheckoutContext } from './context';
import { planPayment } from './steps/plan-payment';
import { eGiftCentsOf } from './steps/price-for-payment';

export interface GiftCardPreview {
  /** Each card named, with what it would pay of this cart's order and the balance it holds now. */
  cards: { last4: string; balanceCents: number; appliedCents: number }[];
  giftCardCents: number;
  /** What is left for the payment card. */
  cardCents: number;
  payableTodayCents: number;
}

/**
 * What the named gift cards would pay of the cart's order as it is now (the checkout's gift card field), refusing
 * a card checkout would refuse; wrong codes spend from the address's code budget. Nothing is spent here.
 */
export async function previewGiftCards(
  ctx: CheckoutContext,
  cartId: string | null,
  codes: readonly string[],
): Promise<GiftCardPreview> {
  if (!cartId) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);
  const priced = await getCart({ ...ctx, cache: undefined }, cartId, { validate: true });
  if (priced.lines.length === 0) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);
  const price = { amountCents: priced.totals.order.payableTodayCents, eGiftCents: eGiftCentsOf(priced) };
  const split = await planPayment(ctx, codes, price);
  return {
    cards: split.applied.map((c) => ({ last4: c.last4, balanceCents: c.balanceCents, appliedCents: c.appliedCents })),
    giftCardCents: split.giftCardCents,
    cardCents: split.cardCents,
    payableTodayCents: price.amountCents,
  };
}
