import { eq } from 'drizzle-orm';
import { orders } from '../../../db/schema';
import { giftCardsPaidLeft, voidIssuedGiftCards } from '../../gift-cards/gift-cards';
import { dropHeldJobs } from '../../platform/outbox';
import { endOrderMemberships } from '../../memberships/subscriptions';
import { returnStock } from '../../catalogue/stock';
import { takeBackOrderPoints } from '../../memberships/points';
import type { PaymentRefundJob } from '../../payments/refund-jobs';
import type { Actor, OrderMovesContext } from './move-order';
import {
  pointsOrderOf,
  callProvider,
  capturedOf,
  destinationOf,
  enqueuePaymentJob,
  moveTo,
  queueEmail,
  record,
  refundGiftCards,
  resultOf,
} from './transaction';

/**
 * Cancels an order not shipped yet: its authorisation is released (or, captured, the whole amount refunded to the
 * card), its lines' bottles go back into stock and the points it earned are taken back.
 */
export function cancel(ctx: OrderMovesContext, orderNumber: string, actor: Actor) {
  return moveTo(ctx, orderNumber, 'CANCELLED', 'cancelled', async (tx, row, now) => {
    // What it gave ends with it: the e-gift cards it bought (refused when one was spent), the Unlimited membership.
    // One that had not given yet (its payment not captured) gives nothing now.
    const given = row.givenAt !== null;
    if (given) await voidIssuedGiftCards(tx, row.id, now);
    // Not given yet: the cards' held emails go with their codes, so the cards, which hold nothing, are never spent.
    else await dropHeldJobs(tx, row.id);
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
    const pointsTaken = given ? await takeBackOrderPoints(tx, pointsOrderOf(row), 'all') : 0;
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
