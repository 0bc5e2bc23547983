import { createHash } from 'node:crypto';
import { hashPassword, PRODUCTION_COST, type ScryptCost } from '../password-hash';
import type { customerAddresses, customerPoints, customerSubscriptions, customers } from '../schema';

// The demo accounts of CONTRACT.md. They are global: every site sees the same customers.

export const DEMO_PASSWORD = 'Vintage2026';

type CustomerRow = typeof customers.$inferInsert;
/** Child rows are keyed by email here; the seed swaps in the customer id after the customers exist. */
export type Keyed<T> = Omit<T, 'customerId' | 'id'> & { email: string };
export type DemoSubscription = Keyed<typeof customerSubscriptions.$inferInsert>;
export type DemoAddress = Keyed<typeof customerAddresses.$inferInsert>;
export type DemoPoints = Keyed<typeof customerPoints.$inferInsert>;

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'shopper@example.com',
    firstName: 'Olivia',
    lastName: 'Bennett',
    createdAt: new Date('2024-03-14T09:12:00Z'),
  },
  {
    email: 'unlimited@example.com',
    firstName: 'James',
    lastName: 'Whitaker',
    createdAt: new Date('2023-11-02T21:40:00Z'),
  },
  {
    email: 'requested@example.com',
    firstName: 'Priya',
    lastName: 'Raman',
    createdAt: new Date('2025-02-19T03:05:00Z'),
  },
  {
    email: 'suspended@example.com',
    firstName: 'Daniel',
    lastName: "O'Connor",
    createdAt: new Date('2023-06-27T07:30:00Z'),
  },
  {
    email: 'planner@example.com',
    firstName: 'Sophie',
    lastName: 'Nguyen',
    createdAt: new Date('2024-08-05T11:48:00Z'),
  },
  { email: 'outback@example.com', firstName: 'Jack', lastName: 'Murray', createdAt: new Date('2025-01-10T00:15:00Z') },
];

export const demoSubscriptions: readonly DemoSubscription[] = [
  {
    email: 'unlimited@example.com',
    type: 'FREESHIP',
    status: 'ACTIVE',
    name: 'Unlimited',
    startedAt: new Date('2025-07-01T00:00:00Z'),
  },
  {
    email: 'requested@example.com',
    type: 'FREESHIP',
    status: 'REQUESTED',
    name: 'Unlimited',
    startedAt: new Date('2026-05-20T00:00:00Z'),
  },
  {
    email: 'suspended@example.com',
    type: 'FREESHIP',
    status: 'SUSPENDED',
    name: 'Unlimited',
    startedAt: new Date('2024-09-15T00:00:00Z'),
  },
  {
    email: 'planner@example.com',
    type: 'WINEPLAN',
    status: 'ACTIVE',
    name: 'Discovery Wine Plan',
    startedAt: new Date('2025-03-01T00:00:00Z'),
  },
];

export const demoAddresses: readonly DemoAddress[] = [
  {
    email: 'shopper@example.com',
    line1: '14 Darling Street',
    locality: 'Balmain',
    state: 'NSW',
    postcode: '2041',
    country: 'au',
    isDefaultDelivery: true,
  },
  {
    email: 'unlimited@example.com',
    line1: '27 Glenferrie Road',
    locality: 'Hawthorn',
    state: 'VIC',
    postcode: '3122',
    country: 'au',
    isDefaultDelivery: true,
  },
  {
    email: 'requested@example.com',
    line1: '8 Macleay Street',
    locality: 'Potts Point',
    state: 'NSW',
    postcode: '2011',
    country: 'au',
    isDefaultDelivery: true,
  },
  {
    email: 'suspended@example.com',
    line1: '52 Lygon Street',
    locality: 'Carlton',
    state: 'VIC',
    postcode: '3053',
    country: 'au',
    isDefaultDelivery: true,
  },
  {
    email: 'planner@example.com',
    line1: '3 Campbell Parade',
    locality: 'Bondi Beach',
    state: 'NSW',
    postcode: '2026',
    country: 'au',
    isDefaultDelivery: true,
  },
  {
    email: 'outback@example.com',
    line1: '21 Todd Street',
    locality: 'Alice Springs',
    state: 'NT',
    postcode: '0870',
    country: 'au',
    isDefaultDelivery: true,
  },
];

