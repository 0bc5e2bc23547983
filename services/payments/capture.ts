import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, transactionWithoutFlush } from '../../db/client';
import { orders } from '../../db/schema';
import type { PaymentProvider } from '../../domain/payment';
import { settleJob } from '../platform/outbox';

/** What the payment card is charged for an order: the payable-today amount less what gift cards paid. */
export function cardChargeOf(order: { payableTodayCents: number | null; totalCents: number; giftCardCents: number }) {
  return (order.payableTodayCents ?? order.totalCents) - order.giftCardCents;
}

/** How long the outbox's capture job waits for checkout's own capture to settle it. */
export const CAPTURE_FALLBACK_AFTER_MS = 60_000;

/**
 * Orders still AUTHORISED (and not cancelled) longer after they were placed than the capture and its first retries
 * take: stuck, with nothing they bought given (/readyz `payments.notCaptured`).
 */
export async function countUncapturedOrders(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'AUTHORISED'),
        inArray(orders.status, ['PROCESSING', 'SHIPPED', 'DELIVERED']),
        sql`${orders.placedAt} < ${new Date(now.getTime() - 5 * CAPTURE_FALLBACK_AFTER_MS).toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** The outbox job that takes an order's authorised amount (services/platform/outbox.ts, kind `payment-capture`). */
export interface PaymentCaptureJob {
  orderId: number;
}

/** The order's payment as checkout just wrote it (AUTHORISED), and its fallback job, settled with the capture. */
export interface WrittenPayment {
  reference: string;
  amountCents: number;
  fallbackJob: number;
  now: Date;
}

/**
 * Takes the amount authorised for an order, once: an order already captured is left alone, so the checkout's own
 * attempt and the outbox's retry may both run. `afterCapture` runs in the transaction that records the capture, only
 * for the call that recorded it (services/orders/capture.ts gives the order what it bought there). Throws when the
 * provider refuses or cannot be reached.
 */
export async function capturePayment(
  db: Db,
  payments: PaymentProvider,
  orderId: number,
  options: {
    /** Read from the order when not given. */
    written?: WrittenPayment | undefined;
    afterCapture: (tx: Db, orderId: number, now: Date) => Promise<unknown>;
  },
): Promise<void> {
  const { written } = options;
  let payment: { reference: string; amountCents: number } | undefined = written;
  if (!payment) {
    const [order] = await db
      .select({
        reference: orders.paymentReference,
        state: orders.paymentStatus,
        payableTodayCents: orders.payableTodayCents,
        totalCents: orders.totalCents,
        giftCardCents: orders.giftCardCents,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.state !== 'AUTHORISED' || !order.reference) return;
    payment = { reference: order.reference, amountCents: cardChargeOf(order) };
  }
  await payments.capture(payment.reference, payment.amountCents);
  const now = written?.now ?? new Date();
  // NOTE: lost in a crash, these only leave the fallback job to capture again, which takes nothing twice and runs
  // `afterCapture` only once: the commit need not wait for the disk. A capture whose order was cancelled meanwhile
  // (RELEASED) records nothing; the cancellation's release job finds the payment captured and refunds it.
  await transactionWithoutFlush(db, async (tx) => {
    const [captured] = await tx
      .update(orders)
      .set({ paymentStatus: 'CAPTURED' })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'AUTHORISED')))
      .returning({ id: orders.id });
    if (captured) await options.afterCapture(tx, orderId, now);
    if (written) await settleJob(tx, written.fallbackJob, written.now);
  });
}
