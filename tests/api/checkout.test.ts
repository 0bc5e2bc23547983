import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  customerAddresses,
  customerSubscriptions,
  customers,
  giftCards,
  orders,
  outbox,
  products,
  voucherUses,
} from '../../db/schema';
import { processOutbox } from '../../services/platform/outbox';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  giftCardBody,
  orderBody,
  TEST_ADDRESS,
  testAddressFor,
} from '../support/checkout-input';
import { useSmtpStub } from '../support/smtp-stub';
import { createVisitor, useTestApp } from '../support/test-app';

// Checkout (CONTRACT.md): guests by email and customers with saved addresses, the test cards, one transaction
// for stock, voucher, gift cards and Unlimited, idempotency, the stock race, and the confirmation email.

// Each visitor comes from an address of its own (a guest's pre-sell reservations are also held per address).
const t = useTestApp({ TRUST_PROXY: 'true' });
const db = () => t.testDb.database.db;
let nextAddress = 1;
const visitor = (site = 'law-au') =>
  createVisitor(() => t.app, site, { address: `10.60.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}` });
type Visitor = ReturnType<typeof visitor>;
type Placed = { orderNumber: string; orderId: number; replayed: boolean };
type Confirmed = {
  orderNumber: string;
  email: string;
  totalCents: number;
  discountCents: number;
  shippingCents: number;
  payableTodayCents: number;
  voucherCode: string | null;
  paymentBrand: string;
  paymentLast4: string;
  lines: { itemCode: string; quantity: number; preSell: boolean }[];
  giftCards: { code: string; amountCents: number }[];
  delivery: { postcode: string; firstName: string };
};

const ADDRESS = TEST_ADDRESS;
const APPROVED = APPROVED_CARD;
const DECLINED = DECLINED_CARD;

const place = (v: Visitor, overrides: Record<string, unknown> = {}) =>
  v.call<Placed>('POST', '/api/checkout/order', orderBody(overrides));

async function stockOf(itemCode: string) {
  const [row] = await db()
    .select({ stock: products.stockBottles, availability: products.availability })
    .from(products)
    .where(eq(products.itemCode, itemCode));
  return row!;
}

