import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerSubscriptions } from '../../db/schema';
import { STANDING_STATES } from '../../domain/unlimited';

// The memberships' own writes (customer_subscriptions): what an order's capture requests and its end takes back.

/** Unlimited bought by an order, requested for its buyer once the order's payment is captured (services/orders/gifts.ts). */
export async function requestUnlimited(tx: Db, member: { customerId: number; startedAt: Date; orderId: number }) {
  await tx.insert(customerSubscriptions).values({
    customerId: member.customerId,
    type: 'FREESHIP',
    status: 'REQUESTED',
    name: 'Unlimited',
    startedAt: member.startedAt,
    orderId: member.orderId,
  });
}

/** The Unlimited membership an order bought ends with the order's cancellation or refund (or its line's refund). */
export async function endOrderMemberships(tx: Db, orderId: number): Promise<number> {
  const ended = await tx
    .update(customerSubscriptions)
    .set({ status: 'CANCELLED' })
    .where(and(eq(customerSubscriptions.orderId, orderId), inArray(customerSubscriptions.status, STANDING_STATES)))
    .returning({ id: customerSubscriptions.id });
  return ended.length;
}
