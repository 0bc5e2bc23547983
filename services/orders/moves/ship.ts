import type { Db } from '../../../db/client';
import { DEFAULT_CARRIER, ORDER_STATUS, TRACKING_NUMBER_PATTERN } from '../../../domain/orders';
import { canMove } from '../../../domain/state-machine';
import { captureOrder } from '../capture';
import { ServiceError } from '../../platform/service-error';
import { GENERIC_ERRORS } from '../../../domain/errors';
import type { Actor, MoveRequest, OrderMovesContext } from './move-order';
import {
  OPERATOR_TEXTS,
  type OrderRow,
  eventsOf,
  inMoveTransaction,
  lastMoveTo,
  queueEmail,
  readOrder,
  record,
  resultOf,
} from './transaction';

export async function ship(
  ctx: OrderMovesContext,
  orderNumber: string,
  request: Extract<MoveRequest, { move: 'ship' }>,
  actor: Actor,
) {
  const tracking = request.trackingNumber.trim();
  const carrier = request.carrier ?? DEFAULT_CARRIER;
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
      await captureOrder(ctx.db, ctx.payments, before.id);
    } catch {
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.notCaptured(before.orderNumber));
    }
  }
  return inMoveTransaction(ctx, async (tx) => {
    const row = await readOrder(tx, orderNumber, true);
    const shippedMeanwhile = await repeat(tx, row);
    if (shippedMeanwhile) return { result: shippedMeanwhile };
    if (!canMove(ORDER_STATUS, row.status, 'SHIPPED') || row.paymentStatus === 'AUTHORISED')
      throw new ServiceError(GENERIC_ERRORS.conflict, OPERATOR_TEXTS.refused(row.orderNumber, row.status, 'shipped'));
    const now = ctx.clock.now();
    const shipment = { trackingNumber: tracking, carrier };
    const event = await record(tx, row, { kind: 'move', toStatus: 'SHIPPED', ...shipment }, actor, now);
    await queueEmail(ctx, tx, row, { kind: 'shipped', ...shipment }, now);
    return { result: await resultOf(tx, { ...row, status: 'SHIPPED' }, true, event) };
  });
}
