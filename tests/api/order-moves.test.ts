import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  customerAddresses,
  customerPoints,
  customers,
  orderEvents,
  orders,
  outbox,
  products,
  testPayments,
} from '../../db/schema';
import { createTestPaymentProvider } from '../../services/payments/test-provider';
import { orderBody, testAddressFor } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';
import { commandHeaders, LOOPBACK, TEST_LOCAL_OPERATOR_TOKEN } from '../support/command-calls';
import { heldServer, runCommand } from '../support/held-server';

// The orders' moves (services/orders/moves/move-order.ts): the operator API and its token, each move and its refusals, the
// payment's release and refunds (never beyond what was paid, also two at once), stock and points given back, the
// customer's own cancel within its window, the emails, and the operators' command through a running server.

const t = useTestApp(
  { TRUST_PROXY: 'true', ORDER_CANCEL_WINDOW_MINUTES: '60' },
  { localOperatorToken: TEST_LOCAL_OPERATOR_TOKEN },
);
const db = () => t.testDb.database.db;
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);

type Result = {
  orderNumber: string;
  status: string;
  paymentStatus: string;
  recorded: boolean;
  capturedCents: number;
  refundedCents: number;
  event: { kind: string; toStatus: string | null; amountCents: number | null; trackingNumber: string | null } | null;
};

/** A command's call through the server (from this machine, with its credential), as a demo manager. */
const operator = (
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = commandHeaders(),
  address = LOOPBACK,
) => createVisitor(() => t.app, 'law-au', { address }).call<Result>(method, pathname, body, undefined, headers);
const move = (orderNumber: string, name: string, body: Record<string, unknown> = {}) =>
  operator('POST', `/api/operator/orders/${orderNumber}/${name}`, body);

/** A guest's order of `quantity` D0001 (and the visitor who placed it, who holds its order cookie). */
async function guestOrder(quantity = 2, email = 'moves@example.com') {
  const v = visitor();
  await v.add('D0001', quantity);
  const placed = await v.call<{ orderNumber: string }>('POST', '/api/checkout/order', orderBody({ email }));
  expect(placed.status).toBe(200);
  return { v, orderNumber: placed.body.response.orderNumber };
}

async function orderRow(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}
async function eventCount(orderNumber: string) {
  const row = await orderRow(orderNumber);
  const [n] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id));
  return n!.n;
}
async function stockOf(itemCode: string) {
  const [row] = await db()
    .select({ stock: products.stockBottles })
    .from(products)
    .where(eq(products.itemCode, itemCode));
  return row!.stock!;
}
async function emailsTo(address: string) {
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'order-email'));
  return rows.map((r) => r.payload as { to: string; subject: string; text: string }).filter((m) => m.to === address);
}

describe('the operator API', () => {
  it('answers only this machine with the server’s credential, as a named active staff account', async () => {
    expect((await operator('GET', '/api/operator/orders', undefined, {})).status).toBe(401);
    const wrong = await operator(
      'GET',
      '/api/operator/orders',
      undefined,
      commandHeaders('manager@staff.example', 'x'.repeat(40)),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.statusMessage).toMatch(/credential is missing or wrong/);
    const remote = await operator('GET', '/api/operator/orders', undefined, commandHeaders(), '203.0.113.9');
    expect(remote.status).toBe(403);
    expect(remote.body.statusMessage).toMatch(/only the commands on this server’s machine/);
    const { authorization } = commandHeaders();
    const nobody = await operator('GET', '/api/operator/orders', undefined, { authorization });
    expect(nobody.status).toBe(400);
    expect(nobody.body.statusMessage).toBe('Name the staff account the command runs as: --as EMAIL.');
    const unknown = await operator('GET', '/api/operator/orders', undefined, commandHeaders('who@staff.example'));
    expect(unknown.status).toBe(404);
  });

  it('lets the named account do only what its role may, and keeps its name on the event and in the audit log', async () => {
    const { orderNumber } = await guestOrder(1, 'as-staff@example.com');
    const before = await eventCount(orderNumber);
    const refused = await operator(
      'POST',
      `/api/operator/orders/${orderNumber}/ship`,
      { trackingNumber: 'AP55566677' },
      commandHeaders('support@staff.example'),
    );
    expect(refused.status).toBe(403);
    expect(await eventCount(orderNumber)).toBe(before);
    const shipped = await operator(
      'POST',
      `/api/operator/orders/${orderNumber}/ship`,
      { trackingNumber: 'AP55566677' },
      commandHeaders('fulfilment@staff.example'),
    );
    expect(shipped.status).toBe(200);
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(orderNumber)).id));
    expect(event).toMatchObject({ actorName: 'fulfilment@staff.example', carrier: 'auspost' });
    const entries = await db()
      .select({ actor: auditLog.actor, action: auditLog.action, outcome: auditLog.outcome, address: auditLog.address })
      .from(auditLog)
      .where(eq(auditLog.recordId, orderNumber))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      { actor: 'support@staff.example', action: 'orders.ship', outcome: 'refused', address: null },
      { actor: 'fulfilment@staff.example', action: 'orders.ship', outcome: 'done', address: null },
    ]);
  });

  it('lists orders by state', async () => {
    const { orderNumber } = await guestOrder(1, 'list@example.com');
    const listed = await operator('GET', '/api/operator/orders?status=PROCESSING');
    expect(listed.status).toBe(200);
    const list = (listed.body.response as unknown as { orders: { orderNumber: string; status: string }[] }).orders;
    expect(list.map((o) => o.orderNumber)).toContain(orderNumber);
    expect(list.every((o) => o.status === 'PROCESSING')).toBe(true);
  });
});

