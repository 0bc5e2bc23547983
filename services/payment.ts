import { randomBytes } from 'node:crypto';
import { and, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testPayments } from '../db/schema';
import {
  type AuthoriseResult,
  cardBrand,
  cardDigits,
  PAYMENT_MESSAGES,
  type PaymentProvider,
  TEST_CARDS,
} from '../domain/payment';

/**
 * The built-in test provider (the default): 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is
 * declined, any other number is refused. It keeps its authorisations in the shop's database (`test_payments`), as a
 * real provider keeps them on its side: the same payment key answers the same authorisation after a restart and
 * from another process. A refusal is not kept: the shopper may try another card with the same key.
 */
export function createTestPaymentProvider(db: Db): PaymentProvider {
  return {
    name: 'test',
    async authorise(request): Promise<AuthoriseResult> {
      const digits = cardDigits(request.card.number);
      if (digits === TEST_CARDS.declined) return { ok: false, message: PAYMENT_MESSAGES.declined };
      if (digits !== TEST_CARDS.approved) return { ok: false, message: PAYMENT_MESSAGES.testOnly };
      const now = new Date();
      const held = {
        amountCents: request.amountCents,
        currency: request.currency,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        status: 'AUTHORISED' as const,
        updatedAt: now,
      };
      // A key seen before answers its authorisation; one released (its order was not written) holds the amount anew.
      const [row] = await db
        .insert(testPayments)
        .values({ reference: `test_${randomBytes(12).toString('hex')}`, paymentKey: request.paymentKey, ...held })
        .onConflictDoUpdate({ target: testPayments.paymentKey, set: held, where: eq(testPayments.status, 'RELEASED') })
        .returning();
      const payment =
        row ?? (await db.select().from(testPayments).where(eq(testPayments.paymentKey, request.paymentKey)))[0];
      if (!payment) throw new Error('test payment: the authorisation was not kept');
      return { ok: true, reference: payment.reference, brand: payment.brand, last4: payment.last4 };
    },
    async capture(reference, amountCents) {
      const [taken] = await db
        .update(testPayments)
        .set({ status: 'CAPTURED', capturedCents: amountCents, updatedAt: new Date() })
        .where(
          and(
            eq(testPayments.reference, reference),
            eq(testPayments.status, 'AUTHORISED'),
            gte(testPayments.amountCents, amountCents),
          ),
        )
        .returning({ reference: testPayments.reference });
      if (taken) return;
      const [payment] = await db.select().from(testPayments).where(eq(testPayments.reference, reference));
      if (payment?.status === 'CAPTURED') return;
      throw new Error(
        payment
          ? `test payment ${reference}: ${payment.status}, ${payment.amountCents} held, ${amountCents} asked`
          : `test payment ${reference}: no such authorisation`,
      );
    },
    async release(reference) {
      await db
        .update(testPayments)
        .set({ status: 'RELEASED', updatedAt: new Date() })
        .where(and(eq(testPayments.reference, reference), ne(testPayments.status, 'CAPTURED')));
    },
  };
}

/** The shop's payment provider: the built-in test provider (the only one so far). */
export function paymentProviderFor(db: Db): PaymentProvider {
  return createTestPaymentProvider(db);
}
