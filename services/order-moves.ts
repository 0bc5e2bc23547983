import type { I18n } from '@lingui/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerPoints, customers, orderEvents, orderLines, orders, products, skus } from '../db/schema';
import { splitRefund } from '../domain/gift-cards';
import { giftCardsPaidLeft, refundToGiftCards, voidIssuedGiftCards } from './gift-cards';
import { dropHeldGifts, endOrderMemberships } from './order-gifts';
import { UNLIMITED_ITEM_CODES } from '../domain/unlimited';
import { CHECKOUT_ERRORS } from '../domain/checkout';
import type { Clock } from '../domain/clock';
import { basePointsOf } from '../domain/cart-pricing';
import { formatMoney } from '../domain/money';
import { carriesStock } from '../domain/product-kinds';
import {
  ORDER_MOVE_MESSAGES,
  ORDER_STATUS,
  type OrderActor,
  type OrderEventKind,
  type OrderStatus,
  TRACKING_NUMBER_PATTERN,
  withinCancelWindow,
} from '../domain/orders';
import type { PaymentProvider, PaymentState } from '../domain/payment';
import { canMove } from '../domain/state-machine';
import { getSite, isSiteId, type Site } from '../domain/sites';
import { accessTokenHash, capturePayment, cardChargeOf } from './checkout';
import { type OrderEventView, toView } from './order-history';

export { type OrderEventView, orderHistory } from './order-history';
import { enqueue, settleJob } from './outbox';
import { type OrderStatusEmail, renderOrderStatusEmail } from './order-status-email';
import { announcePageChange } from './page-changes';
import { ServiceError } from './service-error';
import { GENERIC_ERRORS } from '../domain/errors';

// An order's life after it is placed, in one module: the operators' command, the operator API (and a console later)
// and the customer's own cancel all call `moveOrder` (decision 023). A move reads the order under its row lock,
// asks ORDER_STATUS whether it may move, records an order event, queues the customer's email and the payment's
// release or refund in the outbox, all in one transaction; the payment provider is called after the commit (the
// outbox retries it), never inside the transaction: on PGlite the one connection is the transaction's.

export interface OrderMovesContext {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  /** The message catalogue of a site: the emails are written in the language of the order's site. */
  messagesFor: (site: Site) => Promise<I18n>;
}

export interface Actor {
  type: OrderActor;
  /** Who: an operator's name, the customer's email, the job's name. */
  name: string;
}

export type MoveRequest =
  | { move: 'ship'; trackingNumber: string }
  | { move: 'deliver' }
  | { move: 'cancel' }
  /**
   * A refund of one line (`itemCode`), of an amount, or (neither) of all that is left. `key` makes it one refund
   * however often it is sent; without one, the refund's parameters are its key (the same line or amount twice is
   * one refund; a second refund of the same amount needs a key of its own).
   */
  | { move: 'refund'; itemCode?: string; amountCents?: number; key?: string; giftCardsFirst?: boolean };

export type OrderMove = MoveRequest['move'];
export const ORDER_MOVES: readonly OrderMove[] = ['ship', 'deliver', 'cancel', 'refund'];

export interface MoveResult {
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentState;
  /** False when the move had been made already (the same move again): nothing new was recorded or sent. */
  recorded: boolean;
  currency: string;
  /** What was taken from the card (0 while only authorised). */
  capturedCents: number;
  /** What gift cards paid. */
  giftCardCents: number;
  /** What was given back of it, over every refund so far. */
  refundedCents: number;
  /** Pre-sell lines' amount: reserved, never charged by this shop (decision 023). */
  presellUnchargedCents: number;
  /** The event this move recorded, or the one it repeats. */
  event: OrderEventView | null;
}

/** Where a refund went (order_events.refund_to): the card first, then the gift cards that paid, unless told otherwise. */
export type RefundDestination = 'card' | 'gift-card' | 'card+gift-card';

function destinationOf(cardCents: number, giftCardCents: number): RefundDestination | null {
  if (cardCents > 0 && giftCardCents > 0) return 'card+gift-card';
  if (giftCardCents > 0) return 'gift-card';
  return cardCents > 0 ? 'card' : null;
}

