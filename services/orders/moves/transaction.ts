import { asc, eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../../db/client';
import { customers, orderEvents, orders } from '../../../db/schema';
import { refundToGiftCards } from '../../gift-cards/gift-cards';
import { ORDER_STATUS, type OrderEventKind, type OrderStatus, TRACKING_NUMBER_TEXT } from '../../../domain/orders';
import { canMove } from '../../../domain/state-machine';
import { getSite, isSiteId, type Site } from '../../../domain/sites';
import { cardChargeOf } from '../../payments/capture';
import { type OrderEventView, toView } from '../history';
import { enqueue, settleJob } from '../../platform/outbox';
import { type OrderStatusEmail, renderOrderStatusEmail } from '../status-email';
import { ServiceError } from '../../platform/service-error';
import { GENERIC_ERRORS } from '../../../domain/errors';
import { PROVIDER_FALLBACK_AFTER_MS, type PaymentRefundJob, runPaymentJob } from '../../payments/refund-jobs';
import type { Actor, MoveResult, OrderMovesContext } from './move-order';

/** Where a refund went (order_events.refund_to): the card first, then the gift cards that paid, unless told otherwise. */
export type RefundDestination = 'card' | 'gift-card' | 'card+gift-card';

export function destinationOf(cardCents: number, giftCardCents: number): RefundDestination | null {
  if (cardCents > 0 && giftCardCents > 0) return 'card+gift-card';
  if (giftCardCents > 0) return 'gift-card';
  return cardCents > 0 ? 'card' : null;
}

export const OPERATOR_TEXTS = {
  notFound: (orderNumber: string) => `There is no order ${orderNumber}.`,
  refused: (orderNumber: string, status: string, move: string) =>
    `Order ${orderNumber} is ${status}: it cannot be ${move}.`,
  otherTracking: (orderNumber: string, tracking: string) =>
    `Order ${orderNumber} has already shipped with tracking number ${tracking}.`,
  tracking: TRACKING_NUMBER_TEXT,
  notCaptured: (orderNumber: string) =>
    `Order ${orderNumber}: its payment could not be captured, so it has not shipped. Nothing changed; try again.`,
  noPayment: (orderNumber: string) => `Order ${orderNumber} has no payment on record to refund.`,
  refundNotShipped: (orderNumber: string) =>
    `Order ${orderNumber} has not shipped: cancel it instead (the whole payment goes back).`,
  alreadyRefunded: (orderNumber: string) => `Order ${orderNumber} is refunded in full already.`,
  noLine: (orderNumber: string, itemCode: string) => `Order ${orderNumber} has no line ${itemCode}.`,
  lineRefunded: (itemCode: string) => `The line ${itemCode} was refunded already.`,
  lineNotCharged: (itemCode: string) =>
    `The line ${itemCode} is pre-sell: it was not charged, so there is nothing to refund.`,
  amount: 'A refund is an amount above zero, such as 12.50.',
  lineAndAmount: 'Refund a line or an amount, not both.',
  tooMuch: (asked: string, left: string, paid: string) =>
    `A refund of ${asked} is more than is left to refund (${left} of ${paid} paid). Nothing was refunded.`,
};

export type OrderRow = typeof orders.$inferSelect;

export function siteOf(row: Pick<OrderRow, 'siteId'>): Site {
  return getSite(isSiteId(row.siteId) ? row.siteId : 'law-au');
}

/** What the points an order earned are figured from (services/memberships/points.ts takeBackOrderPoints). */
export function pointsOrderOf(row: OrderRow) {
  return { id: row.id, customerId: row.customerId, subtotalCents: row.subtotalCents, brand: siteOf(row).brand.code };
}

/** What the card was charged: the payable-today amount less what gift cards paid. */
export function capturedOf(row: OrderRow): number {
  return row.paymentStatus === 'CAPTURED' && row.paymentReference ? cardChargeOf(row) : 0;
}

export async function readOrder(db: Db, orderNumber: string, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.orderNumber, orderNumber.trim().toUpperCase())).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ServiceError(GENERIC_ERRORS.not_found, OPERATOR_TEXTS.notFound(orderNumber));
  return row;
}

export async function eventsOf(db: Db, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

export function refundedOf(events: (typeof orderEvents.$inferSelect)[]): number {
  return events.reduce((sum, e) => sum + (e.amountCents ?? 0), 0);
}

/** What went back to the card (each refund's amount less its gift cards' part). */
export function cardRefundedOf(events: (typeof orderEvents.$inferSelect)[]): number {
  return events.reduce((sum, e) => sum + (e.amountCents ?? 0) - e.giftCardCents, 0);
}

/** Gives the gift cards that paid their parts back; answers them by their last 4, for the email. */
export async function refundGiftCards(
  tx: Db,
  orderId: number,
  parts: { id: number; last4?: string; cents: number }[],
  now: Date,
) {
  await refundToGiftCards(tx, orderId, parts, now);
  return parts.map((p) => ({ last4: p.last4 ?? '', cents: p.cents }));
}

export async function resultOf(
  db: Db,
  row: OrderRow,
  recorded: boolean,
  event: OrderEventView | null,
): Promise<MoveResult> {
  const events = await eventsOf(db, row.id);
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    recorded,
    currency: row.currency,
    capturedCents: capturedOf(row),
    giftCardCents: row.giftCardCents,
    refundedCents: refundedOf(events),
    presellUnchargedCents: Math.max(0, row.totalCents - (row.payableTodayCents ?? row.totalCents)),
    event,
  };
}

