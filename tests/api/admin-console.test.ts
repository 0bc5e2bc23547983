import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../db/demo/staff';
import { auditLog, outbox, staff } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import { STAFF_TEXTS } from '../../domain/staff';
import { type App, createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { newLocalOperatorToken, removeLocalOperator } from '../../server/local-operator';
import { heldServer, runCommand } from '../support/held-server';
import { cursorText, orderSearchQuery, parseCursor, searchOrders } from '../../services/staff/order-search';
import { totpCodeAt } from '../../services/staff/totp';
import { orderBody, TEST_ADDRESS } from '../support/checkout-input';
import { createVisitor } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The operator console's staff identity, roles, site limits, audit log and work queue (CONTRACT.md "Operator
// console"), through /api/admin/* on the test database.

const clock = fixedClock(new Date());
const TOKEN = 'test-operator-token-for-staff-0123456789';
let testDb: TestDatabase;
let app: App;
let hostApp: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const parts = { database: testDb.database, clock, messagesFor: i18nFor };
  app = createApp({ ...parts, config: testConfig(), localOperatorToken: TOKEN });
  hostApp = createApp({ ...parts, config: testConfig({ ADMIN_HOSTS: 'admin.localhost' }) });
});
afterAll(async () => {
  await testDb?.drop();
});

const db = () => testDb.database.db;
/** EXPLAIN of a statement with its parameters written in as literals (EXPLAIN takes none). */
function explainOf(text: string, params: readonly unknown[]): string {
  const literal = (value: unknown) =>
    value instanceof Date
      ? `'${value.toISOString()}'::timestamptz`
      : typeof value === 'number'
        ? String(value)
        : `'${String(value).replaceAll("'", "''")}'`;
  return `explain ${text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`;
}
/** Whether the tests run on PostgreSQL (a database another process can open). */
const testDb0Url = () => Boolean(process.env.TEST_DATABASE_URL);
/** The code an authenticator shows `steps` 30-second steps from the clock's now. */
const codeAt = (steps = 0, secret = DEMO_STAFF_TOTP_SECRET) =>
  totpCodeAt(secret, new Date(clock.now().getTime() + steps * 30_000));

/** A staff browser: a cookie jar on the console's host. */
function staffVisitor(address?: string) {
  return createVisitor(() => app, 'law-au', address ? { address } : {});
}

/** Signs a demo staff member in, moving the clock to a step of its own so that no earlier code is reused. */
async function signIn(email: string, password = DEMO_STAFF_PASSWORD) {
  clock.advance(31_000);
  const v = staffVisitor();
  const first = await v.call('POST', '/api/admin/session', { email, password });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await v.call('POST', '/api/admin/session/code', { code: codeAt() });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return v;
}

