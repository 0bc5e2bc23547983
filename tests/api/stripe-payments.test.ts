import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { checkoutPayments, orders, outbox, paymentEvents } from '../../db/schema';
import { centsToStripeAmount } from '../../domain/money';
import type { PaymentProvider } from '../../domain/payment';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { paymentCapturer, paymentEventHandler, pendingOrderDeps } from '../../server/outbox-worker';
import { CAPTURE_FALLBACK_AFTER_MS } from '../../services/payments/capture';
import { createStripePaymentProvider } from '../../services/payments/stripe-provider';
import { processOutbox } from '../../services/platform/outbox';
import { reconcilePayments } from '../../services/checkout/reconcile-payments';
import { testAddressFor } from '../support/checkout-input';
import { type FakeStripe, FAKE_STRIPE_KEYS, startFakeStripe } from '../support/fake-stripe';
import { createVisitor } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// Stripe behind the payment interface (services/payments/stripe-provider.ts), through a fake Stripe reached by the
// real `stripe` client at STRIPE_API_URL: Stripe's test payment methods, one PaymentIntent per checkout key captured
// by hand after the order is written, the client's retries kept to one authorisation and one capture by the
// idempotency keys, and the webhook's events kept once and acted on by the payment as it now stands.

let fake: FakeStripe;
let testDb: TestDatabase;
let app: App;
/** The same shop with a client that gives up on a call after a second (the timeouts). */
let impatient: App;
let impatientProvider: PaymentProvider;
const db = () => testDb.database.db;
const config = () => testConfig(fake.env);

beforeAll(async () => {
  fake = await startFakeStripe();
  testDb = await createTestDatabase();
  app = createApp({ database: testDb.database, config: config(), messagesFor: i18nFor });
  impatientProvider = createStripePaymentProvider({
    secretKey: FAKE_STRIPE_KEYS.STRIPE_SECRET_KEY,
    webhookSecret: FAKE_STRIPE_KEYS.STRIPE_WEBHOOK_SECRET,
    apiUrl: fake.url,
    timeoutMs: 1_000,
  });
  impatient = createApp({
    database: testDb.database,
    config: config(),
    messagesFor: i18nFor,
    payments: impatientProvider,
  });
});
afterAll(async () => {
  await testDb?.drop();
  await fake?.close();
});

type Placed = { orderNumber: string; orderId: number; replayed: boolean };
const NO_CARD = { number: '', expiry: '', cvc: '' };