describe('a guest', () => {
  it('pays with 4242, gets an order number, an empty cart, less stock, and can read the order back', async () => {
    const before = (await stockOf('D0001')).stock!;
    const v = visitor();
    await v.add('D0001', 3);
    const placed = await place(v, { email: 'Guest.One@Example.com' });
    expect(placed.status).toBe(200);
    expect(placed.body.response.orderNumber).toMatch(/^LAW\d{6}-\d{8}$/);
    expect(placed.body.response.replayed).toBe(false);
    expect((await v.cart()).lineItems).toEqual([]);
    expect((await stockOf('D0001')).stock).toBe(before - 3);

    const read = await v.call<Confirmed>('GET', `/api/checkout/order/${placed.body.response.orderNumber}`);
    expect(read.status).toBe(200);
    const order = read.body.response;
    expect(order.email).toBe('guest.one@example.com');
    expect(order.lines).toEqual([expect.objectContaining({ itemCode: 'D0001', quantity: 3 })]);
    expect(order.paymentBrand).toBe('Visa');
    expect(order.paymentLast4).toBe('4242');
    expect(order.delivery).toEqual(expect.objectContaining({ firstName: 'Ana', postcode: '2041' }));
    expect(order.payableTodayCents).toBe(order.totalCents);
    // The card number itself is nowhere in the order row.
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('4242 4242');

    // Someone else's browser cannot read it.
    const other = await visitor().call('GET', `/api/checkout/order/${order.orderNumber}`);
    expect(other.status).toBe(404);
  });

  it('with a declined card is told so, and cart, stock and voucher stay as they were', async () => {
    const v = visitor();
    await v.add('D0002', 2);
    expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    const stock = (await stockOf('D0002')).stock;
    const cartBefore = await v.cart();
    const res = await place(v, { email: 'declined@example.com', card: DECLINED });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('Your card was declined.');
    expect((await stockOf('D0002')).stock).toBe(stock);
    const cartAfter = await v.cart();
    expect(cartAfter.lineItems.map((l) => [l.sku.itemCode, l.quantity])).toEqual(
      cartBefore.lineItems.map((l) => [l.sku.itemCode, l.quantity]),
    );
    expect(cartAfter.orderPriceInfo.total).toBe(cartBefore.orderPriceInfo.total);
    const uses = await db().select().from(voucherUses).where(eq(voucherUses.email, 'declined@example.com'));
    expect(uses).toEqual([]);
    const placed = await db().select().from(orders).where(eq(orders.email, 'declined@example.com'));
    expect(placed).toEqual([]);
  });

  it('after a decline, the same checkout goes through with another card: one order, one charge', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    const body = orderBody({ email: 'second.card@example.com', card: DECLINED });
    expect((await v.call('POST', '/api/checkout/order', body)).body.statusMessage).toBe('Your card was declined.');
    const ok = await v.call<Placed>('POST', '/api/checkout/order', { ...body, card: APPROVED });
    expect(ok.status).toBe(200);
    expect(await db().select().from(orders).where(eq(orders.email, 'second.card@example.com'))).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ card: { ...APPROVED, number: '4242 4242 4242 4241' } }, 'Please enter a valid card number.'],
    [{ card: { ...APPROVED, expiry: '01/20' } }, 'This card has expired.'],
    [{ card: { ...APPROVED, expiry: '13/30' } }, 'Please enter the card’s expiry date as MM/YY.'],
    [{ card: { ...APPROVED, cvc: '12' } }, 'Please enter the 3-digit security code (CVC).'],
    [
      { card: { ...APPROVED, number: '5555 5555 5555 4444' } },
      'This shop takes test cards only: use 4242 4242 4242 4242.',
    ],
    [{ delivery: { ...ADDRESS, postcode: '0001' } }, 'We don’t deliver to that postcode. Please check it.'],
    [{ delivery: { ...ADDRESS, firstName: '  ' } }, 'Please enter a first name.'],
    [{ billingSameAsDelivery: false }, 'Please enter a billing address.'],
  ])('is refused %j with a message to act on, and nothing changes', async (overrides, message) => {
    const v = visitor();
    await v.add('D0001', 1);
    const res = await place(v, overrides);
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe(message);
    expect((await v.cart()).lineItems).toHaveLength(1);
  });

  it('with an empty cart is told so', async () => {
    const res = await place(visitor());
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('Your cart is empty: add some wine before you check out.');
  });

  it('who registers with the order’s email finds it in the account only once the mailbox is proved', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    const placed = await place(v, { email: 'later.member@example.com' });
    expect(placed.status).toBe(200);
    const { orderNumber, orderId } = placed.body.response;
    // Anyone may type the address: registering it shows nothing of the guest's order yet.
    const member = visitor();
    expect((await member.register('later.member@example.com', 'Vintage2026x')).status).toBe(200);
    type History = { orders: { orderNumber: string; id: number }[] };
    expect((await member.call<History>('GET', '/api/user/orderhistory')).body.response.orders).toEqual([]);
    expect((await member.call('GET', `/api/checkout/order/${orderNumber}`)).status).toBe(404);
    expect((await member.call('GET', `/api/user/orderhistory/details/${orderId}`)).status).toBe(404);
    expect(
      (await member.call<{ emailVerified: boolean }>('GET', '/api/user/details')).body.response.emailVerified,
    ).toBe(false);

    // The link of the verification email (sent through the outbox) proves it; the order comes to the account.
    const token = await verificationTokenFor('later.member@example.com');
    const confirmed = await visitor().call('POST', '/api/authentication/verify-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.response).toEqual({ message: 'Thank you: your email address is confirmed.' });
    const history = await member.call<History>('GET', '/api/user/orderhistory');
    expect(history.body.response.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
    const details = await member.call<{ orderNumber: string }>('GET', `/api/user/orderhistory/details/${orderId}`);
    expect(details.body.response.orderNumber).toBe(orderNumber);
    expect(
      (await member.call<{ emailVerified: boolean }>('GET', '/api/user/details')).body.response.emailVerified,
    ).toBe(true);
    // The link is single-use.
    const again = await visitor().call('POST', '/api/authentication/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.statusMessage).toBe('This link is no longer valid. Please ask for a new one from your account.');
  });
});

describe('an order that delivers nothing', () => {
  it('of e-gift cards alone needs no address; one with a wine, or Unlimited, is refused without one', async () => {
    const v = visitor();
    expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(100))).status).toBe(200);
    const noAddress = { delivery: undefined, email: 'cards@example.com' };
    const placed = await place(v, noAddress);
    expect(placed.status).toBe(200);
    const [order] = await db()
      .select({ delivery: orders.deliveryAddress, shipping: orders.shippingCents, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.orderNumber, placed.body.response.orderNumber));
    expect(order).toEqual({ delivery: null, shipping: 0, total: 10_000 });

    const wine = visitor();
    await wine.add('D0001', 1);
    await wine.call('PUT', '/api/cart/eItemCode', giftCardBody(50));
    const refused = await place(wine, noAddress);
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe('Please enter a delivery address.');
    expect((await wine.cart()).lineItems).toHaveLength(2);
  });
});

