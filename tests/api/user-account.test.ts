import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, orders } from '../../db/schema';
import { LOGIN_ERRORS } from '../../domain/identity-rules';
import { createVisitor, useTestApp } from '../support/test-app';

// SPEC §3 User and §7 account calls: shapes per demo account, the Current-only guard, order ownership,
// the contact preference and the password change.

const t = useTestApp({ TRUST_PROXY: 'true' });
let nextAddress = 1;
const visitor = (site = 'law-au') => createVisitor(() => t.app, site, { address: `10.1.0.${nextAddress++}` });

async function loggedIn(email: string, site = 'law-au') {
  const v = visitor(site);
  const res = await v.login(email);
  expect(res.body.statusCode).toBe(0);
  return v;
}

const LOGIN_REQUIRED = 'Please log in to continue.';

const CALLS: [string, string, unknown?][] = [
  ['GET', '/api/user/details'],
  ['GET', '/api/user/subscriptions/wineplans/list'],
  ['GET', '/api/user/subscriptions/subscription/list'],
  ['GET', '/api/user/purchases/list'],
  ['GET', '/api/user/orderhistory/details/1'],
  ['PUT', '/api/user/preferences/contact', { optin: { emailFlag: true } }],
  ['PUT', '/api/user/password', { currentPassword: 'Vintage2026', newPassword: 'Another2026' }],
];

describe('the account calls answer only a Hard Logged-In customer', () => {
  it('gives a Prospect the 401 envelope on every call', async () => {
    const v = visitor();
    for (const [method, path, body] of CALLS) {
      const res = await v.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, statusMessage: LOGIN_REQUIRED });
    }
  });

  it('gives a Soft Logged-In visitor (sid dropped, remembered) the 401 envelope on every call and changes nothing', async () => {
    const v = await loggedIn('requested@example.com');
    v.jar.delete('sid');
    expect(v.jar.has('remember_me')).toBe(true);
    for (const [method, path, body] of CALLS) {
      const res = await v.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, statusMessage: LOGIN_REQUIRED });
    }
    const [row] = await t.testDb.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'requested@example.com'));
    expect(row?.emailOptIn).toBe(false);
    // The password did not change: the demo password still logs in.
    expect((await visitor().login('requested@example.com')).body.statusCode).toBe(0);
  });
});

const DEMO_EMAILS = [
  'shopper@example.com',
  'unlimited@example.com',
  'requested@example.com',
  'suspended@example.com',
  'planner@example.com',
  'outback@example.com',
];

describe('every demo account', () => {
  it('gets each account call in its SPEC shape', async () => {
    for (const email of DEMO_EMAILS) {
      const v = await loggedIn(email, 'vws-au');
      const details = await v.call('GET', '/api/user/details');
      expect(details.body.statusCode, email).toBe(0);
      expect(details.body.response).toMatchObject({
        email,
        emailOptIn: expect.any(Boolean),
        trustedDetails: { shippingAddress: expect.any(Array) },
      });
      const shipping = details.body.response.trustedDetails.shippingAddress;
      expect(
        shipping.filter((a: { isDefaultDelivery: boolean }) => a.isDefaultDelivery),
        email,
      ).toHaveLength(1);
      expect(shipping[0].postalCode, email).toMatch(/^\d{4}$/);
      const general = (await v.call('GET', '/api/user/subscriptions/subscription/list')).body.response
        .generalSubscriptions;
      const plans = (await v.call('GET', '/api/user/subscriptions/wineplans/list')).body.response.winePlanSubscriptions;
      for (const sub of [...general, ...plans])
        expect(Object.keys(sub).sort(), email).toEqual(['id', 'name', 'startedAt', 'status', 'type']);
      const orders = (await v.call('GET', '/api/user/purchases/list')).body.response.orders;
      expect(orders.length, email).toBeGreaterThan(0);
      for (const order of orders) {
        expect(order, email).toMatchObject({
          orderNumber: expect.any(String),
          status: expect.any(String),
          totalCents: expect.any(Number),
          lines: expect.any(Array),
        });
      }
    }
  });
});

