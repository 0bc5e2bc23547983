import { ORDER_STATUS } from '../../../domain/orders';
import { canMove } from '../../../domain/state-machine';
import { ServiceError } from '../../platform/service-error';
import { GENERIC_ERRORS } from '../../../domain/errors';
import type { Actor, OrderMovesContext } from './move-order';
import {
  OPERATOR_TEXTS,
  eventsOf,
  inTransaction,
  lastMoveTo,
  queueEmail,
  readOrder,
  record,
  resultOf,
} from './transaction';

export async function deliver(ctx: OrderMovesContext, orderNumber: string, actor: Actor) {
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