/** The one event a state move made, found again for its repeat. */
export function lastMoveTo(events: (typeof orderEvents.$inferSelect)[], to: OrderStatus) {
  const found = events.filter((e) => e.kind === 'move' && e.toStatus === to).at(-1);
  return found ? toView(found) : null;
}

/** What a move's transaction answers, and what it leaves to do after the commit (the provider's call). */
export interface MoveWork {
  result: MoveResult;
  after?: () => Promise<void>;
}

/**
 * Runs a move's transaction, with what the caller records beside a move it made (the console's audit entry), then
 * what it left to do after the commit.
 */
export async function inMoveTransaction(
  ctx: OrderMovesContext,
  work: (tx: Db) => Promise<MoveWork>,
): Promise<MoveResult> {
  const done = await inTransaction(ctx.db, async (tx) => {
    const made = await work(tx);
    if (made.result.recorded) await ctx.alongside?.(tx, made.result);
    return made;
  });
  await done.after?.();
  return done.result;
}

/**
 * A move of the order's state to `to`, under its row lock: made once (the same move again answers the event it
 * made and records nothing), refused when the order's state does not allow it, else `work` makes it.
 */
export function moveTo(
  ctx: OrderMovesContext,
  orderNumber: string,
  to: OrderStatus,
  verb: string,
  work: (tx: Db, row: OrderRow, now: Date) => Promise<MoveWork>,
): Promise<MoveResult> {
  return inMoveTransaction(ctx, async (tx) => {
    const row = await readOrder(tx, orderNumber, true);
    if (row.status === to)
      return { result: await resultOf(tx, row, false, lastMoveTo(await eventsOf(tx, row.id), to)) };
    if (!canMove(ORDER_STATUS, row.status, to))
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refused(row.orderNumber, row.status, verb));
    return work(tx, row, ctx.clock.now());
  });
}

interface EventFields {
  kind: OrderEventKind;
  toStatus: OrderStatus | null;
  trackingNumber?: string;
  carrier?: string;
  amountCents?: number | null;
  giftCardCents?: number;
  refundTo?: string | null;
  itemCode?: string | null;
  pointsTaken?: number;
  idempotencyKey?: string;
}

/** Writes the event (and the order's new state, unless the move wrote it itself). */
export async function record(
  tx: Db,
  row: OrderRow,
  fields: EventFields,
  actor: Actor,
  now: Date,
  setStatus = true,
): Promise<OrderEventView> {
  if (setStatus && fields.toStatus)
    await tx.update(orders).set({ status: fields.toStatus }).where(eq(orders.id, row.id));
  const [event] = await tx
    .insert(orderEvents)
    .values({
      orderId: row.id,
      kind: fields.kind,
      fromStatus: row.status,
      toStatus: fields.toStatus,
      amountCents: fields.amountCents ?? null,
      refundTo: fields.refundTo ?? null,
      giftCardCents: fields.giftCardCents ?? 0,
      itemCode: fields.itemCode ?? null,
      pointsTaken: fields.pointsTaken ?? 0,
      actorType: actor.type,
      actorName: actor.name.slice(0, 200),
      trackingNumber: fields.trackingNumber ?? null,
      carrier: fields.carrier ?? null,
      idempotencyKey: fields.idempotencyKey ?? null,
      at: now,
    })
    .returning();
  if (!event) throw new Error('the order event was not kept');
  return toView(event);
}

export async function enqueuePaymentJob(tx: Db, job: PaymentRefundJob, now: Date): Promise<number> {
  return enqueue(tx, 'payment-refund', job, now, { dueAt: new Date(now.getTime() + PROVIDER_FALLBACK_AFTER_MS) });
}

/** Right after the commit; a provider that fails leaves the job to the outbox, which retries it. */
export async function callProvider(ctx: OrderMovesContext, job: PaymentRefundJob, jobId: number, now: Date) {
  try {
    await runPaymentJob(ctx.payments, job);
    await settleJob(ctx.db, jobId, now);
  } catch {
    // NOTE: the outbox job (due a minute later) retries it; one that keeps failing ends among the dead jobs.
  }
}

/** The customer's email for a move, in the order's site's language, through the outbox; answers where it goes. */
export async function queueEmail(
  ctx: OrderMovesContext,
  tx: Db,
  row: OrderRow,
  email: OrderStatusEmail,
  now: Date,
): Promise<string | null> {
  let to = row.email;
  if (!to && row.customerId !== null) {
    const [customer] = await tx
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, row.customerId));
    to = customer?.email ?? null;
  }
  if (!to) return null;
  const site = siteOf(row);
  const mail = renderOrderStatusEmail(
    {
      site,
      orderNumber: row.orderNumber,
      email: to,
      currency: site.currency,
      card: { brand: row.paymentBrand ?? 'Card', last4: row.paymentLast4 ?? '' },
    },
    email,
    await ctx.messagesFor(site),
  );
  await enqueue(tx, 'order-email', { ...mail, topic: email.kind }, now, { orderId: row.id });
  return to;
}
