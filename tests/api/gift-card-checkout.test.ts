import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { giftCardLedger, orders, outbox } from '../../db/schema';
import type { CheckoutActionData } from '../../domain/checkout';
import { type App, createApp } from '../../server/app';
import { giftCardKeyOf, testConfig } from '../../server/config';
import { type GiftCardMail, openGiftCardMail } from '../../services/gift-cards/email';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { checkoutActionPage } from '../support/checkout-page-app';
import { createVisitor } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The checkout page's gift card field without script (POST /checkout, a plain form): Apply and Remove answer the
// page with what the cards would pay and place nothing; the final post places the order with the codes applied.
// (The JSON preview, POST /api/checkout/gift-cards, and the ledger have tests of their own.)

// The app with the checkout page's own action behind POST /checkout (the API tests have no page build): what it
// answers is the action's data as JSON, or its redirect.
let testDb: TestDatabase;
let app: App;
beforeAll(async () => {
  testDb = await createTestDatabase();
  app = createApp({
    database: testDb.database,
    config: testConfig(),
    messagesFor: i18nFor,
    renderPage: checkoutActionPage,
  });
});
afterAll(async () => {
  await testDb?.drop();
});
const db = () => testDb.database.db;
const visitor = () => createVisitor(() => app, 'law-au');
type Visitor = ReturnType<typeof visitor>;

/** A $100 card bought by someone else; answers its code as the recipient's email carries it. */
async function boughtGiftCard(recipient: string): Promise<string> {
  const buyer = visitor();
  expect(
    (
      await buyer.call(
        'PUT',
        '/api/cart/eItemCode',
        giftCardBody(100, { recipientEmail: recipient, verifyEmail: recipient }),
      )
    ).status,
  ).toBe(200);
  const placed = await buyer.call('POST', '/api/checkout/order', orderBody({ delivery: undefined }));
  expect(placed.status).toBe(200);
  const jobs = await db().select().from(outbox).where(eq(outbox.kind, 'gift-card-email')).orderBy(desc(outbox.id));
  const mail = jobs.map((j) => j.payload as GiftCardMail).find((m) => m.to === recipient);
  const text = openGiftCardMail(mail!, giftCardKeyOf(testConfig())).text;
  return /Your gift card code: (\S+)/.exec(text)![1]!;
}

