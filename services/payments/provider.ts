import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../domain/payment';
import { createStripePaymentProvider } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';

/** What picks and sets up the provider (server/config.ts checks it: Stripe's keys are there when it is chosen). */
export interface PaymentSettings {
  PAYMENT_PROVIDER: 'test' | 'stripe';
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
  TEST_PAYMENT_DELAY_MS?: number | undefined;
}

/** The shop's payment provider (CONTRACT.md "Payment providers"): the built-in test provider unless Stripe is chosen. */
export function paymentProviderFor(db: Db, settings: PaymentSettings): PaymentProvider {
  if (settings.PAYMENT_PROVIDER === 'stripe') {
    if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET)
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return createStripePaymentProvider({
      secretKey: settings.STRIPE_SECRET_KEY,
      webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
      apiUrl: settings.STRIPE_API_URL,
    });
  }
  return createTestPaymentProvider(db, { delayMs: settings.TEST_PAYMENT_DELAY_MS ?? 0 });
}
