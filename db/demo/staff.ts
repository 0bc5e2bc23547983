import { hashPassword, PRODUCTION_COST, type ScryptCost } from '../password-hash';
import type { staff } from '../schema';
import type { SiteId } from '../../domain/sites';
import type { StaffRole } from '../../domain/staff';
import { demoSaltFor } from './accounts';

// The demo staff of CONTRACT.md ("Operator console"): seeded with the demo data, never by a production import. Their
// published authenticator secret is written plain and sealed with the server's STAFF_KEY when it first starts
// (services/staff/staff-accounts.ts `sealPlainStaffSecrets`).

export const DEMO_STAFF_PASSWORD = 'Cellar-Staff-2026';
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_STAFF: readonly { email: string; role: StaffRole; sites: SiteId[] }[] = [
  { email: 'owner@staff.example', role: 'owner', sites: [] },
  { email: 'manager@staff.example', role: 'manager', sites: [] },
  { email: 'support@staff.example', role: 'support', sites: [] },
  { email: 'fulfilment@staff.example', role: 'fulfilment', sites: [] },
  { email: 'hk@staff.example', role: 'support', sites: ['law-hk', 'hlw-hk'] },
];

/** The demo staff password at PRODUCTION_COST with each account's salt (db/demo/accounts.test.ts checks them). */
export const DEMO_STAFF_PRODUCTION_HASHES: Readonly<Record<string, string>> = {
  'owner@staff.example':
    'scrypt$131072$8$1$YigB+5UCjUmSAEyi/ArWPw==$kfVVH5JSO8DOwyL7Vs2/+LKatCNJQnCAJU4PPFVkx48n1RoI2bwCXvsUYJKxWCY3iU1+KyCRihJxdrISgLvINA==',
  'manager@staff.example':
    'scrypt$131072$8$1$52paaHndVT+2nLZrrrLqtA==$DTMrWJQD8phS6U1PXMFC36PVFX2tQE2Pd68npnYWFVKfn8FO8QU9uMDKwNrzZEiIwjB2/tMR70ohH/tJ1ZsMNw==',
  'support@staff.example':
    'scrypt$131072$8$1$6BE7phxB2vC4HCfdlpHIKQ==$S383aVuc05k/+m2MLbfk71yu6DSxNjdFW1TY1ig5HMTWdafMzZtqQL5IkxV2S7fKxSwHUtSTIMR3f222gwe/Cg==',
  'fulfilment@staff.example':
    'scrypt$131072$8$1$NMluhLLGEK3SwzhvFvjrjA==$lb+IciCO6LJmBJJinaCyEE5uLKoGcynak2iExt5dQULxuu7rsj7DF9Ll9BukonvcCKKohjNs1Al1bvyuk4Rz5Q==',
  'hk@staff.example':
    'scrypt$131072$8$1$4LyACRlFbDI5NCTDwIX7pw==$CLlCRHEGC+yzm3Q6dtn7agJ9ybbIFcYlMJNn5a4cSv7mVvKJkYEhlTTConF+DMyiPuZ3dAvzPe0TlnW+3YM0gw==',
};

const CREATED_AT = new Date('2026-11-01T00:00:00Z');

/** The demo staff's rows, their password hashed at `cost` (the precomputed hashes at the production cost). */
export async function buildStaffRows(cost: ScryptCost = PRODUCTION_COST): Promise<(typeof staff.$inferInsert)[]> {
  const atProductionCost = cost.n === PRODUCTION_COST.n && cost.r === PRODUCTION_COST.r && cost.p === PRODUCTION_COST.p;
  return Promise.all(
    DEMO_STAFF.map(async (member) => ({
      ...member,
      passwordHash:
        (atProductionCost ? DEMO_STAFF_PRODUCTION_HASHES[member.email] : undefined) ??
        (await hashPassword(DEMO_STAFF_PASSWORD, cost, demoSaltFor(member.email))),
      totpSecretPlain: DEMO_STAFF_TOTP_SECRET,
      createdAt: CREATED_AT,
    })),
  );
}
