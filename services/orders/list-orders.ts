import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import type { OrderStatus } from '../../domain/orders';
import type { PaymentState } from '../../domain/payment';

export interface OperatorOrder {
  orderNumber: string;
  siteId: string;
  status: OrderStatus;
  paymentStatus: PaymentState;
  placedAt: string;
  email: string | null;
  currency: string;
  totalCents: number;
  refundedCents: number;
}

/** Orders for the operators, newest first, optionally in one state. */
export async function listOrders(
  db: Db,
  filter: { status?: OrderStatus; limit?: number; sites?: readonly string[] } = {},
): Promise<OperatorOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      siteId: orders.siteId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      placedAt: orders.placedAt,
      email: orders.email,
      currency: orders.currency,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(
      and(
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.sites?.length ? inArray(orders.siteId, [...filter.sites]) : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(Math.min(Math.max(filter.limit ?? 50, 1), 500));
  const refunds =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderEvents.orderId,
            cents: sql<number>`coalesce(sum(${orderEvents.amountCents}), 0)::bigint`,
          })
          .from(orderEvents)
          .where(
            inArray(
              orderEvents.orderId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(orderEvents.orderId);
  const refunded = new Map(refunds.map((r) => [r.orderId, Number(r.cents)]));
  return rows.map(({ id, placedAt, ...r }) => ({
    ...r,
    placedAt: placedAt.toISOString(),
    refundedCents: refunded.get(id) ?? 0,
  }));
}