function stripeBody(paymentMethod: string | undefined, site = 'law-au', overrides: Record<string, unknown> = {}) {
  return {
    email: 'stripe.shopper@example.com',
    delivery: testAddressFor(site),
    billingSameAsDelivery: true,
    card: NO_CARD,
    ...(paymentMethod ? { paymentMethod } : {}),
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

async function shopper(site = 'law-au', shop = () => app) {
  const v = createVisitor(shop, site);
  const added = await v.add('D0001', 1);
  expect(added.status).toBe(200);
  return v;
}

async function orderOf(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

async function ordersPaidBy(reference: string) {
  return db().select().from(orders).where(eq(orders.paymentReference, reference));
}

async function checkoutPaymentOf(reference: string) {
  const [row] = await db().select().from(checkoutPayments).where(eq(checkoutPayments.reference, reference));
  return row;
}

/** The PaymentIntent begun for the checkout with this form key (the newest, when a cart change began another). */
async function intentOfForm(idempotencyKey: string) {
  const rows = await db().select().from(checkoutPayments);
  const row = rows.find((r) => (r.input as { idempotencyKey: string }).idempotencyKey === idempotencyKey);
  return row ? fake.intent(row.reference) : undefined;
}

function postWebhook(body: string, signature: string | null) {
  return app.request('/webhooks/stripe', {
    method: 'POST',
    headers: {
      host: 'law-au.localhost:3000',
      'content-type': 'application/json',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body,
  });
}

const log = pino({ level: 'silent' });
/** The outbox as the worker runs it, for the payment jobs. */
function runOutbox(at = new Date()) {
  const handlers = {
    'payment-event': paymentEventHandler(pendingOrderDeps(config(), db(), impatientProvider, i18nFor), log),
    'payment-capture': paymentCapturer(db(), impatientProvider),
  };
  return processOutbox(db(), handlers, at, { limit: 100 });
}

describe('a Stripe payment', () => {
  it('with an approved card is held by hand, the order written, then captured once for the amount payable', async () => {
    const v = await shopper();
    const body = stripeBody('pm_card_visa');
    const placed = await v.call<Placed>('POST', '/api/checkout/order', body);
    expect(placed.status).toBe(200);
    const order = await orderOf(placed.body.response.orderNumber);
    expect(order).toMatchObject({ paymentStatus: 'CAPTURED', paymentBrand: 'Visa', paymentLast4: '4242' });
    const intent = fake.intent(order.paymentReference!)!;
    expect(intent).toMatchObject({
      status: 'succeeded',
      capture_method: 'manual',
      currency: 'aud',
      amount: order.payableTodayCents,
      amount_received: order.payableTodayCents,
    });
    expect(intent.metadata.checkout_key).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.counts(intent.id)).toMatchObject({ authorisations: 1, captures: 1 });
    expect((await checkoutPaymentOf(intent.id))?.input).toMatchObject({ card: NO_CARD, paymentMethod: 'pm_card_visa' });

    // The same checkout again answers its order: nothing more is held or taken.
    const again = await v.call<Placed>('POST', '/api/checkout/order', body);
    expect(again.body.response).toMatchObject({ orderNumber: order.orderNumber, replayed: true });
    expect(fake.counts(intent.id)).toMatchObject({ authorisations: 1, captures: 1 });
  });

  it('with a declined card writes no order; another card on the same checkout pays through the same PaymentIntent', async () => {
    const v = await shopper();
    const body = stripeBody('pm_card_chargeDeclined');
    const declined = await v.call('POST', '/api/checkout/order', body);
    expect(declined.status).toBe(400);
    expect(declined.headers.get('x-error-code')).toBe('checkout.card_declined');
    const intent = (await intentOfForm(body.idempotencyKey))!;
    expect(intent.status).toBe('requires_payment_method');
    expect(await ordersPaidBy(intent.id)).toEqual([]);

    const paid = await v.call<Placed>('POST', '/api/checkout/order', { ...body, paymentMethod: 'pm_card_mastercard' });
    expect(paid.status).toBe(200);
    const order = await orderOf(paid.body.response.orderNumber);
    expect(order).toMatchObject({ paymentReference: intent.id, paymentStatus: 'CAPTURED', paymentBrand: 'Mastercard' });
    expect(fake.counts(intent.id)).toMatchObject({ authorisations: 1, captures: 1 });
  });

  it('that the bank must check first waits for the shopper, and is ordered when they come back', async () => {
    for (const method of ['pm_card_threeDSecure2Required', 'pm_card_authenticationRequired']) {
      const v = await shopper();
      const body = stripeBody(method);
      const waiting = await v.call('POST', '/api/checkout/order', body);
      expect(waiting.status).toBe(400);
      expect(waiting.headers.get('x-error-code')).toBe('checkout.payment_requires_action');
      const intent = (await intentOfForm(body.idempotencyKey))!;
      expect(intent.status).toBe('requires_action');
      expect(intent.next_action?.redirect_to_url?.return_url).toBe('http://law-au.localhost:3000/checkout');
      expect(await ordersPaidBy(intent.id)).toEqual([]);

      fake.authenticate(intent.id);
      const back = await v.call<Placed>('POST', '/api/checkout/order', body);
      expect(back.status).toBe(200);
      expect(await orderOf(back.body.response.orderNumber)).toMatchObject({
        paymentReference: intent.id,
        paymentStatus: 'CAPTURED',
      });
      expect(fake.counts(intent.id)).toMatchObject({ authorisations: 1, captures: 1 });
    }
  });

  it('whose PaymentIntent was let go begins another for the same checkout, which then pays', async () => {
    const v = await shopper();
    const body = stripeBody('pm_card_threeDSecure2Required');
    expect((await v.call('POST', '/api/checkout/order', body)).status).toBe(400);
    const first = (await intentOfForm(body.idempotencyKey))!;
    fake.expire(first.id);
    const paid = await v.call<Placed>('POST', '/api/checkout/order', { ...body, paymentMethod: 'pm_card_visa' });
    expect(paid.status).toBe(200);
    const order = await orderOf(paid.body.response.orderNumber);
    expect(order.paymentReference).not.toBe(first.id);
    expect(fake.intent(order.paymentReference!)).toMatchObject({
      status: 'succeeded',
      metadata: { checkout_key: first.metadata.checkout_key },
    });
  });

  it('in New Taiwan dollars is charged in whole dollars, given to Stripe ×100', async () => {
    const v = await shopper('law-tw');
    const placed = await v.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa', 'law-tw'));
    expect(placed.status).toBe(200);
    const order = await orderOf(placed.body.response.orderNumber);
    const intent = fake.intent(order.paymentReference!)!;
    expect(intent.currency).toBe('twd');
    expect(intent.amount).toBe(centsToStripeAmount(order.payableTodayCents!, 'TWD'));
    expect(intent.amount % 100).toBe(0);
    expect(intent.amount_received).toBe(intent.amount);
  });
});

describe('the client’s retries', () => {
  it('give one authorisation and one capture through a 500, a timeout and a dropped answer', async () => {
    const v = await shopper('law-au', () => impatient);
    fake.failNext('POST payment_intents', 'timeout');
    fake.failNext('POST confirm', 'drop');
    fake.failNext('POST capture', '500');
    fake.failNext('POST capture', 'drop');
    const placed = await v.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa'));
    expect(placed.status).toBe(200);
    const order = await orderOf(placed.body.response.orderNumber);
    expect(order.paymentStatus).toBe('CAPTURED');
    expect(fake.counts(order.paymentReference!)).toMatchObject({ authorisations: 1, captures: 1 });
    // The timed-out create was sent again with its key: one PaymentIntent for the checkout.
    const begun = fake
      .intents()
      .filter((i) => i.metadata.checkout_key === fake.intent(order.paymentReference!)!.metadata.checkout_key);
    expect(begun).toHaveLength(1);
    expect(fake.pendingFailures()).toBe(0);
  }, 30_000);

  it('answer a checkout sent again after Stripe’s answers were lost with the one payment it began', async () => {
    const v = await shopper('law-au', () => impatient);
    const body = stripeBody('pm_card_visa');
    // Every try of the PaymentIntent's creation is done at Stripe and its answer lost: the checkout fails, and the
    // one sent again is answered with that PaymentIntent by its key.
    for (let i = 0; i < 3; i++) fake.failNext('POST payment_intents', 'drop');
    expect((await v.call('POST', '/api/checkout/order', body)).status).toBe(500);
    expect(await intentOfForm(body.idempotencyKey)).toBeUndefined();
    const made = fake.intents().length;
    // Every try of the confirmation is done at Stripe and its answer lost: the checkout fails, having held the amount.
    for (let i = 0; i < 3; i++) fake.failNext('POST confirm', 'drop');
    expect((await v.call('POST', '/api/checkout/order', body)).status).toBe(500);
    const intent = (await intentOfForm(body.idempotencyKey))!;
    expect(intent.status).toBe('requires_capture');
    expect(fake.intents()).toHaveLength(made);
    expect(fake.intents().filter((i) => i.metadata.checkout_key === intent.metadata.checkout_key)).toHaveLength(1);
    for (let i = 0; i < 3; i++) fake.failNext('POST capture', 'drop');
    const again = await v.call<Placed>('POST', '/api/checkout/order', body);
    expect(again.status).toBe(200);
    const order = await orderOf(again.body.response.orderNumber);
    expect(order.paymentReference).toBe(intent.id);
    // The capture was done at Stripe, every answer lost: the outbox finds it taken and records it.
    expect(order.paymentStatus).toBe('AUTHORISED');
    await runOutbox(new Date(Date.now() + CAPTURE_FALLBACK_AFTER_MS + 1_000));
    expect((await orderOf(order.orderNumber)).paymentStatus).toBe('CAPTURED');
    expect(fake.counts(intent.id)).toMatchObject({ authorisations: 1, captures: 1 });
    expect(fake.pendingFailures()).toBe(0);
  }, 30_000);

  it('leave a capture Stripe never answered to the outbox, which takes the amount once', async () => {
    const v = await shopper('law-au', () => impatient);
    for (let i = 0; i < 3; i++) fake.failNext('POST capture', '500');
    const placed = await v.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa'));
    expect(placed.status).toBe(200);
    const order = await orderOf(placed.body.response.orderNumber);
    expect(order.paymentStatus).toBe('AUTHORISED');
    expect(fake.counts(order.paymentReference!)).toMatchObject({ authorisations: 1, captures: 0 });

    await runOutbox(new Date(Date.now() + CAPTURE_FALLBACK_AFTER_MS + 1_000));
    await runOutbox(new Date(Date.now() + 2 * CAPTURE_FALLBACK_AFTER_MS));
    expect((await orderOf(order.orderNumber)).paymentStatus).toBe('CAPTURED');
    expect(fake.counts(order.paymentReference!)).toMatchObject({ authorisations: 1, captures: 1 });
  }, 30_000);
});

describe('Stripe’s webhook', () => {
  async function eventCount() {
    return (await db().select().from(paymentEvents)).length;
  }
  async function eventJobs() {
    return (await db().select().from(outbox).where(eq(outbox.kind, 'payment-event'))).length;
  }

  /** A checkout left at the bank's check, which the shopper then passed and never came back from. */
  async function abandonedAfterCheck() {
    const v = await shopper();
    const body = stripeBody('pm_card_threeDSecure2Required', 'law-au', { email: `away.${randomUUID()}@example.com` });
    expect((await v.call('POST', '/api/checkout/order', body)).status).toBe(400);
    const intent = (await intentOfForm(body.idempotencyKey))!;
    fake.authenticate(intent.id);
    return { v, body, intent };
  }

  it('refuses a bad signature, a stale one and none with 400, keeping nothing', async () => {
    const { intent } = await abandonedAfterCheck();
    const [events, jobs] = [await eventCount(), await eventJobs()];
    const event = fake.paymentIntentEvent('payment_intent.amount_capturable_updated', intent.id);
    const wrong = fake.sign(event, { secret: 'whsec_someoneelse0123456789' });
    expect((await postWebhook(wrong.body, wrong.signature)).status).toBe(400);
    const stale = fake.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await postWebhook(stale.body, stale.signature)).status).toBe(400);
    const good = fake.sign(event);
    expect((await postWebhook(good.body.replace('"livemode":false', '"livemode":true'), good.signature)).status).toBe(
      400,
    );
    expect((await postWebhook(good.body, null)).status).toBe(400);
    expect([await eventCount(), await eventJobs()]).toEqual([events, jobs]);
    await runOutbox();
    expect(await ordersPaidBy(intent.id)).toEqual([]);
  });

  it('passes with no session and another origin, and refuses a body over its own limit with 413', async () => {
    const { intent } = await abandonedAfterCheck();
    const signed = fake.sign(fake.paymentIntentEvent('payment_intent.payment_failed', intent.id));
    const foreign = await app.request('/webhooks/stripe', {
      method: 'POST',
      headers: {
        host: 'law-au.localhost:3000',
        origin: 'https://stripe.com',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signed.signature,
      },
      body: signed.body,
    });
    expect(foreign.status).toBe(200);
    const big = fake.sign({ ...fake.paymentIntentEvent('payment_intent.payment_failed', intent.id) }, {});
    const padded = big.body.replace('"livemode":false', `"livemode":false,"pad":"${'x'.repeat(300 * 1024)}"`);
    expect((await postWebhook(padded, big.signature)).status).toBe(413);
  });

  it('writes the order when the shopper never came back; the event replayed three times changes nothing more', async () => {
    const { intent, body } = await abandonedAfterCheck();
    const signed = fake.sign(fake.paymentIntentEvent('payment_intent.amount_capturable_updated', intent.id));
    const first = await postWebhook(signed.body, signed.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    await runOutbox();
    const [order] = await ordersPaidBy(intent.id);
    expect(order).toMatchObject({ paymentStatus: 'CAPTURED', email: body.email });
    const settled = await checkoutPaymentOf(intent.id);
    expect(settled?.status).toBe('ORDERED');
    // The order holds what it needs: the shopper's input is not kept beside it.
    expect(settled?.input).toEqual({ idempotencyKey: body.idempotencyKey });
    expect(settled?.shopper).toEqual({});
    const jobs = await eventJobs();

    for (let i = 0; i < 3; i++) {
      const again = await postWebhook(signed.body, signed.signature);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
      await runOutbox();
    }
    expect(await eventJobs()).toBe(jobs);
    expect(await ordersPaidBy(intent.id)).toHaveLength(1);
    expect(fake.counts(intent.id)).toMatchObject({ authorisations: 1, captures: 1 });
  });

  it('acts on the payment as it stands: an older failure arriving after the authorisation changes nothing', async () => {
    const { intent } = await abandonedAfterCheck();
    const older = Math.floor(Date.now() / 1000) - 60;
    const failed = fake.sign(fake.paymentIntentEvent('payment_intent.payment_failed', intent.id, older));
    const held = fake.sign(fake.paymentIntentEvent('payment_intent.amount_capturable_updated', intent.id));
    expect((await postWebhook(held.body, held.signature)).status).toBe(200);
    expect((await postWebhook(failed.body, failed.signature)).status).toBe(200);
    await runOutbox();
    expect(await ordersPaidBy(intent.id)).toHaveLength(1);
    expect((await checkoutPaymentOf(intent.id))?.status).toBe('ORDERED');
  });

  it('closes a checkout whose payment was let go before any order, and a late authorisation event writes none', async () => {
    const { intent } = await abandonedAfterCheck();
    const held = fake.sign(fake.paymentIntentEvent('payment_intent.amount_capturable_updated', intent.id));
    fake.expire(intent.id);
    const canceled = fake.sign(fake.paymentIntentEvent('payment_intent.canceled', intent.id));
    expect((await postWebhook(canceled.body, canceled.signature)).status).toBe(200);
    expect((await postWebhook(held.body, held.signature)).status).toBe(200);
    await runOutbox();
    expect(await ordersPaidBy(intent.id)).toEqual([]);
    expect((await checkoutPaymentOf(intent.id))?.status).toBe('CLOSED');
  });

  it('keeps a refund’s event once, leaving the order as the refund path left it', async () => {
    const v = await shopper();
    const placed = await v.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa'));
    const order = await orderOf(placed.body.response.orderNumber);
    await impatientProvider.refund(order.paymentReference!, 500, 'partial-1');
    await impatientProvider.refund(order.paymentReference!, 500, 'partial-1');
    expect(fake.refunds(order.paymentReference!).map((r) => r.amount)).toEqual([500]);
    expect(await impatientProvider.retrieve(order.paymentReference!)).toMatchObject({
      state: 'CAPTURED',
      refundedCents: 500,
    });
    const refunded = fake.sign(fake.chargeRefundedEvent(order.paymentReference!));
    expect((await postWebhook(refunded.body, refunded.signature)).status).toBe(200);
    expect((await postWebhook(refunded.body, refunded.signature)).status).toBe(200);
    const kept = await db().select().from(paymentEvents).where(eq(paymentEvents.reference, order.paymentReference!));
    expect(kept.map((e) => [e.type, e.kind])).toEqual([['charge.refunded', 'refunded']]);
    await runOutbox();
    expect(await orderOf(order.orderNumber)).toMatchObject({ paymentStatus: 'CAPTURED', status: order.status });
  });
});

describe('the reconciliation', () => {
  const later = (ms: number) => new Date(Date.now() + ms);

  it('lets an authorisation with no order go, captures an order left AUTHORISED, and reports a differing amount', async () => {
    // An authorisation whose shopper passed the bank's check and never came back, with no event.
    const away = await shopper();
    const awayBody = stripeBody('pm_card_threeDSecure2Required');
    await away.call('POST', '/api/checkout/order', awayBody);
    const orphan = (await intentOfForm(awayBody.idempotencyKey))!;
    fake.authenticate(orphan.id);
    // An order whose every capture failed.
    const stuck = await shopper('law-au', () => impatient);
    for (let i = 0; i < 3; i++) fake.failNext('POST capture', '500');
    const placed = await stuck.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa'));
    const uncaptured = await orderOf(placed.body.response.orderNumber);
    expect(uncaptured.paymentStatus).toBe('AUTHORISED');
    // An order the shop's side recorded for another amount than Stripe took.
    const drift = await shopper();
    const drifted = await orderOf(
      (await drift.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa'))).body.response.orderNumber,
    );
    await db()
      .update(orders)
      .set({ payableTodayCents: drifted.payableTodayCents! + 100 })
      .where(eq(orders.id, drifted.id));

    // Within half an hour a checkout may still be on its way: nothing is let go yet.
    const early = await reconcilePayments(db(), impatientProvider, later(60_000));
    expect(early.released).not.toContain(orphan.id);

    const report = await reconcilePayments(db(), impatientProvider, later(40 * 60_000));
    expect(report.released).toContain(orphan.id);
    expect(fake.intent(orphan.id)?.status).toBe('canceled');
    expect((await checkoutPaymentOf(orphan.id))?.status).toBe('CLOSED');
    expect(report.captured).toContain(uncaptured.orderNumber);
    expect((await orderOf(uncaptured.orderNumber)).paymentStatus).toBe('CAPTURED');
    expect(fake.counts(uncaptured.paymentReference!)).toMatchObject({ authorisations: 1, captures: 1 });
    expect(report.mismatched).toContainEqual({
      orderNumber: drifted.orderNumber,
      reference: drifted.paymentReference,
      orderCents: drifted.payableTodayCents! + 100,
      providerCents: drifted.payableTodayCents,
    });

    // Run again: nothing left to put right.
    const again = await reconcilePayments(db(), impatientProvider, later(41 * 60_000));
    expect(again.released).not.toContain(orphan.id);
    expect(again.captured).not.toContain(uncaptured.orderNumber);
  }, 30_000);

  it('reports an authorisation about to lapse whose capture keeps failing', async () => {
    const v = await shopper('law-au', () => impatient);
    for (let i = 0; i < 6; i++) fake.failNext('POST capture', '500');
    const placed = await v.call<Placed>('POST', '/api/checkout/order', stripeBody('pm_card_visa'));
    const order = await orderOf(placed.body.response.orderNumber);
    expect(order.paymentStatus).toBe('AUTHORISED');
    const report = await reconcilePayments(db(), impatientProvider, later(6.5 * 86_400_000));
    expect(report.expiring.map((e) => e.orderNumber)).toContain(order.orderNumber);
    expect(report.failed.map((f) => f.reference)).toContain(order.paymentReference);
    expect((await orderOf(order.orderNumber)).paymentStatus).toBe('AUTHORISED');
  }, 30_000);
});
