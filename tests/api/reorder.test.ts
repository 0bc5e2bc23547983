import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, orderLines, orders } from '../../db/schema';
import type { CartJson } from '../../services/cart/cart-json';
import type { ReorderResult } from '../../services/orders/reorder';
import { createVisitor, useTestApp } from '../support/test-app';

// Reorder (POST /api/cart/reorder/{orderNumber}): the order's wines go back in the owner's cart in the same
// quantities, through the cart's rules; e-gift cards and memberships are never re-added; what is not added is said.

const t = useTestApp();
const db = () => t.testDb.database.db;
const ORDER = 'LAW261101-12345678';

async function customerId(email: string): Promise<number> {
  const [row] = await db().select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  return row!.id;
}

beforeAll(async () => {
  const [order] = await db()
    .insert(orders)
    .values({
      customerId: await customerId('shopper@example.com'),
      siteId: 'law-au',
      orderNumber: ORDER,
      status: 'DELIVERED',
      currency: 'AUD',
      subtotalCents: 30_000,
      shippingCents: 0,
      totalCents: 30_000,
      placedAt: new Date('2026-11-01T10:00:00Z'),
    })
    .returning({ id: orders.id });
  const line = (itemCode: string, skuItemCode: string, name: string, quantity: number) => ({
    orderId: order!.id,
    itemCode,
    skuItemCode,
    name,
    quantity,
    bottleCount: quantity,
    unitPriceCents: 2_000,
    lineTotalCents: 2_000 * quantity,
  });
  await db()
    .insert(orderLines)
    .values([
      line('D0001', 'D0001', 'Old Vine Red', 2),
      line('D0002', 'D0002', 'Crisp White', 1),
      line('X0001', 'X0001', 'The Sold Out One', 1),
      line('D0002', 'D0002-24', 'Crisp White, case of 24', 1),
      line('00042VC', '00042VC', 'eGift card 100', 1),
      line('UL0001', 'UL0001', 'Unlimited', 1),
    ]);
});

const reorder = (v: ReturnType<typeof createVisitor>, orderNumber = ORDER) =>
  v.call<Omit<ReorderResult, 'cart'> & { cart: CartJson }>('POST', `/api/cart/reorder/${orderNumber}`);

describe('reorder', () => {
  it('puts the wines back in the same quantities and says what was not added, and why', async () => {
    const v = createVisitor(() => t.app);
    await v.login('shopper@example.com');
    const res = await reorder(v);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { added, notAdded, cart } = res.body.response;
    expect(added.map((l) => [l.itemCode, l.quantity])).toEqual([
      ['D0001', 2],
      ['D0002', 1],
    ]);
    expect(notAdded.map((l) => [l.itemCode, l.reason])).toEqual([
      ['00042VC', 'egift'],
      ['UL0001', 'membership'],
      ['X0001', 'sold_out'],
      ['D0002-24', 'not_sold'],
    ]);
    expect(notAdded.find((l) => l.itemCode === 'X0001')?.message).toBe('The Sold Out One: sold out');
    expect(notAdded.find((l) => l.itemCode === 'D0002-24')?.message).toBe('Crisp White, case of 24: no longer sold');
    expect(notAdded.find((l) => l.itemCode === '00042VC')?.message).toContain('e-gift cards are not added again');
    const lines = Object.fromEntries(cart.lineItems.map((l) => [l.lineItemIdentification.itemCode, l.quantity]));
    expect(lines).toEqual({ D0001: 2, D0002: 1 });
    // The same as the cart the visitor reads.
    expect((await v.cart()).lineItems.map((l) => l.lineItemIdentification.itemCode).sort()).toEqual(['D0001', 'D0002']);
  });

  it('adds to what the cart holds, within the cart limit of an item', async () => {
    const v = createVisitor(() => t.app);
    await v.login('shopper@example.com');
    await v.add('D0001', 98, true);
    const { notAdded } = (await reorder(v)).body.response;
    expect(notAdded.find((l) => l.itemCode === 'D0001')).toEqual(
      expect.objectContaining({
        reason: 'refused',
        message: 'Old Vine Red: You can have at most 99 of an item in your cart.',
      }),
    );
    const lines = Object.fromEntries(
      (await v.cart()).lineItems.map((l) => [l.lineItemIdentification.itemCode, l.quantity]),
    );
    expect(lines.D0001).toBe(98);
    expect(lines.D0002).toBeGreaterThanOrEqual(1);
  });

  it("answers 404 to anyone but the order's owner, and changes no cart", async () => {
    const other = createVisitor(() => t.app);
    await other.login('planner@example.com');
    const res = await reorder(other);
    expect(res.status).toBe(404);
    expect(res.body.statusMessage).toBe('We could not find that order.');
    expect((await other.cart()).lineItems).toEqual([]);

    const guest = createVisitor(() => t.app);
    expect((await reorder(guest)).status).toBe(404);
    const owner = createVisitor(() => t.app);
    await owner.login('shopper@example.com');
    expect((await reorder(owner, 'LAW261101-99999999')).status).toBe(404);
    // Another site's shop does not know the order.
    const nz = createVisitor(() => t.app, 'law-nz');
    await nz.login('shopper@example.com');
    expect((await reorder(nz)).status).toBe(404);
  });

  it('speaks the site language on zh-TW', async () => {
    const [order] = await db()
      .insert(orders)
      .values({
        customerId: await customerId('shopper@example.com'),
        siteId: 'law-tw',
        orderNumber: 'LAW261102-12345678',
        status: 'DELIVERED',
        currency: 'TWD',
        subtotalCents: 100_000,
        shippingCents: 0,
        totalCents: 100_000,
        placedAt: new Date('2026-11-02T10:00:00Z'),
      })
      .returning({ id: orders.id });
    await db().insert(orderLines).values({
      orderId: order!.id,
      itemCode: 'X0001',
      skuItemCode: 'X0001',
      name: 'The Sold Out One',
      quantity: 1,
      bottleCount: 1,
      unitPriceCents: 100_000,
    });
    const v = createVisitor(() => t.app, 'law-tw');
    await v.login('shopper@example.com');
    const res = await reorder(v, 'LAW261102-12345678');
    expect(res.body.response.notAdded[0]?.message).toBe('The Sold Out One：已售完');
  });
});
