import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutPayments, orders } from '../../db/schema';
import type { PaymentProvider } from '../../domain/payment';
import { captureOrder } from '../orders/capture';
import { CAPTURE_FALLBACK_AFTER_MS, cardChargeOf } from '../payments/capture';
import { orderHolding, settleCheckoutPayment } from './pending-payments';

// The shop's payments against the provider's, over the days an authorisation can live (Stripe holds a card's for 7):
// what drifted is put right where the rules say how (decision 020: nothing is taken without an order, an order
// written is captured), and what needs a person is reported.

/** How far back a reconciliation looks: an authorisation's life and a day to spare. */
export const RECONCILE_DAYS = 8;
/** A checkout's payment this young may still be on its way to an order (the shopper at the bank's check). */
const IN_FLIGHT_MS = 30 * 60_000;
/** An authorisation this close to lapsing is reported. */
const EXPIRES_SOON_MS = 24 * 3_600_000;

export interface ReconcileReport {
  /** Authorisations with no order, let go. */
  released: string[];
  /** Orders AUTHORISED past their capture's retries, captured now. */
  captured: string[];
  /** Orders whose payment the provider holds for another amount than the order's card charge. */
  mismatched: { orderNumber: string; reference: string; orderCents: number; providerCents: number }[];
  /** Authorisations that lapse within a day with their order not captured. */
  expiring: { orderNumber: string | null; reference: string; expiresAt: Date }[];
  /** What could not be reconciled (the provider unreachable, a capture refused): tried again on the next run. */
  failed: { reference: string; error: string }[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The checkouts' payments with no order: an authorisation is let go, one lapsing soon is reported first. */
async function releaseOrphans(db: Db, payments: PaymentProvider, now: Date, report: ReconcileReport) {
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
  const open = await db
    .select({ reference: checkoutPayments.reference, createdAt: checkoutPayments.createdAt })
    .from(checkoutPayments)
    .where(and(eq(checkoutPayments.status, 'OPEN'), gte(checkoutPayments.createdAt, since)));
  for (const { reference, createdAt } of open) {
    if (now.getTime() - createdAt.getTime() < IN_FLIGHT_MS) continue;
    try {
      if (await orderHolding(db, reference)) {
        await settleCheckoutPayment(db, reference, 'ORDERED', now);
        continue;
      }
      const payment = await payments.retrieve(reference);
      if (payment?.state === 'AUTHORISED') {
        await payments.release(reference);
        report.released.push(reference);
      }
      if (!payment || payment.state === 'AUTHORISED' || payment.state === 'RELEASED' || payment.state === 'FAILED')
        await settleCheckoutPayment(db, reference, 'CLOSED', now);
    } catch (error) {
      report.failed.push({ reference, error: errorText(error) });
    }
  }
}

/** The orders of the window with a card payment: each against the provider's record of it. */
async function checkOrders(db: Db, payments: PaymentProvider, now: Date, report: ReconcileReport) {
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      reference: orders.paymentReference,
      placedAt: orders.placedAt,
      payableTodayCents: orders.payableTodayCents,
      totalCents: orders.totalCents,
      giftCardCents: orders.giftCardCents,
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.paymentReference),
        gte(orders.placedAt, since),
        inArray(orders.paymentStatus, ['AUTHORISED', 'CAPTURED']),
      ),
    )
    .orderBy(sql`${orders.placedAt}`);
  const lifeMs = payments.capabilities.authorisationDays * 86_400_000;
  for (const order of rows) {
    const reference = order.reference!;
    try {
      const payment = await payments.retrieve(reference);
      if (!payment) continue;
      const charge = cardChargeOf(order);
      const held = order.paymentStatus === 'CAPTURED' ? payment.capturedCents : payment.amountCents;
      if (held !== charge)
        report.mismatched.push({ orderNumber: order.orderNumber, reference, orderCents: charge, providerCents: held });
      if (order.paymentStatus !== 'AUTHORISED') continue;
      const expiresAt = new Date(payment.createdAt.getTime() + lifeMs);
      const lapsing = payment.state === 'AUTHORISED' && expiresAt.getTime() - now.getTime() < EXPIRES_SOON_MS;
      const stuck = now.getTime() - order.placedAt.getTime() > 5 * CAPTURE_FALLBACK_AFTER_MS;
      const active = order.status !== 'CANCELLED' && order.status !== 'REFUNDED';
      if (stuck && active && (payment.state === 'AUTHORISED' || payment.state === 'CAPTURED')) {
        try {
          await captureOrder(db, payments, order.id);
          report.captured.push(order.orderNumber);
          continue;
        } catch (error) {
          report.failed.push({ reference, error: errorText(error) });
        }
      }
      if (lapsing) report.expiring.push({ orderNumber: order.orderNumber, reference, expiresAt });
    } catch (error) {
      report.failed.push({ reference, error: errorText(error) });
    }
  }
}

/** One reconciliation of the last RECONCILE_DAYS days (`npm run payments -- reconcile`, and the daily job). */
export async function reconcilePayments(db: Db, payments: PaymentProvider, now: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = { released: [], captured: [], mismatched: [], expiring: [], failed: [] };
  await releaseOrphans(db, payments, now, report);
  await checkOrders(db, payments, now, report);
  return report;
}
