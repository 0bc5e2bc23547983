import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandHeaders, LOOPBACK, TEST_LOCAL_OPERATOR_TOKEN } from '../support/command-calls';
import { i18nFor } from '../../app/lib/i18n';
import {
  customerPoints,
  customerSubscriptions,
  customers,
  giftCardLedger,
  giftCards,
  orders,
  outbox,
  testPayments,
} from '../../db/schema';
import type { PaymentProvider } from '../../domain/payment';
import { type App, createApp } from '../../server/app';
import { giftCardKeyOf, testConfig } from '../../server/config';
import { paymentCapturer } from '../../server/outbox-worker';
import { captureOrder } from '../../services/orders/capture';
import { CAPTURE_FALLBACK_AFTER_MS, cardChargeOf } from '../../services/payments/capture';
import { type GiftCardMail, openGiftCardMail } from '../../services/gift-cards/email';
import { listCustomerGiftCards } from '../../services/gift-cards/gift-cards';
import { processOutbox } from '../../services/platform/outbox';
import { createTestPaymentProvider } from '../../services/payments/test-provider';
import { APPROVED_CARD, DECLINED_CARD, giftCardBody, orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// Money that can't be gamed (services/checkout/, services/orders/gifts.ts, services/orders/moves/): an
// authorisation is this attempt's own, bound to one amount and one version of the cart; what an order gives is given
// once its payment is captured; what it gave ends with its cancellation or refund. The races are played out
// deterministically by a provider that changes the cart while it is asked to authorise (exactly where a second tab
// or a double submit lands), and also fired at once, 20 times, asserting no win.

const t = useTestApp({ TRUST_PROXY: 'true' });
const db = () => t.testDb.database.db;

/** What the provider does besides authorising: run `onAuthorise` once, refuse captures while `captureDown`. */
const hooks: { onAuthorise: (() => Promise<void>) | null; captureDown: boolean } = {
  onAuthorise: null,
  captureDown: false,
};
let app: App;
beforeAll(() => {
  const real = createTestPaymentProvider(db());
  const provider: PaymentProvider = {
    ...real,
    async authorise(request) {
      const run = hooks.onAuthorise;
      hooks.onAuthorise = null;
      const answer = await real.authorise(request);
      if (run) await run();
      return answer;
    },
    async capture(reference, amountCents) {
      if (hooks.captureDown) throw new Error('the provider cannot be reached');
      return real.capture(reference, amountCents);
    },
  };
  app = createApp({
    database: t.testDb.database,
    config: testConfig({ TRUST_PROXY: 'true' }),
    localOperatorToken: TEST_LOCAL_OPERATOR_TOKEN,
    messagesFor: i18nFor,
    payments: provider,
  });
});
beforeEach(() => {
  hooks.onAuthorise = null;
  hooks.captureDown = false;
});

let nextAddress = 1;
const visitor = (site = 'law-au', address = `10.50.0.${nextAddress++}`) => createVisitor(() => app, site, { address });
type Visitor = ReturnType<typeof visitor>;
type Placed = { orderNumber: string; orderId: number; replayed: boolean };
const place = (v: Visitor, overrides: Record<string, unknown> = {}) =>
  v.call<Placed>('POST', '/api/checkout/order', orderBody(overrides));
const operator = (orderNumber: string, move: string, body: Record<string, unknown> = {}) =>
  visitor('law-au', LOOPBACK).call(
    'POST',
    `/api/operator/orders/${orderNumber}/${move}`,
    body,
    undefined,
    commandHeaders(),
  );

async function orderRow(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

async function balanceOfOrderCards(orderId: number): Promise<number> {
  const [row] = await db()
    .select({ balance: sql<string>`coalesce(sum(${giftCardLedger.amountCents}), 0)` })
    .from(giftCardLedger)
    .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.giftCardId))
    .where(eq(giftCards.orderId, orderId));
  return Number(row?.balance ?? 0);
}

