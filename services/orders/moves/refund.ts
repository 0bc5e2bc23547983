import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderLines, orders, products } from '../../../db/schema';
import { splitRefund } from '../../../domain/gift-cards';
import { giftCardsPaidLeft, voidIssuedGiftCards } from '../../gift-cards/gift-cards';
import { endOrderMemberships } from '../../memberships/subscriptions';
import { UNLIMITED_ITEM_CODES } from '../../../domain/unlimited';
import { formatMoney } from '../../../domain/money';
import { ORDER_STATUS } from '../../../domain/orders';
import { canMove } from '../../../domain/state-machine';
import { toView } from '../history';
import { ServiceError } from '../../platform/service-error';
import { GENERIC_ERRORS } from '../../../domain/errors';
import { takeBackOrderPoints } from '../../memberships/points';
import type { PaymentRefundJob } from '../../payments/refund-jobs';
import type { Actor, MoveRequest, OrderMovesContext } from './move-order';
import {
  OPERATOR_TEXTS,
  pointsOrderOf,
  callProvider,
  capturedOf,
  cardRefundedOf,
  destinationOf,
  enqueuePaymentJob,
  eventsOf,
  inMoveTransaction,
  type OrderRow,
  queueEmail,
  readOrder,
  record,
  refundGiftCards,
  refundedOf,
  resultOf,
  siteOf,
} from './transaction';

type RefundRequest = Extract<MoveRequest, { move: 'refund' }>;
type OrderEvents = Awaited<ReturnType<typeof eventsOf>>;

/** The refund asked for, checked; its key makes it one refund however often it is sent. */
function refundRequestOf(request: RefundRequest): { itemCode: string | undefined; key: string } {
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
  return { itemCode, key };
}

/** What an order shipped and paid for may still give back: refused for any other state, or with nothing paid. */
function refundableOf(row: OrderRow, events: OrderEvents) {
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
  return { captured, paid, refunded, left: paid - refunded };
}

/** A line's refund: what it was charged (pre-sell lines were not), once; whether it is the e-gift cards' line. */
async function lineRefundOf(tx: Db, row: OrderRow, events: OrderEvents, itemCode: string) {
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
  return {
    amount: lines.filter((l) => !l.preSell).reduce((sum, l) => sum + (l.total ?? l.unit * l.quantity), 0),
    voidsGiftCards: lines.some((l) => l.type === 'giftVoucher'),
  };
}

/**
 * What the order gave ends with the refund that takes its money back: the e-gift cards it bought with their line or
 * a refund in full, the Unlimited membership with its line or a refund in full.
 */
async function takeBackWhatItGave(
  tx: Db,
  orderId: number,
  refund: { inFull: boolean; voidsGiftCards: boolean; itemCode: string | undefined },
  now: Date,
) {
  if (refund.voidsGiftCards || refund.inFull) await voidIssuedGiftCards(tx, orderId, now);
  if (refund.inFull || (refund.itemCode !== undefined && UNLIMITED_ITEM_CODES.has(refund.itemCode)))
    await endOrderMemberships(tx, orderId);
}

export async function refund(ctx: OrderMovesContext, orderNumber: string, request: RefundRequest, actor: Actor) {
  const { itemCode, key } = refundRequestOf(request);
  return inMoveTransaction(ctx, async (tx) => {
    // The order's row lock: two refunds at once are counted one after the other, never past what was paid.
    const row = await readOrder(tx, orderNumber, true);
    const events = await eventsOf(tx, row.id);
    const same = events.find((e) => e.idempotencyKey === key);
    if (same) return { result: await resultOf(tx, row, false, toView(same)) };
    const { captured, paid, refunded, left } = refundableOf(row, events);
    // Refunding the e-gift cards it bought (their line, or everything) writes off every card the order bought.
    const line = itemCode ? await lineRefundOf(tx, row, events, itemCode) : null;
    const amount = line?.amount ?? request.amountCents ?? left;
    const voidsGiftCards = line ? line.voidsGiftCards : request.amountCents === undefined;
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
    await takeBackWhatItGave(tx, row.id, { inFull, voidsGiftCards, itemCode }, now);
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
    const pointsTaken = await takeBackOrderPoints(
      tx,
      pointsOrderOf(row),
      inFull ? 'all' : { amountCents: amount, itemCode },
    );
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
