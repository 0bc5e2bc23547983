import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCost } from '../../db/password-hash';
import { customers, loginFailures } from '../../db/schema';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { createVisitor, useTestApp } from '../support/test-app';

// Hardening: redirects, throttles, password hashes and the client address behind a proxy.
const t = useTestApp({ TRUST_PROXY: 'true' });
let nextAddress = 1;
const visitor = (site = 'law-au') => createVisitor(() => t.app, site, { address: `10.7.0.${nextAddress++}` });

async function formLogin(redirectingURL: string) {
  const body = new URLSearchParams({ email: 'shopper@example.com', password: 'Vintage2026', redirectingURL });
  const res = await t.app.request('/login', {
    method: 'POST',
    headers: {
      host: 'law-au.localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `10.7.1.${nextAddress++}`,
    },
    body: body.toString(),
  });
  return res;
}

describe('redirect after login', () => {
  it('never follows an absolute URL of our own origin whose path starts with //', async () => {
    for (const target of [
      'http://law-au.localhost:3000//evil.example',
      'http://law-au.localhost:3000//evil.example/x',
    ]) {
      const res = await formLogin(target);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
    const fine = await formLogin('http://law-au.localhost:3000/cart?x=1');
    expect(fine.headers.get('location')).toBe('/cart?x=1');
  });
});

describe('login throttle under parallel requests', () => {
  it('lets at most 10 guesses for one account through, however many arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => visitor().login('planner@example.com', `guess-${i}`)),
    );
    let checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // Guessing on one at a time afterwards: the burst and these together get 10 checked guesses at most.
    for (let i = 0; i < 11 && checked <= 10; i++) {
      const res = await visitor().login('planner@example.com', `late-${i}`);
      if (res.status === 429) break;
      expect(res.status).toBe(401);
      checked++;
    }
    expect(checked).toBe(10);
    expect((await visitor().login('planner@example.com')).status).toBe(429);
  }, 120_000);

  it('counts the address a trusted proxy saw (not what a client put in front of it), and IPv6 by its /64', async () => {
    const keysAfterFailure = async (forwardedFor: string, email: string) => {
      const v = createVisitor(() => t.app, 'law-au', { address: forwardedFor });
      expect((await v.login(email, 'nope')).status).toBe(401);
      const rows = await t.testDb.database.db.select({ key: loginFailures.key }).from(loginFailures);
      return rows.map((r) => r.key);
    };
    expect(await keysAfterFailure('203.0.113.7, 198.51.100.9', 'spoof@example.com')).toContain('address:198.51.100.9');
    const keys = await keysAfterFailure('2001:db8:7:7::1234', 'v6@example.com');
    expect(keys).toContain('address:2001:db8:7:7::/64');
    expect(keys).not.toContain('address:203.0.113.7');
  });
});

describe('registration throttle', () => {
  it('allows 20 registrations an hour from one address, then answers 429 before hashing anything', async () => {
    const address = '192.0.2.200';
    const register = (email: string) =>
      createVisitor(() => t.app, 'law-au', { address }).call('POST', '/api/authentication/register', {
        firstName: 'Ann',
        lastName: 'Other',
        email,
        password: 'Vintage2026',
      });
    expect((await register('bulk0@example.com')).status).toBe(200);
    // Nineteen more registrations from the address within the hour, as the throttle records them.
    const db = t.testDb.database.db;
    const [first] = await db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `register:${address}`));
    expect(first).toBeDefined();
    await db
      .insert(loginFailures)
      .values(Array.from({ length: 19 }, () => ({ key: `register:${address}`, at: first!.at })));
    const refused = await register('bulk-extra@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.statusMessage).toBe(
      'Too many accounts have been created from this address. Please try again in an hour.',
    );
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, 'bulk-extra@example.com'));
    expect(row).toBeUndefined();
  });
});

describe('password change throttle', () => {
  it('allows 5 wrong current passwords in 15 minutes, then 429 even for the right one', async () => {
    const v = visitor();
    expect((await v.login('outback@example.com')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await v.call('PUT', '/api/user/password', {
        currentPassword: `wrong-${i}`,
        newPassword: 'Another2026',
      });
      expect(res.status).toBe(400);
    }
    const blocked = await v.call('PUT', '/api/user/password', {
      currentPassword: 'Vintage2026',
      newPassword: 'Another2026',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusMessage).toBe(
      'Too many attempts to change the password. Please wait 15 minutes and try again.',
    );
  }, 60_000);
});

describe('password hashes', () => {
  // The one API test at the production cost: the app a production server builds (PASSWORD_HASH_COST 17).
  it('are made with OWASP scrypt parameters, and an older hash is upgraded at the next login', async () => {
    const db = t.testDb.database.db;
    const production = createApp({
      database: t.testDb.database,
      config: testConfig({ TRUST_PROXY: 'true', PASSWORD_HASH_COST: '17' }),
    });
    const productionVisitor = () => createVisitor(() => production, 'law-au', { address: `10.7.0.${nextAddress++}` });
    const old = await hashPassword('Vintage2026', scryptCost(14));
    await db.update(customers).set({ passwordHash: old }).where(eq(customers.email, 'unlimited@example.com'));
    expect((await productionVisitor().login('unlimited@example.com')).status).toBe(200);
    const [row] = await db
      .select({ hash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.email, 'unlimited@example.com'));
    expect(row?.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await productionVisitor().login('unlimited@example.com')).status).toBe(200);
    // A server at a cheaper cost (tests) keeps the dearer hash.
    expect((await visitor().login('unlimited@example.com')).status).toBe(200);
    const [kept] = await db
      .select({ hash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.email, 'unlimited@example.com'));
    expect(kept?.hash).toBe(row?.hash);
  });
});
