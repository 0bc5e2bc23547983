import { checkCard, paymentError } from '../../../domain/payment';
import { ServiceError } from '../../platform/service-error';
import { cardsForCheckout } from '../../gift-cards/gift-cards';
import { planGiftCardPayment, GIFT_CARD_ERRORS, type SpendableCard } from '../../../domain/gift-cards';
import type { CheckoutContext, OrderRequest, PaymentSplit, PriceForPayment } from '../context';

/** The gift cards named pay first, up to what they may pay for (never e-gift cards); the card the rest. */
export async function planPayment(
  ctx: CheckoutContext,
  codes: readonly string[],
  price: { amountCents: number; eGiftCents: number },
): Promise<PaymentSplit> {
  const cards = await cardsForCheckout(
    { db: ctx.db, key: ctx.giftCardKey, clock: ctx.clock, clientAddress: ctx.clientAddress, budgets: ctx.budgets },
    codes,
    ctx.site.currency,
  );
  return splitBetween(cards, price);
}

/** How the cards (with their balances) and the payment card share the amount: never the e-gift cards' part. */
export function splitBetween(
  cards: readonly SpendableCard[],
  price: { amountCents: number; eGiftCents: number },
): PaymentSplit {
  const giftable = Math.max(0, price.amountCents - price.eGiftCents);
  if (cards.length > 0 && giftable === 0) throw new ServiceError(GIFT_CARD_ERRORS.notForGiftCards);
  const plan = planGiftCardPayment(cards, giftable);
  return { ...plan, cardCents: price.amountCents - plan.giftCardCents };
}

/**
 * Step 3: the gift cards named are looked up (a wrong code spends from the address's code budget) and paid from, up
 * to what they may pay for; the card's details are checked when it has something left to pay, or when the order
 * reserves pre-sell wine (the card it is reserved against).
 */
export async function splitPayment(
  ctx: CheckoutContext,
  { request, price }: { request: OrderRequest; price: PriceForPayment },
): Promise<PaymentSplit> {
  const split = await planPayment(ctx, request.input.giftCardCodes ?? [], price);
  // Only a card typed on the shop's own form is checked here; the provider's own page checks the one it was given.
  if ((split.cardCents > 0 || price.presellCents > 0) && ctx.payments.capabilities.cardOnServer) {
    const cardProblem = checkCard(request.input.card, request.now);
    if (cardProblem) throw new ServiceError(paymentError(cardProblem));
  }
  return split;
}
