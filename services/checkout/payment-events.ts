import type { PaymentEventJob } from '../payments/events';
import { ServiceError } from '../platform/service-error';
import { type PendingOrderDeps, placePendingOrder } from './pending-orders';
import { orderHolding, settleCheckoutPayment } from './pending-payments';

/** What a provider's event did, for the log. */
export type PaymentEventOutcome = 'ordered' | 'answered' | 'closed' | 'refused' | 'unchanged' | 'unknown';

/**
 * Acts on a provider's event by the payment as the provider holds it now, not as the event says it was: events come
 * late, twice and out of order, and the payment's present state is the one answer they all agree on. An authorised
 * payment with no order writes the checkout's order (the shopper never came back); one let go or failed with no
 * order closes the checkout's payment. A refusal in writing the order (the wine sold out meanwhile) lets the
 * authorisation go (placeOrder's own undo) and is not tried again.
 */
export async function handlePaymentEvent(deps: PendingOrderDeps, job: PaymentEventJob): Promise<PaymentEventOutcome> {
  const payment = await deps.payments.retrieve(job.reference);
  if (!payment) return 'unknown';
  const now = deps.clock.now();
  switch (payment.state) {
    case 'AUTHORISED': {
      try {
        const placed = await placePendingOrder(deps, job.reference);
        if (!placed) return 'unknown';
        return placed.replayed ? 'answered' : 'ordered';
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        await settleCheckoutPayment(deps.db, job.reference, 'CLOSED', now);
        return 'refused';
      }
    }
    case 'RELEASED':
    case 'FAILED': {
      // An order written with this payment keeps it: the order's own moves (a cancellation) release it; one the bank
      // let lapse before its capture stays AUTHORISED, counted by /readyz for staff to look at.
      if (await orderHolding(deps.db, job.reference)) return 'unchanged';
      await settleCheckoutPayment(deps.db, job.reference, 'CLOSED', now);
      return 'closed';
    }
    default:
      return 'unchanged';
  }
}
