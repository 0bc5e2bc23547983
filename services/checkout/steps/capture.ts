import { captureOrder } from '../../orders/capture';
import type { CheckoutContext, WrittenOrder } from '../context';

/**
 * Step 6: the amount is taken once the order is written, and what the order bought is given with it. NOTE: a
 * capture that fails here leaves the order AUTHORISED with nothing given; its outbox job (queued with the order)
 * retries it, and /readyz counts the orders still waiting (`payments.notCaptured`) and the jobs that gave up.
 */
export async function captureAfterCommit(
  ctx: CheckoutContext,
  { written, reference }: { written: WrittenOrder; reference: string },
) {
  await captureOrder(ctx.db, ctx.payments, written.id, {
    reference,
    amountCents: written.amountCents,
    fallbackJob: written.captureJob,
    now: ctx.clock.now(),
  }).catch(() => {});
}