describe('staff sign-in', () => {
  it('takes the password, then an authenticator code, and answers with the role’s permissions', async () => {
    clock.advance(31_000);
    const v = staffVisitor();
    const first = await v.call('POST', '/api/admin/session', {
      email: ' Owner@Staff.Example ',
      password: DEMO_STAFF_PASSWORD,
    });
    expect(first.status).toBe(200);
    expect(first.body.response).toEqual({ next: 'code' });
    expect(first.setCookie).toMatch(/^staff_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('x-robots-tag')).toBe('noindex');
    // Past the password only: nothing of the console opens.
    expect((await v.call('GET', '/api/admin/me')).status).toBe(401);
    const pending = v.jar.get('staff_session');

    const second = await v.call('POST', '/api/admin/session/code', { code: codeAt() });
    expect(second.status).toBe(200);
    expect(second.body.response).toMatchObject({ email: 'owner@staff.example', role: 'owner', sites: [] });
    expect(second.body.response.permissions).toContain('audit.read');
    // The token changes when the code is accepted.
    expect(v.jar.get('staff_session')).not.toBe(pending);
    const me = await v.call('GET', '/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.body.response.email).toBe('owner@staff.example');
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts each code once, and one step of drift either way but not two', async () => {
    clock.advance(31_000);
    const v = staffVisitor();
    await v.call('POST', '/api/admin/session', { email: 'manager@staff.example', password: DEMO_STAFF_PASSWORD });
    expect((await v.call('POST', '/api/admin/session/code', { code: codeAt(2) })).status).toBe(401);
    expect((await v.call('POST', '/api/admin/session/code', { code: codeAt(-1) })).status).toBe(200);

    const again = staffVisitor();
    await again.call('POST', '/api/admin/session', { email: 'manager@staff.example', password: DEMO_STAFF_PASSWORD });
    const reused = await again.call('POST', '/api/admin/session/code', { code: codeAt(-1) });
    expect(reused.status).toBe(401);
    expect(reused.body.statusMessage).toBe(STAFF_TEXTS.codeFailed);
    // The code of a later step is still good.
    expect((await again.call('POST', '/api/admin/session/code', { code: codeAt(1) })).status).toBe(200);
  });

  it('refuses a wrong password, a customer’s credentials and a customer’s session, and audits the failures', async () => {
    const v = staffVisitor();
    const wrong = await v.call('POST', '/api/admin/session', { email: 'owner@staff.example', password: 'wrong-one' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.statusMessage).toBe(STAFF_TEXTS.signInFailed);
    const customer = await v.call('POST', '/api/admin/session', {
      email: 'shopper@example.com',
      password: 'Vintage2026',
    });
    expect(customer.status).toBe(401);
    expect((await v.login('shopper@example.com')).status).toBe(200);
    expect((await v.call('GET', '/api/admin/me')).status).toBe(401);
    const refused = await db()
      .select({ actor: auditLog.actor, action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.outcome} = 'refused' and ${auditLog.action} = 'staff.sign-in'`);
    expect(refused).toEqual(
      expect.arrayContaining([
        { actor: 'owner@staff.example', action: 'staff.sign-in' },
        { actor: 'shopper@example.com', action: 'staff.sign-in' },
      ]),
    );
  });

  it('throttles an account after 10 failures in 15 minutes, even with the right password', async () => {
    const v = staffVisitor('203.0.113.77');
    for (let i = 0; i < 10; i++)
      expect(
        (await v.call('POST', '/api/admin/session', { email: 'fulfilment@staff.example', password: `no-${i}` })).status,
      ).toBe(401);
    const right = await v.call('POST', '/api/admin/session', {
      email: 'fulfilment@staff.example',
      password: DEMO_STAFF_PASSWORD,
    });
    expect(right.status).toBe(429);
    expect(right.body.statusMessage).toBe(STAFF_TEXTS.throttled);
    clock.advance(16 * 60_000);
    expect(
      (await v.call('POST', '/api/admin/session', { email: 'fulfilment@staff.example', password: DEMO_STAFF_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('ends a session after 30 minutes idle, after 12 hours in all, and at sign out', async () => {
    const idle = await signIn('support@staff.example');
    clock.advance(29 * 60_000);
    expect((await idle.call('GET', '/api/admin/me')).status).toBe(200);
    clock.advance(29 * 60_000);
    expect((await idle.call('GET', '/api/admin/me')).status).toBe(200);
    clock.advance(31 * 60_000);
    expect((await idle.call('GET', '/api/admin/me')).status).toBe(401);

    const busy = await signIn('support@staff.example');
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      clock.advance(20 * 60_000);
      expect((await busy.call('GET', '/api/admin/me')).status, `after ${minutes + 20} minutes`).toBe(200);
    }
    clock.advance(25 * 60_000);
    expect((await busy.call('GET', '/api/admin/me')).status).toBe(401);

    const leaving = await signIn('support@staff.example');
    const out = await leaving.call('DELETE', '/api/admin/session');
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/staff_session=; Path=\/; Max-Age=0/);
    expect((await leaving.call('GET', '/api/admin/me')).status).toBe(401);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const v = staffVisitor();
    const res = await v.call(
      'POST',
      '/api/admin/session',
      { email: 'owner@staff.example', password: DEMO_STAFF_PASSWORD },
      undefined,
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(v.jar.has('staff_session')).toBe(false);
  });

  it('answers 404 on a host ADMIN_HOSTS does not list, and serves the listed one', async () => {
    const other = await hostApp.request('/api/admin/me', { headers: { host: 'law-au.localhost:3000' } });
    expect(other.status).toBe(404);
    const listed = await hostApp.request('/api/admin/me', { headers: { host: 'admin.localhost:3000' } });
    expect(listed.status).toBe(401);
  });
});

describe('roles, site limits and the audit log', () => {
  it('refuses what a role may not do with 403, changes nothing and audits the attempt', async () => {
    const support = await signIn('support@staff.example');
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(staff);
    const add = await support.call('POST', '/api/admin/staff', { email: 'new@staff.example', role: 'owner' });
    expect(add.status).toBe(403);
    expect(add.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
    expect(add.headers.get('x-error-code')).toBe('staff.forbidden');
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(staff)).toEqual(before);
    expect((await support.call('GET', '/api/admin/audit')).status).toBe(403);

    const fulfilment = await signIn('fulfilment@staff.example');
    expect((await fulfilment.call('GET', '/api/admin/staff')).status).toBe(403);
    expect((await fulfilment.call('GET', '/api/admin/queue')).status).toBe(200);

    const owner = await signIn('owner@staff.example');
    const audit = await owner.call('GET', '/api/admin/audit?actor=support@staff.example');
    expect(audit.status).toBe(200);
    const actions = audit.body.response.entries.map(
      (e: { action: string; outcome: string }) => `${e.action} ${e.outcome}`,
    );
    expect(actions).toContain('staff.add refused');
    expect(actions).toContain('audit.read refused');
    expect(actions).toContain('staff.sign-in done');
    const entry = audit.body.response.entries.find((e: { action: string }) => e.action === 'staff.add');
    expect(entry).toMatchObject({ actor: 'support@staff.example', recordType: 'staff', address: expect.any(String) });
  });

  // CONTRACT.md's roles for the calls beside the orders' and customers' own tables (admin-orders, admin-customers).
  const CALLS = [
    { call: 'GET /api/admin/queue', may: ['owner', 'manager', 'support', 'fulfilment'], done: 200 },
    { call: 'GET /api/admin/orders', may: ['owner', 'manager', 'support', 'fulfilment'], done: 200 },
    { call: 'GET /api/admin/customers?q=nobody', may: ['owner', 'manager', 'support'], done: 200 },
    { call: 'POST /api/admin/queue/emails/987654/retry', may: ['owner', 'manager', 'support'], done: 404 },
    { call: 'GET /api/admin/staff', may: ['owner'], done: 200 },
    { call: 'GET /api/admin/audit', may: ['owner'], done: 200 },
  ] as const;
  const ROLES = ['owner', 'manager', 'support', 'fulfilment'] as const;
  it.each(
    CALLS.flatMap(({ call, may, done }) =>
      ROLES.map((role) => ({ call, role, expected: (may as readonly string[]).includes(role) ? done : 403 })),
    ),
  )('$role: $call answers $expected', async ({ call, role, expected }) => {
    const v = await signIn(`${role}@staff.example`);
    const [method = 'GET', pathname = ''] = call.split(' ');
    const res = await v.call(method, pathname);
    expect(res.status, JSON.stringify(res.body)).toBe(expected);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('pages the audit log and filters it by record and date', async () => {
    const owner = await signIn('owner@staff.example');
    const first = await owner.call('GET', '/api/admin/audit');
    expect(first.body.response.entries.length).toBeGreaterThan(3);
    const ids = first.body.response.entries.map((e: { id: number }) => e.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const older = await owner.call('GET', `/api/admin/audit?before=${ids[1]}`);
    expect(older.body.response.entries[0].id).toBeLessThan(ids[1]);
    const tomorrow = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await owner.call('GET', `/api/admin/audit?from=${tomorrow}`)).body.response.entries).toEqual([]);
    expect((await owner.call('GET', '/api/admin/audit?from=yesterday')).status).toBe(400);
  });

  it('is append-only: the database refuses an update, a delete and a truncate', async () => {
    /** The database's own message (the driver's error, under the query builder's). */
    const refusal = (statement: ReturnType<typeof sql>) =>
      db()
        .execute(statement)
        .then(
          () => 'done',
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    expect(await refusal(sql`update audit_log set actor = 'someone else'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(row?.n).toBeGreaterThan(0);
  });

  it('limits a site-limited account’s work queue to its sites, without the site-less failed emails', async () => {
    const hk = await signIn('hk@staff.example');
    const queue = await hk.call('GET', '/api/admin/queue');
    expect(queue.status).toBe(200);
    expect(queue.body.response.salesToday.map((s: { siteId: string }) => s.siteId)).toEqual(['law-hk', 'hlw-hk']);
    expect(queue.body.response.salesToday[0].currency).toBe('HKD');
    expect(queue.body.response.failedEmails).toBeNull();
  });
});

describe('the work queue', () => {
  it('counts an order placed now among those to ship and in today’s sales of its site', async () => {
    const owner = await signIn('manager@staff.example');
    const before = (await owner.call('GET', '/api/admin/queue')).body.response;
    const shopper = createVisitor(() => app);
    await shopper.add('D0001', 1);
    const placed = await shopper.call('POST', '/api/checkout/order', orderBody());
    expect(placed.status).toBe(200);
    const after = (await owner.call('GET', '/api/admin/queue')).body.response;
    expect(after.toShip.count).toBe(before.toShip.count + 1);
    const auBefore = before.salesToday.find((s: { siteId: string }) => s.siteId === 'law-au');
    const auAfter = after.salesToday.find((s: { siteId: string }) => s.siteId === 'law-au');
    expect(auAfter.orders).toBe(auBefore.orders + 1);
    expect(auAfter.totalCents).toBeGreaterThan(auBefore.totalCents);
    expect(auAfter.currency).toBe('AUD');
  });

  it('lists an email the outbox gave up on and tries it again', async () => {
    const [job] = await db()
      .insert(outbox)
      .values({ kind: 'order-email', payload: {}, attempts: 10, lastError: 'SMTP refused', createdAt: clock.now() })
      .returning({ id: outbox.id });
    const manager = await signIn('manager@staff.example');
    const queue = (await manager.call('GET', '/api/admin/queue')).body.response;
    expect(queue.failedEmails).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: job?.id, lastError: 'SMTP refused' })]),
    );
    const fulfilment = await signIn('fulfilment@staff.example');
    expect((await fulfilment.call('POST', `/api/admin/queue/emails/${job?.id}/retry`)).status).toBe(403);
    expect((await manager.call('POST', `/api/admin/queue/emails/${job?.id}/retry`)).status).toBe(200);
    expect((await manager.call('POST', `/api/admin/queue/emails/${job?.id}/retry`)).status).toBe(404);
    const after = (await manager.call('GET', '/api/admin/queue')).body.response;
    expect(after.failedEmails.some((j: { id: number }) => j.id === job?.id)).toBe(false);
  });
});

