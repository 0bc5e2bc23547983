import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerSubscriptions, customers, paymentMethods, products } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import {
  getOrderDetails,
  getTasteProfile,
  listPaymentMethods,
  listPurchases,
  listVouchers,
  listWineCellar,
  loadWinePlanMembership,
} from '../../services/identity/account';
import type { MembershipStatus } from '../../domain/memberships';
import { ServiceError } from '../../services/platform/service-error';
import { useTestApp } from '../support/test-app';

// services/identity/account.ts on the seeded database: the rules the pages show (masking, cellar, taste profile).

const t = useTestApp();
const db = () => t.testDb.database.db;

async function idOf(email: string): Promise<number> {
  const [row] = await db().select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (!row) throw new Error(`no demo account ${email}`);
  return row.id;
}

describe('account service', () => {
  it('never shows more than the last four digits of a card, even from a bad row', async () => {
    const id = await idOf('outback@example.com');
    await db()
      .insert(paymentMethods)
      .values({ customerId: id, cardBrand: 'Visa', last4: '4111111111111111', expiryMonth: 1, expiryYear: 2030 });
    const [card] = await listPaymentMethods(db(), id);
    expect(card).toMatchObject({
      brand: 'Visa',
      maskedNumber: '•••• 1111',
      last4: '1111',
      expiry: '01/30',
      isDefault: false,
    });
    expect(JSON.stringify(card)).not.toContain('411111');
  });

  it('lists cards default first, masked', async () => {
    const cards = await listPaymentMethods(db(), await idOf('shopper@example.com'));
    expect(cards.map((c) => [c.brand, c.maskedNumber, c.expiry, c.isDefault])).toEqual([
      ['Visa', '•••• 4242', '08/28', true],
      ['Mastercard', '•••• 5100', '02/27', false],
    ]);
  });

  it('marks vouchers expired by the clock it is given', async () => {
    const id = await idOf('shopper@example.com');
    const before = await listVouchers(db(), fixedClock(new Date('2027-01-01T00:00:00Z')), id);
    expect(before.map((v) => [v.code, v.balanceCents, v.expired])).toEqual([
      ['GC-4821-7730', 5_000, false],
      ['BIRTHDAY15', 1_500, false],
    ]);
    const after = await listVouchers(db(), fixedClock(new Date('2027-06-01T00:00:00Z')), id);
    expect(after.find((v) => v.code === 'BIRTHDAY15')?.expired).toBe(true);
  });

  it('fills the cellar from delivered and shipped orders only, bottles per wine, with the drinking window band', async () => {
    const clock = fixedClock(new Date('2026-11-23T00:00:00Z'));
    // suspended@ has only a cancelled order.
    expect(await listWineCellar(db(), clock, await idOf('suspended@example.com'))).toEqual([]);
    const cellar = await listWineCellar(db(), clock, await idOf('shopper@example.com'));
    const d0001 = cellar.find((w) => w.itemCode === 'D0001');
    expect(d0001?.bottles).toBe(12);
    const [product] = await db().select().from(products).where(eq(products.itemCode, 'D0001'));
    expect(d0001).toMatchObject({ drinkFrom: product?.drinkFrom ?? null, drinkTo: product?.drinkTo ?? null });
    expect(cellar.every((w) => w.bottles > 0)).toBe(true);
  });

  it('builds the taste profile from purchases and ratings, leaving out mixed cases', async () => {
    const id = await idOf('planner@example.com');
    const profile = await getTasteProfile(db(), id);
    const [d0003] = await db().select().from(products).where(eq(products.itemCode, 'D0003'));
    // 12 bottles of D0003 bought and rated 5: its colour, grape and region lead or at least appear.
    expect(profile.colours.map((c) => c.name)).toContain(d0003?.colour);
    expect(profile.grapes.map((c) => c.name)).toContain(d0003?.grape);
    expect(profile.regions.map((c) => c.name)).toContain(d0003?.region);
    expect(profile.basedOn.ratings).toBe(1);
    expect(profile.basedOn.bottles).toBe(12 + 12 + 2);
    for (const list of [profile.colours, profile.grapes, profile.regions]) {
      expect(list.every((s) => s.score > 0)).toBe(true);
      expect(list.map((s) => s.score)).toEqual([...list.map((s) => s.score)].sort((a, b) => b - a));
    }
    const nobody = await db()
      .insert(customers)
      .values({ email: 'new@example.com', passwordHash: 'x', firstName: 'New', lastName: 'Customer' })
      .returning({ id: customers.id });
    const empty = await getTasteProfile(db(), nobody[0]?.id ?? -1);
    expect(empty).toEqual({ colours: [], grapes: [], regions: [], basedOn: { bottles: 0, ratings: 0 } });
  });

  it("refuses another customer's order with a typed not-found error", async () => {
    const [order] = await listPurchases(db(), await idOf('shopper@example.com'));
    await expect(getOrderDetails(db(), await idOf('unlimited@example.com'), order?.id ?? 0)).rejects.toBeInstanceOf(
      ServiceError,
    );
    await expect(getOrderDetails(db(), await idOf('shopper@example.com'), 2 ** 40)).rejects.toBeInstanceOf(
      ServiceError,
    );
  });
});

describe('wine plan membership (SPEC §4: ACTIVE or REQUESTED)', () => {
  it('counts an ACTIVE or REQUESTED plan, not a paused one; a cancelled plan is no plan', async () => {
    const id = await idOf('planner@example.com');
    const setStatus = (status: MembershipStatus) =>
      db()
        .update(customerSubscriptions)
        .set({ status })
        .where(and(eq(customerSubscriptions.customerId, id), eq(customerSubscriptions.type, 'WINEPLAN')));
    const cases = [
      ['ACTIVE', true, 1],
      ['REQUESTED', true, 1],
      ['SUSPENDED', false, 1],
      ['CANCELLED', false, 0],
    ] as const;
    try {
      for (const [status, member, plans] of cases) {
        await setStatus(status);
        const membership = await loadWinePlanMembership(db(), id);
        expect(membership.member, status).toBe(member);
        expect(
          membership.plans.map((p) => p.name),
          status,
        ).toEqual(plans ? ['Discovery Wine Plan'] : []);
      }
    } finally {
      await setStatus('ACTIVE');
    }
    // An Unlimited membership is not a wine plan.
    expect(await loadWinePlanMembership(db(), await idOf('unlimited@example.com'))).toEqual({
      member: false,
      plans: [],
    });
  });
});
