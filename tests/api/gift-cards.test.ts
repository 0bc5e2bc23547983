import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commandHeaders, LOOPBACK, TEST_LOCAL_OPERATOR_TOKEN } from '../support/command-calls';
import { giftCardLedger, giftCards, orderEvents, orders, outbox, testPayments } from '../../db/schema';
import { GIFT_CARD_MESSAGES } from '../../domain/gift-cards';
import { giftCardKeyOf, testConfig } from '../../server/config';
import type { GiftCardMail } from '../../services/gift-cards/email';
import {
  balancesOf,
  codeHashOf,
  expireGiftCards,
  hashPlainGiftCardCodes,
  openCode,
} from '../../services/gift-cards/gift-cards';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';
import { useSmtpStub } from '../support/smtp-stub';
import { giftCardSender } from '../../server/outbox-worker';
import { processOutbox } from '../../services/platform/outbox';

// Gift cards after they are sold: the code kept as a keyed hash and emailed sealed; paying with them at checkout
// (partly, wholly, several, never for e-gift cards, never twice at once); refunds and cancellations giving back to
// the card and the gift cards that paid; cards of a cancelled order written off.

const t = useTestApp({ TRUST_PROXY: 'true' }, { localOperatorToken: TEST_LOCAL_OPERATOR_TOKEN });
const db = () => t.testDb.database.db;
const key = giftCardKeyOf(testConfig());
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);

type Placed = { orderNumber: string };
type Move = {
  status: string;
  refundedCents: number;
  event: { amountCents: number | null; giftCardCents: number; refundTo: string | null } | null;
};
const operator = (orderNumber: string, name: string, body: Record<string, unknown> = {}) =>
  createVisitor(() => t.app, 'law-au', { address: LOOPBACK }).call<Move>(
    'POST',
    `/api/operator/orders/${orderNumber}/${name}`,
    body,
    undefined,
    commandHeaders(),
  );

let recipients = 0;
/** Buys an e-gift card of `amount` dollars as a guest; answers its code as the recipient's email carries it. */
async function buyGiftCard(amount: number, site = 'law-au') {
  const recipient = `friend${++recipients}@example.com`;
  const v = visitor(site);
  const added = await v.call(
    'PUT',
    '/api/cart/eItemCode',
    giftCardBody(amount, { recipientEmail: recipient, verifyEmail: recipient }),
  );
  expect(added.status).toBe(200);
  const placed = await v.call<Placed>(
    'POST',
    '/api/checkout/order',
    orderBody({ email: 'buyer@example.com', delivery: undefined }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const [mail] = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'gift-card-email'), sql`${outbox.payload}->>'to' = ${recipient}`));
  const sealed = mail!.payload as GiftCardMail;
  return { code: openCode(key, sealed.sealedCode), mail: sealed, orderNumber: placed.body.response.orderNumber };
}

async function cardOf(code: string) {
  const [card] = await db()
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, codeHashOf(key, code)));
  return card!;
}
async function balanceOf(code: string) {
  const card = await cardOf(code);
  return (await balancesOf(db(), [card.id])).get(card.id);
}
async function orderRow(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}
/** What the test provider was asked to take for the order (0 when no card was charged). */
async function cardCharged(orderNumber: string) {
  const row = await orderRow(orderNumber);
  if (!row.paymentReference) return 0;
  const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, row.paymentReference));
  return payment!.capturedCents || payment!.amountCents;
}

/** A visitor with `bottles` of D0001 in the cart. */
async function wineCart(bottles: number, site = 'law-au') {
  const v = visitor(site);
  expect((await v.add('D0001', bottles)).status).toBe(200);
  return v;
}

