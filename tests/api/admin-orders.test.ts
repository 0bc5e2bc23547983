import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, outbox } from '../../db/schema';
import { STAFF_TEXTS } from '../../domain/staff';
import { orderBody } from '../support/checkout-input';
import { useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's order page and its actions (CONTRACT.md "Operator console"), through /api/admin/orders/*: each
// role's refusals, the audit entry of every change, site limits, notes, resent emails and the carrier.

const t = useConsoleApp();
const { db, signIn } = t;

type Staff = Awaited<ReturnType<typeof signIn>>;
const sessions = new Map<string, Staff>();
/** One signed-in console browser per demo account, kept for the file. */
async function as(role: string): Promise<Staff> {
  const email = `${role}@staff.example`;
  const known = sessions.get(email);
  if (known && (await known.call('GET', '/api/admin/me')).status === 200) return known;
  const fresh = await signIn(email);
  sessions.set(email, fresh);
  return fresh;
}

async function placeOrder(email = 'console.orders@example.com', quantity = 2) {
  const v = createVisitor(() => t.app, 'law-au');
  await v.add('D0001', quantity);
  const placed = await v.call<{ orderNumber: string }>('POST', '/api/checkout/order', orderBody({ email }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.response.orderNumber;
}

const SHIP = { carrier: 'startrack', trackingNumber: 'ST1234567' };

async function shippedOrder() {
  const orderNumber = await placeOrder();
  const res = await (await as('manager')).call('POST', `/api/admin/orders/${orderNumber}/ship`, SHIP);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderNumber;
}

async function stateOf(orderNumber: string) {
  const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const [events] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row!.id));
  const [mails] = await db().select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.orderId, row!.id));
  return { status: row!.status, paymentStatus: row!.paymentStatus, events: events!.n, mails: mails!.n };
}

async function auditOf(orderNumber: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'order'), eq(auditLog.recordId, orderNumber)))
    .orderBy(desc(auditLog.id));
}

// CONTRACT.md's roles, written out here so that a change of domain/staff.ts cannot pass unseen.
const ACTIONS = {
  read: { setup: placeOrder, call: (n: string) => ['GET', `/api/admin/orders/${n}`] as const },
  ship: { setup: placeOrder, call: (n: string) => ['POST', `/api/admin/orders/${n}/ship`, SHIP] as const },
  deliver: { setup: shippedOrder, call: (n: string) => ['POST', `/api/admin/orders/${n}/deliver`] as const },
  cancel: { setup: placeOrder, call: (n: string) => ['POST', `/api/admin/orders/${n}/cancel`] as const },
  refund: { setup: shippedOrder, call: (n: string) => ['POST', `/api/admin/orders/${n}/refund`, {}] as const },
  note: {
    setup: placeOrder,
    call: (n: string) => ['POST', `/api/admin/orders/${n}/notes`, { body: 'Called about the parcel.' }] as const,
  },
  resend: {
    setup: placeOrder,
    call: (n: string) => ['POST', `/api/admin/orders/${n}/resend`, { email: 'confirmation' }] as const,
  },
} as const;
type Action = keyof typeof ACTIONS;

const MAY: Record<string, readonly Action[]> = {
  owner: ['read', 'ship', 'deliver', 'cancel', 'refund', 'note', 'resend'],
  manager: ['read', 'ship', 'deliver', 'cancel', 'refund', 'note', 'resend'],
  support: ['read', 'cancel', 'note', 'resend'],
  fulfilment: ['read', 'ship', 'deliver'],
};

describe('who may do what to an order', () => {
  const cases = Object.entries(MAY).flatMap(([role, allowed]) =>
    (Object.keys(ACTIONS) as Action[]).map((action) => ({ role, action, allowed: allowed.includes(action) })),
  );
  it.each(cases)('$role: $action allowed=$allowed', async ({ role, action, allowed }) => {
    const { setup, call } = ACTIONS[action];
    const orderNumber = await setup();
    const before = await stateOf(orderNumber);
    const staff = await as(role);
    const [method, path, body] = call(orderNumber) as readonly [string, string, unknown?];
    const res = await staff.call(method, path, body);
    const [entry] = await auditOf(orderNumber);
    if (allowed) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      if (action !== 'read') expect(entry).toMatchObject({ actor: `${role}@staff.example`, outcome: 'done' });
    } else {
      expect(res.status).toBe(403);
      expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
      expect(await stateOf(orderNumber)).toEqual(before);
      expect(entry).toMatchObject({ actor: `${role}@staff.example`, outcome: 'refused' });
    }
  });
});

