import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { CHECKOUT_ERRORS, type CheckoutActionData } from '../../domain/checkout';
import type { ErrorType } from '../../domain/errors';
import { GIFT_CARD_ERRORS } from '../../domain/gift-cards';
import { englishText, type Text } from '../../domain/message';
import { PAYMENT_ERRORS, type PaymentProvider } from '../../domain/payment';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { createTestPaymentProvider } from '../../services/payments/test-provider';
import { ServiceError } from '../../services/platform/service-error';
import { checkoutActionPage } from '../support/checkout-page-app';
import { createVisitor } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The checkout page's action (POST /checkout, the form without script) marks the field a refusal belongs to by the
// refusal's code (domain/errors.ts), never by its text: on the Hong Kong site, with the refusal's text in the zh-HK
// catalogue's words, each lands on its field. The app answers the action's data as JSON, as in
// gift-card-checkout.test.ts.

let testDb: TestDatabase;
let app: App;
/** What the payment provider throws at the next authorisation instead of answering (null: it answers). */
let refusal: ServiceError | null = null;
beforeAll(async () => {
  testDb = await createTestDatabase();
  const real = createTestPaymentProvider(testDb.database.db);
  const payments: PaymentProvider = {
    ...real,
    async authorise(request) {
      if (refusal) throw refusal;
      return real.authorise(request);
    },
  };
  app = createApp({
    database: testDb.database,
    config: testConfig(),
    messagesFor: i18nFor,
    payments,
    renderPage: checkoutActionPage,
  });
});
afterAll(async () => {
  await testDb?.drop();
});
beforeEach(() => {
  refusal = null;
});

const SITE = 'law-hk';
const FORM = {
  email: 'field.errors@example.com',
  address: 'new',
  firstName: 'Ana',
  lastName: 'Lee',
  line1: '1 Queen’s Road Central',
  city: 'Central',
  district: 'central-western',
  billingSame: 'on',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/30',
  cardCvc: '123',
};

/** The checkout form as a browser without script posts it, from a Hong Kong cart of one bottle. */
async function postCheckout(fields: Record<string, string> = {}) {
  const v = createVisitor(() => app, SITE);
  expect((await v.add('D0001', 1)).status).toBe(200);
  const res = await app.request('/checkout', {
    method: 'POST',
    headers: {
      host: `${SITE}.localhost:3000`,
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; '),
    },
    body: new URLSearchParams({ ...FORM, idempotencyKey: randomUUID(), ...fields }).toString(),
  });
  return { status: res.status, answer: (await res.json()) as CheckoutActionData };
}

/** The text in the Hong Kong site's words. */
async function inZhHk(text: Text): Promise<string> {
  const i18n = await i18nFor('zh-HK');
  return typeof text === 'string' ? i18n._(text) : i18n._(text.id, { ...text.values });
}

describe('the checkout page’s field errors', () => {
  it.each(
    [
      [PAYMENT_ERRORS.declined, 'cardNumber', 400],
      [PAYMENT_ERRORS.number, 'cardNumber', 400],
      [PAYMENT_ERRORS.testOnly, 'cardNumber', 400],
      [PAYMENT_ERRORS.expiry, 'cardExpiry', 400],
      [PAYMENT_ERRORS.expired, 'cardExpiry', 400],
      [PAYMENT_ERRORS.cvc, 'cardCvc', 400],
      [CHECKOUT_ERRORS.email, 'email', 400],
      [CHECKOUT_ERRORS.unknownPostcode, 'postcode', 400],
      [CHECKOUT_ERRORS.addressNotFound, 'address', 400],
      [CHECKOUT_ERRORS.deliveryRequired, 'line1', 400],
      [GIFT_CARD_ERRORS.unknown, 'giftCardCode', 404],
      [GIFT_CARD_ERRORS.tooMany, 'giftCardCode', 400],
      [CHECKOUT_ERRORS.keyReused, 'form', 409],
    ].map(([error, field, status]) => [(error as ErrorType).code, error, field, status]) as [
      string,
      ErrorType & { text: Text },
      string,
      number,
    ][],
  )('puts %s, in zh-HK words, on its field', async (_code, error, field, status) => {
    const text = await inZhHk(error.text);
    // Else the test would not tell a code from an English text.
    expect(text).not.toBe(englishText(error.text));
    refusal = new ServiceError(error, text);
    const { status: answered, answer } = await postCheckout();
    expect(answered).toBe(status);
    expect(answer.errors).toEqual([{ field, message: text }]);
  });

  it('puts the test provider’s refusal of a declined card on the card number, on the Hong Kong site', async () => {
    const { status, answer } = await postCheckout({ cardNumber: '4000 0000 0000 0002' });
    expect(status).toBe(400);
    // A plain text goes out as its English key; the page shows it in the site's words (app/lib/shown-text.ts).
    expect(answer.errors).toEqual([{ field: 'cardNumber', message: 'Your card was declined.' }]);
  });

  it('puts an email address the order cannot be sent to on the email field', async () => {
    const { status, answer } = await postCheckout({ email: 'not-an-address' });
    expect(status).toBe(400);
    expect(answer.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address.' }]);
  });
});