/** The outbox job that releases or refunds an order's card payment after the move's commit. */
export type PaymentRefundJob =
  | { orderId: number; reference: string; release: true }
  | { orderId: number; reference: string; amountCents: number; refundKey: string };

/** How long the outbox's refund job waits for the move's own call to the provider. */
const PROVIDER_FALLBACK_AFTER_MS = 60_000;

const OPERATOR_TEXTS = {
  notFound: (orderNumber: string) => `There is no order ${orderNumber}.`,
  refused: (orderNumber: string, status: string, move: string) =>
    `Order ${orderNumber} is ${status}: it cannot be ${move}.`,
  otherTracking: (orderNumber: string, tracking: string) =>
    `Order ${orderNumber} has already shipped with tracking number ${tracking}.`,
  tracking: 'A tracking number is 4 to 40 letters, digits or dashes.',
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

type OrderRow = typeof orders.$inferSelect;

function siteOf(row: Pick<OrderRow, 'siteId'>): Site {
  return getSite(isSiteId(row.siteId) ? row.siteId : 'law-au');
}

/** What the card was charged: the payable-today amount less what gift cards paid. */
function capturedOf(row: OrderRow): number {
  return row.paymentStatus === 'CAPTURED' && row.paymentReference ? cardChargeOf(row) : 0;
}

async function readOrder(db: Db, orderNumber: string, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.orderNumber, orderNumber.trim().toUpperCase())).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ServiceError(GENERIC_ERRORS.not_found, OPERATOR_TEXTS.notFound(orderNumber));
  return row;
}

async function eventsOf(db: Db, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

function refundedOf(events: (typeof orderEvents.$inferSelect)[]): number {
  return events.reduce((sum, e) => sum + (e.amountCents ?? 0), 0);
}

/** What went back to the card (each refund's amount less its gift cards' part). */
function cardRefundedOf(events: (typeof orderEvents.$inferSelect)[]): number {
  return events.reduce((sum, e) => sum + (e.amountCents ?? 0) - e.giftCardCents, 0);
}

/** Gives the gift cards that paid their parts back; answers them by their last 4, for the email. */
async function refundGiftCards(
  tx: Db,
  orderId: number,
  parts: { id: number; last4?: string; cents: number }[],
  now: Date,
) {
  await refundToGiftCards(tx, orderId, parts, now);
  return parts.map((p) => ({ last4: p.last4 ?? '', cents: p.cents }));
}

async function resultOf(db: Db, row: OrderRow, recorded: boolean, event: OrderEventView | null): Promise<MoveResult> {
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

/**
 * Makes one move of an order, once: the same move again answers the same result and records nothing (a refund by
 * its key). A move the order's state does not allow, or a refund beyond what was paid, is refused and changes
 * nothing.
 */
export async function moveOrder(
  ctx: OrderMovesContext,
  orderNumber: string,
  request: MoveRequest,
  actor: Actor,
): Promise<MoveResult> {
  switch (request.move) {
    case 'ship':
      return ship(ctx, orderNumber, request.trackingNumber, actor);
    case 'deliver':
      return deliver(ctx, orderNumber, actor);
    case 'cancel':
      return cancel(ctx, orderNumber, actor);
    case 'refund':
      return refund(ctx, orderNumber, request, actor);
  }
}

/** The one event a state move made, found again for its repeat. */
function lastMoveTo(events: (typeof orderEvents.$inferSelect)[], to: OrderStatus) {
  const found = events.filter((e) => e.kind === 'move' && e.toStatus === to).at(-1);
  return found ? toView(found) : null;
}

async function ship(ctx: OrderMovesContext, orderNumber: string, trackingNumber: string, actor: Actor) {
  const tracking = trackingNumber.trim();
  if (!TRACKING_NUMBER_PATTERN.test(tracking)) throw new ServiceError(GENERIC_ERRORS.invalid, OPERATOR_TEXTS.tracking);
  const before = await readOrder(ctx.db, orderNumber);
  // Shipped already (and maybe delivered or refunded since): the same tracking number answers it as it is.
  const repeat = async (db: Db, row: OrderRow) => {
    if (row.status === 'PROCESSING') return null;
    const shipped = lastMoveTo(await eventsOf(db, row.id), 'SHIPPED');
    if (!shipped) return null;
    if (shipped.trackingNumber !== tracking)
      throw new ServiceError(
        GENERIC_ERRORS.conflict,
        OPERATOR_TEXTS.otherTracking(row.orderNumber, shipped.trackingNumber ?? '?'),
      );
    return resultOf(db, row, false, shipped);
  };
  const shippedBefore = await repeat(ctx.db, before);
  if (shippedBefore) return shippedBefore;
  if (!canMove(ORDER_STATUS, before.status, 'SHIPPED'))
    throw new ServiceError(
      GENERIC_ERRORS.conflict,
      OPERATOR_TEXTS.refused(before.orderNumber, before.status, 'shipped'),
    );
  // The payable-today amount is taken before the wine leaves (checkout's capture, or its outbox retry, may not have
  // run yet). Pre-sell lines are not charged here: the shop keeps no card to charge them with (decision 023).
  if (before.paymentStatus === 'AUTHORISED' && before.paymentReference) {
    try {
      await capturePayment(ctx.db, ctx.payments, before.id);
    } catch {
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.notCaptured(before.orderNumber));
    }
  }
  return inTransaction(ctx.db, async (tx) => {
    const row = await readOrder(tx, orderNumber, true);
    const shippedMeanwhile = await repeat(tx, row);
    if (shippedMeanwhile) return { result: shippedMeanwhile };
    if (!canMove(ORDER_STATUS, row.status, 'SHIPPED') || row.paymentStatus === 'AUTHORISED')
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refused(row.orderNumber, row.status, 'shipped'));
    const now = ctx.clock.now();
    const event = await record(tx, row, { kind: 'move', toStatus: 'SHIPPED', trackingNumber: tracking }, actor, now);
    await queueEmail(ctx, tx, row, { kind: 'shipped', trackingNumber: tracking }, now);
    return { result: await resultOf(tx, { ...row, status: 'SHIPPED' }, true, event) };
  });
}

