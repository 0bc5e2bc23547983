import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_COST, scryptCost, verifyPassword } from '../password-hash';
import { buildCustomerRows, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PRODUCTION_HASHES, demoSaltFor } from './accounts';

// The one place tests pay the production scrypt cost for the demo accounts: the precomputed hashes the seed writes.
describe('the demo accounts’ precomputed password hashes', () => {
  it('are the demo password hashed at the production cost with each account’s salt', async () => {
    expect(Object.keys(DEMO_PRODUCTION_HASHES).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const made = await Promise.all(
      DEMO_ACCOUNTS.map((a) => hashPassword(DEMO_PASSWORD, PRODUCTION_COST, demoSaltFor(a.email))),
    );
    DEMO_ACCOUNTS.forEach((a, i) => {
      expect(DEMO_PRODUCTION_HASHES[a.email], a.email).toBe(made[i]);
    });
    expect(await verifyPassword('wrong', DEMO_PRODUCTION_HASHES['shopper@example.com'] ?? '')).toBe(false);
  });

  it('are what the seed writes at the production cost; any other cost hashes the password afresh', async () => {
    const production = await buildCustomerRows();
    for (const row of production) expect(row.passwordHash).toBe(DEMO_PRODUCTION_HASHES[row.email]);
    const cheap = await buildCustomerRows(scryptCost(10));
    expect(cheap.map((r) => r.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    for (const row of cheap) {
      expect(row.passwordHash, row.email).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword(DEMO_PASSWORD, row.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong', row.passwordHash)).toBe(false);
    }
  });
});