describe('a gift card as it is issued', () => {
  it('keeps no code in the database: a keyed hash and the last 4; the recipient gets the code, the buyer does not', async () => {
    const { code, mail, orderNumber } = await buyGiftCard(100);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const card = await cardOf(code);
    expect(card).toMatchObject({
      code: null,
      last4: code.slice(-4),
      amountCents: 10_000,
      currency: 'AUD',
      siteId: 'law-au',
    });
    expect(card.expiresAt.getUTCFullYear() - card.createdAt.getUTCFullYear()).toBe(3);
    expect(await balanceOf(code)).toBe(10_000);
    // Nowhere in the database: not in any row of the cards, the outbox, the orders.
    const dump = await db().execute(sql`
      select (select coalesce(string_agg(to_jsonb(g)::text, ''), '') from gift_cards g) ||
             (select coalesce(string_agg(payload::text, ''), '') from outbox) ||
             (select coalesce(string_agg(to_jsonb(o)::text, ''), '') from orders o) as everything`);
    const everything = String((dump as unknown as { rows: { everything: string }[] }).rows[0]?.everything);
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(code.replaceAll('-', ''));
    expect(mail.text).not.toContain(code);
    expect(mail.subject).toContain('Ann Lee');
    expect(mail.text).toContain('Enjoy!');
    expect(mail.text).toContain('$100.00');
    // The buyer's confirmation email names the card by its last 4.
    const [confirmation] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-email'), sql`${outbox.payload}->>'subject' like ${`%${orderNumber}%`}`));
    const text = (confirmation!.payload as { text: string }).text;
    expect(text).toContain(`card ending ${code.slice(-4)}`);
    expect(text).not.toContain(code);
  });

  it('sends the recipient the code in the site’s language', async () => {
    const { code, mail } = await buyGiftCard(500, 'law-hk');
    expect(code).toHaveLength(19);
    expect(await cardOf(code)).toMatchObject({ currency: 'HKD', siteId: 'law-hk' });
    expect(mail.to).toMatch(/@example\.com$/);
  });

  it('hashes a card kept with its plain code before codes were hashed, and drops the code', async () => {
    const { orderNumber } = await buyGiftCard(50);
    const order = await orderRow(orderNumber);
    const [legacy] = await db()
      .insert(giftCards)
      .values({
        code: 'LEGA-CYCA-RD00-0042',
        last4: '0042',
        orderId: order.id,
        currency: 'AUD',
        amountCents: 2_000,
        recipientName: 'Old',
        recipientEmail: 'old@example.com',
        expiresAt: new Date('2030-01-01T00:00:00Z'),
      })
      .returning();
    expect(await hashPlainGiftCardCodes(db(), () => key)).toBe(1);
    const [after] = await db().select().from(giftCards).where(eq(giftCards.id, legacy!.id));
    expect(after).toMatchObject({ code: null, codeHash: codeHashOf(key, 'lega cyca rd00 0042') });
    expect(
      await hashPlainGiftCardCodes(db(), () => {
        throw new Error('no key is needed when nothing is left to hash');
      }),
    ).toBe(0);
  });
});

describe('a card past its expiry', () => {
  it('ends with an expire entry that takes its balance to zero, once; it can no longer pay', async () => {
    const { code } = await buyGiftCard(45);
    const card = await cardOf(code);
    await db()
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(giftCards.id, card.id));
    const v = await wineCart(1);
    const refused = await v.call('POST', '/api/checkout/gift-cards', { codes: [code] });
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe(`The gift card ending ${code.slice(-4)} has expired.`);
    expect(await expireGiftCards(db(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(code)).toBe(0);
    const entries = await db()
      .select({ kind: giftCardLedger.kind, cents: giftCardLedger.amountCents })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, card.id));
    expect(entries).toEqual([
      { kind: 'issue', cents: 4_500 },
      { kind: 'expire', cents: -4_500 },
    ]);
    await expireGiftCards(db(), new Date());
    expect(await db().select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id))).toHaveLength(2);
  });
});

describe('the recipient’s email', () => {
  const smtp = useSmtpStub();
  it('leaves the outbox with the code opened, to the recipient alone', async () => {
    const { code } = await buyGiftCard(75);
    const send = smtp.mailSender();
    await processOutbox(db(), { 'gift-card-email': giftCardSender(send, key) }, new Date(Date.now() + 60_000), {
      limit: 100,
    });
    const mail = smtp.mails.find((m) => m.data.includes(code));
    expect(mail?.to).toEqual([`friend${recipients}@example.com`]);
    expect(mail?.data).toContain('/gift-vouchers/balance');
    // The row it was kept in still holds no readable code.
    const kept = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'gift-card-email'));
    expect(JSON.stringify(kept)).not.toContain(code);
  });
});