/**
 * Every order's money, as a review would check it: an order whose cards hold a balance, or that gave anything, has
 * its payment captured for exactly what the card owed; no captured payment took other than its order's card charge;
 * what gift cards paid never covered e-gift cards.
 */
async function assertMoneyHolds() {
  const rows = await db().select().from(orders).where(isNotNull(orders.idempotencyKey));
  for (const order of rows) {
    const cards = await balanceOfOrderCards(order.id);
    const [payment] = order.paymentReference
      ? await db().select().from(testPayments).where(eq(testPayments.reference, order.paymentReference))
      : [];
    if (cards > 0 || order.givenAt !== null) {
      expect(order.paymentStatus, `order ${order.orderNumber} gave before its payment was captured`).toBe('CAPTURED');
      if (order.paymentReference) expect(payment?.capturedCents).toBe(cardChargeOf(order));
    }
    if (payment?.status === 'CAPTURED') expect(payment.capturedCents).toBe(cardChargeOf(order));
    if (payment) expect(payment.amountCents).toBeGreaterThanOrEqual(cardChargeOf(order));
  }
}

describe('the double submit while the cart changes (critical)', () => {
  it('a second request with the same key never rides the first one’s authorisation', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    const key = randomUUID();
    let second: Awaited<ReturnType<typeof place>> | null = null;
    // While request A is at the provider: the $300 e-gift card goes into the cart, and request B (same key) runs.
    hooks.onAuthorise = async () => {
      expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(300))).status).toBe(200);
      second = await place(v, { idempotencyKey: key, email: 'double@example.com' });
    };
    const first = await place(v, { idempotencyKey: key, email: 'double@example.com' });
    expect(second).not.toBeNull();
    const b = second as unknown as Awaited<ReturnType<typeof place>>;
    expect(b.status).toBe(200);
    // One order for the key, at the amount the cart held when B priced it, captured for all of it.
    const order = await orderRow(b.body.response.orderNumber);
    expect(first.status === 200 ? first.body.response.orderNumber : order.orderNumber).toBe(order.orderNumber);
    expect(order.paymentStatus).toBe('CAPTURED');
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, order.paymentReference!));
    expect(payment).toMatchObject({ status: 'CAPTURED', capturedCents: cardChargeOf(order) });
    expect(await balanceOfOrderCards(order.id)).toBe(30_000);
    // A's own authorisation (of the cart without the card) was let go: nothing else is held for this key.
    const held = await db()
      .select()
      .from(testPayments)
      .where(and(eq(testPayments.status, 'AUTHORISED'), eq(testPayments.last4, '4242')));
    expect(held.filter((p) => p.amountCents === order.payableTodayCents! - 30_000)).toEqual([]);
    await assertMoneyHolds();
  });

  it('A’s card authorised for the cart before the change pays for no order of the changed cart', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    const key = randomUUID();
    hooks.onAuthorise = async () => {
      expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(300))).status).toBe(200);
    };
    const first = await place(v, { idempotencyKey: key, email: 'changed@example.com' });
    expect(first.status).toBe(409);
    expect(first.body.statusMessage).toMatch(/cart changed/i);
    // Its authorisation is released; the same key then pays the new amount under a new authorisation.
    const released = await db().select().from(testPayments).where(eq(testPayments.status, 'RELEASED'));
    expect(released.length).toBeGreaterThan(0);
    const second = await place(v, { idempotencyKey: key, email: 'changed@example.com' });
    expect(second.status).toBe(200);
    const order = await orderRow(second.body.response.orderNumber);
    expect(order.paymentStatus).toBe('CAPTURED');
    await assertMoneyHolds();
  });

  it('fired at once 20 times (checkout, add a $300 card, the same checkout): no gift card without its money', async () => {
    for (let i = 0; i < 20; i++) {
      const v = visitor();
      await v.add('D0001', 1);
      const key = randomUUID();
      const body = orderBody({ idempotencyKey: key, email: `race${i}@example.com` });
      await Promise.all([
        v.call('POST', '/api/checkout/order', body),
        new Promise((r) => setTimeout(r, i % 4)).then(() => v.call('PUT', '/api/cart/eItemCode', giftCardBody(300))),
        new Promise((r) => setTimeout(r, 1 + (i % 3))).then(() => v.call('POST', '/api/checkout/order', body)),
      ]);
    }
    await assertMoneyHolds();
  });
});