async function deliver(ctx: OrderMovesContext, orderNumber: string, actor: Actor) {
  return inTransaction(ctx.db, async (tx) => {
    const row = await readOrder(tx, orderNumber, true);
    if (row.status === 'DELIVERED')
      return { result: await resultOf(tx, row, false, lastMoveTo(await eventsOf(tx, row.id), 'DELIVERED')) };
    if (!canMove(ORDER_STATUS, row.status, 'DELIVERED'))
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refused(row.orderNumber, row.status, 'delivered'));
    const now = ctx.clock.now();
    const event = await record(tx, row, { kind: 'move', toStatus: 'DELIVERED' }, actor, now);
    await queueEmail(ctx, tx, row, { kind: 'delivered' }, now);
    return { result: await resultOf(tx, { ...row, status: 'DELIVERED' }, true, event) };
  });
}

/**
 * Cancels an order not shipped yet: its authorisation is released (or, captured, the whole amount refunded to the
 * card), its lines' bottles go back into stock and the points it earned are taken back.
 */
async function cancel(ctx: OrderMovesContext, orderNumber: string, actor: Actor) {
  return inTransaction(ctx.db, async (tx) => {
    const row = await readOrder(tx, orderNumber, true);
    if (row.status === 'CANCELLED')
      return { result: await resultOf(tx, row, false, lastMoveTo(await eventsOf(tx, row.id), 'CANCELLED')) };
    if (!canMove(ORDER_STATUS, row.status, 'CANCELLED'))
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refused(row.orderNumber, row.status, 'cancelled'));
    const now = ctx.clock.now();
    // What it gave ends with it: the e-gift cards it bought (refused when one was spent), the Unlimited membership.
    // One that had not given yet (its payment not captured) gives nothing now.
    const given = row.givenAt !== null;
    if (given) await voidIssuedGiftCards(tx, row.id, now);
    else await dropHeldGifts(tx, row.id);
    await endOrderMemberships(tx, row.id);
    const captured = capturedOf(row);
    const release = row.paymentStatus === 'AUTHORISED' && row.paymentReference !== null;
    const giftBack = (await giftCardsPaidLeft(tx, row.id)).map((g) => ({
      id: g.id,
      last4: g.last4,
      cents: g.leftCents,
    }));
    const giftCardsBack = await refundGiftCards(tx, row.id, giftBack, now);
    const giftCents = giftBack.reduce((sum, g) => sum + g.cents, 0);
    await tx
      .update(orders)
      .set({ status: 'CANCELLED', ...(release ? { paymentStatus: 'RELEASED' as const } : {}) })
      .where(eq(orders.id, row.id));
    await returnStock(tx, row.id);
    const pointsTaken = given ? await takeBackPoints(tx, row, 'all', now) : 0;
    const event = await record(
      tx,
      row,
      {
        kind: 'move',
        toStatus: 'CANCELLED',
        amountCents: captured + giftCents > 0 ? captured + giftCents : null,
        giftCardCents: giftCents,
        refundTo: destinationOf(captured, giftCents),
        pointsTaken,
        idempotencyKey: 'cancel',
      },
      actor,
      now,
      false,
    );
    const job: PaymentRefundJob | null = !row.paymentReference
      ? null
      : release
        ? { orderId: row.id, reference: row.paymentReference, release: true }
        : captured > 0
          ? {
              orderId: row.id,
              reference: row.paymentReference,
              amountCents: captured,
              refundKey: `order:${row.id}:cancel`,
            }
          : null;
    const jobId = job ? await enqueuePaymentJob(tx, job, now) : null;
    await queueEmail(ctx, tx, row, { kind: 'cancelled', refundedCents: captured, giftCards: giftCardsBack }, now);
    return {
      result: await resultOf(
        tx,
        { ...row, status: 'CANCELLED', paymentStatus: release ? 'RELEASED' : row.paymentStatus },
        true,
        event,
      ),
      after: job && jobId ? () => callProvider(ctx, job, jobId, now) : undefined,
    };
  });
}