describe('ship and deliver', () => {
  it('ships once with its tracking number (the same again records nothing), emails the customer, then delivers', async () => {
    const { v, orderNumber } = await guestOrder(1, 'ship@example.com');
    const shipped = await move(orderNumber, 'ship', { trackingNumber: 'AP123456789', actor: 'Sam' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.response).toMatchObject({ status: 'SHIPPED', paymentStatus: 'CAPTURED', recorded: true });
    const again = await move(orderNumber, 'ship', { trackingNumber: 'AP123456789' });
    expect(again.body.response).toMatchObject({ status: 'SHIPPED', recorded: false });
    expect(again.body.response.event).toEqual(shipped.body.response.event);
    expect(await eventCount(orderNumber)).toBe(1);
    const other = await move(orderNumber, 'ship', { trackingNumber: 'AP999' + '99999' });
    expect(other.status).toBe(409);
    expect(other.body.statusMessage).toMatch(/AP123456789/);

    const mails = await emailsTo('ship@example.com');
    const shippedMail = mails.find((m) => /on its way/.test(m.subject));
    expect(shippedMail?.text).toContain('AP123456789');
    expect(shippedMail?.text).toMatch(/https:\/\/\S+AP123456789/);

    expect((await move(orderNumber, 'deliver')).body.response).toMatchObject({ status: 'DELIVERED', recorded: true });
    expect((await move(orderNumber, 'deliver')).body.response).toMatchObject({ status: 'DELIVERED', recorded: false });
    // The guest's order page reads the history.
    const read = await v.call<{ history: { toStatus: string; trackingNumber: string | null }[] }>(
      'GET',
      `/api/checkout/order/${orderNumber}`,
    );
    expect(read.body.response.history.map((e) => e.toStatus)).toEqual(['SHIPPED', 'DELIVERED']);
    expect(read.body.response.history[0]?.trackingNumber).toBe('AP123456789');
  });

  it('two ships at once with one tracking number record one move', async () => {
    const { orderNumber } = await guestOrder(1, 'twice@example.com');
    const both = await Promise.all([
      move(orderNumber, 'ship', { trackingNumber: 'AP424242424' }),
      move(orderNumber, 'ship', { trackingNumber: 'AP424242424' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.response.recorded).sort()).toEqual([false, true]);
    expect(await eventCount(orderNumber)).toBe(1);
    expect((await emailsTo('twice@example.com')).filter((m) => /on its way/.test(m.subject))).toHaveLength(1);
  });

  it('writes the emails in the language of the order’s site', async () => {
    const v = visitor('law-hk');
    await v.add('D0001', 1);
    const placed = await v.call<{ orderNumber: string }>(
      'POST',
      '/api/checkout/order',
      orderBody({ email: 'hk@example.com', delivery: testAddressFor('law-hk') }),
    );
    expect(placed.status).toBe(200);
    await move(placed.body.response.orderNumber, 'ship', { trackingNumber: 'HK12345678' });
    const mail = (await emailsTo('hk@example.com')).find((m) => m.subject.includes('已寄出'));
    expect(mail?.text).toContain('追蹤編號為 HK12345678');
  });

  it('refuses to ship a cancelled order or deliver one not shipped, and an unknown order is 404', async () => {
    const { orderNumber } = await guestOrder(1, 'refuse@example.com');
    const early = await move(orderNumber, 'deliver');
    expect(early.status).toBe(409);
    expect((await move(orderNumber, 'cancel')).status).toBe(200);
    const ship = await move(orderNumber, 'ship', { trackingNumber: 'AP123456789' });
    expect(ship.status).toBe(409);
    expect(ship.body.statusMessage).toMatch(/CANCELLED: it cannot be shipped/);
    expect((await orderRow(orderNumber)).status).toBe('CANCELLED');
    expect((await move('LAW000000-00000000', 'deliver')).status).toBe(404);
    expect((await move(orderNumber, 'ship', { trackingNumber: 'x' })).status).toBe(400);
  });
});

describe('cancel', () => {
  it('releases the authorisation or refunds the capture, returns the stock, and a second cancel changes nothing', async () => {
    const before = await stockOf('D0001');
    const { orderNumber } = await guestOrder(3, 'cancel@example.com');
    expect(await stockOf('D0001')).toBe(before - 3);
    const row = await orderRow(orderNumber);
    expect(row.paymentStatus).toBe('CAPTURED');
    const cancelled = await move(orderNumber, 'cancel');
    expect(cancelled.body.response).toMatchObject({ status: 'CANCELLED', recorded: true });
    expect(cancelled.body.response.refundedCents).toBe(row.payableTodayCents);
    expect(await stockOf('D0001')).toBe(before);
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, row.paymentReference!));
    expect(payment?.refundedCents).toBe(row.payableTodayCents);
    const again = await move(orderNumber, 'cancel');
    expect(again.body.response).toMatchObject({ status: 'CANCELLED', recorded: false });
    expect(await stockOf('D0001')).toBe(before);
    expect(await eventCount(orderNumber)).toBe(1);
    expect((await emailsTo('cancel@example.com')).some((m) => /cancelled/.test(m.subject))).toBe(true);
  });

  it('lets an order only authorised go: released at the provider, never captured later', async () => {
    const { orderNumber } = await guestOrder(1, 'authorised@example.com');
    const row = await orderRow(orderNumber);
    // As when the provider could not capture at once.
    await db().update(orders).set({ paymentStatus: 'AUTHORISED' }).where(eq(orders.id, row.id));
    await db()
      .update(testPayments)
      .set({ status: 'AUTHORISED', capturedCents: 0 })
      .where(eq(testPayments.reference, row.paymentReference!));
    const cancelled = await move(orderNumber, 'cancel');
    expect(cancelled.body.response).toMatchObject({ paymentStatus: 'RELEASED', refundedCents: 0 });
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, row.paymentReference!));
    expect(payment?.status).toBe('RELEASED');
  });
});

