import {
  type ChargeResult,
  cardBrand,
  cardDigits,
  PAYMENT_MESSAGES,
  type PaymentProvider,
  TEST_CARDS,
} from '../domain/payment';

/**
 * The built-in test provider (the default): 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is
 * declined, any other number is refused. The same idempotency key answers the charge it made again.
 */
export function createTestPaymentProvider(): PaymentProvider {
  const charges = new Map<string, ChargeResult>();
  return {
    name: 'test',
    async charge(request) {
      const earlier = charges.get(request.idempotencyKey);
      if (earlier) return earlier;
      const digits = cardDigits(request.card.number);
      let result: ChargeResult;
      if (digits === TEST_CARDS.approved)
        result = {
          ok: true,
          reference: `test_${request.idempotencyKey.slice(0, 16)}`,
          brand: cardBrand(digits),
          last4: digits.slice(-4),
        };
      else if (digits === TEST_CARDS.declined) result = { ok: false, message: PAYMENT_MESSAGES.declined };
      else result = { ok: false, message: PAYMENT_MESSAGES.testOnly };
      // Only a charge made is remembered: after a refusal the shopper may try another card with the same key.
      if (charges.size > 10_000) charges.clear();
      if (result.ok) charges.set(request.idempotencyKey, result);
      return result;
    },
  };
}