describe('order search', () => {
  it('finds an order by number, email or name, filters by site, status and date, and keeps to a limited account’s sites', async () => {
    const shopper = createVisitor(() => app);
    await shopper.add('D0002', 1);
    const placed = await shopper.call(
      'POST',
      '/api/checkout/order',
      orderBody({
        email: 'Finder.Guest@Example.com',
        delivery: { ...TEST_ADDRESS, firstName: 'Mary Ann', lastName: 'Findlay' },
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderNumber } = placed.body.response;
    const manager = await signIn('manager@staff.example');
    const find = async (query: string) => {
      const res = await manager.call('GET', `/api/admin/orders?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response.orders.map((o: { orderNumber: string }) => o.orderNumber) as string[];
    };
    expect(await find(`q=${orderNumber.toLowerCase()}`)).toEqual([orderNumber]);
    expect(await find('q=finder.guest%40example.com')).toEqual([orderNumber]);
    expect(await find('q=FINDLAY')).toEqual([orderNumber]);
    expect(await find('q=mary%20ann%20findlay')).toEqual([orderNumber]);
    expect(await find('q=ann%20findlay')).toEqual([]);
    expect(await find(`q=findlay&site=law-au&status=PROCESSING`)).toEqual([orderNumber]);
    expect(await find('q=findlay&site=vir-au')).toEqual([]);
    expect(await find('q=findlay&status=SHIPPED')).toEqual([]);
    const today = clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(await find(`q=findlay&from=${today}&until=${today}`)).toEqual([orderNumber]);
    expect(await find(`q=findlay&from=${tomorrow}`)).toEqual([]);
    const row = (await manager.call('GET', `/api/admin/orders?q=${orderNumber}`)).body.response.orders[0];
    expect(row).toMatchObject({
      siteId: 'law-au',
      name: 'Mary Ann Findlay',
      email: 'finder.guest@example.com',
      currency: 'AUD',
    });
    expect((await manager.call('GET', '/api/admin/orders?status=LOST')).status).toBe(400);

    const hk = await signIn('hk@staff.example');
    const limited = await hk.call('GET', `/api/admin/orders?q=${orderNumber}`);
    expect(limited.status).toBe(200);
    expect(limited.body.response.orders).toEqual([]);
  });

  it('pages newest first by a cursor, without repeating or skipping an order', async () => {
    const member = { id: 0, email: 'x@staff.example', role: 'manager' as const, sites: [] };
    const all = (await searchOrders(db(), member, {}, 1000)).orders.map((o) => o.orderNumber);
    expect(all.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let after: { placedAt: Date; id: number } | undefined;
    for (;;) {
      const page = await searchOrders(db(), member, { after }, 2);
      seen.push(...page.orders.map((o) => o.orderNumber));
      if (!page.next) break;
      after = parseCursor(cursorText(page.next));
    }
    expect(seen).toEqual(all);
  });

  it('reads an index for every filter and search term at 100 000 orders (the query plans)', async () => {
    // A scratch copy of the orders table's shape and indexes, filled with 100 000 orders over the sites.
    await db().execute(sql`create temporary table orders_plan (like orders including all)`);
    await db().execute(sql`
      insert into orders_plan (site_id, order_number, status, currency, subtotal_cents, shipping_cents, total_cents,
        placed_at, email, delivery_address)
      select (array['law-au','vir-au','wpe-au','law-nz','law-us','law-hk','law-tw'])[1 + i % 7],
        'PLA261201-' || lpad(i::text, 8, '0'),
        (array['PROCESSING','SHIPPED','DELIVERED','CANCELLED','REFUNDED'])[1 + (i / 7) % 5], 'AUD', 5000, 0, 5000,
        now() - make_interval(mins => i), 'buyer' || i || '@example.com',
        jsonb_build_object('firstName', 'Ann', 'lastName', 'Name' || (i % 5000))
      from generate_series(1, 100000) as i`);
    await db().execute(sql`analyze orders_plan`);
    const manager = { id: 0, email: 'x@staff.example', role: 'manager' as const, sites: [] };
    const hk = { ...manager, sites: ['law-hk' as const, 'hlw-hk' as const] };
    const searches = [
      { who: manager, search: {} },
      { who: manager, search: { q: 'pla261201-00004242' } },
      { who: manager, search: { q: 'Buyer4242@Example.com' } },
      { who: manager, search: { q: 'name42' } },
      { who: manager, search: { site: 'vir-au' as const } },
      { who: manager, search: { status: 'SHIPPED' as const } },
      { who: manager, search: { from: new Date(Date.now() - 3_600_000) } },
      { who: hk, search: {} },
      { who: manager, search: { after: { placedAt: new Date(Date.now() - 50_000 * 60_000), id: 50_000 } } },
    ];
    for (const { who, search } of searches) {
      const query = orderSearchQuery(db(), who, search).toSQL();
      const text = query.sql.replaceAll('"orders"', '"orders_plan"');
      const result = (await db().execute(sql.raw(explainOf(text, query.params)))) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      const rows = result.rows;
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, `${JSON.stringify(search)}\n${plan}`).toMatch(/Index/);
      expect(plan, `${JSON.stringify(search)}\n${plan}`).not.toMatch(/Seq Scan/);
    }
    await db().execute(sql`drop table orders_plan`);
  }, 120_000);
});

describe('staff accounts', () => {
  it('are added by an owner with a one-time set-up link: a password and an enrolled authenticator', async () => {
    const owner = await signIn('owner@staff.example');
    const added = await owner.call('POST', '/api/admin/staff', {
      email: 'New.Picker@Staff.Example',
      role: 'fulfilment',
      sites: ['vir-au'],
    });
    expect(added.status).toBe(200);
    expect(added.body.response.account).toMatchObject({ email: 'new.picker@staff.example', state: 'pending' });
    const link = new URL(added.body.response.setupLink);
    expect(link.pathname).toBe('/admin/setup');
    const token = link.searchParams.get('token') ?? '';
    expect(
      (await owner.call('POST', '/api/admin/staff', { email: 'new.picker@staff.example', role: 'owner' })).status,
    ).toBe(409);

    const newcomer = staffVisitor();
    const page = await newcomer.call('GET', `/api/admin/setup?token=${token}`);
    expect(page.status).toBe(200);
    const { secret, otpauthUri, email } = page.body.response;
    expect(email).toBe('new.picker@staff.example');
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    // The same secret on every visit of the link.
    expect((await newcomer.call('GET', `/api/admin/setup?token=${token}`)).body.response.secret).toBe(secret);
    const shortPassword = await newcomer.call('POST', '/api/admin/setup', {
      token,
      password: 'short',
      confirmPassword: 'short',
      code: codeAt(0, secret),
    });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.statusMessage).toBe(STAFF_TEXTS.passwordShort);
    const badCode = await newcomer.call('POST', '/api/admin/setup', {
      token,
      password: 'a long new password',
      confirmPassword: 'a long new password',
      code: codeAt(5, secret),
    });
    expect(badCode.status).toBe(401);
    const done = await newcomer.call('POST', '/api/admin/setup', {
      token,
      password: 'a long new password',
      confirmPassword: 'a long new password',
      code: codeAt(0, secret),
    });
    expect(done.status).toBe(200);
    expect((await newcomer.call('GET', `/api/admin/setup?token=${token}`)).status).toBe(404);
    const madeUp = await newcomer.call('POST', '/api/admin/setup', {
      token: 'A'.repeat(43),
      password: 'a long new password',
      confirmPassword: 'a long new password',
      code: '123456',
    });
    expect(madeUp.status).toBe(404);
    expect(madeUp.body.statusMessage).toBe(STAFF_TEXTS.setupLinkInvalid);

    clock.advance(31_000);
    await newcomer.call('POST', '/api/admin/session', {
      email: 'new.picker@staff.example',
      password: 'a long new password',
    });
    const signedIn = await newcomer.call('POST', '/api/admin/session/code', { code: codeAt(0, secret) });
    expect(signedIn.body.response).toMatchObject({ role: 'fulfilment', sites: ['vir-au'] });
    // The secret is kept sealed, not as it is.
    const [row] = await db()
      .select({ sealed: staff.totpSecretSealed, plain: staff.totpSecretPlain })
      .from(staff)
      .where(eq(staff.email, 'new.picker@staff.example'));
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain(secret);
    expect(row?.plain).toBeNull();
  });

  it('reset stops the old password and sessions; disable ends sessions; the last owner stays', async () => {
    const owner = await signIn('owner@staff.example');
    const support = await signIn('support@staff.example');
    const reset = await owner.call('POST', '/api/admin/staff/reset', { email: 'support@staff.example' });
    expect(reset.status).toBe(200);
    expect(reset.body.response.account.state).toBe('pending');
    expect((await support.call('GET', '/api/admin/me')).status).toBe(401);
    const old = staffVisitor();
    expect(
      (await old.call('POST', '/api/admin/session', { email: 'support@staff.example', password: DEMO_STAFF_PASSWORD }))
        .status,
    ).toBe(401);

    const manager = await signIn('manager@staff.example');
    const disabled = await owner.call('POST', '/api/admin/staff/disable', { email: 'manager@staff.example' });
    expect(disabled.body.response.state).toBe('disabled');
    expect((await manager.call('GET', '/api/admin/me')).status).toBe(401);

    const last = await owner.call('POST', '/api/admin/staff/disable', { email: 'owner@staff.example' });
    expect(last.status).toBe(409);
    expect(last.body.statusMessage).toBe(STAFF_TEXTS.lastOwner);
    const list = await owner.call('GET', '/api/admin/staff');
    expect(list.body.response.find((s: { email: string }) => s.email === 'owner@staff.example').state).toBe('active');
  });
});

/** Runs `npm run staff -- …` (its script) with `env`, answering its exit code and output. */
function runStaffCommand(args: string[], env: Record<string, string>) {
  return runCommand('server/staff-cli.ts', args, env);
}

describe('npm run staff', () => {
  it('adds, lists, resets and disables accounts beside the server that holds the embedded database', async () => {
    const held = await heldServer(app, TOKEN);
    const { env } = held;
    try {
      const added = await runStaffCommand(
        ['add', 'Picker@Staff.Example', '--role', 'fulfilment', '--sites', 'law-au,vir-au', '--actor', 'Robin'],
        env,
      );
      expect(added.err).toBe('');
      expect(added.code).toBe(0);
      const link = /(http:\/\/\S+\/admin\/setup\?token=[\w-]{43})/.exec(added.out)?.[1];
      expect(link, added.out).toBeDefined();
      expect(
        (await staffVisitor().call('GET', `/api${new URL(link ?? '').pathname}${new URL(link ?? '').search}`)).status,
      ).toBe(200);
      const listed = await runStaffCommand(['list'], env);
      expect(listed.out).toMatch(/picker@staff\.example\s+fulfilment\s+pending\s+law-au,vir-au/);
      expect(listed.out).toMatch(/owner@staff\.example\s+owner/);
      const badRole = await runStaffCommand(['add', 'x@staff.example', '--role', 'boss'], env);
      expect(badRole.code).toBe(2);
      expect(badRole.err).toMatch(/--role is one of owner, manager, support, fulfilment/);
      const badSite = await runStaffCommand(['add', 'x@staff.example', '--role', 'support', '--sites', 'law-xx'], env);
      expect(badSite.err).toMatch(/law-xx is not a site id/);
      const twice = await runStaffCommand(['add', 'picker@staff.example', '--role', 'support'], env);
      expect(twice.code).toBe(1);
      expect(twice.err).toMatch(/exists already/);
      const reset = await runStaffCommand(['reset', 'picker@staff.example'], env);
      expect(reset.out).toMatch(/admin\/setup\?token=/);
      expect(
        (await staffVisitor().call('GET', `/api${new URL(link ?? '').pathname}${new URL(link ?? '').search}`)).status,
      ).toBe(404);
      const disabled = await runStaffCommand(['disable', 'picker@staff.example'], env);
      expect(disabled.code).toBe(0);
      expect(disabled.out).toMatch(/picker@staff\.example disabled/);
    } finally {
      await held.close();
    }
    const entries = await db()
      .select({ actor: auditLog.actor, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actor, 'command:Robin'));
    expect(entries).toEqual([{ actor: 'command:Robin', action: 'staff.add' }]);
  }, 120_000);

  it('goes through the server that holds the embedded database, by the address and credential it left in DATA_DIR', async () => {
    const token = newLocalOperatorToken();
    const app = createApp({
      database: testDb.database,
      clock,
      messagesFor: i18nFor,
      config: testConfig(),
      localOperatorToken: token,
    });
    const held = await heldServer(app, token);
    try {
      expect(statSync(path.join(held.dataDir, 'operator.json')).mode & 0o777).toBe(0o600);
      const listed = await runStaffCommand(['list'], held.env);
      expect(listed.err).toBe('');
      expect(listed.out).toMatch(/owner@staff\.example\s+owner/);
      const orders = await runCommand('server/orders-cli.ts', ['list', '--as', 'owner@staff.example'], held.env);
      expect(orders.err).toBe('');
      expect(orders.out).toMatch(/PROCESSING/);
      // The credential opens nothing from another address than this machine's loopback.
      const remote = await app.request('/api/operator/staff', { headers: { authorization: `Bearer ${token}` } });
      expect(remote.status).toBe(403);
      // Without the file, the command says how to reach the server.
      removeLocalOperator(held.dataDir);
      const refused = await runStaffCommand(['list'], held.env);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/left no address to reach it by/);
    } finally {
      await held.close();
    }
  }, 120_000);

  it.runIf(testDb0Url())(
    'opens PostgreSQL itself while the storefront runs',
    async () => {
      const added = await runStaffCommand(['add', 'direct@staff.example', '--role', 'support', '--actor', 'Sam'], {
        DATABASE_URL: testDb.url ?? '',
        DATA_DIR: path.join(tmpdir(), 'staff-cli-unused'),
      });
      expect(added.err).toBe('');
      expect(added.out).toMatch(/direct@staff\.example added \(support, all sites\)/);
      const token = /token=([\w-]{43})/.exec(added.out)?.[1];
      expect((await staffVisitor().call('GET', `/api/admin/setup?token=${token}`)).body.response.email).toBe(
        'direct@staff.example',
      );
    },
    120_000,
  );
});
