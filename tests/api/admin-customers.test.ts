import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers, orderLines, orders, sessions } from '../../db/schema';
import { normaliseEmail } from '../../domain/identity-rules';
import { STAFF_TEXTS } from '../../domain/staff';
import { CUSTOMER_TEXTS, erasedEmailOf } from '../../domain/staff-customers';
import type { CustomerExport, CustomerPage, CustomerSearchRow, EraseSummary } from '../../services/staff/customers';
import { giftCardBody, orderBody, testAddressFor } from '../support/checkout-input';
import { useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's customers (CONTRACT.md `/admin/customers`) through /api/admin/customers: search, a customer's page,
// export and erase, the roles and site limits over them, and the audit log's rows.

const t = useConsoleApp();
const { clock, db, signIn } = t;
const PASSWORD = 'Cellar2026x';

type SearchPage = { customers: CustomerSearchRow[]; next: number | null };

async function customerIdOf(email: string): Promise<number> {
  const [row] = await db()
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, normaliseEmail(email)));
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}

/** A new customer, signed in on `site`, with one order there (and an e-gift card for someone else in it). */
async function customerWithOrder(
  email: string,
  name: { firstName: string; lastName: string },
  site = 'law-au',
  options: { giftCard?: boolean } = {},
) {
  const shopper = createVisitor(() => t.app, site);
  const registered = await shopper.register(email, PASSWORD, name.firstName, name.lastName);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { shopper, id: await customerIdOf(email), orderNumber: await placeOrder(shopper, email, name, site, options) };
}

async function placeOrder(
  shopper: ReturnType<typeof createVisitor>,
  email: string,
  name: { firstName: string; lastName: string },
  site: string,
  options: { giftCard?: boolean } = {},
): Promise<string> {
  expect((await shopper.add('D0001', 1)).status).toBe(200);
  if (options.giftCard) expect((await shopper.call('PUT', '/api/cart/eItemCode', giftCardBody(50))).status).toBe(200);
  const placed = await shopper.call(
    'POST',
    '/api/checkout/order',
    orderBody({ email, delivery: { ...testAddressFor(site), ...name, phone: '0412 345 678' } }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.response.orderNumber as string;
}

async function auditOf(action: string, recordId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)))
    .orderBy(asc(auditLog.id));
}