describe('GET /api/user/details', () => {
  it('gives the SPEC §3 User shape with trustedDetails.shippingAddress', async () => {
    const v = await loggedIn('shopper@example.com');
    const res = await v.call('GET', '/api/user/details');
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(0);
    const user = res.body.response;
    expect(user).toMatchObject({
      email: 'shopper@example.com',
      firstName: 'Olivia',
      lastName: 'Bennett',
      emailOptIn: false,
    });
    expect(user.trustedDetails.shippingAddress).toEqual([
      expect.objectContaining({ line1: '14 Darling Street', postalCode: '2041', isDefaultDelivery: true }),
    ]);
    // Nothing secret leaks.
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
  });

  it('gives outback@ a default delivery address with postcode 0870', async () => {
    const v = await loggedIn('outback@example.com');
    const user = (await v.call('GET', '/api/user/details')).body.response;
    const defaults = user.trustedDetails.shippingAddress.filter(
      (a: { isDefaultDelivery: boolean }) => a.isDefaultDelivery,
    );
    expect(defaults).toHaveLength(1);
    expect(defaults[0].postalCode).toBe('0870');
  });
});

describe('subscriptions', () => {
  const general = async (email: string) =>
    (await (await loggedIn(email)).call('GET', '/api/user/subscriptions/subscription/list')).body.response
      .generalSubscriptions;
  const plans = async (email: string) =>
    (await (await loggedIn(email)).call('GET', '/api/user/subscriptions/wineplans/list')).body.response
      .winePlanSubscriptions;

  it('lists Unlimited (type FREESHIP) with its status for each member', async () => {
    expect(await general('unlimited@example.com')).toEqual([
      expect.objectContaining({ type: 'FREESHIP', status: 'ACTIVE' }),
    ]);
    expect(await general('requested@example.com')).toEqual([
      expect.objectContaining({ type: 'FREESHIP', status: 'REQUESTED' }),
    ]);
    expect(await general('suspended@example.com')).toEqual([
      expect.objectContaining({ type: 'FREESHIP', status: 'SUSPENDED' }),
    ]);
    expect(await general('shopper@example.com')).toEqual([]);
    expect(await general('planner@example.com')).toEqual([]);
  });

  it('lists wine plans with their status', async () => {
    expect(await plans('planner@example.com')).toEqual([
      expect.objectContaining({ type: 'WINEPLAN', status: 'ACTIVE', name: 'Discovery Wine Plan' }),
    ]);
    expect(await plans('unlimited@example.com')).toEqual([]);
    expect(await plans('shopper@example.com')).toEqual([]);
  });
});

describe('purchases and order history', () => {
  it('lists shopper@ orders newest first, each with lines whose totals add up', async () => {
    const v = await loggedIn('shopper@example.com');
    const res = await v.call('GET', '/api/user/purchases/list');
    expect(res.body.statusCode).toBe(0);
    const list = res.body.response.orders;
    expect(list.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['VIR-200114', 'LAW-100877', 'LAW-100231']);
    for (const order of list) {
      expect(order.lines.length).toBeGreaterThan(0);
      const sum = order.lines.reduce(
        (s: number, l: { unitPriceCents: number; quantity: number }) => s + l.unitPriceCents * l.quantity,
        0,
      );
      expect(order.subtotalCents).toBe(sum);
      expect(order.totalCents).toBe(order.subtotalCents + order.shippingCents);
      expect(Number.isInteger(order.totalCents)).toBe(true);
    }
    expect(list[2].lines.map((l: { skuItemCode: string }) => l.skuItemCode)).toEqual(['D0001-12', 'D0002-6']);
    expect(list[2].lines[0]).toMatchObject({ itemCode: 'D0001', quantity: 1, bottleCount: 12 });
  });

  it('gives every demo account its own orders only', async () => {
    for (const email of [
      'unlimited@example.com',
      'requested@example.com',
      'suspended@example.com',
      'planner@example.com',
      'outback@example.com',
    ]) {
      const v = await loggedIn(email);
      const list = (await v.call('GET', '/api/user/purchases/list')).body.response.orders;
      expect(list.length, email).toBeGreaterThan(0);
      const [customer] = await t.testDb.database.db.select().from(customers).where(eq(customers.email, email));
      const own = await t.testDb.database.db
        .select()
        .from(orders)
        .where(eq(orders.customerId, customer?.id ?? -1));
      expect(list.map((o: { id: number }) => o.id).sort()).toEqual(own.map((o) => o.id).sort());
    }
  });

  it("gives an order's details to its owner and 404 to anyone else or for an unknown id", async () => {
    const shopper = await loggedIn('shopper@example.com');
    const [mine] = (await shopper.call('GET', '/api/user/purchases/list')).body.response.orders;
    const details = await shopper.call('GET', `/api/user/orderhistory/details/${mine.id}`);
    expect(details.status).toBe(200);
    expect(details.body.response).toEqual(mine);

    const other = await loggedIn('unlimited@example.com');
    const theirs = await other.call('GET', `/api/user/orderhistory/details/${mine.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ statusCode: 404, statusMessage: 'We could not find that order.' });
    for (const id of ['999999', 'abc', '0', '99999999999999999999']) {
      const res = await shopper.call('GET', `/api/user/orderhistory/details/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.statusMessage).toBe('We could not find that order.');
    }
  });
});