async function refund(
  ctx: OrderMovesContext,
  orderNumber: string,
  request: Extract<MoveRequest, { move: 'refund' }>,
  actor: Actor,
) {
  const itemCode = request.itemCode?.trim().toUpperCase() || undefined;
  if (itemCode && request.amountCents !== undefined)
    throw new ServiceError(GENERIC_ERRORS.invalid, OPERATOR_TEXTS.lineAndAmount);
  if (request.amountCents !== undefined && !(Number.isSafeInteger(request.amountCents) && request.amountCents > 0))
    throw new ServiceError(GENERIC_ERRORS.invalid, OPERATOR_TEXTS.amount);
  const key =
    request.key?.trim() ||
    (itemCode
      ? `refund:line:${itemCode}`
      : request.amountCents
        ? `refund:amount:${request.amountCents}`
        : 'refund:all');
  return inTransaction(ctx.db, async (tx) => {
    // The order's row lock: two refunds at once are counted one after the other, never past what was paid.
    const row = await readOrder(tx, orderNumber, true);
    const events = await eventsOf(tx, row.id);
    const same = events.find((e) => e.idempotencyKey === key);
    if (same) return { result: await resultOf(tx, row, false, toView(same)) };
    if (row.status === 'REFUNDED')
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.alreadyRefunded(row.orderNumber));
    if (row.status === 'PROCESSING')
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refundNotShipped(row.orderNumber));
    if (!canMove(ORDER_STATUS, row.status, 'REFUNDED'))
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refused(row.orderNumber, row.status, 'refunded'));
    const captured = capturedOf(row);
    const paid = captured + row.giftCardCents;
    if (paid === 0) throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.noPayment(row.orderNumber));
    const refunded = refundedOf(events);
    const left = paid - refunded;
    let amount = request.amountCents ?? left;
    // Refunding the e-gift cards it bought (their line, or everything) writes off every card the order bought.
    let voidsGiftCards = request.amountCents === undefined && !itemCode;
    if (itemCode) {
      const lines = await tx
        .select({
          total: orderLines.lineTotalCents,
          unit: orderLines.unitPriceCents,
          quantity: orderLines.quantity,
          preSell: orderLines.preSell,
          type: products.productType,
        })
        .from(orderLines)
        .leftJoin(products, eq(products.itemCode, orderLines.itemCode))
        .where(and(eq(orderLines.orderId, row.id), eq(orderLines.itemCode, itemCode)));
      if (lines.length === 0)
        throw new ServiceError(GENERIC_ERRORS.not_found, OPERATOR_TEXTS.noLine(row.orderNumber, itemCode));
      if (lines.every((l) => l.preSell))
        throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.lineNotCharged(itemCode));
      if (events.some((e) => e.kind === 'refund' && e.itemCode === itemCode))
        throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.lineRefunded(itemCode));
      amount = lines.filter((l) => !l.preSell).reduce((sum, l) => sum + (l.total ?? l.unit * l.quantity), 0);
      voidsGiftCards = lines.some((l) => l.type === 'giftVoucher');
    }
    const money = (cents: number) =>
      formatMoney(cents, { intlLocale: siteOf(row).intlLocale, currency: siteOf(row).currency });
    if (amount > left || left <= 0)
      throw new ServiceError(
        GENERIC_ERRORS.conflict,
        OPERATOR_TEXTS.tooMuch(money(amount), money(Math.max(0, left)), money(paid)),
      );
    if (amount <= 0) throw new ServiceError(GENERIC_ERRORS.invalid, OPERATOR_TEXTS.amount);
    const inFull = refunded + amount === paid;
    const now = ctx.clock.now();
    if (voidsGiftCards || inFull) await voidIssuedGiftCards(tx, row.id, now);
    // The Unlimited membership it bought ends with its refund in full or its line's.
    if (inFull || (itemCode !== undefined && UNLIMITED_ITEM_CODES.has(itemCode))) await endOrderMemberships(tx, row.id);
    const split = splitRefund(
      amount,
      {
        cardCents: row.paymentReference ? captured - cardRefundedOf(events) : 0,
        giftCards: await giftCardsPaidLeft(tx, row.id),
      },
      request.giftCardsFirst,
    );
    const giftCardsBack = await refundGiftCards(tx, row.id, split.giftCards, now);
    const giftCents = split.giftCards.reduce((sum, g) => sum + g.cents, 0);
    if (inFull) await tx.update(orders).set({ status: 'REFUNDED' }).where(eq(orders.id, row.id));
    const pointsTaken = await takeBackPoints(tx, row, inFull ? 'all' : { amountCents: amount, itemCode }, now);
    const event = await record(
      tx,
      row,
      {
        kind: 'refund',
        toStatus: inFull ? 'REFUNDED' : null,
        amountCents: amount,
        giftCardCents: giftCents,
        refundTo: destinationOf(split.cardCents, giftCents),
        itemCode: itemCode ?? null,
        pointsTaken,
        idempotencyKey: key,
      },
      actor,
      now,
      false,
    );
    const job: PaymentRefundJob | null =
      split.cardCents > 0 && row.paymentReference
        ? {
            orderId: row.id,
            reference: row.paymentReference,
            amountCents: split.cardCents,
            refundKey: `order:${row.id}:${key}`,
          }
        : null;
    const jobId = job ? await enqueuePaymentJob(tx, job, now) : null;
    await queueEmail(
      ctx,
      tx,
      row,
      { kind: 'refunded', refundedCents: split.cardCents, inFull, giftCards: giftCardsBack },
      now,
    );
    return {
      result: await resultOf(tx, { ...row, status: inFull ? 'REFUNDED' : row.status }, true, event),
      after: job && jobId ? () => callProvider(ctx, job, jobId, now) : undefined,
    };
  });
}

