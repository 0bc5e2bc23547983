import { inTransaction } from '../../db/client';
import { type CheckoutInput, CHECKOUT_ERRORS } from '../../domain/checkout';
import { observed } from '../platform/observer';
import { ServiceError } from '../platform/service-error';
import type { CheckoutContext, PlacedOrder } from './context';
import { findByKey, replay } from './replay';
import { authorise, releaseOwn } from './steps/authorise';
import { captureAfterCommit } from './steps/capture';
import { checkRequest } from './steps/check-request';
import { splitPayment } from './steps/plan-payment';
import { priceForPayment } from './steps/price-for-payment';
import { writeOrder } from './steps/write-order';

/**
 * Places the cart's order, in named steps: check the request, price the cart, authorise the amount on the card,
 * write the order in one transaction (reprice and check under the cart's lock, take the stock, check the per-person
 * rules, write the order, its lines and gift cards, empty the cart, queue the email), then capture the amount. A card
 * is never charged for an order that does not exist: anything that fails in the transaction rolls all of it back and
 * releases the authorisation (decisions 020, 031). Each step takes one input object and answers what the next needs.
 */
export async function placeOrder(
  ctx: CheckoutContext,
  cartId: string | null,
  input: CheckoutInput,
): Promise<PlacedOrder> {
  const customerId = ctx.customerId ?? null;
  const earlier = await findByKey(ctx.db, input.idempotencyKey);
  if (earlier) return replay(earlier, ctx, customerId, cartId);
  if (!cartId) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);

  // The steps the traces show, each a span of its own (services/platform/observer.ts).
  const step = <T>(name: string, work: () => Promise<T>) => observed(ctx.observer, name, { site: ctx.site.id }, work);
  const request = await checkRequest(ctx, { cartId, customerId, input });
  const price = await step('checkout.price', () => priceForPayment(ctx, { request }));
  if ('replay' in price) return price.replay;
  const split = await splitPayment(ctx, { request, price });
  const authorisation = await step('checkout.authorise', () => authorise(ctx, { request, price, split }));
  const written = await step('checkout.write', () =>
    inTransaction(ctx.db, (tx) => writeOrder(tx, ctx, { request, price, planned: split, held: authorisation })),
  ).catch(async (error: unknown) => {
    if (authorisation) await releaseOwn(ctx, authorisation.reference);
    throw error;
  });
  if (written.wentOutOfStock) ctx.cache?.clear();
  // This request's own authorisation, unless its order now holds it: a double click's second request lets its go.
  if (authorisation && (written.replayed || authorisation.purpose === 'verify'))
    await releaseOwn(ctx, authorisation.reference);
  if (written.replayed) return replay(written, ctx, customerId, cartId);
  if (authorisation?.purpose === 'charge')
    await step('checkout.capture', () => captureAfterCommit(ctx, { written, reference: authorisation.reference }));
  return { orderNumber: written.orderNumber, orderId: written.id, replayed: false };
}