describe('what an order gives waits for its capture', () => {
  it('e-gift cards, Unlimited and points are given when the payment is captured, not before', async () => {
    const v = visitor('vir-au');
    expect((await v.login('shopper@example.com')).status).toBe(200);
    const [customer] = await db().select().from(customers).where(eq(customers.email, 'shopper@example.com'));
    const pointsBefore = await db()
      .select()
      .from(customerPoints)
      .where(and(eq(customerPoints.customerId, customer!.id), eq(customerPoints.brand, 'vir')));
    await v.add('D0001', 2);
    expect((await v.add('UL0001', 1)).status).toBe(200);
    expect(
      (
        await v.call(
          'PUT',
          '/api/cart/eItemCode',
          giftCardBody(50, {
            itemCode: '00041VC',
            recipientEmail: 'later@example.com',
            verifyEmail: 'later@example.com',
          }),
        )
      ).status,
    ).toBe(200);
    hooks.captureDown = true;
    const placed = await place(v, { email: undefined });
    expect(placed.status).toBe(200);
    const order = await orderRow(placed.body.response.orderNumber);
    expect(order).toMatchObject({ paymentStatus: 'AUTHORISED', givenAt: null });

    // Nothing given: the card holds nothing, its email waits, no membership, no points.
    expect(await balanceOfOrderCards(order.id)).toBe(0);
    const sent: string[] = [];
    const record = async (job: { payload: unknown }) => {
      sent.push((job.payload as GiftCardMail).to);
    };
    const senders = { 'gift-card-email': record, 'order-email': async () => {} };
    await processOutbox(db(), senders, new Date(Date.now() + 1000));
    expect(sent.filter((to) => to === 'later@example.com')).toEqual([]);
    const membership = () =>
      db().select().from(customerSubscriptions).where(eq(customerSubscriptions.orderId, order.id));
    expect(await membership()).toEqual([]);
    const points = async () =>
      (
        await db()
          .select()
          .from(customerPoints)
          .where(and(eq(customerPoints.customerId, customer!.id), eq(customerPoints.brand, 'vir')))
      )[0];
    expect(await points()).toEqual(pointsBefore[0]);
    const listed = () =>
      listCustomerGiftCards(db(), { now: () => new Date() }, { id: customer!.id, email: 'shopper@example.com' });
    const bought = async () => (await listed()).filter((c) => c.amountCents === 5_000 && c.relation === 'bought');
    const listedBefore = (await bought()).length;

    // Stuck: /readyz counts it once the capture's retries are past.
    await db()
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 10 * CAPTURE_FALLBACK_AFTER_MS) })
      .where(eq(orders.id, order.id));
    const ready = await (await app.request('/readyz')).json();
    expect(ready.payments.notCaptured).toBeGreaterThanOrEqual(1);

    // The provider answers again: the outbox's capture takes the money and gives everything, once.
    hooks.captureDown = false;
    const provider = createTestPaymentProvider(db());
    const later = new Date(Date.now() + 2 * CAPTURE_FALLBACK_AFTER_MS);
    await processOutbox(db(), { ...senders, 'payment-capture': paymentCapturer(db(), provider) }, later);
    const captured = await orderRow(order.orderNumber);
    expect(captured.paymentStatus).toBe('CAPTURED');
    expect(captured.givenAt).not.toBeNull();
    expect(await balanceOfOrderCards(order.id)).toBe(5_000);
    expect((await bought()).length).toBe(listedBefore + 1);
    expect(await membership()).toEqual([expect.objectContaining({ type: 'FREESHIP', status: 'REQUESTED' })]);
    expect((await points())!.basePoints).toBeGreaterThan(pointsBefore[0]?.basePoints ?? 0);
    expect(sent.filter((to) => to === 'later@example.com')).toEqual(['later@example.com']);
    // Captured again (the checkout's own call and the outbox's both ran): nothing given twice.
    await captureOrder(db(), provider, order.id);
    expect(await balanceOfOrderCards(order.id)).toBe(5_000);
    expect(await membership()).toHaveLength(1);
    const ready2 = await (await app.request('/readyz')).json();
    expect(ready2.payments.notCaptured).toBe(0);
    await assertMoneyHolds();
  });

  it('an order cancelled before its capture gives nothing, and a capture that raced the cancel is refunded', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(80))).status).toBe(200);
    hooks.captureDown = true;
    const placed = await place(v, { email: 'cancel.race@example.com' });
    expect(placed.status).toBe(200);
    const order = await orderRow(placed.body.response.orderNumber);
    expect(order.paymentStatus).toBe('AUTHORISED');
    // Checkout's capture reached the provider (it took the money) just as the customer cancelled.
    const provider = createTestPaymentProvider(db());
    await provider.capture(order.paymentReference!, cardChargeOf(order));
    const cancelled = await v.call('POST', `/api/checkout/order/${order.orderNumber}/cancel`);
    expect(cancelled.status).toBe(200);
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, order.paymentReference!));
    expect(payment).toMatchObject({ status: 'CAPTURED', refundedCents: cardChargeOf(order) });
    // The capture's own record comes after: the order stays cancelled and gives nothing.
    hooks.captureDown = false;
    await captureOrder(db(), provider, order.id);
    const after = await orderRow(order.orderNumber);
    expect(after).toMatchObject({ status: 'CANCELLED', givenAt: null });
    expect(await balanceOfOrderCards(order.id)).toBe(0);
    const held = await db().select().from(outbox).where(eq(outbox.heldForOrder, order.id));
    expect(held).toEqual([]);
  });
});