/** Runs a move's transaction, then what it left to do after the commit (the provider's call). */
async function inTransaction(
  db: Db,
  work: (tx: Db) => Promise<{ result: MoveResult; after?: () => Promise<void> }>,
): Promise<MoveResult> {
  const done = await db.transaction((tx) => work(tx as unknown as Db));
  await done.after?.();
  return done.result;
}

interface EventFields {
  kind: OrderEventKind;
  toStatus: OrderStatus | null;
  trackingNumber?: string;
  amountCents?: number | null;
  giftCardCents?: number;
  refundTo?: string | null;
  itemCode?: string | null;
  pointsTaken?: number;
  idempotencyKey?: string;
}

/** Writes the event (and the order's new state, unless the move wrote it itself). */
async function record(
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
      idempotencyKey: fields.idempotencyKey ?? null,
      at: now,
    })
    .returning();
  if (!event) throw new Error('the order event was not kept');
  return toView(event);
}

/** The bottles of a cancelled order's lines go back on sale (products whose stock is counted). */
async function returnStock(tx: Db, orderId: number): Promise<void> {
  const lines = await tx
    .select({ itemCode: orderLines.itemCode, bottles: orderLines.bottleCount, type: products.productType })
    .from(orderLines)
    .innerJoin(products, eq(products.itemCode, orderLines.itemCode))
    .where(eq(orderLines.orderId, orderId));
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    if (!carriesStock(line.type)) continue;
    byProduct.set(line.itemCode, (byProduct.get(line.itemCode) ?? 0) + line.bottles);
  }
  let changed = false;
  for (const [itemCode, bottles] of [...byProduct].sort(([a], [b]) => a.localeCompare(b))) {
    const back = await tx
      .update(products)
      .set({
        stockBottles: sql`${products.stockBottles} + ${bottles}`,
        availability: sql`case when ${products.availability} = 'out_of_stock' and ${products.stockBottles} + ${bottles} > 0 then 'in_stock' else ${products.availability} end`,
      })
      .where(and(eq(products.itemCode, itemCode), sql`${products.stockBottles} is not null`))
      .returning({ itemCode: products.itemCode });
    changed ||= back.length > 0;
  }
  // Pages show availability: a wine back in stock shows so.
  if (changed) await announcePageChange(tx);
}

