import type { PaymentProvider } from '../../domain/payment';

/** The outbox job that releases or refunds an order's card payment after the move's commit. */
export type PaymentRefundJob =
  | { orderId: number; reference: string; release: true }
  | { orderId: number; reference: string; amountCents: number; refundKey: string };

/** How long the outbox's refund job waits for the move's own call to the provider. */
export const PROVIDER_FALLBACK_AFTER_MS = 60_000;

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