describe('one order per checkout key', () => {
  it('a double click, sent at once, places one order and answers both with it', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    const body = orderBody({ email: 'double@example.com' });
    const [a, b] = await Promise.all([
      v.call<Placed>('POST', '/api/checkout/order', body),
      v.call<Placed>('POST', '/api/checkout/order', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.response.orderNumber).toBe(b.body.response.orderNumber);
    expect([a.body.response.replayed, b.body.response.replayed].sort()).toEqual([false, true]);
    const rows = await db().select().from(orders).where(eq(orders.email, 'double@example.com'));
    expect(rows).toHaveLength(1);
    // A retry later (a reload of the form post) answers the same order again.
    const retry = await v.call<Placed>('POST', '/api/checkout/order', body);
    expect(retry.body.response).toEqual({ ...a.body.response, replayed: true });
  });

  it('another visitor presenting a customer’s key gets no order of theirs', async () => {
    const customer = visitor();
    await customer.login('planner@example.com');
    await customer.add('D0001', 1);
    const body = orderBody({ email: undefined });
    expect((await customer.call('POST', '/api/checkout/order', body)).status).toBe(200);
    const stranger = visitor();
    await stranger.add('D0001', 1);
    const res = await stranger.call('POST', '/api/checkout/order', { ...body, email: 'x@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBe('This checkout was already used for another order. Please reload the page.');
  });
});

describe('pre-sell wines, reserved unpaid', () => {
  const LIMIT_TEXT =
    'Pre-sell wines are reserved without payment, at most 24 bottles per customer until they ship. Please lower the pre-sell quantity in your cart.';

  it('are held to PRESELL_MAX_BOTTLES (24) per order and per person over their unshipped orders', async () => {
    const stock = (await stockOf('P0001')).stock;
    const big = visitor();
    await big.add('P0001', 25);
    const refused = await place(big, { email: 'presell@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe(LIMIT_TEXT);

    const first = visitor();
    await first.add('P0001', 20);
    expect((await place(first, { email: 'presell@example.com' })).status).toBe(200);
    // The same mailbox written another way, in another browser: 20 + 5 is over the limit; 20 + 4 is not.
    const second = visitor();
    await second.add('P0001', 5);
    const over = await place(second, { email: 'PreSell+more@example.com' });
    expect(over.status).toBe(400);
    expect(over.body.statusMessage).toBe(LIMIT_TEXT);
    expect((await second.cart()).numItems).toBe(5);
    await second.call('PUT', '/api/cart/itemcode/P0001/4?method=set');
    expect((await place(second, { email: 'PreSell+more@example.com' })).status).toBe(200);
    // Someone else still can.
    const other = visitor();
    await other.add('P0001', 24);
    expect((await place(other, { email: 'another.presell@example.com' })).status).toBe(200);
    expect((await stockOf('P0001')).stock).toBe((stock ?? 0) - 48);
  });
});

describe('pre-sell wines, reserved unpaid, for a quoted local part', () => {
  it('count toward the cap of the mailbox it quotes', async () => {
    const first = visitor();
    await first.add('P0001', 20);
    expect((await place(first, { email: '"quoted.presell"@example.com' })).status).toBe(200);
    const second = visitor();
    await second.add('P0001', 5);
    const over = await place(second, { email: 'quoted.presell+more@example.com' });
    expect(over.status).toBe(400);
    expect(over.body.statusMessage).toBe(
      'Pre-sell wines are reserved without payment, at most 24 bottles per customer until they ship. Please lower the pre-sell quantity in your cart.',
    );
  });
});

describe('the e-gift cap of 20 cards', () => {
  const card = (i: number) => ({
    salesCode: 'EGIFT',
    quantity: 1,
    recipientName: `Friend ${i}`,
    recipientEmail: `friend${i}@example.com`,
    verifyEmail: `friend${i}@example.com`,
    message: 'Enjoy your wine!',
    amount: 50,
    itemCode: '02698VC',
  });

  it('holds after a login merge of 20 anonymous cards into a cart of 20, and the order issues 20', async () => {
    expect((await visitor().register('cards.twenty@example.com', 'Vintage2026x')).status).toBe(200);
    const customer = visitor();
    expect((await customer.login('cards.twenty@example.com', 'Vintage2026x')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await customer.call('PUT', '/api/cart/eItemCode', card(i))).status).toBe(200);
    const anonymous = visitor();
    for (let i = 20; i < 40; i++)
      expect((await anonymous.call('PUT', '/api/cart/eItemCode', card(i))).status).toBe(200);
    expect((await anonymous.login('cards.twenty@example.com', 'Vintage2026x')).status).toBe(200);
    const merged = await anonymous.cart();
    expect(merged.lineItems).toHaveLength(20);
    const placed = await place(anonymous, { email: undefined });
    expect(placed.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, placed.body.response.orderNumber));
    const cards = await db().select().from(giftCards).where(eq(giftCards.orderId, order!.id));
    expect(cards).toHaveLength(20);
  });
});

describe('one checkout key, several carts', () => {
  it('a guest’s key replays only for the cart that placed it: another guest gets 409 and no way into the order', async () => {
    const buyer = visitor();
    await buyer.add('D0001', 1);
    const body = orderBody({ email: 'keyholder@example.com' });
    const placed = await buyer.call<Placed>('POST', '/api/checkout/order', body);
    expect(placed.status).toBe(200);
    // The same browser again (a reload): the same order.
    const again = await buyer.call<Placed>('POST', '/api/checkout/order', body);
    expect(again.status).toBe(200);
    expect(again.body.response.orderNumber).toBe(placed.body.response.orderNumber);

    const other = visitor();
    await other.add('D0002', 1);
    const res = await other.call('POST', '/api/checkout/order', { ...body, email: 'other@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBe('This checkout was already used for another order. Please reload the page.');
    expect(res.setCookie ?? '').not.toMatch(/order_access=/);
    expect((await other.call('GET', `/api/checkout/order/${placed.body.response.orderNumber}`)).status).not.toBe(200);
    expect((await other.cart()).numItems).toBe(1);
  });

  it('the same key from four carts at once places one order; the others get 409, never a 500', async () => {
    const carts = [visitor(), visitor(), visitor(), visitor()];
    for (const v of carts) await v.add('D0002', 1);
    const body = orderBody({ email: 'key.holder.race@example.com' });
    const answers = await Promise.all(carts.map((v) => v.call('POST', '/api/checkout/order', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.statusMessage).toBe('This checkout was already used for another order. Please reload the page.');
    const placed = await db().select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey));
    expect(placed).toHaveLength(1);
  });
});

describe('a customer', () => {
  it('checks out to a saved address with WELCOME20, once', async () => {
    const v = visitor();
    await v.login('shopper@example.com');
    const [address] = await db()
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .innerJoin(customers, eq(customers.id, customerAddresses.customerId))
      .where(eq(customers.email, 'shopper@example.com'));
    await v.add('D0002', 2);
    expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    const placed = await place(v, { email: undefined, delivery: undefined, savedAddressId: address!.id });
    expect(placed.status).toBe(200);
    const order = (await v.call<Confirmed>('GET', `/api/checkout/order/${placed.body.response.orderNumber}`)).body
      .response;
    expect(order.email).toBe('shopper@example.com');
    expect(order.voucherCode).toBe('WELCOME20');
    expect(order.discountCents).toBe(2000);
    expect(order.delivery).toEqual(expect.objectContaining({ firstName: 'Olivia', postcode: '2041' }));
    const history = await v.call<{ orders: { orderNumber: string }[] }>('GET', '/api/user/orderhistory');
    expect(history.body.response.orders[0]?.orderNumber).toBe(order.orderNumber);

    // The code is spent: the cart says so and it takes nothing off the next order.
    await v.add('D0002', 1);
    const again = await v.call('PUT', '/api/cart/voucher/WELCOME20');
    expect(again.status).toBe(400);
    expect(again.body.statusMessage).toBe('You have already used this voucher.');
    const uses = await db()
      .select()
      .from(voucherUses)
      .innerJoin(customers, eq(customers.id, voucherUses.customerId))
      .where(and(eq(customers.email, 'shopper@example.com'), eq(voucherUses.voucherCode, 'WELCOME20')));
    expect(uses).toHaveLength(1);
  });

  it('cannot use another customer’s saved address', async () => {
    const v = visitor();
    await v.login('planner@example.com');
    const [address] = await db()
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .innerJoin(customers, eq(customers.id, customerAddresses.customerId))
      .where(eq(customers.email, 'shopper@example.com'));
    await v.add('D0001', 1);
    const res = await place(v, { email: undefined, delivery: undefined, savedAddressId: address!.id });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('Please choose one of your saved addresses.');
  });

  it('buying Unlimited gets a REQUESTED membership; e-gift lines issue gift cards, shown by their last 4; pre-sell is reserved, not charged', async () => {
    const v = visitor();
    await v.login('shopper@example.com');
    expect((await v.add('UL0001', 1)).status).toBe(200);
    const gift = await v.call('PUT', '/api/cart/eItemCode', giftCardBody(100, { itemCode: '00042VC' }));
    expect(gift.status).toBe(200);
    expect((await v.add('P0001', 1)).status).toBe(200);
    const placed = await place(v, { email: undefined });
    expect(placed.status).toBe(200);
    const order = (await v.call<Confirmed>('GET', `/api/checkout/order/${placed.body.response.orderNumber}`)).body
      .response;
    expect(order.giftCards).toEqual([
      { last4: expect.stringMatching(/^[A-Z2-9]{4}$/), amountCents: 10_000, recipientName: 'Ann Lee' },
    ]);
    expect(order.lines.find((l) => l.itemCode === 'P0001')?.preSell).toBe(true);
    expect(order.payableTodayCents).toBeLessThan(order.totalCents);
    const subs = await db()
      .select({ status: customerSubscriptions.status, type: customerSubscriptions.type })
      .from(customerSubscriptions)
      .innerJoin(customers, eq(customers.id, customerSubscriptions.customerId))
      .where(eq(customers.email, 'shopper@example.com'));
    expect(subs).toContainEqual({ status: 'REQUESTED', type: 'FREESHIP' });
  });
});

describe('vouchers at checkout', () => {
  it('WELCOME20 is once per person whichever way they come: guest then customer, and any spelling of the email', async () => {
    expect((await visitor().register('once.only@example.com', 'Vintage2026x')).status).toBe(200);
    const guest = visitor();
    await guest.add('D0002', 1);
    expect((await guest.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    expect((await place(guest, { email: 'Once.Only+wine@Example.com' })).status).toBe(200);

    // The same person logged in: the code no longer applies to their cart.
    const customer = visitor();
    expect((await customer.login('once.only@example.com', 'Vintage2026x')).status).toBe(200);
    await customer.add('D0002', 1);
    const applied = await customer.call('PUT', '/api/cart/voucher/WELCOME20');
    expect(applied.status).toBe(400);
    expect(applied.body.statusMessage).toBe('You have already used this voucher.');

    // Guests writing the mailbox another way: refused at checkout, nothing changes.
    for (const email of [' ONCE.ONLY@example.com ', 'once.only+2@example.com']) {
      const again = visitor();
      await again.add('D0002', 1);
      expect((await again.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
      const refused = await place(again, { email });
      expect(refused.status, email).toBe(409);
      expect(refused.body.statusMessage).toBe('You have already used this voucher.');
      expect((await again.cart()).numItems).toBe(1);
    }
    const uses = await db().select().from(voucherUses).where(eq(voucherUses.voucherCode, 'WELCOME20'));
    expect(uses.filter((u) => /once\.only/i.test(u.email ?? ''))).toHaveLength(1);
  });

  it('WELCOME20 is once per mailbox for a quoted local part too, whichever spelling came first', async () => {
    const welcome = async (email: string) => {
      const v = visitor();
      await v.add('D0002', 1);
      expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
      return place(v, { email });
    };
    for (const [first, again] of [
      ['quoted.first@example.org', '"quoted.first"@example.org'],
      ['"Quoted.Second+wine"@example.org', 'quoted.second@example.org'],
    ] as const) {
      expect((await welcome(first)).status, first).toBe(200);
      const refused = await welcome(again);
      expect(refused.status, again).toBe(409);
      expect(refused.body.statusMessage).toBe('You have already used this voucher.');
    }
  });

  it('two guest tags of one mailbox use WELCOME20 once between them, even at the same moment', async () => {
    const [a, b] = [visitor(), visitor()];
    for (const v of [a, b]) {
      await v.add('D0002', 1);
      expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    }
    const answers = await Promise.all([
      place(a, { email: 'x+1@tagged.example' }),
      place(b, { email: 'x+2@tagged.example' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a reusable code (SPEND150) goes on every order; WELCOME20 is refused the second time', async () => {
    const v = visitor();
    expect((await v.register('spend.twice@example.com', 'Vintage2026x')).status).toBe(200);
    const uses = async (code: string) =>
      db()
        .select({ orderId: voucherUses.orderId })
        .from(voucherUses)
        .innerJoin(customers, eq(customers.id, voucherUses.customerId))
        .where(and(eq(customers.email, 'spend.twice@example.com'), eq(voucherUses.voucherCode, code)));
    for (const round of [1, 2]) {
      // Eight bottles of D0001: over SPEND150's minimum of $150.
      await v.add('D0001', 8);
      expect((await v.call('PUT', '/api/cart/voucher/SPEND150')).status).toBe(200);
      const placed = await place(v, { email: undefined });
      expect(placed.status, `order ${round}`).toBe(200);
      const order = (await v.call<Confirmed>('GET', `/api/checkout/order/${placed.body.response.orderNumber}`)).body
        .response;
      expect(order.voucherCode).toBe('SPEND150');
      expect(order.discountCents).toBe(1500);
      expect(await uses('SPEND150')).toHaveLength(round);
    }

    await v.add('D0002', 1);
    expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    expect((await place(v, { email: undefined })).status).toBe(200);
    await v.add('D0002', 1);
    const again = await v.call('PUT', '/api/cart/voucher/WELCOME20');
    expect(again.status).toBe(400);
    expect(again.body.statusMessage).toBe('You have already used this voucher.');
    expect(await uses('WELCOME20')).toHaveLength(1);
  });

  it('a guest email may reuse SPEND150, but WELCOME20 is refused at checkout the second time, changing nothing', async () => {
    // Two browsers of the same guest hold each code before either order is placed.
    const [first, second] = [visitor(), visitor()];
    for (const b of [first, second]) {
      await b.add('D0001', 8);
      expect((await b.call('PUT', '/api/cart/voucher/SPEND150')).status).toBe(200);
    }
    for (const b of [first, second]) expect((await place(b, { email: 'spend.guest@example.com' })).status).toBe(200);

    const [third, fourth] = [visitor(), visitor()];
    for (const b of [third, fourth]) {
      await b.add('D0002', 1);
      expect((await b.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    }
    expect((await place(third, { email: 'welcome.guest@example.com' })).status).toBe(200);
    const stock = (await stockOf('D0002')).stock;
    const refused = await place(fourth, { email: 'welcome.guest@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body.statusMessage).toBe('You have already used this voucher.');
    expect((await fourth.cart()).lineItems.map((l) => [l.sku.itemCode, l.quantity])).toEqual([['D0002', 1]]);
    expect((await stockOf('D0002')).stock).toBe(stock);
    expect(await db().select().from(orders).where(eq(orders.email, 'welcome.guest@example.com'))).toHaveLength(1);
    const spendOrders = await db().select().from(orders).where(eq(orders.email, 'spend.guest@example.com'));
    expect(spendOrders.map((o) => o.voucherCode)).toEqual(['SPEND150', 'SPEND150']);
  });
});

describe('Unlimited at checkout', () => {
  it('is refused to a SUSPENDED member who added it as a Prospect and then logged in; nothing is charged', async () => {
    const v = visitor();
    expect((await v.add('UL0001', 1)).status).toBe(200);
    expect((await v.login('suspended@example.com')).status).toBe(200);
    const before = await db().select().from(customerSubscriptions);
    const res = await place(v, { email: undefined });
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBe('Your Unlimited membership is suspended. Please contact us to reactivate it.');
    expect(await db().select().from(customerSubscriptions)).toEqual(before);
    expect((await v.cart()).lineItems.map((l) => l.sku.itemCode)).toEqual(['UL0001']);
    await v.call('DELETE', '/api/cart/itemcode/UL0001');
  });

  it('is refused to an ACTIVE member the same way', async () => {
    const v = visitor();
    expect((await v.add('UL0001', 1)).status).toBe(200);
    expect((await v.login('unlimited@example.com')).status).toBe(200);
    const res = await place(v, { email: undefined });
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBe('You are already an Unlimited member.');
    await v.call('DELETE', '/api/cart/itemcode/UL0001');
  });

  it('a guest cannot pay for a membership: asked to log in, and nothing changes', async () => {
    const v = visitor();
    expect((await v.add('UL0001', 1)).status).toBe(200);
    await v.add('D0001', 1);
    const stock = (await stockOf('D0001')).stock;
    const res = await place(v, { email: 'ul.guest@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('Please log in or create an account to join Unlimited.');
    expect((await v.cart()).lineItems.map((l) => l.sku.itemCode).sort()).toEqual(['D0001', 'UL0001']);
    expect((await stockOf('D0001')).stock).toBe(stock);
    expect(await db().select().from(orders).where(eq(orders.email, 'ul.guest@example.com'))).toEqual([]);
  });

  it.each([
    ['0870', 'Alice Springs', 'NT'],
    ['6230', 'Bunbury', 'WA'],
    ['7151', 'Macquarie Island', 'TAS'],
    ['2899', 'Norfolk Island', 'NSW'],
  ])('is refused for a delivery to out-of-area postcode %s, and nothing changes', async (postcode, city, state) => {
    const v = visitor();
    const email = `ul.out.${postcode}@example.com`;
    expect((await v.register(email, 'Vintage2026x')).status).toBe(200);
    expect((await v.add('UL0001', 1)).status).toBe(200);
    const res = await place(v, { email: undefined, delivery: { ...ADDRESS, postcode, city, state } });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe(
      'Unlimited is not available for this delivery postcode. Please remove it from your cart.',
    );
    expect((await v.cart()).lineItems.map((l) => l.sku.itemCode)).toEqual(['UL0001']);
    const subs = await db()
      .select()
      .from(customerSubscriptions)
      .innerJoin(customers, eq(customers.id, customerSubscriptions.customerId))
      .where(eq(customers.email, email));
    expect(subs).toEqual([]);
    expect(await db().select().from(orders).where(eq(orders.email, email))).toEqual([]);
    // To an address in the area it goes through.
    expect((await place(v, { email: undefined })).status).toBe(200);
  });

  it('outback@example.com is refused Unlimited to the saved 0870 address', async () => {
    // The join is refused at the cart for this account; a membership already in the guest's cart comes
    // along at login, and checkout still stops it.
    const v = visitor();
    expect((await v.add('UL0001', 1)).status).toBe(200);
    expect((await v.login('outback@example.com')).status).toBe(200);
    const [address] = await db()
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .innerJoin(customers, eq(customers.id, customerAddresses.customerId))
      .where(eq(customers.email, 'outback@example.com'));
    expect((await v.cart()).lineItems.map((l) => l.sku.itemCode)).toContain('UL0001');
    const res = await place(v, { email: undefined, delivery: undefined, savedAddressId: address!.id });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe(
      'Unlimited is not available for this delivery postcode. Please remove it from your cart.',
    );
    expect(await db().select().from(orders).where(eq(orders.email, 'outback@example.com'))).toEqual([]);
  });
});

describe('the placed order', () => {
  it('keeps its own billing address when it differs from the delivery', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    const billing = {
      firstName: 'Ben',
      lastName: 'Ng',
      line1: '1 Collins Street',
      line2: 'Level 5',
      city: 'Melbourne',
      state: 'VIC',
      postcode: '3000',
      phone: '03 9000 0000',
    };
    const placed = await place(v, { email: 'billing@example.com', billingSameAsDelivery: false, billing });
    expect(placed.status).toBe(200);
    const read = await v.call<Confirmed & { billing: typeof billing }>(
      'GET',
      `/api/checkout/order/${placed.body.response.orderNumber}`,
    );
    expect(read.body.response.billing).toEqual(billing);
    expect(read.body.response.delivery).toEqual(expect.objectContaining({ firstName: 'Ana', postcode: '2041' }));
    const [row] = await db().select().from(orders).where(eq(orders.email, 'billing@example.com'));
    expect(row?.billingAddress).toEqual(billing);
  });

  it('counts no bottle for an e-gift card or Unlimited: 14 wines and both still make a box of 14', async () => {
    const v = visitor();
    expect((await v.add('D0002', 14)).status).toBe(200);
    expect((await v.add('UL0001', 1)).status).toBe(200);
    expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(100))).status).toBe(200);
    const cart = await v.cart();
    expect(cart.numBottles).toBe(14);
    expect(cart.lineItems.map((l) => [l.lineItemIdentification.itemCode, l.bottleCount]).sort()).toEqual([
      ['02698VC', 0],
      ['D0002', 14],
      ['UL0001', 0],
    ]);
  });

  // An e-gift card is never delivered: alone it costs no delivery, and beside a wine it does not count towards the
  // free-delivery threshold.
  it.each([
    ['law-au', 347, 0, null],
    ['law-au', 346, 0, null],
    ['law-au', 400, 1499, 'D0002'],
    ['law-nz', 391, 0, null],
    ['law-nz', 400, 1699, 'D0002'],
  ] as const)(
    'on %s an e-gift card of $%i records delivery of %i cents (with %s)',
    async (site, amount, shipping, wine) => {
      const v = visitor(site);
      expect((await v.call('PUT', '/api/cart/eItemCode', giftCardBody(amount))).status).toBe(200);
      if (wine) expect((await v.add(wine, 1)).status).toBe(200);
      const delivery =
        site === 'law-nz' ? { ...ADDRESS, city: 'Auckland Central', state: 'Auckland', postcode: '1010' } : ADDRESS;
      const email = `threshold.${site}.${amount}@example.com`;
      const placed = await place(v, { email, delivery });
      expect(placed.status).toBe(200);
      const [row] = await db().select().from(orders).where(eq(orders.email, email));
      expect(row?.shippingCents).toBe(shipping);
      expect(row?.totalCents).toBe((row?.subtotalCents ?? 0) + shipping);
      if (!wine) expect(row?.subtotalCents).toBe(amount * 100);
    },
  );

  it('an Unlimited member pays no delivery on a small order', async () => {
    const v = visitor();
    expect((await v.login('unlimited@example.com')).status).toBe(200);
    await v.add('D0002', 1);
    const placed = await place(v, { email: undefined });
    expect(placed.status).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, placed.body.response.orderNumber));
    expect(row!.subtotalCents).toBeLessThan(34_700);
    expect(row!.shippingCents).toBe(0);
    expect(row!.totalCents).toBe(row!.subtotalCents - row!.discountCents);
  });
});

describe('the last bottles', () => {
  it('20 buyers racing for the last 5: exactly 5 sold, the others told plainly, stock 0 and out of stock', async () => {
    await db().update(products).set({ stockBottles: 5 }).where(eq(products.itemCode, 'D0003'));
    const buyers = Array.from({ length: 20 }, () => visitor());
    for (const b of buyers) expect((await b.add('D0003', 1)).status).toBe(200);
    const results = await Promise.all(buyers.map((b, i) => place(b, { email: `racer${i}@example.com` })));
    const sold = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(sold).toHaveLength(5);
    expect(refused.map((r) => r.status)).toEqual(Array(15).fill(409));
    for (const r of refused)
      expect(r.body.statusMessage).toMatch(/^Sorry, .+ has just sold out\. Please remove it from your cart\.$/);
    expect(await stockOf('D0003')).toEqual({ stock: 0, availability: 'out_of_stock' });
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.email} like 'racer%'`);
    expect(count?.n).toBe(5);
  });

  it('a buyer asking for more than is left is told how many are left', async () => {
    await db()
      .update(products)
      .set({ stockBottles: 4, availability: 'in_stock' })
      .where(eq(products.itemCode, 'D0003'));
    const v = visitor();
    await v.add('D0003', 6);
    const res = await place(v);
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toMatch(
      /^Sorry, only 4 bottles of .+ are left\. Please lower the quantity in your cart\.$/,
    );
    expect((await stockOf('D0003')).stock).toBe(4);
  });
});

// CONTRACT.md "Sites": a Hong Kong address has a district, not a postcode; Taiwan's postcodes are 3 digits (or the
// 5- and 6-digit forms); AU keeps its 4-digit postcodes from the postcode table.
describe('addresses per country', () => {
  const HK = testAddressFor('law-hk');
  const TW = testAddressFor('law-tw');

  it.each([
    ['law-hk', { ...HK, district: undefined }, 'Please choose a district.'],
    ['hlw-hk', { ...HK, district: 'mid-levels' }, 'Please choose a district.'],
    ['law-hk', { ...HK, postcode: '999077' }, 'Please enter a valid postcode.'],
    ['law-tw', { ...TW, postcode: '2041' }, 'Please enter a valid postcode.'],
    ['law-tw', { ...TW, postcode: '' }, 'Please enter a valid postcode.'],
    ['law-tw', { ...TW, postcode: '1104' }, 'Please enter a valid postcode.'],
    ['law-au', { ...TEST_ADDRESS, postcode: '' }, 'Please enter a valid postcode.'],
    ['law-au', { ...TEST_ADDRESS, postcode: '2041!' }, 'Please enter a valid postcode.'],
  ] as const)('%s refuses the delivery %j, and nothing changes', async (site, delivery, message) => {
    const v = visitor(site);
    await v.add('D0001', 1);
    const res = await place(v, { delivery });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).not.toMatch(/^\s*$/);
    // The Chinese sites send the English key of a plain text; the page shows the catalogue's text for it.
    expect(res.body.statusMessage).toBe(message);
    expect((await v.cart()).lineItems).toHaveLength(1);
  });

  it('refuses a Hong Kong billing address without a district', async () => {
    const v = visitor('law-hk');
    await v.add('D0001', 1);
    const res = await place(v, { delivery: HK, billingSameAsDelivery: false, billing: { ...HK, district: '' } });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('Please choose a district.');
  });

  it.each([
    ['law-hk', HK, { district: 'central-western', postcode: '' }],
    ['hlw-hk', { ...HK, district: 'sha-tin' }, { district: 'sha-tin', postcode: '' }],
    ['law-tw', TW, { postcode: '110' }],
    ['law-tw', { ...TW, postcode: '11049' }, { postcode: '11049' }],
  ] as const)('%s takes the delivery %j and keeps it with the order', async (site, delivery, kept) => {
    const v = visitor(site);
    await v.add('D0001', 1);
    const email = `address.${site}.${Object.values(kept).join('')}@example.com`;
    const placed = await place(v, { email, delivery });
    expect(placed.status).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    expect(row?.deliveryAddress).toEqual(expect.objectContaining(kept));
    const read = await v.call<Confirmed>('GET', `/api/checkout/order/${placed.body.response.orderNumber}`);
    expect(read.body.response.delivery).toEqual(expect.objectContaining(kept));
    // The confirmation email names the district as the HK sites show it.
    const [mail] = await db().select().from(outbox).where(eq(outbox.kind, 'order-email')).orderBy(desc(outbox.id));
    const payload = mail!.payload as { text: string; to: string };
    const text = payload.text;
    expect(payload.to).toBe(email);
    if (site.endsWith('-hk'))
      expect(text).toContain('district' in kept && kept.district === 'sha-tin' ? '沙田區' : '中西區');
    else expect(text).toContain('110');
  });
});

describe('the confirmation email', () => {
  const smtp = useSmtpStub();
  const mails = smtp.mails;

  it('goes out through the outbox to the SMTP server, with the order number, lines and totals', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    const placed = await place(v, { email: 'mail.me@example.com' });
    const sender = {
      'order-email': smtp.mailSender(),
    };
    await processOutbox(db(), sender, new Date(Date.now() + 60_000), { limit: 100 });
    const mail = mails.find((m) => m.to.includes('mail.me@example.com'));
    expect(mail).toBeDefined();
    // The message as a mail client shows it (quoted-printable decoded).
    const text = mail!.data
      .replace(/=\r?\n/g, '')
      .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString());
    expect(text).toContain(`Subject: Laithwaites: your order ${placed.body.response.orderNumber}`);
    expect(text).toMatch(/2 × .+: \$\d+\.\d\d/);
    expect(text).toContain('Charged today to Visa ending 4242');
    expect(text).toContain('What happens next');
    expect(text).not.toContain('4242 4242');
  });
});

/** The token of the newest verification email queued for an address (as the email's link carries it). */
async function verificationTokenFor(email: string): Promise<string> {
  const jobs = await db().select().from(outbox).where(eq(outbox.kind, 'account-email')).orderBy(desc(outbox.id));
  const mail = jobs.map((j) => j.payload as { to: string; text: string }).find((p) => p.to === email);
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification email for ${email}`);
  return token;
}
