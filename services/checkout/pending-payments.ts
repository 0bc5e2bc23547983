import { createHash } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutPayments, orders } from '../../db/schema';
import type { BegunPayment } from '../../domain/payment';
import type { UnlimitedStatus } from '../../domain/unlimited';
import type { CheckoutContext, OrderRequest } from './context';

// A provider that begins a payment per checkout (Stripe) may authorise it while the shopper is away (their bank's
// check done, the page closed): the checkout keeps what it asked beside the payment, so that the provider's event
// can write the order as the shopper's own request would have (decision 047).

/** Who paid, as the checkout's request knew them: what the order is written for, without the request. */
export interface Shopper {
  customerId: number | null;
  ownerId: number | null;
  isMember: boolean;
  unlimitedStatus: UnlimitedStatus | null;
  isTestHost: boolean;
  clientAddress: string;
  siteOrigin: string;
}

/** One payment per checkout: a hash of the cart and the checkout form's key. */
export function checkoutKeyOf(cartId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`checkout:${cartId}:${idempotencyKey}`).digest('hex');
}

/** The order holding a provider's payment, if one was written with it. */
export async function orderHolding(db: Db, reference: string): Promise<{ id: number; orderNumber: string } | null> {
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.paymentReference, reference))
    .limit(1);
  return order ?? null;
}

/**
 * The checkout's payment at the provider, begun once per checkout key (its amount kept to the cart's), with the
 * checkout's input kept beside it, the card fields left out (the provider has the card).
 */
export async function beginCheckoutPayment(
  ctx: CheckoutContext,
  request: OrderRequest,
  amountCents: number,
): Promise<BegunPayment> {
  const checkoutKey = checkoutKeyOf(request.cartId, request.input.idempotencyKey);
  const [earlier] = await ctx.db
    .select({ reference: checkoutPayments.reference })
    .from(checkoutPayments)
    .where(eq(checkoutPayments.checkoutKey, checkoutKey));
  const begun = await ctx.payments.begin({
    checkoutKey,
    amountCents,
    currency: ctx.site.currency,
    existing: earlier?.reference ?? null,
  });
  if (!begun) throw new Error(`${ctx.payments.name}: no payment begun for a provider that begins one`);
  const shopper: Shopper = {
    customerId: ctx.customerId ?? null,
    ownerId: ctx.ownerId ?? null,
    isMember: ctx.isMember ?? false,
    unlimitedStatus: ctx.unlimitedStatus ?? null,
    isTestHost: ctx.isTestHost ?? false,
    clientAddress: ctx.clientAddress,
    siteOrigin: ctx.siteOrigin,
  };
  const kept = {
    provider: ctx.payments.name,
    reference: begun.reference,
    siteId: ctx.site.id,
    cartId: request.cartId,
    input: { ...request.input, card: { number: '', expiry: '', cvc: '' } },
    shopper,
    updatedAt: request.now,
  };
  await ctx.db
    .insert(checkoutPayments)
    .values({ checkoutKey, ...kept, status: 'OPEN', createdAt: request.now })
    .onConflictDoUpdate({ target: checkoutPayments.checkoutKey, set: { ...kept, status: 'OPEN' } });
  return begun;
}

/**
 * Marks a checkout's payment: its order written, or let go by the provider with none. Once ordered, the checkout's
 * input (the shopper's email, names and addresses) and who they were are no longer needed, so they are not kept
 * beside the order, which holds what it needs; the form's key stays, to find the checkout by.
 */
export async function settleCheckoutPayment(db: Db, reference: string, status: 'ORDERED' | 'CLOSED', now: Date) {
  const forgotten =
    status === 'ORDERED'
      ? {
          input: sql`jsonb_build_object('idempotencyKey', ${checkoutPayments.input}->'idempotencyKey')`,
          shopper: sql`'{}'::jsonb`,
        }
      : {};
  await db
    .update(checkoutPayments)
    .set({ status, updatedAt: now, ...forgotten })
    .where(and(eq(checkoutPayments.reference, reference), ne(checkoutPayments.status, 'ORDERED')));
}