export const demoPoints: readonly DemoPoints[] = [
  { email: 'shopper@example.com', brand: 'vir', basePoints: 1240, bonusPoints: 300 },
];

/** A salt derived from the email, so a re-run of the seed writes byte-identical rows. */
export function demoSaltFor(email: string): Buffer {
  return createHash('sha256').update(email).digest().subarray(0, 16);
}

/**
 * The demo password hashed at PRODUCTION_COST with each account's salt: written once here, because computing them
 * costs half a second of CPU each on every fresh database (db/demo/accounts.test.ts checks every one).
 */
export const DEMO_PRODUCTION_HASHES: Readonly<Record<string, string>> = {
  'shopper@example.com':
    'scrypt$131072$8$1$qF6coY80k1q5sDgbJb+tJA==$8zISBbxvF0ItJnsRs5Kanl/pPfpGFtxuv9y4ZWvskSvNrZXrHoA2CasVrDMvIDzlOTp6xzWsQnJDuhuYWSoG6Q==',
  'unlimited@example.com':
    'scrypt$131072$8$1$la/Ep2QojUbNFoBKyMVqcw==$v14THVqLKywIIhSoiSNZRkVVzAP+zw/7lEeCx/vaOOqjywvJFSZa/iNz2aQDELH9MD3Ssz7YEYEzS8bmT8TP3g==',
  'requested@example.com':
    'scrypt$131072$8$1$b4IN02vGSE0PdAvlbiK8KQ==$Nt5450CUK/RFx24b92ARb140rpwmWdYsd+zwkQzFi5TwieI82ewTUaiMl16N+vHOcKk2+WKM7UZmxQicTxVq5w==',
  'suspended@example.com':
    'scrypt$131072$8$1$BjlPbNAVEgmRvQtqna9hDg==$YBPRN1Lowiv2ZebsNf/Uqw6+DlbLHBljGFaiiA/Yh7w6cwOwGDvV4/rKcPpB/s276c++KCLmglzkl3uoJsvuhg==',
  'planner@example.com':
    'scrypt$131072$8$1$G2h3HyUCGn3DGnBfdmSOJw==$geLaBHv+lgrWg/PcViQPmYFre22zj0UdOs5+dr8L/hem6OA+4egBDdQxDARa+1RLTvV/l1Mo1YUkwvJlLlP7BA==',
  'outback@example.com':
    'scrypt$131072$8$1$4GXqmvPngFteqOc4URpDQg==$GCXQ7xY6sMS+waSzNMeNuCuwWXTt7KQz1/acVnrHzmZc8hC/z2dGruRA81vjWelPwU6SWJPOQYbFfuUlx9vNCg==',
};

/** The demo accounts' rows, their password hashed at `cost` (the precomputed hashes at the production cost). */
export async function buildCustomerRows(cost: ScryptCost = PRODUCTION_COST): Promise<CustomerRow[]> {
  const atProductionCost = cost.n === PRODUCTION_COST.n && cost.r === PRODUCTION_COST.r && cost.p === PRODUCTION_COST.p;
  return Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      ...account,
      // The demo accounts' mailboxes count as proved (CONTRACT.md's accounts see their order history).
      emailVerifiedAt: account.createdAt,
      passwordHash:
        (atProductionCost ? DEMO_PRODUCTION_HASHES[account.email] : undefined) ??
        (await hashPassword(DEMO_PASSWORD, cost, demoSaltFor(account.email))),
    })),
  );
}