describe('what an order gave ends with it (high)', () => {
  async function member(email: string) {
    const v = visitor();
    expect((await v.register(email, 'Unlimited2026')).status).toBe(200);
    expect((await v.login(email, 'Unlimited2026')).status).toBe(200);
    await v.add('D0001', 1);
    expect((await v.add('UL0001', 1)).status).toBe(200);
    const placed = await place(v, { email: undefined });
    expect(placed.status).toBe(200);
    const [customer] = await db().select().from(customers).where(eq(customers.email, email));
    const standing = async () =>
      (
        await db()
          .select({ status: customerSubscriptions.status })
          .from(customerSubscriptions)
          .where(and(eq(customerSubscriptions.customerId, customer!.id), eq(customerSubscriptions.type, 'FREESHIP')))
      ).map((s) => s.status);
    expect(await standing()).toEqual(['REQUESTED']);
    const details = async () =>
      (await v.call('GET', '/api/user/subscriptions/subscription/list')).body.response.generalSubscriptions;
    return { v, orderNumber: placed.body.response.orderNumber, standing, details };
  }

  it('cancelling the order that bought Unlimited ends the membership', async () => {
    const { v, orderNumber, standing, details } = await member('ul.cancel@example.com');
    expect((await v.call('POST', `/api/checkout/order/${orderNumber}/cancel`)).status).toBe(200);
    expect(await standing()).toEqual(['CANCELLED']);
    expect((await details()).map((s: { status: string }) => s.status)).toEqual(['CANCELLED']);
  });

  it('refunding the order in full, or its Unlimited line, ends the membership', async () => {
    const whole = await member('ul.refund@example.com');
    expect((await operator(whole.orderNumber, 'ship', { trackingNumber: 'AP000333444' })).status).toBe(200);
    expect((await operator(whole.orderNumber, 'refund')).status).toBe(200);
    expect(await whole.standing()).toEqual(['CANCELLED']);

    const line = await member('ul.line@example.com');
    expect((await operator(line.orderNumber, 'ship', { trackingNumber: 'AP000333555' })).status).toBe(200);
    expect((await operator(line.orderNumber, 'refund', { itemCode: 'D0001' })).status).toBe(200);
    expect(await line.standing()).toEqual(['REQUESTED']);
    expect((await operator(line.orderNumber, 'refund', { itemCode: 'UL0001' })).status).toBe(200);
    expect(await line.standing()).toEqual(['CANCELLED']);
  });
});

