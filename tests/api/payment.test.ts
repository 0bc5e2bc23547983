import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, orders, outbox, products, testPayments } from '../../db/schema';
import type { PaymentProvider } from '../../domain/payment';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { paymentCapturer } from '../../server/outbox-worker';
import { captureOrder } from '../../services/orders/capture';
import { CAPTURE_FALLBACK_AFTER_MS } from '../../services/payments/capture';
import { processOutbox } from '../../services/platform/outbox';
import { createTestPaymentProvider } from '../../services/payments/test-provider';
import { APPROVED_CARD, orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// The card payment in two steps (services/checkout/, services/orders/capture.ts): the amount is authorised, the order written, then the amount
// captured. A checkout that fails after the authorisation writes nothing and takes nothing; a capture the provider
// could not take is retried by the outbox; the test provider keeps its records in the database.

const t = useTestApp();
const db = () => t.testDb.database.db;
type Placed = { orderNumber: string; orderId: number; replayed: boolean };

async function orderRow(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

async function paymentRow(reference: string) {
  const [row] = await db().select().from(testPayments).where(eq(testPayments.reference, reference));
  return row!;
}

async function references(): Promise<Set<string>> {
  return new Set((await db().select({ r: testPayments.reference }).from(testPayments)).map((p) => p.r));
}

async function stockOf(itemCode: string) {
  const [row] = await db()
    .select({ stock: products.stockBottles })
    .from(products)
    .where(eq(products.itemCode, itemCode));
  return row?.stock;
}

describe('a card payment', () => {
  it('is authorised, the order written, then captured: exactly the amount payable today, once', async () => {
    const v = createVisitor(() => t.app);
    await v.add('D0001', 2);
    const placed = await v.call<Placed>('POST', '/api/checkout/order', orderBody({ email: 'two.step@example.com' }));
    expect(placed.status).toBe(200);
    const order = await orderRow(placed.body.response.orderNumber);
    expect(order.paymentStatus).toBe('CAPTURED');
    expect(order.paymentReference).toMatch(/^test_[0-9a-f]{24}$/);
    const payment = await paymentRow(order.paymentReference!);
    expect(payment).toMatchObject({
      status: 'CAPTURED',
      amountCents: order.payableTodayCents,
      capturedCents: order.payableTodayCents,
      currency: 'AUD',
      last4: '4242',
    });
    // Checkout settled its fallback job; were the worker to run it, it finds the order captured.
    const [job] = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'payment-capture' and ${outbox.payload} ->> 'orderId' = ${String(order.id)}`);
    expect(job?.sentAt).not.toBeNull();
    await captureOrder(db(), createTestPaymentProvider(db()), order.id);
    await processOutbox(
      db(),
      { 'payment-capture': paymentCapturer(db(), createTestPaymentProvider(db())) },
      new Date(),
    );
    expect(await paymentRow(order.paymentReference!)).toMatchObject({ capturedCents: order.payableTodayCents });
    // The checkout's key is the confirmation's access token: the provider's reference reveals nothing of it.
    expect(order.paymentReference).not.toContain(order.idempotencyKey!.slice(0, 8));
  });

  it('that fails after the authorisation writes no order, keeps the cart and stock, and takes nothing', async () => {
    // A fault in the middle of the order's writes: the database refuses the order line of D0002.
    await db().execute(sql`create function refuse_d0005() returns trigger language plpgsql as $$
      begin
        if new.item_code = 'D0002' then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger refuse_d0005 before insert on order_lines for each row execute function refuse_d0005()`,
    );
    try {
      const v = createVisitor(() => t.app);
      expect((await v.add('D0002', 1)).status).toBe(200);
      const stock = await stockOf('D0002');
      const before = await references();
      const res = await v.call('POST', '/api/checkout/order', orderBody({ email: 'fault@example.com' }));
      expect(res.status, res.body.statusMessage).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('disk full');
      expect(await db().select().from(orders).where(eq(orders.email, 'fault@example.com'))).toEqual([]);
      expect(await stockOf('D0002')).toBe(stock);
      expect((await v.cart()).lineItems.map((l) => [l.sku.itemCode, l.quantity])).toEqual([['D0002', 1]]);
      const made = [...(await references())].filter((r) => !before.has(r));
      expect(made).toHaveLength(1);
      expect(await paymentRow(made[0]!)).toMatchObject({ status: 'RELEASED', capturedCents: 0 });
    } finally {
      await db().execute(sql`drop trigger refuse_d0005 on order_lines`);
      await db().execute(sql`drop function refuse_d0005()`);
    }
  });

  it('is not authorised for a wine marked sold out, and released when the last bottles went meanwhile', async () => {
    const v = createVisitor(() => t.app);
    expect((await v.add('D0001', 1)).status).toBe(200);
    const stock = await stockOf('D0001');
    try {
      // The bottles went to another order after this cart's pricing: the authorisation made is let go.
      await db().update(products).set({ stockBottles: 0 }).where(eq(products.itemCode, 'D0001'));
      let before = await references();
      const raced = await v.call('POST', '/api/checkout/order', orderBody({ email: 'sold.out@example.com' }));
      expect(raced.status).toBe(409);
      const made = [...(await references())].filter((r) => !before.has(r));
      expect(made).toHaveLength(1);
      expect(await paymentRow(made[0]!)).toMatchObject({ status: 'RELEASED', capturedCents: 0 });

      // Marked sold out, as the catalogue says once stock runs out: refused before the card is asked.
      await db().update(products).set({ availability: 'out_of_stock' }).where(eq(products.itemCode, 'D0001'));
      before = await references();
      const refused = await v.call('POST', '/api/checkout/order', orderBody({ email: 'sold.out@example.com' }));
      expect(refused.status).toBe(409);
      expect(await references()).toEqual(before);
    } finally {
      await db()
        .update(products)
        .set({ stockBottles: stock, availability: 'in_stock' })
        .where(eq(products.itemCode, 'D0001'));
    }
  });

  it('is released when the cart changed between its pricing and the order, which is then priced anew', async () => {
    const v = createVisitor(() => t.app);
    expect((await v.add('D0003', 1)).status).toBe(200);
    const cartId = v.jar.get('cart_id')!;
    // Another tab adds a bottle while this checkout is at the payment provider (the authorisation's write is the
    // moment): the same two statements an add makes.
    await db().execute(sql`create function another_tab() returns trigger language plpgsql as $$
      begin
        update cart_lines set quantity = quantity + 1 where cart_id = ${sql.raw(`'${cartId}'`)};
        update carts set version = version + 1 where id = ${sql.raw(`'${cartId}'`)};
        return new;
      end $$`);
    await db().execute(sql`create trigger another_tab before insert on test_payments execute function another_tab()`);
    let before: Set<string>;
    try {
      before = await references();
      const res = await v.call('POST', '/api/checkout/order', orderBody({ email: 'two.tabs@example.com' }));
      expect(res.status).toBe(409);
      expect(res.body.statusMessage).toBe(
        'Your cart changed while you were paying, and nothing was charged. Please check your cart and place the order again.',
      );
    } finally {
      await db().execute(sql`drop trigger another_tab on test_payments`);
      await db().execute(sql`drop function another_tab()`);
    }
    const made = [...(await references())].filter((r) => !before.has(r));
    expect(made).toHaveLength(1);
    expect(await paymentRow(made[0]!)).toMatchObject({ status: 'RELEASED', capturedCents: 0 });
    expect(await db().select().from(orders).where(eq(orders.email, 'two.tabs@example.com'))).toEqual([]);

    // Placed again, the order is for the cart as it is now: two bottles.
    const again = await v.call<Placed>('POST', '/api/checkout/order', orderBody({ email: 'two.tabs@example.com' }));
    expect(again.status).toBe(200);
    const [line] = await db()
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, again.body.response.orderId));
    expect(line?.quantity).toBe(2);
  });

  it('that the provider could not capture at once is captured by the outbox, and the order is kept meanwhile', async () => {
    const provider = createTestPaymentProvider(db());
    const unreachable: PaymentProvider = {
      ...provider,
      capture: async () => {
        throw new Error('payment provider unreachable');
      },
    };
    const app = createApp({ database: t.testDb.database, config: testConfig(), payments: unreachable });
    const v = createVisitor(() => app);
    await v.add('D0001', 1);
    const placed = await v.call<Placed>('POST', '/api/checkout/order', orderBody({ email: 'later@example.com' }));
    expect(placed.status).toBe(200);
    const order = await orderRow(placed.body.response.orderNumber);
    expect(order.paymentStatus).toBe('AUTHORISED');
    expect(await paymentRow(order.paymentReference!)).toMatchObject({ status: 'AUTHORISED', capturedCents: 0 });

    // The fallback waits a minute for checkout's own capture; then the worker takes the amount.
    const handlers = { 'payment-capture': paymentCapturer(db(), provider) };
    expect((await processOutbox(db(), handlers, new Date(), { limit: 100 })).sent).toBe(0);
    expect((await orderRow(order.orderNumber)).paymentStatus).toBe('AUTHORISED');
    const run = await processOutbox(db(), handlers, new Date(Date.now() + CAPTURE_FALLBACK_AFTER_MS + 1_000), {
      limit: 100,
    });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderNumber)).paymentStatus).toBe('CAPTURED');
    expect(await paymentRow(order.paymentReference!)).toMatchObject({
      status: 'CAPTURED',
      capturedCents: order.payableTodayCents,
    });
  });
});

describe('the test provider', () => {
  const request = (paymentKey: string, amountCents = 5_000) => ({
    amountCents,
    currency: 'AUD',
    card: APPROVED_CARD,
    paymentKey,
  });

  it('answers one key with one authorisation from two instances at once (a restart, a second process)', async () => {
    const [a, b] = [createTestPaymentProvider(db()), createTestPaymentProvider(db())];
    const answers = await Promise.all([a.authorise(request('key-1')), b.authorise(request('key-1'))]);
    expect(answers[0]).toMatchObject({ ok: true });
    expect(answers[1]).toEqual(answers[0]);
    const rows = await db().select().from(testPayments).where(eq(testPayments.paymentKey, 'key-1'));
    expect(rows).toHaveLength(1);
    const reference = rows[0]!.reference;

    await Promise.all([a.capture(reference, 5_000), b.capture(reference, 5_000)]);
    await b.release(reference);
    expect(await paymentRow(reference)).toMatchObject({ status: 'CAPTURED', capturedCents: 5_000 });
  });

  it('never captures more than it holds, nor a released authorisation; a released key holds anew', async () => {
    const provider = createTestPaymentProvider(db());
    const held = await provider.authorise(request('key-2', 1_000));
    if (!held.ok) throw new Error('not authorised');
    await expect(provider.capture(held.reference, 1_001)).rejects.toThrow(/1000 held, 1001 asked/);
    await provider.release(held.reference);
    await expect(provider.capture(held.reference, 1_000)).rejects.toThrow(/RELEASED/);
    const again = await provider.authorise(request('key-2', 1_200));
    expect(again).toMatchObject({ ok: true, reference: held.reference });
    await provider.capture(held.reference, 1_200);
    expect(await paymentRow(held.reference)).toMatchObject({ status: 'CAPTURED', capturedCents: 1_200 });
  });

  it('keeps no refusal: a declined card leaves nothing behind', async () => {
    const provider = createTestPaymentProvider(db());
    const answer = await provider.authorise({
      ...request('key-3'),
      card: { ...APPROVED_CARD, number: '4000 0000 0000 0002' },
    });
    expect(answer).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(await db().select().from(testPayments).where(eq(testPayments.paymentKey, 'key-3'))).toEqual([]);
  });
});

describe('a checkout replayed after a restart', () => {
  it('answers the order it placed from a new app on the same database, with one authorisation', async () => {
    const v = createVisitor(() => t.app);
    await v.add('D0002', 1);
    const body = orderBody({ email: 'restart@example.com' });
    const first = await v.call<Placed>('POST', '/api/checkout/order', body);
    expect(first.status).toBe(200);
    const before = await references();

    const restarted = createApp({ database: t.testDb.database, config: testConfig() });
    const again = createVisitor(() => restarted);
    for (const [name, value] of v.jar) again.jar.set(name, value);
    const replay = await again.call<Placed>('POST', '/api/checkout/order', body);
    expect(replay.status).toBe(200);
    expect(replay.body.response).toMatchObject({ orderNumber: first.body.response.orderNumber, replayed: true });
    expect(await references()).toEqual(before);
  });
});