/**
 * The points an order earned (services/points.ts: a base point per whole unit of its subtotal, plus its lines' sku
 * bonus points), taken back from the customer's balance with the order's brand: all that is left of them for a
 * cancellation or a refund in full, a base point per whole unit refunded (and the line's bonus) for a partial one.
 * Answers the points taken (never more than the balance holds).
 */
async function takeBackPoints(
  tx: Db,
  row: OrderRow,
  what: 'all' | { amountCents: number; itemCode: string | undefined },
  _now: Date,
): Promise<number> {
  if (row.customerId === null) return 0;
  const brand = siteOf(row).brand.code;
  const [balance] = await tx
    .select()
    .from(customerPoints)
    .where(and(eq(customerPoints.customerId, row.customerId), eq(customerPoints.brand, brand)))
    .for('update');
  if (!balance) return 0;
  const bonusOf = async (itemCode?: string) => {
    const [bonus] = await tx
      .select({ points: sql<number>`coalesce(sum(${orderLines.quantity} * ${skus.bonusPoints}), 0)::int` })
      .from(orderLines)
      .innerJoin(skus, eq(skus.itemCode, orderLines.skuItemCode))
      .where(and(eq(orderLines.orderId, row.id), itemCode ? eq(orderLines.itemCode, itemCode) : undefined));
    return Number(bonus?.points ?? 0);
  };
  const earned = basePointsOf(row.subtotalCents) + (await bonusOf());
  const [already] = await tx
    .select({ points: sql<number>`coalesce(sum(${orderEvents.pointsTaken}), 0)::int` })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id));
  const left = Math.max(0, earned - Number(already?.points ?? 0));
  const wanted =
    what === 'all'
      ? left
      : Math.min(left, basePointsOf(what.amountCents) + (what.itemCode ? await bonusOf(what.itemCode) : 0));
  const taken = Math.min(wanted, balance.basePoints + balance.bonusPoints);
  if (taken <= 0) return 0;
  const fromBase = Math.min(taken, balance.basePoints);
  await tx
    .update(customerPoints)
    .set({ basePoints: balance.basePoints - fromBase, bonusPoints: balance.bonusPoints - (taken - fromBase) })
    .where(and(eq(customerPoints.customerId, row.customerId), eq(customerPoints.brand, brand)));
  return taken;
}