/** A gift card of `amount` dollars bought by someone else; its code as the recipient's email carries it. */
async function boughtGiftCard(amount: number, recipient: string): Promise<string> {
  const buyer = visitor();
  const body = giftCardBody(amount, { recipientEmail: recipient, verifyEmail: recipient });
  expect((await buyer.call('PUT', '/api/cart/eItemCode', body)).status).toBe(200);
  expect((await place(buyer, { delivery: undefined })).status).toBe(200);
  const jobs = await db().select().from(outbox).where(eq(outbox.kind, 'gift-card-email')).orderBy(desc(outbox.id));
  const mail = jobs.map((j) => j.payload as GiftCardMail).find((m) => m.to === recipient);
  const text = openGiftCardMail(mail!, giftCardKeyOf(testConfig())).text;
  return /Your gift card code: (\S+)/.exec(text)![1]!;
}

describe('lines changed while paying (medium)', () => {
  it('a line swapped for an e-gift card while paying with a gift card places nothing', async () => {
    const code = await boughtGiftCard(90, 'swap.card@example.com');
    const v = visitor();
    expect((await v.register('swapper@example.com', 'Swapper2026')).status).toBe(200);
    expect((await v.login('swapper@example.com', 'Swapper2026')).status).toBe(200);
    await v.add('D0001', 1);
    expect((await v.add('UL0001', 1)).status).toBe(200);
    // While the card is authorised for what the gift card leaves: Unlimited out, a $59 e-gift card in.
    hooks.onAuthorise = async () => {
      expect((await v.call('DELETE', '/api/cart/itemcode/UL0001')).status).toBe(200);
      expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(59))).status).toBe(200);
    };
    const placed = await place(v, { email: undefined, giftCardCodes: [code] });
    expect(placed.status).toBe(409);
    const mine = await db().select().from(orders).where(eq(orders.email, 'swapper@example.com'));
    expect(mine).toEqual([]);
    // Asked again, the gift card pays for the wine only; the e-gift card is the card's.
    const again = await place(v, { email: undefined, giftCardCodes: [code] });
    expect(again.status).toBe(200);
    const order = await orderRow(again.body.response.orderNumber);
    expect(order.giftCardCents).toBe(order.payableTodayCents! - 5_900);
    await assertMoneyHolds();
  });

  it('a wine added to an e-gift-only checkout while paying needs its delivery address', async () => {
    const v = visitor();
    expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(40))).status).toBe(200);
    hooks.onAuthorise = async () => {
      expect((await v.add('D0001', 1)).status).toBe(200);
    };
    const placed = await place(v, { delivery: undefined, email: 'no.address@example.com' });
    expect(placed.status).toBe(409);
    expect(await db().select().from(orders).where(eq(orders.email, 'no.address@example.com'))).toEqual([]);
    const again = await place(v, { delivery: undefined, email: 'no.address@example.com' });
    expect(again.status).toBe(400);
    expect(again.body.statusMessage).toBe('Please enter a delivery address.');
  });

  it('a refund to a gift card past its expiry leaves it valid to spend', async () => {
    const code = await boughtGiftCard(60, 'expiring@example.com');
    const v = visitor();
    await v.add('D0002', 1);
    const placed = await place(v, { email: 'expiring.buyer@example.com', giftCardCodes: [code] });
    expect(placed.status).toBe(200);
    const order = await orderRow(placed.body.response.orderNumber);
    const [paid] = await db()
      .select({ id: giftCardLedger.giftCardId })
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.orderId, order.id), eq(giftCardLedger.kind, 'redeem')));
    await db()
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(giftCards.id, paid!.id));
    expect((await v.call('POST', `/api/checkout/order/${order.orderNumber}/cancel`)).status).toBe(200);
    const balance = await visitor().call('POST', '/api/gift-cards/balance', { code });
    expect(balance.status).toBe(200);
    expect(balance.body.response).toMatchObject({ expired: false, balanceCents: 6_000 });
  });
});

