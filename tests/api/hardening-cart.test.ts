import { and, asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carts, orders, products, skuPrices } from '../../db/schema';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { orderBody, testAddressFor } from '../support/checkout-input';
import { type CartLine, createVisitor, useTestApp } from '../support/test-app';

// Hardening: a cart belongs to its owner, and cart ids are always made by the server.
const t = useTestApp({ TRUST_PROXY: 'true' });
let nextAddress = 1;
const visitor = () => createVisitor(() => t.app, 'law-au', { address: `10.9.7.${nextAddress++}` });
const codesOf = (cart: { lineItems: { lineItemIdentification: { itemCode: string } }[] }) =>
  cart.lineItems.map((l) => l.lineItemIdentification.itemCode);

/** A visitor (logged in as `email`, when given) whose cart holds `code`, and that cart's id. */
async function visitorWithCart(code: string, quantity: number, email?: string) {
  const v = visitor();
  if (email) expect((await v.login(email)).status).toBe(200);
  expect((await v.add(code, quantity)).status).toBe(200);
  return { v, cartId: v.jar.get('cart_id')! };
}

async function cartExists(id: string): Promise<boolean> {
  const rows = await t.testDb.database.db.select({ id: carts.id }).from(carts).where(eq(carts.id, id));
  return rows.length > 0;
}

describe('a customer cart', () => {
  it('opens only with its customer session, whatever cart id another customer sends', async () => {
    const { v: first, cartId: firstCartId } = await visitorWithCart('D0001', 3, 'shopper@example.com');

    const second = visitor();
    expect((await second.login('planner@example.com')).status).toBe(200);
    second.jar.set('cart_id', firstCartId);
    expect(codesOf(await second.cart())).not.toContain('D0001');
    expect((await second.add('D0002', 1)).status).toBe(200);
    expect(second.jar.get('cart_id')).not.toBe(firstCartId);

    // The first customer's cart is as they left it.
    expect(codesOf(await first.cart())).toEqual(['D0001']);
    // Nor does an anonymous visitor open it.
    const stranger = visitor();
    stranger.jar.set('cart_id', firstCartId);
    expect(codesOf(await stranger.cart())).toEqual([]);
    expect((await stranger.call('DELETE', '/api/cart/itemcode/D0001')).status).toBe(404);
    expect(codesOf(await first.cart())).toEqual(['D0001']);
  });
});

describe('cart ids', () => {
  it('stay out of JSON answers: the cart and points summary carry a reference, not the cookie value', async () => {
    const v = visitor();
    const res = await v.add('D0001', 1);
    const cookie = v.jar.get('cart_id')!;
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(cookie);
    expect(res.body.response.id).toMatch(/^[\w-]{16}$/);
    const points = await v.call('GET', '/api/cart/pointsEarnedSummary');
    expect(JSON.stringify(points.body)).not.toContain(cookie);
  });

  it('are never adopted from the client: a made-up id gets a new server-made cart', async () => {
    const v = visitor();
    const madeUp = 'AAAAAAAAAAAAAAAAAAAAAAAA';
    v.jar.set('cart_id', madeUp);
    expect((await v.add('D0001', 1)).status).toBe(200);
    expect(v.jar.get('cart_id')).toBeDefined();
    expect(v.jar.get('cart_id')).not.toBe(madeUp);
    expect(await cartExists(madeUp)).toBe(false);
  });

  it('planted in a browser do not become the account cart at login', async () => {
    const { v: attacker, cartId: planted } = await visitorWithCart('D0002', 2);

    // A victim without a cart of their own logs in with the planted cookie.
    const victim = visitor();
    victim.jar.set('cart_id', planted);
    expect((await victim.login('outback@example.com')).status).toBe(200);
    const accountCart = victim.jar.get('cart_id');
    expect(accountCart).toBeDefined();
    expect(accountCart).not.toBe(planted);
    expect(await cartExists(planted)).toBe(false);
    // What the victim adds now is out of the attacker's reach.
    expect((await victim.add('D0001', 1)).status).toBe(200);
    expect(codesOf(await attacker.cart())).toEqual([]);
  });

  it('planted while a customer is logged in are ignored: the customer keeps their own cart', async () => {
    const { v: victim, cartId: own } = await visitorWithCart('D0001', 1, 'suspended@example.com');
    const { v: attacker, cartId: planted } = await visitorWithCart('D0002', 1);

    victim.jar.set('cart_id', planted);
    expect(codesOf(await victim.cart())).toEqual(['D0001']);
    expect(victim.jar.get('cart_id')).toBe(own);
    expect((await victim.add('B0001', 1)).status).toBe(200);
    expect(codesOf(await attacker.cart())).toEqual(['D0002']);
  });
});

/** The item codes of `n` generated wines in stock, in code order. */
async function inStockWines(n: number): Promise<string[]> {
  const rows = await t.testDb.database.db
    .select({ code: products.itemCode })
    .from(products)
    .where(and(like(products.itemCode, 'W%'), eq(products.availability, 'in_stock')))
    .orderBy(asc(products.itemCode))
    .limit(n);
  return rows.map((r) => r.code);
}

