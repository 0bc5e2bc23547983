import { and, eq } from 'drizzle-orm';
import { orders } from '../../../db/schema';
import { CHECKOUT_ERRORS } from '../../../domain/checkout';
import { ORDER_MOVE_MESSAGES, ORDER_STATUS, withinCancelWindow } from '../../../domain/orders';
import { canMove } from '../../../domain/state-machine';
import { accessTokenHash } from '../tokens';
import { ServiceError } from '../../platform/service-error';
import { GENERIC_ERRORS } from '../../../domain/errors';
import { type MoveResult, type OrderMovesContext, moveOrder } from './move-order';

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