describe('pre-sell needs a payment method (medium)', () => {
  const LIMIT_TEXT =
    'Pre-sell wines are reserved without payment, at most 24 bottles per customer until they ship. Please lower the pre-sell quantity in your cart.';

  it('a pre-sell-only order is reserved against a card the provider approved, and held per client address', async () => {
    const address = '10.51.0.1';
    const empty = visitor('law-au', address);
    await empty.add('P0001', 24);
    const noCard = await place(empty, { email: 'nocard@example.com', card: { number: '', expiry: '', cvc: '' } });
    expect(noCard.status).toBe(400);
    expect(noCard.body.statusMessage).toBe('Please enter a valid card number.');
    const declined = await place(empty, { email: 'nocard@example.com', card: DECLINED_CARD });
    expect(declined.status).toBe(400);
    expect(declined.body.statusMessage).toBe('Your card was declined.');

    const first = visitor('law-au', address);
    await first.add('P0001', 20);
    const placed = await place(first, { email: 'reserve.one@example.com' });
    expect(placed.status).toBe(200);
    const order = await orderRow(placed.body.response.orderNumber);
    expect(order).toMatchObject({ paymentBrand: 'Visa', paymentLast4: '4242', paymentReference: null });
    // The card was checked by an authorisation of the pre-sell amount, let go once the order was written.
    const checks = await db()
      .select()
      .from(testPayments)
      .where(and(eq(testPayments.status, 'RELEASED'), eq(testPayments.amountCents, order.totalCents)));
    expect(checks.length).toBeGreaterThan(0);

    // Another mailbox from the same address: 20 + 5 is over the cap; from another address 24 is not.
    const second = visitor('law-au', address);
    await second.add('P0001', 5);
    const over = await place(second, { email: 'reserve.two@example.com' });
    expect(over.status).toBe(400);
    expect(over.body.statusMessage).toBe(LIMIT_TEXT);
    const elsewhere = visitor('law-au', '10.51.0.2');
    await elsewhere.add('P0001', 24);
    expect((await place(elsewhere, { email: 'reserve.three@example.com' })).status).toBe(200);
  });
});

describe('the test provider', () => {
  it('binds a payment key to its amount: another amount under it is refused, never answered with the old one', async () => {
    const provider = createTestPaymentProvider(db());
    const request = { amountCents: 3_998, currency: 'AUD', card: APPROVED_CARD, paymentKey: randomUUID() };
    const first = await provider.authorise(request);
    expect(first).toMatchObject({ ok: true, amountCents: 3_998 });
    const other = await provider.authorise({ ...request, amountCents: 33_998 });
    expect(other).toEqual({
      ok: false,
      message: 'This payment was started for another amount. Please reload the page and try again.',
    });
    // The same request again (a retry after a lost answer) is the same authorisation.
    const again = await provider.authorise(request);
    expect(again.ok && first.ok && again.reference === first.reference).toBe(true);
    // A release reports a payment captured meanwhile, for the caller to refund.
    if (!first.ok) throw new Error('not authorised');
    await provider.capture(first.reference, 3_998);
    expect(await provider.release(first.reference)).toEqual({ released: false, capturedCents: 3_998 });
  });
});
