import type { Actor, OrderMovesContext } from './move-order';
import { moveTo, queueEmail, record, resultOf } from './transaction';

export function deliver(ctx: OrderMovesContext, orderNumber: string, actor: Actor) {
  return moveTo(ctx, orderNumber, 'DELIVERED', 'delivered', async (tx, row, now) => {
    const event = await record(tx, row, { kind: 'move', toStatus: 'DELIVERED' }, actor, now);
    await queueEmail(ctx, tx, row, { kind: 'delivered' }, now);
    return { result: await resultOf(tx, { ...row, status: 'DELIVERED' }, true, event) };
  });
}
