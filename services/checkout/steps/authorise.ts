import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES, CHECKOUT_ERRORS } from '../../../domain/checkout';
import { PAYMENT_ERRORS, paymentError } from '../../../domain/payment';
import { budgetsFor, giveBackBudget, spendBudget } from '../../platform/budgets';
import { ServiceError } from '../../platform/service-error';
import { message } from '../../../domain/message';
import { SERVER_FILLED_TEXTS } from '../../platform/server-texts';
import type { CheckoutContext, HeldPayment, OrderRequest, PaymentSplit, PriceForPayment } from '../context';
import { beginCheckoutPayment, orderHolding } from '../pending-payments';

function paymentBudgetsOf(ctx: CheckoutContext, cartId: string) {
  return budgetsFor('payment', ctx.budgets.paymentsPerAddress, ctx.clientAddress, {
    limit: ctx.budgets.paymentsPerCart,
    cartId,
  });
}

/**
 * Step 4: the amount is held on the card, outside any transaction; it is taken only once the order is written. The
 * key is this attempt's own, bound to the amount and the cart's version: no other request can be answered with this
 * authorisation, and only this request releases it. A refusal spends from the payment budgets.
 */
export async function authorise(
  ctx: CheckoutContext,
  { request, price, split }: { request: OrderRequest; price: PriceForPayment; split: PaymentSplit },
): Promise<HeldPayment | null> {
  const purpose = split.cardCents > 0 ? 'charge' : price.presellCents > 0 ? 'verify' : null;
  if (!purpose) return null;
  const amountCents = purpose === 'charge' ? split.cardCents : price.presellCents;
  // What abuse costs (card testing: declined cards, failed authorisations) spends from the budgets. Every attempt
  // holds a use while it reaches the provider (so that parallel attempts count), and an approved one gives it back.
  const budgets = paymentBudgetsOf(ctx, request.cartId);
  await spendBudget(ctx.db, request.now, budgets, CHECKOUT_MESSAGES.tooManyPayments);
  // A provider that begins a payment keeps one per checkout key; the attempt's own key confirms it.
  const payment = ctx.payments.capabilities.beginsPayment
    ? await beginCheckoutPayment(ctx, request, amountCents)
    : null;
  const authorisation = await ctx.payments.authorise({
    amountCents,
    currency: ctx.site.currency,
    card: request.input.card,
    paymentMethod: request.input.paymentMethod,
    payment,
    returnUrl: `${ctx.siteOrigin}/checkout`,
    paymentKey: paymentKeyOf(request, price.cartVersion, amountCents),
  });
  if (!authorisation.ok && 'action' in authorisation) {
    // The shopper's bank asks them first: not a refusal. Their page completes it and places the order again, or the
    // provider's event writes the order once the amount is held (services/checkout/payment-events.ts).
    await giveBackBudget(ctx.db, request.now, budgets);
    throw new ServiceError(PAYMENT_ERRORS.authenticate);
  }
  if (!authorisation.ok) throw new ServiceError(paymentError(authorisation.message));
  await giveBackBudget(ctx.db, request.now, budgets);
  if (authorisation.amountCents !== amountCents) {
    await releaseOwn(ctx, authorisation.reference);
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  }
  return { ...authorisation, purpose };
}

/**
 * After a checkout that wrote no order of its own: this request's authorisation is let go. No other request holds
 * it: every attempt authorises under its own key.
 */
export async function releaseOwn(ctx: CheckoutContext, reference: string): Promise<void> {
  try {
    // One payment per checkout key: a double click's requests share it, and the order the first one wrote keeps it.
    if (ctx.payments.capabilities.beginsPayment && (await orderHolding(ctx.db, reference))) return;
    await ctx.payments.release(reference);
  } catch {
    // NOTE: an authorisation not released lapses at the card's bank: nothing is taken without an order.
  }
}

/**
 * The provider's idempotency key: this attempt's own (a random part), for one cart and checkout form, one version of
 * the cart and one amount. Two requests never share an authorisation, so each releases only its own.
 */
function paymentKeyOf(request: OrderRequest, cartVersion: number, amountCents: number): string {
  return createHash('sha256')
    .update(
      `payment:${request.cartId}:${request.input.idempotencyKey}:${cartVersion}:${amountCents}:${request.attempt}`,
    )
    .digest('hex');
}
