import type { I18n } from '@lingui/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutPayments } from '../../db/schema';
import type { CheckoutInput } from '../../domain/checkout';
import type { Clock } from '../../domain/clock';
import type { PaymentProvider } from '../../domain/payment';
import { isSiteId, SITES } from '../../domain/sites';
import type { BudgetLimits } from '../platform/budgets';
import type { CheckoutContext, PlacedOrder } from './context';
import { orderHolding, type Shopper, settleCheckoutPayment } from './pending-payments';
import { placeOrder } from './place-order';

/** What writing an order away from its request needs: the server's own parts of a checkout's context. */
export interface PendingOrderDeps {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
  messagesFor: (locale: string) => Promise<I18n>;
  presellBottleLimit: number;
  budgets: Pick<BudgetLimits, 'paymentsPerAddress' | 'paymentsPerCart' | 'codesPerAddress'>;
  giftCardKey: Buffer;
}

/**
 * The order of a checkout whose payment the provider authorised, written as the shopper's request would have
 * written it (the same steps, the same checkout key: a shopper who came back meanwhile placed it, and it is answered).
 * Null when no checkout kept this payment.
 */
export async function placePendingOrder(deps: PendingOrderDeps, reference: string): Promise<PlacedOrder | null> {
  const [pending] = await deps.db.select().from(checkoutPayments).where(eq(checkoutPayments.reference, reference));
  if (!pending || !isSiteId(pending.siteId)) return null;
  const held = await orderHolding(deps.db, reference);
  if (held) {
    await settleCheckoutPayment(deps.db, reference, 'ORDERED', deps.clock.now());
    return { orderNumber: held.orderNumber, orderId: held.id, replayed: true };
  }
  const site = SITES[pending.siteId];
  const shopper = pending.shopper as Shopper;
  const ctx: CheckoutContext = {
    db: deps.db,
    site,
    clock: deps.clock,
    payments: deps.payments,
    messages: () => deps.messagesFor(site.intlLocale),
    presellBottleLimit: deps.presellBottleLimit,
    clientAddress: shopper.clientAddress,
    budgets: deps.budgets,
    siteOrigin: shopper.siteOrigin,
    giftCardKey: deps.giftCardKey,
    customerId: shopper.customerId,
    ownerId: shopper.ownerId,
    isMember: shopper.isMember,
    unlimitedStatus: shopper.unlimitedStatus,
    isTestHost: shopper.isTestHost,
  };
  const placed = await placeOrder(ctx, pending.cartId, pending.input as CheckoutInput);
  await settleCheckoutPayment(deps.db, reference, 'ORDERED', deps.clock.now());
  return placed;
}