describe('refunds', () => {
  async function shipped(quantity = 2, email = 'refund@example.com') {
    const order = await guestOrder(quantity, email);
    expect((await move(order.orderNumber, 'ship', { trackingNumber: 'AP000111222' })).status).toBe(200);
    const row = await orderRow(order.orderNumber);
    return { ...order, row, paid: row.payableTodayCents! };
  }

  it('refunds an amount (keeping the state), then the rest (REFUNDED), and never more than was paid', async () => {
    const { orderNumber, paid } = await shipped();
    const part = await move(orderNumber, 'refund', { amount: '5.00' });
    expect(part.body.response).toMatchObject({ status: 'SHIPPED', refundedCents: 500, recorded: true });
    expect(part.body.response.event).toMatchObject({ kind: 'refund', toStatus: null, amountCents: 500 });
    // The same parameters again are the same refund.
    expect((await move(orderNumber, 'refund', { amount: '5.00' })).body.response).toMatchObject({
      recorded: false,
      refundedCents: 500,
    });
    const tooMuch = await move(orderNumber, 'refund', { amount: ((paid + 100) / 100).toFixed(2), key: 'k2' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.statusMessage).toMatch(/more than is left to refund/);
    const rest = await move(orderNumber, 'refund');
    expect(rest.body.response).toMatchObject({ status: 'REFUNDED', refundedCents: paid });
    const after = await move(orderNumber, 'refund', { amount: '1.00', key: 'k3' });
    expect(after.status).toBe(409);
    const mails = await emailsTo('refund@example.com');
    expect(mails.filter((m) => /refund/.test(m.subject))).toHaveLength(2);
    expect(mails.find((m) => /refund/.test(m.subject))?.text).toMatch(/\$5\.00 to your Visa card ending 4242/);
  });

  it('refunds one line by its item code, once', async () => {
    const { orderNumber } = await shipped(1, 'line@example.com');
    const line = await move(orderNumber, 'refund', { itemCode: 'D0001' });
    expect(line.status).toBe(200);
    expect(line.body.response.event).toMatchObject({ kind: 'refund' });
    const again = await move(orderNumber, 'refund', { itemCode: 'D0001', key: 'other' });
    expect(again.status).toBe(409);
    expect((await move(orderNumber, 'refund', { itemCode: 'D0002' })).status).toBe(404);
  });

  it('refuses a refund of an order not shipped (cancel it instead)', async () => {
    const { orderNumber } = await guestOrder(1, 'early@example.com');
    const res = await move(orderNumber, 'refund', { amount: '1.00' });
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toMatch(/cancel it instead/);
  });

  it('two refunds at once never exceed what was captured', async () => {
    const { orderNumber, paid, row } = await shipped(2, 'parallel@example.com');
    const most = (Math.floor(paid * 0.6) / 100).toFixed(2);
    const answers = await Promise.all([
      move(orderNumber, 'refund', { amount: most, key: 'a' }),
      move(orderNumber, 'refund', { amount: most, key: 'b' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, row.paymentReference!));
    expect(payment!.refundedCents).toBeLessThanOrEqual(payment!.capturedCents);
    expect(payment!.refundedCents).toBe(Math.floor(paid * 0.6));
  });

  it('the test provider refuses refunding more than was captured, and a key is one refund', async () => {
    const { row, paid } = await shipped(1, 'provider@example.com');
    const provider = createTestPaymentProvider(db());
    await provider.refund(row.paymentReference!, 100, 'once');
    await provider.refund(row.paymentReference!, 100, 'once');
    await expect(provider.refund(row.paymentReference!, paid, 'twice')).rejects.toThrow(/captured/);
    // Two at once at the provider itself (on PostgreSQL, two connections): one is refused.
    const most = Math.floor((paid - 100) * 0.6);
    const both = await Promise.allSettled([
      provider.refund(row.paymentReference!, most, 'p1'),
      provider.refund(row.paymentReference!, most, 'p2'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [payment] = await db().select().from(testPayments).where(eq(testPayments.reference, row.paymentReference!));
    expect(payment?.refundedCents).toBe(100 + most);
  });
});

describe('points', () => {
  it('a refunded order of a vir customer gives back the points it earned', async () => {
    const v = visitor('vir-au');
    await v.login('shopper@example.com');
    const [customer] = await db().select().from(customers).where(eq(customers.email, 'shopper@example.com'));
    const pointsNow = async () => {
      const [row] = await db()
        .select()
        .from(customerPoints)
        .where(and(eq(customerPoints.customerId, customer!.id), eq(customerPoints.brand, 'vir')));
      return (row?.basePoints ?? 0) + (row?.bonusPoints ?? 0);
    };
    const beforeOrder = await pointsNow();
    const [address] = await db().select().from(customerAddresses).where(eq(customerAddresses.customerId, customer!.id));
    await v.add('D0001', 2);
    const placed = await v.call<{ orderNumber: string }>(
      'POST',
      '/api/checkout/order',
      orderBody({ email: undefined, delivery: undefined, savedAddressId: address!.id }),
    );
    expect(placed.status).toBe(200);
    const orderNumber = placed.body.response.orderNumber;
    const balance = async () => {
      const [row] = await db()
        .select()
        .from(customerPoints)
        .where(and(eq(customerPoints.customerId, customer!.id), eq(customerPoints.brand, 'vir')));
      return row!.basePoints + row!.bonusPoints;
    };
    const before = await balance();
    // The order credited what it earned (the cart's points summary for it).
    const earned = await v.call<{ totalPoints: number }>('GET', `/api/cart/pointsEarnedSummary?orderId=${orderNumber}`);
    expect(earned.body.response.totalPoints).toBeGreaterThan(0);
    expect(before).toBe(beforeOrder + earned.body.response.totalPoints);
    await move(orderNumber, 'ship', { trackingNumber: 'AP555666777' });
    const refunded = await move(orderNumber, 'refund');
    expect(refunded.body.response.status).toBe('REFUNDED');
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, (await orderRow(orderNumber)).id), eq(orderEvents.kind, 'refund')));
    expect(event!.pointsTaken).toBeGreaterThan(0);
    expect(event!.pointsTaken).toBe(earned.body.response.totalPoints);
    expect(await balance()).toBe(before - event!.pointsTaken);
  });
});

describe('the customer cancels', () => {
  it('their own order from its page, within the window; afterwards the page says it cannot', async () => {
    const { v, orderNumber } = await guestOrder(1, 'self@example.com');
    // Another browser holds no order cookie: not its order.
    expect((await visitor().call('POST', `/api/checkout/order/${orderNumber}/cancel`)).status).toBe(404);
    const cancelled = await v.call<Result>('POST', `/api/checkout/order/${orderNumber}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.response.status).toBe('CANCELLED');
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(orderNumber)).id));
    expect(event).toMatchObject({ actorType: 'customer', actorName: 'self@example.com' });

    const late = await guestOrder(1, 'late@example.com');
    await db()
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.orderNumber, late.orderNumber));
    const refused = await late.v.call('POST', `/api/checkout/order/${late.orderNumber}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.statusMessage).toMatch(/no longer be cancelled online/);
    expect((await orderRow(late.orderNumber)).status).toBe('PROCESSING');
  });

  it('not once it has shipped, and a cross-site request is refused', async () => {
    const { v, orderNumber } = await guestOrder(1, 'shipped-self@example.com');
    await move(orderNumber, 'ship', { trackingNumber: 'AP000333444' });
    const res = await v.call('POST', `/api/checkout/order/${orderNumber}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toMatch(/has shipped/);
    const cross = await v.call('POST', `/api/checkout/order/${orderNumber}/cancel`, undefined, undefined, {
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
  });
});

describe('npm run orders', () => {
  it('moves an order beside the server that holds the embedded database, as a named staff account', async () => {
    const { orderNumber } = await guestOrder(1, 'cli@example.com');
    const held = await heldServer(t.app, TEST_LOCAL_OPERATOR_TOKEN);
    const run = (args: string[]) => runCommand('server/orders-cli.ts', args, held.env);
    try {
      const nameless = await run(['ship', orderNumber, '--tracking', 'AP777888999']);
      expect(nameless.code).toBe(2);
      expect(nameless.err).toMatch(/--as EMAIL/);
      const shipped = await run([
        'ship',
        orderNumber,
        '--tracking',
        'AP777888999',
        '--carrier',
        'startrack',
        '--as',
        'Fulfilment@Staff.Example',
      ]);
      expect(shipped.err).toBe('');
      expect(shipped.code).toBe(0);
      expect(shipped.out).toMatch(new RegExp(`Order ${orderNumber} is now SHIPPED`));
      const notAllowed = await run(['refund', orderNumber, '--as', 'fulfilment@staff.example']);
      expect(notAllowed.code).toBe(1);
      expect(notAllowed.err).toMatch(/Your role may not do this/);
      const refused = await run(['cancel', orderNumber, '--as', 'manager@staff.example']);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/SHIPPED: it cannot be cancelled/);
    } finally {
      await held.close();
    }
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(orderNumber)).id));
    expect(event).toMatchObject({
      actorType: 'operator',
      actorName: 'fulfilment@staff.example',
      trackingNumber: 'AP777888999',
      carrier: 'startrack',
    });
  }, 120_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'opens PostgreSQL itself while the storefront runs, with the same roles',
    async () => {
      const { orderNumber } = await guestOrder(1, 'cli-direct@example.com');
      const env = { DATABASE_URL: t.testDb.url ?? '', DATA_DIR: path.join(tmpdir(), 'orders-cli-unused') };
      const refused = await runCommand(
        'server/orders-cli.ts',
        ['cancel', orderNumber, '--as', 'fulfilment@staff.example'],
        env,
      );
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/Your role may not do this/);
      const cancelled = await runCommand(
        'server/orders-cli.ts',
        ['cancel', orderNumber, '--as', 'support@staff.example'],
        env,
      );
      expect(cancelled.err).toBe('');
      expect(cancelled.out).toMatch(new RegExp(`Order ${orderNumber} is now CANCELLED`));
      expect((await orderRow(orderNumber)).status).toBe('CANCELLED');
    },
    120_000,
  );
});
