import { type Db, inTransaction } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import type { PaymentEvent, PaymentEventKind } from '../../domain/payment';
import { enqueue } from '../platform/outbox';

/** The outbox job that acts on a provider's event (services/checkout/payment-events.ts, kind `payment-event`). */
export interface PaymentEventJob {
  eventId: string;
  kind: PaymentEventKind;
  reference: string;
}

/**
 * Keeps a provider's event once by its id and queues what it asks for, in one transaction: the same event sent
 * again (Stripe retries until it is answered 200, and anyone may replay a signed body) is kept and acted on once.
 * Answers whether it was new.
 */
export async function keepPaymentEvent(db: Db, provider: string, event: PaymentEvent, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [kept] = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        provider,
        type: event.type,
        kind: event.kind,
        reference: event.reference,
        occurredAt: event.occurredAt,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!kept) return false;
    if (event.kind !== 'ignored' && event.reference)
      await enqueue(tx, 'payment-event', { eventId: event.id, kind: event.kind, reference: event.reference }, now);
    return true;
  });
}