describe('the order page', () => {
  it('shows lines, totals, the card, the address, the customer and the timeline with who', async () => {
    const orderNumber = await shippedOrder();
    const res = await (await as('support')).call('GET', `/api/admin/orders/${orderNumber.toLowerCase()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.response;
    expect(page).toMatchObject({ orderNumber, siteId: 'law-au', status: 'SHIPPED', currency: 'AUD' });
    expect(page.lines).toEqual([expect.objectContaining({ itemCode: 'D0001', quantity: 2 })]);
    expect(page.totals.totalCents).toBeGreaterThan(0);
    expect(page.card).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/) });
    expect(page.deliveryAddress.lastName).toBeTruthy();
    expect(page.email).toBe('console.orders@example.com');
    expect(page.timeline.at(-1)).toMatchObject({
      toStatus: 'SHIPPED',
      actorName: 'manager@staff.example',
      trackingNumber: 'ST1234567',
      carrier: 'StarTrack',
      trackingUrl: 'https://startrack.com.au/track/details/ST1234567',
    });
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await (await as('manager')).call('GET', '/api/admin/orders/NOPE123');
    expect(res.status).toBe(404);
  });

  it('is 404 to an account limited to other sites, and the refusal is audited', async () => {
    const orderNumber = await placeOrder();
    const hk = await as('hk');
    const res = await hk.call('GET', `/api/admin/orders/${orderNumber}`);
    expect(res.status).toBe(404);
    const [entry] = await auditOf(orderNumber);
    expect(entry).toMatchObject({ actor: 'hk@staff.example', outcome: 'refused', action: 'orders.read' });
    const note = await hk.call('POST', `/api/admin/orders/${orderNumber}/notes`, { body: 'Not mine.' });
    expect(note.status).toBe(404);
    await db().update(orders).set({ siteId: 'hlw-hk' }).where(eq(orders.orderNumber, orderNumber));
    expect((await hk.call('GET', `/api/admin/orders/${orderNumber}`)).status).toBe(200);
  });

  it('answers 401 without a staff session', async () => {
    const orderNumber = await placeOrder();
    const res = await createVisitor(() => t.app).call('GET', `/api/admin/orders/${orderNumber}`);
    expect(res.status).toBe(401);
  });
});

describe('the order actions', () => {
  it('ships with a carrier and tracking number: the email says both, the audit has before and after', async () => {
    const orderNumber = await placeOrder('carrier.mail@example.com');
    const fulfilment = await as('fulfilment');
    const res = await fulfilment.call('POST', `/api/admin/orders/${orderNumber}/ship`, {
      carrier: 'nzpost',
      trackingNumber: 'NZ99887766',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toMatchObject({ status: 'SHIPPED', recorded: true });
    const [mail] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-email'), sql`${outbox.payload}->>'topic' = 'shipped'`))
      .orderBy(desc(outbox.id))
      .limit(1);
    const { to, text } = (mail?.payload ?? {}) as { to?: string; text?: string };
    expect(to).toBe('carrier.mail@example.com');
    expect(text).toContain('NZ99887766');
    expect(text).toContain('NZ Post');
    expect(text).toContain('https://www.nzpost.co.nz/tools/tracking/item/NZ99887766');
    const [entry] = await auditOf(orderNumber);
    expect(entry).toMatchObject({
      action: 'orders.ship',
      actor: 'fulfilment@staff.example',
      outcome: 'done',
      before: { status: 'PROCESSING' },
      after: { status: 'SHIPPED', trackingNumber: 'NZ99887766', carrier: 'NZ Post' },
    });
    // The same shipment again records nothing and audits nothing new.
    const again = await fulfilment.call('POST', `/api/admin/orders/${orderNumber}/ship`, {
      carrier: 'nzpost',
      trackingNumber: 'NZ99887766',
    });
    expect(again.body.response.recorded).toBe(false);
    expect(await auditOf(orderNumber)).toHaveLength(1);
  });

  it('refuses a carrier it does not know and a bad tracking number, changing nothing', async () => {
    const orderNumber = await placeOrder();
    const before = await stateOf(orderNumber);
    const manager = await as('manager');
    const carrier = await manager.call('POST', `/api/admin/orders/${orderNumber}/ship`, {
      carrier: 'pigeon',
      trackingNumber: 'AB12345',
    });
    expect(carrier.status).toBe(400);
    expect(carrier.body.statusMessage).toMatch(/^A carrier is one of auspost/);
    const tracking = await manager.call('POST', `/api/admin/orders/${orderNumber}/ship`, {
      carrier: 'auspost',
      trackingNumber: 'no',
    });
    expect(tracking.status).toBe(400);
    expect(tracking.body.statusMessage).toBe('A tracking number is 4 to 40 letters, digits or dashes.');
    expect(await stateOf(orderNumber)).toEqual(before);
    expect(await auditOf(orderNumber)).toHaveLength(0);
  });

  it('refunds an amount, then a line, then the rest; a refund beyond what is left changes nothing', async () => {
    const orderNumber = await placeOrder('refunds@example.com', 3);
    const manager = await as('manager');
    await manager.call('POST', `/api/admin/orders/${orderNumber}/ship`, SHIP);
    const page = (await manager.call('GET', `/api/admin/orders/${orderNumber}`)).body.response;
    const total = page.totals.payableTodayCents as number;
    const amount = await manager.call('POST', `/api/admin/orders/${orderNumber}/refund`, { amount: '5.00' });
    expect(amount.status, JSON.stringify(amount.body)).toBe(200);
    expect(amount.body.response).toMatchObject({ status: 'SHIPPED', refundedCents: 500 });
    const tooMuch = await manager.call('POST', `/api/admin/orders/${orderNumber}/refund`, {
      amount: ((total + 100) / 100).toFixed(2),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.statusMessage).toMatch(/more than is left to refund/);
    const line = await manager.call('POST', `/api/admin/orders/${orderNumber}/refund`, { itemCode: 'd0001' });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    const rest = await manager.call('POST', `/api/admin/orders/${orderNumber}/refund`, {});
    expect(rest.body.response).toMatchObject({ status: 'REFUNDED', refundedCents: total });
    const entries = await auditOf(orderNumber);
    expect(entries.map((e) => e.action)).toEqual(['orders.refund', 'orders.refund', 'orders.refund', 'orders.ship']);
    expect(entries[2]).toMatchObject({ before: { refundedCents: 0 }, after: { refundedCents: 500, amountCents: 500 } });
    const after = (await manager.call('GET', `/api/admin/orders/${orderNumber}`)).body.response;
    expect(after.refunds).toHaveLength(3);
    expect(after.totals.refundedCents).toBe(total);
  });

  it('keeps notes with their author, refuses an empty one, and audits each', async () => {
    const orderNumber = await placeOrder();
    const support = await as('support');
    const empty = await support.call('POST', `/api/admin/orders/${orderNumber}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.statusMessage).toBe('Write the note first.');
    const added = await support.call('POST', `/api/admin/orders/${orderNumber}/notes`, {
      body: 'Customer called: <b>leave at the door</b>.',
    });
    expect(added.status).toBe(200);
    const page = (await support.call('GET', `/api/admin/orders/${orderNumber}`)).body.response;
    expect(page.notes).toEqual([
      expect.objectContaining({ author: 'support@staff.example', body: 'Customer called: <b>leave at the door</b>.' }),
    ]);
    const [entry] = await auditOf(orderNumber);
    expect(entry).toMatchObject({ action: 'orders.note', outcome: 'done', actor: 'support@staff.example' });
  });

  it('sends the confirmation again as it was first sent, and the shipping email once shipped', async () => {
    const orderNumber = await placeOrder('resend.me@example.com');
    const support = await as('support');
    const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    const mails = () =>
      db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.orderId, row!.id)).orderBy(outbox.id);
    const notYet = await support.call('POST', `/api/admin/orders/${orderNumber}/resend`, { email: 'shipping' });
    expect(notYet.status).toBe(409);
    expect(notYet.body.statusMessage).toBe(`Order ${orderNumber} has not shipped: there is no shipping email to send.`);
    const again = await support.call('POST', `/api/admin/orders/${orderNumber}/resend`, { email: 'confirmation' });
    expect(again.body.response).toEqual({ to: 'resend.me@example.com' });
    const [first, second] = await mails();
    expect(second?.payload).toEqual(first?.payload);
    await (await as('fulfilment')).call('POST', `/api/admin/orders/${orderNumber}/ship`, SHIP);
    const shipping = await support.call('POST', `/api/admin/orders/${orderNumber}/resend`, { email: 'shipping' });
    expect(shipping.status, JSON.stringify(shipping.body)).toBe(200);
    const sent = (await mails()).map((m) => m.payload as { topic: string; text: string });
    expect(sent.map((m) => m.topic)).toEqual(['confirmation', 'confirmation', 'shipped', 'shipped']);
    expect(sent.at(-1)?.text).toContain('StarTrack');
    const actions = (await auditOf(orderNumber)).map((e) => e.action);
    expect(actions).toEqual(['orders.resend-shipping', 'orders.ship', 'orders.resend-confirmation']);
  });

  it('refuses an action posted from another origin', async () => {
    const orderNumber = await placeOrder();
    const before = await stateOf(orderNumber);
    const manager = await as('manager');
    const res = await manager.call('POST', `/api/admin/orders/${orderNumber}/cancel`, undefined, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await stateOf(orderNumber)).toEqual(before);
  });
});