describe('PUT /api/user/preferences/contact', () => {
  it('round-trips optin.emailFlag into the details', async () => {
    const v = await loggedIn('planner@example.com');
    const on = await v.call('PUT', '/api/user/preferences/contact', { optin: { emailFlag: true } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ statusCode: 0, response: { emailOptIn: true } });
    expect((await v.call('GET', '/api/user/details')).body.response.emailOptIn).toBe(true);
    const off = await v.call('PUT', '/api/user/preferences/contact', { optin: { emailFlag: false } });
    expect(off.body.response.emailOptIn).toBe(false);
    expect((await v.call('GET', '/api/user/details')).body.response.emailOptIn).toBe(false);
  });

  it('refuses a bad body with 400 and a clear message, and changes nothing', async () => {
    const v = await loggedIn('planner@example.com');
    await v.call('PUT', '/api/user/preferences/contact', { optin: { emailFlag: true } });
    for (const body of [{}, { optin: {} }, { optin: { emailFlag: 'no' } }, { emailFlag: false }, [], null]) {
      const res = await v.call('PUT', '/api/user/preferences/contact', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.statusMessage).toBe('Please send optin.emailFlag as true or false.');
    }
    const malformed = await v.call('PUT', '/api/user/preferences/contact', undefined, '{"optin":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ statusCode: 400, statusMessage: 'The request body must be JSON.' });
    expect((await v.call('GET', '/api/user/details')).body.response.emailOptIn).toBe(true);
  });
});

describe('PUT /api/user/password', () => {
  it('refuses a wrong current password or a weak new one with 400, and keeps the old password', async () => {
    const v = await loggedIn('suspended@example.com');
    const wrong = await v.call('PUT', '/api/user/password', {
      currentPassword: 'Wrong2026',
      newPassword: 'Another2026',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.statusMessage).toBe('Your current password is not correct.');
    const weak = await v.call('PUT', '/api/user/password', { currentPassword: 'Vintage2026', newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.statusMessage).toBe(
      'Password must be 8-16 characters and contain at least one number and one letter.',
    );
    const malformed = await v.call('PUT', '/api/user/password', undefined, 'not json');
    expect(malformed.body.statusMessage).toBe('The request body must be JSON.');
    expect((await visitor().login('suspended@example.com')).body.statusCode).toBe(0);
  });

  it("carries the refusal's code in X-Error-Code beside the unchanged envelope (decision 033)", async () => {
    const v = await loggedIn('suspended@example.com');
    const wrong = await v.call('PUT', '/api/user/password', {
      currentPassword: 'Wrong2026',
      newPassword: 'Another2026',
    });
    expect(wrong.body).toEqual({ statusCode: 400, statusMessage: 'Your current password is not correct.' });
    expect(wrong.headers.get('x-error-code')).toBe(LOGIN_ERRORS.currentPasswordWrong.code);
    // A refusal with no code of its own carries its kind's.
    const weak = await v.call('PUT', '/api/user/password', { currentPassword: 'Vintage2026', newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.headers.get('x-error-code')).toBe('invalid');
    const prospect = await visitor().call('PUT', '/api/user/password', {
      currentPassword: 'Vintage2026',
      newPassword: 'Another2026',
    });
    expect(prospect.headers.get('x-error-code')).toBe('unauthorised');
    expect((await v.call('GET', '/api/no/such/call')).headers.get('x-error-code')).toBe('not_found');
  });

  it('changes the password: this session stays, other sessions are revoked, the old password fails and the new works', async () => {
    const other = await loggedIn('suspended@example.com');
    const v = await loggedIn('suspended@example.com');
    const res = await v.call('PUT', '/api/user/password', {
      currentPassword: 'Vintage2026',
      newPassword: 'Cellar2027x',
    });
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(0);
    expect((await v.call('GET', '/api/user/details')).status).toBe(200);
    expect((await other.call('GET', '/api/user/details')).status).toBe(401);
    const old = await visitor().login('suspended@example.com');
    expect(old.status).toBe(401);
    expect((await visitor().login('suspended@example.com', 'Cellar2027x')).body.statusCode).toBe(0);
  });
});
