import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents } from '../../db/schema';
import { carrierName, type OrderActor, type OrderEventKind, type OrderStatus, trackingUrl } from '../../domain/orders';

// An order's history as its pages and the operators read it: the events services/orders/moves/ records.

export interface OrderEventView {
  kind: OrderEventKind;
  fromStatus: OrderStatus;
  toStatus: OrderStatus | null;
  amountCents: number | null;
  refundTo: string | null;
  /** The part of a refund that went back to gift cards (the rest went to the card). */
  giftCardCents: number;
  itemCode: string | null;
  pointsTaken: number;
  actorType: OrderActor;
  actorName: string;
  trackingNumber: string | null;
  /** The carrier's name, and its page for the tracking number (a shipment's event). */
  carrier: string | null;
  trackingUrl: string | null;
  at: string;
}

export function toView(e: typeof orderEvents.$inferSelect): OrderEventView {
  return {
    kind: e.kind,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    amountCents: e.amountCents,
    refundTo: e.refundTo,
    giftCardCents: e.giftCardCents,
    itemCode: e.itemCode,
    pointsTaken: e.pointsTaken,
    actorType: e.actorType,
    actorName: e.actorName,
    trackingNumber: e.trackingNumber,
    carrier: e.trackingNumber ? carrierName(e.carrier) : null,
    trackingUrl: e.trackingNumber ? trackingUrl(e.trackingNumber, e.carrier) : null,
    at: e.at.toISOString(),
  };
}

/** An order's history, oldest first. */
export async function orderHistory(db: Db, orderId: number): Promise<OrderEventView[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  return rows.map(toView);
}