describe('search', () => {
  it('finds a customer by email in any case, by last name, by first name, by first and last, and by number', async () => {
    const { id } = await customerWithOrder('Mia.Searchable@Example.com', {
      firstName: 'Mia Rose',
      lastName: 'Quartermain',
    });
    const support = await signIn('support@staff.example');
    const find = async (q: string) => {
      const res = await support.call<SearchPage>('GET', `/api/admin/customers?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.body.response.customers.map((c) => c.id);
    };
    expect(await find(' MIA.SEARCHABLE@example.COM ')).toEqual([id]);
    expect(await find('quartermain')).toEqual([id]);
    expect(await find('Mia Rose Quartermain')).toEqual([id]);
    expect(await find('Rose Quartermain')).toEqual([]);
    expect(await find(`#${id}`)).toEqual([id]);
    expect(await find('nobody@example.com')).toEqual([]);
    const row = (await support.call<SearchPage>('GET', '/api/admin/customers?q=quartermain')).body.response
      .customers[0];
    expect(row).toMatchObject({
      email: 'mia.searchable@example.com',
      name: 'Mia Rose Quartermain',
      orders: 1,
      erased: false,
    });
    // The demo shopper by first name.
    expect(await find('olivia')).toContain(await customerIdOf('shopper@example.com'));
  });

  it('pages newest first by customer number, without repeating or skipping anyone', async () => {
    const manager = await signIn('manager@staff.example');
    const all = (await db().select({ id: customers.id }).from(customers)).map((c) => c.id).sort((a, b) => b - a);
    const seen: number[] = [];
    let next: number | null = null;
    do {
      const res = await manager.call<SearchPage>('GET', `/api/admin/customers${next ? `?after=${next}` : ''}`);
      expect(res.status).toBe(200);
      const page: SearchPage = res.body.response;
      seen.push(...page.customers.map((c) => c.id));
      next = page.next;
    } while (next);
    expect(seen).toEqual(all);
    const bad = await manager.call('GET', '/api/admin/customers?after=soon');
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe(CUSTOMER_TEXTS.badCursor);
  });
});

describe('a customer’s page', () => {
  it('shows a member’s orders, Unlimited membership and points, with no-store', async () => {
    const support = await signIn('support@staff.example');
    const unlimited = await support.call<CustomerPage>(
      'GET',
      `/api/admin/customers/${await customerIdOf('unlimited@example.com')}`,
    );
    expect(unlimited.status).toBe(200);
    expect(unlimited.headers.get('cache-control')).toBe('no-store');
    const page = unlimited.body.response;
    expect(page.customer).toMatchObject({ email: 'unlimited@example.com', firstName: 'James', lastName: 'Whitaker' });
    expect(page.orders.map((o) => o.orderNumber)).toEqual(['LAW-101006', 'LAW-100452']);
    expect(page.orderCount).toBe(2);
    expect(page.memberships).toEqual([
      expect.objectContaining({ type: 'FREESHIP', name: 'Unlimited', status: 'ACTIVE' }),
    ]);

    const shopper = (
      await support.call<CustomerPage>('GET', `/api/admin/customers/${await customerIdOf('shopper@example.com')}`)
    ).body.response;
    expect(shopper.points).toEqual([{ brand: 'vir', basePoints: 1240, bonusPoints: 300, totalPoints: 1540 }]);
    expect(shopper.orders.map((o) => o.orderNumber)).toEqual(['VIR-200114', 'LAW-100877', 'LAW-100231']);

    const planner = (
      await support.call<CustomerPage>('GET', `/api/admin/customers/${await customerIdOf('planner@example.com')}`)
    ).body.response;
    expect(planner.memberships).toEqual([
      expect.objectContaining({ type: 'WINEPLAN', name: 'Discovery Wine Plan', status: 'ACTIVE' }),
    ]);
  });

  it('shows the gift cards the customer bought and the vouchers they used', async () => {
    const { id, orderNumber } = await customerWithOrder(
      'gifter@example.com',
      { firstName: 'Gia', lastName: 'Giverny' },
      'law-au',
      { giftCard: true },
    );
    const manager = await signIn('manager@staff.example');
    const page = (await manager.call<CustomerPage>('GET', `/api/admin/customers/${id}`)).body.response;
    expect(page.orders).toEqual([expect.objectContaining({ orderNumber, siteId: 'law-au', currency: 'AUD' })]);
    expect(page.giftCards).toEqual([
      expect.objectContaining({ relation: 'bought', amountCents: 5000, balanceCents: 5000, recipientName: 'Ann Lee' }),
    ]);
    expect(page.vouchersUsed).toEqual([]);
  });

  it('answers 404 for a customer who does not exist, and 400 for a number that is not one', async () => {
    const manager = await signIn('manager@staff.example');
    const missing = await manager.call('GET', '/api/admin/customers/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.statusMessage).toBe(STAFF_TEXTS.notFound);
    const bad = await manager.call('GET', '/api/admin/customers/someone');
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe(CUSTOMER_TEXTS.badId);
  });
});

describe('roles and site limits', () => {
  it('lets support read but not export or erase, and fulfilment nothing; refusals change nothing and are audited', async () => {
    const { id } = await customerWithOrder('kept@example.com', { firstName: 'Kit', lastName: 'Keeper' });
    const support = await signIn('support@staff.example');
    expect((await support.call('GET', '/api/admin/customers?q=kept%40example.com')).status).toBe(200);
    expect((await support.call('GET', `/api/admin/customers/${id}`)).status).toBe(200);
    const exported = await support.call('GET', `/api/admin/customers/${id}/export`);
    expect(exported.status).toBe(403);
    expect(exported.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
    expect(exported.headers.get('content-disposition')).toBeNull();
    const erased = await support.call('POST', `/api/admin/customers/${id}/erase`, { confirm: 'ERASE' });
    expect(erased.status).toBe(403);

    const fulfilment = await signIn('fulfilment@staff.example');
    for (const [method, path, body] of [
      ['GET', '/api/admin/customers?q=kept%40example.com', undefined],
      ['GET', `/api/admin/customers/${id}`, undefined],
      ['GET', `/api/admin/customers/${id}/export`, undefined],
      ['POST', `/api/admin/customers/${id}/erase`, { confirm: 'ERASE' }],
    ] as const) {
      const res = await fulfilment.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
    }

    // Nothing changed: the customer still signs in as before.
    const [row] = await db().select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ email: 'kept@example.com', firstName: 'Kit' });
    expect((await createVisitor(() => t.app).login('kept@example.com', PASSWORD)).status).toBe(200);
    const refusals = [
      ...(await auditOf('customers.export', String(id))),
      ...(await auditOf('customers.erase', String(id))),
      ...(await auditOf('customers.read', String(id))),
    ].filter((r) => r.outcome === 'refused');
    expect(refusals.map((r) => `${r.actor} ${r.action}`).sort()).toEqual([
      'fulfilment@staff.example customers.erase',
      'fulfilment@staff.example customers.export',
      'fulfilment@staff.example customers.read',
      'support@staff.example customers.erase',
      'support@staff.example customers.export',
    ]);
  });

  it('lets owner and manager search, read and export', async () => {
    const id = await customerIdOf('requested@example.com');
    for (const email of ['owner@staff.example', 'manager@staff.example']) {
      const staff = await signIn(email);
      expect((await staff.call('GET', '/api/admin/customers?q=raman')).status).toBe(200);
      expect((await staff.call('GET', `/api/admin/customers/${id}`)).status).toBe(200);
      expect((await staff.call('GET', `/api/admin/customers/${id}/export`)).status).toBe(200);
    }
  });

  it('shows a site-limited account only customers with an order on its sites, and only those orders', async () => {
    const hk = await signIn('hk@staff.example');
    // The demo shopper has no Hong Kong order: they do not exist for the account, and the refusal is audited.
    const shopperId = await customerIdOf('shopper@example.com');
    const hidden = await hk.call('GET', `/api/admin/customers/${shopperId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.statusMessage).toBe(STAFF_TEXTS.notFound);
    const [refusal] = (await auditOf('customers.read', String(shopperId))).filter(
      (r) => r.actor === 'hk@staff.example',
    );
    expect(refusal).toMatchObject({ outcome: 'refused', recordType: 'customer' });
    expect(refusal?.after).toEqual({ permission: 'customers.read', sites: ['law-hk', 'hlw-hk'] });
    expect((await hk.call<SearchPage>('GET', '/api/admin/customers?q=shopper%40example.com')).body.response).toEqual({
      customers: [],
      next: null,
    });

    // A customer with an order in Hong Kong and one in Australia: the account sees them, and the Hong Kong order.
    const email = 'two.cities@example.com';
    const name = { firstName: 'Tam', lastName: 'Twocities' };
    const { shopper, id, orderNumber: hkOrder } = await customerWithOrder(email, name, 'law-hk');
    const au = createVisitor(() => t.app, 'law-au');
    expect((await au.login(email, PASSWORD)).status).toBe(200);
    const auOrder = await placeOrder(au, email, name, 'law-au');
    expect(shopper).toBeDefined();
    const found = (await hk.call<SearchPage>('GET', '/api/admin/customers?q=twocities')).body.response.customers;
    expect(found).toEqual([expect.objectContaining({ id, orders: 1 })]);
    const page = await hk.call<CustomerPage>('GET', `/api/admin/customers/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.response.orders.map((o) => o.orderNumber)).toEqual([hkOrder]);
    expect(page.body.response.orderCount).toBe(1);
    const manager = await signIn('manager@staff.example');
    const all = (await manager.call<CustomerPage>('GET', `/api/admin/customers/${id}`)).body.response.orders;
    expect(all.map((o) => o.orderNumber).sort()).toEqual([auOrder, hkOrder].sort());
  });
});

describe('export', () => {
  it('holds the customer’s orders, addresses and memberships, never a password hash, and is audited', async () => {
    const id = await customerIdOf('unlimited@example.com');
    const owner = await signIn('owner@staff.example');
    const res = await owner.call<CustomerExport>('GET', `/api/admin/customers/${id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="customer-${id}.json"`);
    const data = res.body.response;
    expect(data.customer).toMatchObject({ id, email: 'unlimited@example.com', firstName: 'James' });
    expect(data.addresses).toEqual([expect.objectContaining({ line1: '27 Glenferrie Road', postcode: '3122' })]);
    expect(data.memberships).toEqual([expect.objectContaining({ type: 'FREESHIP', status: 'ACTIVE' })]);
    expect(data.orders.map((o) => o.orderNumber)).toEqual(['LAW-101006', 'LAW-100452']);
    expect(data.orders[1]?.lines.map((l) => l.skuItemCode)).toEqual(['W00008-12', 'D0002']);
    const text = JSON.stringify(res.body);
    const [row] = await db().select({ hash: customers.passwordHash }).from(customers).where(eq(customers.id, id));
    expect(text).not.toContain(row?.hash);
    expect(text).not.toMatch(/scrypt\$|passwordHash|tokenHash/);

    const [entry] = (await auditOf('customers.export', String(id))).filter((r) => r.outcome === 'done');
    expect(entry).toMatchObject({ actor: 'owner@staff.example', recordType: 'customer' });
    expect(entry?.after).toMatchObject({ orders: 2, addresses: 1, memberships: 1 });
    expect(JSON.stringify(entry)).not.toMatch(/unlimited@example\.com|Whitaker|Glenferrie/);
  });

  it('is refused to a site-limited manager, whose account does not see every site the customer shopped on', async () => {
    const id = await customerIdOf('planner@example.com');
    const owner = await signIn('owner@staff.example');
    const added = await owner.call('POST', '/api/admin/staff', {
      email: 'au.manager@staff.example',
      role: 'manager',
      sites: ['law-au'],
    });
    expect(added.status).toBe(200);
    const limited = { id: added.body.response.account.id as number, email: 'au.manager@staff.example' };
    const { exportCustomer } = await import('../../services/staff/customers');
    const request = { member: { ...limited, role: 'manager' as const, sites: ['law-au' as const] }, address: '::1' };
    await expect(exportCustomer(db(), clock, request, id)).rejects.toThrow(CUSTOMER_TEXTS.wholeShopOnly);
    const [refusal] = await auditOf('customers.export', String(id)).then((rows) =>
      rows.filter((r) => r.actor === 'au.manager@staff.example'),
    );
    expect(refusal).toMatchObject({ outcome: 'refused' });
  });
});

describe('erase', () => {
  it('takes the personal data out, ends the logins, keeps the orders’ money records, and is audited', async () => {
    const email = 'forget.me@example.com';
    const name = { firstName: 'Freya', lastName: 'Forgetmenot' };
    const { shopper, id, orderNumber } = await customerWithOrder(email, name, 'law-au', { giftCard: true });
    expect((await shopper.call('GET', '/api/user/details')).status).toBe(200);
    const [before] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const linesBefore = await db().select().from(orderLines).where(eq(orderLines.orderId, before!.id));

    const manager = await signIn('manager@staff.example');
    const unconfirmed = await manager.call('POST', `/api/admin/customers/${id}/erase`, { confirm: 'yes' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.statusMessage).toBe(CUSTOMER_TEXTS.confirmErase);
    expect((await manager.call('POST', `/api/admin/customers/${id}/erase`, {})).status).toBe(400);
    expect((await shopper.call('GET', '/api/user/details')).status).toBe(200);

    const erased = await manager.call<EraseSummary>('POST', `/api/admin/customers/${id}/erase`, { confirm: 'ERASE' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.headers.get('cache-control')).toBe('no-store');
    expect(erased.body.response).toMatchObject({
      customerId: id,
      removed: { sessions: 2 },
      anonymised: { orders: 1 },
      kept: { orders: 1 },
    });

    // Signed out everywhere, and the email and password no longer open the account.
    expect((await shopper.call('GET', '/api/user/details')).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.customerId, id))).toEqual([]);
    expect((await createVisitor(() => t.app).login(email, PASSWORD)).status).toBe(401);

    // The order is still there, with the same number, totals, payment and lines; its person is gone.
    const [after] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(after).toMatchObject({
      id: before!.id,
      customerId: id,
      totalCents: before!.totalCents,
      subtotalCents: before!.subtotalCents,
      paymentStatus: before!.paymentStatus,
      paymentReference: before!.paymentReference,
      email: erasedEmailOf(id),
    });
    expect(after?.deliveryAddress).toMatchObject({ firstName: 'Erased', lastName: 'Erased', line1: '', phone: '' });
    expect(after?.deliveryAddress?.postcode).toBe(before!.deliveryAddress?.postcode);
    expect(await db().select().from(orderLines).where(eq(orderLines.orderId, before!.id))).toEqual(linesBefore);

    // The export holds nothing personal any more.
    const exported = await manager.call<CustomerExport>('GET', `/api/admin/customers/${id}/export`);
    expect(exported.status).toBe(200);
    const text = JSON.stringify(exported.body).toLowerCase();
    for (const personal of [email, 'freya', 'forgetmenot', '14 darling street', '0412 345 678'])
      expect(text, personal).not.toContain(personal);
    expect(exported.body.response.customer).toMatchObject({ erased: true, firstName: 'Erased', phone: null });
    expect(exported.body.response.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
    expect(exported.body.response.sessions).toEqual([]);

    // A search by the old email finds no one; the page says erased.
    expect(
      (await manager.call<SearchPage>('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`)).body.response
        .customers,
    ).toEqual([]);
    expect((await manager.call<CustomerPage>('GET', `/api/admin/customers/${id}`)).body.response.customer.erased).toBe(
      true,
    );

    // Audited with ids and counts, never the personal data.
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(id)), inArray(auditLog.action, ['customers.erase', 'customers.export'])));
    expect(entries.map((e) => `${e.action} ${e.outcome}`)).toEqual(['customers.erase done', 'customers.export done']);
    const logged = JSON.stringify(entries).toLowerCase();
    for (const personal of [email, 'freya', 'forgetmenot', 'darling']) expect(logged, personal).not.toContain(personal);

    // Once is enough.
    const again = await manager.call('POST', `/api/admin/customers/${id}/erase`, { confirm: 'ERASE' });
    expect(again.status).toBe(409);
    expect(again.body.statusMessage).toBe(CUSTOMER_TEXTS.alreadyErased);
  });

  it('is the owner’s too, and a new account may then take the erased email', async () => {
    const email = 'owner.erases@example.com';
    const { id } = await customerWithOrder(email, { firstName: 'Omar', lastName: 'Oblivion' });
    const owner = await signIn('owner@staff.example');
    expect((await owner.call('POST', `/api/admin/customers/${id}/erase`, { confirm: ' ERASE ' })).status).toBe(200);
    const fresh = createVisitor(() => t.app);
    expect((await fresh.register(email, PASSWORD, 'Omar', 'Again')).status).toBe(200);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(inArray(customers.email, [email, erasedEmailOf(id)]));
    expect(count[0]?.n).toBe(2);
  });
});

describe('the API document', () => {
  it('describes every customer call', async () => {
    const res = await t.app.request('/api/openapi.json', { headers: { host: 'law-au.localhost' } });
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/admin/customers'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/customers/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/customers/{id}/export'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/customers/{id}/erase'] ?? {})).toEqual(['post']);
  });
});