/** The checkout form as a browser without script posts it, with the visitor's cookies. */
function postForm(v: Visitor, fields: Record<string, string>) {
  return app.request('/checkout', {
    method: 'POST',
    headers: {
      host: 'law-au.localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; '),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const FORM = {
  email: 'spender@example.com',
  address: 'new',
  firstName: 'Ana',
  lastName: 'Lee',
  line1: '14 Darling Street',
  city: 'Balmain',
  postcode: '2041',
  billingSame: 'on',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/30',
  cardCvc: '123',
};

const orderCount = async () => (await db().select({ id: orders.id }).from(orders)).length;
const ledgerOf = async (orderId: number) =>
  db().select().from(giftCardLedger).where(eq(giftCardLedger.orderId, orderId));

describe('the checkout page’s gift card field', () => {
  it('applies a code: answers what it pays and the card the rest with the form, places nothing, echoes no card', async () => {
    const code = await boughtGiftCard('apply@example.com');
    const last4 = code.replaceAll('-', '').slice(-4);
    const v = visitor();
    await v.add('D0001', 6);
    const before = await orderCount();
    const res = await postForm(v, {
      ...FORM,
      idempotencyKey: randomUUID(),
      giftCardCode: code.toLowerCase(),
      intent: 'applyGiftCard',
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as CheckoutActionData;
    const total = (await v.cart()).orderPriceInfo.payableTodayTotal;
    expect(answer.giftCards).toEqual({
      cards: [{ last4, balanceCents: 10_000, appliedCents: 10_000 }],
      giftCardCents: 10_000,
      cardCents: Math.round(total * 100) - 10_000,
      payableTodayCents: Math.round(total * 100),
    });
    expect(answer.errors).toEqual([]);
    // The code travels in the hidden field to the order; the code field is empty for the next one.
    expect(answer.values.giftCards).toBe(code.toLowerCase());
    expect(answer.values.giftCardCode).toBe('');
    expect(answer.values.email).toBe('spender@example.com');
    expect(JSON.stringify(answer)).not.toContain('4242 4242');
    expect(answer.values).not.toHaveProperty('cardCvc');
    expect(answer.values).not.toHaveProperty('intent');
    expect(await orderCount()).toBe(before);
    expect((await v.cart()).lineItems).toHaveLength(1);
  });

  it('refuses an unknown code with its message, keeping the cards applied before', async () => {
    const code = await boughtGiftCard('keep@example.com');
    const last4 = code.replaceAll('-', '').slice(-4);
    const v = visitor();
    await v.add('D0001', 6);
    const res = await postForm(v, {
      ...FORM,
      idempotencyKey: randomUUID(),
      giftCards: code,
      giftCardCode: 'AAAA-BBBB-CCCC-DDDD',
      intent: 'applyGiftCard',
    });
    expect(res.status).toBe(404);
    const answer = (await res.json()) as CheckoutActionData;
    expect(answer.giftCardError).toMatch(/^We could not find a gift card with that code/);
    expect(answer.giftCards?.cards.map((c) => c.last4)).toEqual([last4]);
    expect(answer.values.giftCards).toBe(code);
    expect(answer.values.giftCardCode).toBe('AAAA-BBBB-CCCC-DDDD');

    const empty = await postForm(v, {
      ...FORM,
      idempotencyKey: randomUUID(),
      giftCardCode: ' ',
      intent: 'applyGiftCard',
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as CheckoutActionData).giftCardError).toBe('Please enter the gift card code.');
  });

  it('removes a card by its last 4', async () => {
    const code = await boughtGiftCard('remove@example.com');
    const last4 = code.replaceAll('-', '').slice(-4);
    const v = visitor();
    await v.add('D0001', 6);
    const res = await postForm(v, {
      ...FORM,
      idempotencyKey: randomUUID(),
      giftCards: code,
      intent: `removeGiftCard:${last4}`,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as CheckoutActionData;
    expect(answer.giftCards).toBeNull();
    expect(answer.values.giftCards).toBe('');
  });

  it('places the order with the codes applied: the gift card pays first, the card the rest', async () => {
    const code = await boughtGiftCard('place@example.com');
    const v = visitor();
    await v.add('D0001', 6);
    const res = await postForm(v, { ...FORM, idempotencyKey: randomUUID(), giftCards: code, giftCardCode: '' });
    expect(res.status).toBe(303);
    const orderNumber = /\/checkout\/confirmation\/(\S+)$/.exec(res.headers.get('location') ?? '')?.[1];
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber!));
    expect(order!.giftCardCents).toBe(10_000);
    expect(order!.payableTodayCents! - order!.giftCardCents).toBeGreaterThan(0);
    expect(order!.paymentLast4).toBe('4242');
    expect((await ledgerOf(order!.id)).map((e) => [e.kind, e.amountCents])).toEqual([['redeem', -10_000]]);
  });

  it('places an order the gift card pays in full with no card details at all', async () => {
    const code = await boughtGiftCard('full@example.com');
    const v = visitor();
    await v.add('D0001', 1);
    const { cardNumber: _n, cardExpiry: _e, cardCvc: _c, ...noCard } = FORM;
    // A code typed but not applied pays too.
    const res = await postForm(v, { ...noCard, idempotencyKey: randomUUID(), giftCardCode: code });
    expect(res.status).toBe(303);
    const orderNumber = /\/checkout\/confirmation\/(\S+)$/.exec(res.headers.get('location') ?? '')?.[1];
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber!));
    expect(order!.giftCardCents).toBe(order!.payableTodayCents);
    expect(order!.paymentLast4).toBeNull();
  });
});
