import { createHash } from 'node:crypto';
import { hashPassword } from '../password-hash';
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
function saltFor(email: string): Buffer {
  return createHash('sha256').update(email).digest().subarray(0, 16);
}

export async function buildCustomerRows(): Promise<CustomerRow[]> {
  return Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      ...account,
      passwordHash: await hashPassword(DEMO_PASSWORD, saltFor(account.email)),
    })),
  );
}