describe('the size of a cart', () => {
  it('holds at most 50 different items: the 51st is refused with a message and the cart stays as it was', async () => {
    const codes = await inStockWines(52);
    expect(codes).toHaveLength(52);
    const v = visitor();
    const fifty = await v.call('POST', '/api/cart/itemcode/', {
      cartItems: codes.slice(0, 50).map((itemCode) => ({ itemCode, quantity: 1 })),
    });
    expect(fifty.status).toBe(200);
    const before = await v.cart();
    expect(before.lineItems).toHaveLength(50);
    for (const extra of [codes[50], codes[51]]) {
      const res = await v.add(extra!, 1);
      expect(res.status).toBe(400);
      expect(res.body.statusMessage).toBe(
        'A cart can hold at most 50 different items. Please check out or remove some first.',
      );
    }
    expect((await v.cart()).lineItems).toEqual(before.lineItems);
    // More of an item already there is fine.
    expect((await v.add(codes[0]!, 2)).status).toBe(200);
  });

  it('holds at 50 after a login: the customer keeps their lines, the guest’s fill the room left, the rest go', async () => {
    const codes = await inStockWines(60);
    expect(codes).toHaveLength(60);
    const addAll = (v: ReturnType<typeof visitor>, some: string[]) =>
      v.call('POST', '/api/cart/itemcode/', { cartItems: some.map((itemCode) => ({ itemCode, quantity: 1 })) });

    // The customer's cart: the first 30 wines.
    const customer = visitor();
    expect((await customer.register('merge-cap@example.com', 'Merging2026')).status).toBe(200);
    expect((await addAll(customer, codes.slice(0, 30))).status).toBe(200);
    expect((await customer.logout()).status).toBe(200);
    // A guest's 40: ten the customer has too, then 30 new ones of which 20 fit.
    const guest = visitor();
    expect((await addAll(guest, codes.slice(20, 60))).status).toBe(200);
    expect((await guest.cart()).lineItems).toHaveLength(40);
    expect((await guest.login('merge-cap@example.com', 'Merging2026')).status).toBe(200);

    const merged = await guest.cart();
    expect(merged.numLineItems).toBe(50);
    expect(codesOf(merged).sort()).toEqual(codes.slice(0, 50));
    const quantityOf = (code: string) =>
      merged.lineItems.find((l: CartLine) => l.lineItemIdentification.itemCode === code)?.quantity;
    expect([codes[0], codes[20], codes[49]].map((c) => quantityOf(c!))).toEqual([1, 2, 1]);
    // The cap holds for what comes next too.
    expect((await guest.add(codes[55]!, 1)).status).toBe(400);
  });

  it('places no order above the site’s largest subtotal: law-tw answers 400 with the limit, never a 500', async () => {
    const v = createVisitor(() => t.app, 'law-tw', { address: '10.9.8.1' });
    // Cases at 99 each, until the subtotal (after pack savings) passes NT$1,500,000.
    const dear = await t.testDb.database.db
      .select({ code: products.itemCode })
      .from(products)
      .where(and(like(products.itemCode, 'W%'), eq(products.availability, 'in_stock')))
      .limit(40);
    let subtotal = 0;
    for (const { code } of dear) {
      if (subtotal > 1_500_000) break;
      const res = await v.call('PUT', `/api/cart/itemcode/${code}/99`);
      expect(res.status).toBe(200);
      const price = (res.body.response as { orderPriceInfo: { rawSubtotal: number; savings: number } }).orderPriceInfo;
      subtotal = price.rawSubtotal - price.savings;
    }
    expect(subtotal).toBeGreaterThan(1_500_000);
    const order = await v.call('POST', '/api/checkout/order', orderBody({ delivery: testAddressFor('law-tw') }));
    expect(order.status).toBe(400);
    // The site's language, with the limit in its money (how TWD is written is the everyday-shopping issue's).
    expect(order.body.statusMessage).toMatch(/^每筆訂單最多 .*1,500,000.*。請分成較小的訂單。$/);
  });

  it('keeps money beyond 32 bits exact: a price, an order and a sum above 2^31 cents', async () => {
    const db = t.testDb.database.db;
    const beyond = 2 ** 31 + 1_234_567;
    // A wine priced NT$21.5 million (one bottle): the cart prices it, checkout refuses it with the limit.
    const [wine] = await db
      .select({ code: products.itemCode })
      .from(products)
      .where(and(like(products.itemCode, 'W%'), eq(products.availability, 'in_stock')))
      .orderBy(asc(products.itemCode))
      .limit(1);
    const code = wine!.code;
    await db
      .update(skuPrices)
      .set({ listPriceCents: beyond, salePriceCents: beyond })
      .where(and(eq(skuPrices.skuItemCode, code), eq(skuPrices.currency, 'TWD')));
    // A new app: the file's app keeps the catalogue's prices in its read cache.
    const app = createApp({ database: t.testDb.database, config: testConfig({ TRUST_PROXY: 'true' }) });
    const v = createVisitor(() => app, 'law-tw', { address: '10.9.8.2' });
    const added = await v.call('PUT', `/api/cart/itemcode/${code}/1`);
    expect(added.status).toBe(200);
    expect((added.body.response as { orderPriceInfo: { rawSubtotal: number } }).orderPriceInfo.rawSubtotal).toBe(
      beyond / 100,
    );
    const order = await v.call('POST', '/api/checkout/order', orderBody({ delivery: testAddressFor('law-tw') }));
    expect(order.status).toBe(400);

    // An order row and an aggregate read back exactly, on either database.
    const [row] = await db
      .insert(orders)
      .values({
        siteId: 'law-tw',
        orderNumber: 'LAW-BIGINT-1',
        status: 'PROCESSING',
        currency: 'TWD',
        subtotalCents: beyond,
        shippingCents: 0,
        totalCents: beyond * 2,
        placedAt: new Date(),
      })
      .returning({ id: orders.id, totalCents: orders.totalCents });
    expect(row?.totalCents).toBe(beyond * 2);
    const [sum] = await db
      .select({ cents: sql<number>`sum(${orders.totalCents})::bigint` })
      .from(orders)
      .where(eq(orders.orderNumber, 'LAW-BIGINT-1'));
    expect(sum?.cents).toBe(beyond * 2);
    await db.delete(orders).where(eq(orders.orderNumber, 'LAW-BIGINT-1'));
  });
});
