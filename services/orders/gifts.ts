import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCards, orderLines, orders } from '../../db/schema';
import { getSite, isSiteId } from '../../domain/sites';
import { UNLIMITED_ITEM_CODES } from '../../domain/unlimited';
import { activateOrderGiftCards } from '../gift-cards/gift-cards';
import { creditOrderPoints } from '../memberships/points';
import { requestUnlimited } from '../memberships/subscriptions';
import { releaseHeldJobs } from '../platform/outbox';

// What an order gives — its e-gift cards, an Unlimited membership, its points — is given once its payment is taken,
// never while it is only authorised: an authorisation may still be released (the order cancelled, the capture
// refused), and what was given by then could not be taken back (a gift card's code is in its recipient's mailbox).
// Checkout writes the cards without their balance and holds their emails; `giveOrder` gives all of it in the
// transaction that records the capture (or the order's own, when nothing is left to capture).

/**
 * Gives what the order bought, once: only when its payment is captured, it is not cancelled and it has not given
 * already (one conditional update decides, and answers what there is to give). The cards get their `issue` entries,
 * their held emails go, Unlimited is requested for the buyer and the points are credited. Answers whether this call
 * gave them.
 */
export async function giveOrder(tx: Db, orderId: number, now: Date): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ givenAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.givenAt),
        eq(orders.paymentStatus, 'CAPTURED'),
        eq(orders.status, 'PROCESSING'),
      ),
    )
    .returning({
      customerId: orders.customerId,
      siteId: orders.siteId,
      subtotalCents: orders.subtotalCents,
      placedAt: orders.placedAt,
      // NOTE: in the same statement (every order is captured, few buy cards or Unlimited): what there is to give.
      hasCards: sql<boolean>`exists (select 1 from ${giftCards} where ${giftCards.orderId} = ${orderId})`,
      buysUnlimited: sql<boolean>`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orderId}
        and ${inArray(orderLines.itemCode, [...UNLIMITED_ITEM_CODES])})`,
    });
  if (!order) return false;
  if (order.hasCards) {
    await activateOrderGiftCards(tx, orderId, now);
    await releaseHeldJobs(tx, orderId, now);
  }
  if (order.customerId !== null && order.buysUnlimited)
    await requestUnlimited(tx, { customerId: order.customerId, startedAt: order.placedAt, orderId });
  const brand = getSite(isSiteId(order.siteId) ? order.siteId : 'law-au').brand.code;
  await creditOrderPoints(tx, order.customerId, brand, { id: orderId, subtotalCents: order.subtotalCents });
  return true;
}

/**
 * Unlimited bought by an order of this customer's that has not given yet (its payment not captured): it counts as a
 * membership in standing, so a second order cannot buy it again meanwhile.
 */
export async function unlimitedPending(tx: Db, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        isNull(orders.givenAt),
        eq(orders.status, 'PROCESSING'),
        inArray(orderLines.itemCode, [...UNLIMITED_ITEM_CODES]),
        sql`${orders.paymentStatus} <> 'RELEASED'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
