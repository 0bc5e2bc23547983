import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCardLedger, giftCards, type OrderAddress, orderLines, orders } from '../../db/schema';
import { ORDER_NUMBER_PATTERN, CHECKOUT_ERRORS } from '../../domain/checkout';
import { type OrderEventView, orderHistory } from './history';
import { ServiceError } from '../platform/service-error';
import { cardChargeOf } from '../payments/capture';
import { accessTokenHash, linkTokenHash } from './tokens';

export interface ConfirmedOrder {
  orderNumber: string;
  email: string;
  placedAt: string;
  currency: string;
  status: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  payableTodayCents: number;
  voucherCode: string | null;
  paymentBrand: string | null;
  paymentLast4: string | null;
  delivery: OrderAddress | null;
  billing: OrderAddress | null;
  lines: {
    itemCode: string;
    skuItemCode: string;
    name: string;
    quantity: number;
    bottleCount: number;
    lineTotalCents: number;
    preSell: boolean;
  }[];
  /** The e-gift cards this order bought (their codes went to the recipients; the order shows the last 4). */
  giftCards: { last4: string; amountCents: number; recipientName: string }[];
  /** What gift cards paid of the order (net of what went back to them), each by its last 4. */
  giftCardPayments: { last4: string; amountCents: number }[];
  /** What the payment card was charged (the payable-today amount less the gift cards' part). */
  cardCents: number;
  guest: boolean;
  /** What happened to the order since it was placed (shipped, refunds …), oldest first. */
  history: OrderEventView[];
}

/**
 * The order behind a confirmation page: the customer's own order, the order whose checkout key the browser holds (a
 * guest's), or the order of the confirmation email's link (services/orders/link.ts). Anyone else gets not_found.
 */
export async function findConfirmedOrder(
  db: Db,
  siteId: string,
  orderNumber: string,
  viewer: { customerId: number | null; accessToken: string | null; linkToken?: string | null },
): Promise<ConfirmedOrder> {
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw new ServiceError(CHECKOUT_ERRORS.orderNotFound);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.siteId, siteId)))
    .limit(1);
  const mine =
    row &&
    ((viewer.customerId !== null && row.customerId === viewer.customerId) ||
      (viewer.accessToken !== null && row.accessTokenHash === accessTokenHash(viewer.accessToken)) ||
      (Boolean(viewer.linkToken) &&
        row.linkTokenHash !== null &&
        row.linkTokenHash === linkTokenHash(viewer.linkToken ?? '')));
  if (!row || !mine) throw new ServiceError(CHECKOUT_ERRORS.orderNotFound);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id));
  const cards = await db
    .select({ last4: giftCards.last4, amountCents: giftCards.amountCents, recipientName: giftCards.recipientName })
    .from(giftCards)
    .where(eq(giftCards.orderId, row.id))
    .orderBy(asc(giftCards.id));
  return {
    orderNumber: row.orderNumber,
    email: row.email ?? '',
    placedAt: row.placedAt.toISOString(),
    currency: row.currency,
    status: row.status,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    payableTodayCents: row.payableTodayCents ?? row.totalCents,
    voucherCode: row.voucherCode,
    paymentBrand: row.paymentBrand,
    paymentLast4: row.paymentLast4,
    delivery: row.deliveryAddress,
    billing: row.billingAddress,
    lines: lines.map((l) => ({
      itemCode: l.itemCode,
      skuItemCode: l.skuItemCode,
      name: l.name,
      quantity: l.quantity,
      bottleCount: l.bottleCount,
      lineTotalCents: l.lineTotalCents ?? l.unitPriceCents * l.quantity,
      preSell: l.preSell,
    })),
    giftCards: cards,
    giftCardPayments: await giftCardPaymentsOf(db, row.id),
    cardCents: cardChargeOf(row),
    guest: row.customerId === null,
    history: await orderHistory(db, row.id),
  };
}

/** What each gift card paid of an order, in the order they paid. */
async function giftCardPaymentsOf(db: Db, orderId: number): Promise<{ last4: string; amountCents: number }[]> {
  const rows = await db
    .select({ last4: giftCards.last4, paid: sql<string>`-sum(${giftCardLedger.amountCents})` })
    .from(giftCardLedger)
    .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.giftCardId))
    .where(and(eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'redeem')))
    .groupBy(giftCardLedger.giftCardId, giftCards.last4)
    .orderBy(sql`min(${giftCardLedger.id})`);
  return rows.map((r) => ({ last4: r.last4, amountCents: Number(r.paid) }));
}
