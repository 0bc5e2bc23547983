import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_COST, scryptCost, verifyPassword } from '../password-hash';
import { demoSaltFor } from './accounts';
import { buildStaffRows, DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_PRODUCTION_HASHES } from './staff';

describe('the demo staff (CONTRACT.md "Operator console")', () => {
  it('have the demo staff password hashed at the production cost with each account’s salt', async () => {
    expect(Object.keys(DEMO_STAFF_PRODUCTION_HASHES).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());
    const made = await Promise.all(
      DEMO_STAFF.map((s) => hashPassword(DEMO_STAFF_PASSWORD, PRODUCTION_COST, demoSaltFor(s.email))),
    );
    DEMO_STAFF.forEach((s, i) => {
      expect(DEMO_STAFF_PRODUCTION_HASHES[s.email], s.email).toBe(made[i]);
    });
  });

  it('are the five accounts of the contract, with the published secret to seal, at any cost', async () => {
    expect(DEMO_STAFF.map((s) => [s.email, s.role, s.sites.join(',')])).toEqual([
      ['owner@staff.example', 'owner', ''],
      ['manager@staff.example', 'manager', ''],
      ['support@staff.example', 'support', ''],
      ['fulfilment@staff.example', 'fulfilment', ''],
      ['hk@staff.example', 'support', 'law-hk,hlw-hk'],
    ]);
    const cheap = await buildStaffRows(scryptCost(10));
    for (const row of cheap) {
      expect(row.totpSecretPlain).toBe('JBSWY3DPEHPK3PXP');
      expect(await verifyPassword(DEMO_STAFF_PASSWORD, row.passwordHash ?? '')).toBe(true);
    }
  });
});