async function enqueuePaymentJob(tx: Db, job: PaymentRefundJob, now: Date): Promise<number> {
  return enqueue(tx, 'payment-refund', job, now, new Date(now.getTime() + PROVIDER_FALLBACK_AFTER_MS));
}

/**
 * The provider's release or refund of a job (the move's own call after its commit, or the outbox's retry). A release
 * that finds the payment captured (checkout's capture won the race with a cancellation) refunds what was taken.
 */
export async function runPaymentJob(payments: PaymentProvider, job: PaymentRefundJob): Promise<void> {
  if (!('release' in job)) return payments.refund(job.reference, job.amountCents, job.refundKey);
  const { released, capturedCents } = await payments.release(job.reference);
  if (!released && capturedCents > 0)
    await payments.refund(job.reference, capturedCents, `order:${job.orderId}:cancel-after-capture`);
}

/** Right after the commit; a provider that fails leaves the job to the outbox, which retries it. */
async function callProvider(ctx: OrderMovesContext, job: PaymentRefundJob, jobId: number, now: Date) {
  try {
    await runPaymentJob(ctx.payments, job);
    await settleJob(ctx.db, jobId, now);
  } catch {
    // NOTE: the outbox job (due a minute later) retries it; one that keeps failing ends among the dead jobs.
  }
}

/** The customer's email for a move, in the order's site's language, through the outbox. */
async function queueEmail(ctx: OrderMovesContext, tx: Db, row: OrderRow, email: OrderStatusEmail, now: Date) {
  let to = row.email;
  if (!to && row.customerId !== null) {
    const [customer] = await tx
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, row.customerId));
    to = customer?.email ?? null;
  }
  if (!to) return;
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
  await enqueue(tx, 'order-email', mail, now);
}

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
  filter: { status?: OrderStatus; limit?: number } = {},
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
    .where(filter.status ? eq(orders.status, filter.status) : undefined)
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

/** Who may cancel from the order's page: its customer, or the browser that placed it as a guest (its order cookie). */
export interface OrderViewer {
  customerId: number | null;
  accessToken: string | null;
}

/**
 * The customer cancels their own order from its page: only one not shipped yet, within the cancel window after it
 * was placed. Someone else's order is not found; cancelling a cancelled order again answers it as it is.
 */
export async function cancelByCustomer(
  ctx: OrderMovesContext & { cancelWindowMinutes: number },
  siteId: string,
  orderNumber: string,
  viewer: OrderViewer,
): Promise<MoveResult> {
  const row = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.siteId, siteId)))
    .limit(1)
    .then((rows) => rows[0]);
  const mine =
    row &&
    ((viewer.customerId !== null && row.customerId === viewer.customerId) ||
      (viewer.accessToken !== null && row.accessTokenHash === accessTokenHash(viewer.accessToken)));
  if (!row || !mine) throw new ServiceError(CHECKOUT_ERRORS.orderNotFound);
  if (row.status !== 'CANCELLED') {
    if (!canMove(ORDER_STATUS, row.status, 'CANCELLED'))
      throw new ServiceError(GENERIC_ERRORS.conflict, ORDER_MOVE_MESSAGES.cannotCancel);
    if (!withinCancelWindow(row.placedAt, ctx.clock.now(), ctx.cancelWindowMinutes))
      throw new ServiceError(GENERIC_ERRORS.conflict, ORDER_MOVE_MESSAGES.cancelWindowPassed);
  }
  const name = row.email ?? (viewer.customerId !== null ? `customer ${viewer.customerId}` : 'guest');
  return moveOrder(ctx, row.orderNumber, { move: 'cancel' }, { type: 'customer', name });
}

/**
 * What the order's page offers its customer: the cancel button while the order is not shipped and the window is
 * open, a note that it is too late once the window has passed, nothing once it has moved on.
 */
export function cancelChoice(
  order: { status: string; placedAt: string | Date },
  now: Date,
  windowMinutes: number,
): 'open' | 'too-late' | 'none' {
  if (order.status !== 'PROCESSING') return 'none';
  return withinCancelWindow(new Date(order.placedAt), now, windowMinutes) ? 'open' : 'too-late';
}