describe('paying with gift cards', () => {
  it('previews what a card pays and spends nothing; a wrong code is not found', async () => {
    const { code } = await buyGiftCard(50);
    const v = await wineCart(6);
    const preview = await v.call<{
      cards: { last4: string; appliedCents: number }[];
      cardCents: number;
      payableTodayCents: number;
    }>('POST', '/api/checkout/gift-cards', { codes: [code.toLowerCase().replaceAll('-', ' ')] });
    expect(preview.status).toBe(200);
    expect(preview.body.response.cards).toEqual([{ last4: code.slice(-4), balanceCents: 5_000, appliedCents: 5_000 }]);
    expect(preview.body.response.cardCents).toBe(preview.body.response.payableTodayCents - 5_000);
    expect(await balanceOf(code)).toBe(5_000);
    const wrong = await v.call('POST', '/api/checkout/gift-cards', { codes: ['AAAA-BBBB-CCCC-DDDD'] });
    expect(wrong.status).toBe(404);
    expect(wrong.body.statusMessage).toBe(GIFT_CARD_MESSAGES.unknown);
  });

  it('pays part of an order, the card the rest; the card is then empty and refused', async () => {
    const { code } = await buyGiftCard(50);
    const v = await wineCart(6);
    const placed = await v.call<Placed>('POST', '/api/checkout/order', orderBody({ giftCardCodes: [code] }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const row = await orderRow(placed.body.response.orderNumber);
    expect(row.giftCardCents).toBe(5_000);
    expect(await cardCharged(row.orderNumber)).toBe((row.payableTodayCents ?? 0) - 5_000);
    expect(await balanceOf(code)).toBe(0);
    const order = await v.call<{ giftCardPayments: unknown[]; cardCents: number }>(
      'GET',
      `/api/checkout/order/${row.orderNumber}`,
    );
    expect(order.body.response.giftCardPayments).toEqual([{ last4: code.slice(-4), amountCents: 5_000 }]);
    expect(order.body.response.cardCents).toBe((row.payableTodayCents ?? 0) - 5_000);

    const again = await wineCart(1);
    const refused = await again.call('POST', '/api/checkout/order', orderBody({ giftCardCodes: [code] }));
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe(`The gift card ending ${code.slice(-4)} has no balance left.`);
  });

  it('pays a whole order with no card at all, and what is left stays on the card; several cards, each once', async () => {
    const first = await buyGiftCard(30);
    const second = await buyGiftCard(100);
    const v = await wineCart(2);
    const noCard = { number: '', expiry: '', cvc: '' };
    const placed = await v.call<Placed>(
      'POST',
      '/api/checkout/order',
      orderBody({ card: noCard, giftCardCodes: [first.code, second.code, first.code.toLowerCase()] }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const row = await orderRow(placed.body.response.orderNumber);
    const payable = row.payableTodayCents ?? 0;
    expect(payable).toBeGreaterThan(3_000);
    expect(row).toMatchObject({ giftCardCents: payable, paymentReference: null, paymentStatus: 'CAPTURED' });
    expect(await balanceOf(first.code)).toBe(0);
    expect(await balanceOf(second.code)).toBe(10_000 - (payable - 3_000));

    const short = await wineCart(12);
    const cardNeeded = await short.call(
      'POST',
      '/api/checkout/order',
      orderBody({ card: noCard, giftCardCodes: [second.code] }),
    );
    expect(cardNeeded.status).toBe(400);
    expect(cardNeeded.body.statusMessage).toBe('Please enter a valid card number.');
    expect(await balanceOf(second.code)).toBe(10_000 - (payable - 3_000));
  });

  it('never pays for e-gift cards, and pays only for the wine of a mixed order', async () => {
    const { code } = await buyGiftCard(100);
    const gifts = visitor();
    await gifts.call('PUT', '/api/cart/eItemCode', giftCardBody(50));
    const refused = await gifts.call(
      'POST',
      '/api/checkout/order',
      orderBody({ delivery: undefined, giftCardCodes: [code] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe(GIFT_CARD_MESSAGES.notForGiftCards);
    expect(await balanceOf(code)).toBe(10_000);

    const mixed = await wineCart(1);
    await mixed.call('PUT', '/api/cart/eItemCode', giftCardBody(50));
    const placed = await mixed.call<Placed>('POST', '/api/checkout/order', orderBody({ giftCardCodes: [code] }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const row = await orderRow(placed.body.response.orderNumber);
    expect(row.giftCardCents).toBe((row.payableTodayCents ?? 0) - 5_000);
    expect(await cardCharged(row.orderNumber)).toBe(5_000);
  });

  it('is refused on a site of another currency', async () => {
    const { code } = await buyGiftCard(50);
    const nz = visitor('law-nz');
    await nz.add('D0001', 2);
    const refused = await nz.call('POST', '/api/checkout/gift-cards', { codes: [code] });
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toContain('is in AUD');
  });

  it('two orders spending one card at once never spend more than it holds', async () => {
    const { code } = await buyGiftCard(60);
    const buyers = await Promise.all([wineCart(6), wineCart(6), wineCart(6)]);
    const answers = await Promise.all(
      buyers.map((v) => v.call<Placed>('POST', '/api/checkout/order', orderBody({ giftCardCodes: [code] }))),
    );
    const placed = answers.filter((a) => a.status === 200);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    const card = await cardOf(code);
    const spent = await db()
      .select({ cents: giftCardLedger.amountCents })
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.giftCardId, card.id), eq(giftCardLedger.kind, 'redeem')));
    expect(spent.reduce((sum, e) => sum + e.cents, 0)).toBe(-6_000);
    expect(await balanceOf(code)).toBe(0);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([400, 409]).toContain(refused.status);
      expect(refused.body.statusMessage).toMatch(/gift card ending/);
    }
    // The refused orders hold nothing on their cards: every authorisation without an order was let go.
    const held = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(testPayments)
      .where(
        and(
          eq(testPayments.status, 'AUTHORISED'),
          sql`${testPayments.reference} not in (select payment_reference from orders where payment_reference is not null)`,
        ),
      );
    expect(held[0]!.n).toBe(0);
  });
});

describe('refunds and cancellations with gift cards', () => {
  async function paidPartly(bottles = 6) {
    const { code } = await buyGiftCard(50);
    const v = await wineCart(bottles);
    const placed = await v.call<Placed>('POST', '/api/checkout/order', orderBody({ giftCardCodes: [code] }));
    expect(placed.status).toBe(200);
    const row = await orderRow(placed.body.response.orderNumber);
    return { code, row, v, card: (row.payableTodayCents ?? 0) - 5_000 };
  }

  it('refunds to the card first, then to the gift card; never more than was paid', async () => {
    const { code, row, card } = await paidPartly();
    expect((await operator(row.orderNumber, 'ship', { trackingNumber: 'AP12345678' })).status).toBe(200);
    const tooMuch = await operator(row.orderNumber, 'refund', { amount: ((card + 5_000 + 1) / 100).toFixed(2) });
    expect(tooMuch.status).toBe(409);
    const first = await operator(row.orderNumber, 'refund', { amount: ((card - 1_000) / 100).toFixed(2) });
    expect(first.status).toBe(200);
    expect(first.body.response.event).toMatchObject({ amountCents: card - 1_000, giftCardCents: 0, refundTo: 'card' });
    expect(await balanceOf(code)).toBe(0);
    const rest = await operator(row.orderNumber, 'refund');
    expect(rest.body.response.status).toBe('REFUNDED');
    expect(rest.body.response.event).toMatchObject({
      amountCents: 6_000,
      giftCardCents: 5_000,
      refundTo: 'card+gift-card',
    });
    expect(await balanceOf(code)).toBe(5_000);
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, row.paymentReference!));
    expect(payment!.refundedCents).toBe(card);
    const [mail] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-email'), sql`${outbox.payload}->>'subject' like '%refund%'`))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((mail!.payload as { text: string }).text).toContain(`gift card ending ${code.slice(-4)}`);
  });

  it('refunds to the gift cards first when the operator says so', async () => {
    const { code, row } = await paidPartly();
    await operator(row.orderNumber, 'ship', { trackingNumber: 'AP12345679' });
    const refund = await operator(row.orderNumber, 'refund', { amount: '30.00', to: 'gift-card' });
    expect(refund.body.response.event).toMatchObject({
      amountCents: 3_000,
      giftCardCents: 3_000,
      refundTo: 'gift-card',
    });
    expect(await balanceOf(code)).toBe(3_000);
  });

  it('cancelling gives the gift card back its part and lets the card’s hold go', async () => {
    const { code, row, v } = await paidPartly(3);
    const cancelled = await v.call<Move>('POST', `/api/checkout/order/${row.orderNumber}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.response.event).toMatchObject({ giftCardCents: 5_000 });
    expect(await balanceOf(code)).toBe(5_000);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.map((e) => e.refundTo)).toContain('card+gift-card');
  });

  it('cancelling an order of e-gift cards writes them off, unless one was spent', async () => {
    const unspent = await buyGiftCard(40);
    expect((await operator(unspent.orderNumber, 'cancel')).status).toBe(200);
    expect(await balanceOf(unspent.code)).toBe(0);
    const kinds = await db()
      .select({ kind: giftCardLedger.kind })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, (await cardOf(unspent.code)).id));
    expect(kinds.map((k) => k.kind)).toEqual(['issue', 'expire']);

    const spent = await buyGiftCard(40);
    const v = await wineCart(1);
    expect((await v.call('POST', '/api/checkout/order', orderBody({ giftCardCodes: [spent.code] }))).status).toBe(200);
    const refused = await operator(spent.orderNumber, 'cancel');
    expect(refused.status).toBe(409);
    expect(refused.body.statusMessage).toBe(GIFT_CARD_MESSAGES.spent);
    expect((await orderRow(spent.orderNumber)).status).toBe('PROCESSING');
  });
});
