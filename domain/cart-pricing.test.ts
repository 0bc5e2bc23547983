import { describe, expect, it } from 'vitest';
import {
  calculateOrderTotals,
  fillTheBox,
  parseFillTheBoxParam,
  type LinePriceTable,
  priceFlatLine,
  priceLine,
  splitIntoPacks,
} from './cart-pricing';
import { SITES } from './sites';

const ALL = new Set([2, 3, 6, 12]);

describe('splitIntoPacks (SPEC §9: greedy 12, 6, 3, 2, singles)', () => {
  it.each([
    [1, [[1, 1]]],
    [2, [[2, 1]]],
    [
      5,
      [
        [3, 1],
        [2, 1],
      ],
    ],
    [
      11,
      [
        [6, 1],
        [3, 1],
        [2, 1],
      ],
    ],
    [12, [[12, 1]]],
    [
      17,
      [
        [12, 1],
        [3, 1],
        [2, 1],
      ],
    ],
    [24, [[12, 2]]],
    [
      99,
      [
        [12, 8],
        [3, 1],
      ],
    ],
  ])('%i bottles', (quantity, expected) => {
    expect(splitIntoPacks(quantity, ALL).map((p) => [p.size, p.count])).toEqual(expected);
  });
  it('skips pack sizes the wine does not have', () => {
    expect(splitIntoPacks(8, new Set([6])).map((p) => [p.size, p.count])).toEqual([
      [6, 1],
      [1, 2],
    ]);
  });
});

const table: LinePriceTable = {
  single: { itemCode: 'D1', saleCents: 2_000, listCents: 2_500, memberCents: 1_900, vppApplier: true, vppCents: 1_700 },
  packs: {
    2: { itemCode: 'D1-2', saleCents: 3_899, listCents: 5_000, memberCents: 3_700 },
    3: { itemCode: 'D1-3', saleCents: 5_699, listCents: 7_500, memberCents: 5_400 },
    6: { itemCode: 'D1-6', saleCents: 10_799, listCents: 15_000, memberCents: 10_000 },
    12: { itemCode: 'D1-12', saleCents: 19_199, listCents: 30_000, memberCents: 18_000 },
  },
};

describe('priceLine', () => {
  it('prices each pack with its own item code and price', () => {
    const line = priceLine({ table, quantity: 17, cartBottles: 17, isMember: false });
    expect(line.components.map((c) => [c.itemCode, c.count, c.unitCents])).toEqual([
      ['D1-12', 1, 19_199],
      ['D1-3', 1, 5_699],
      ['D1-2', 1, 3_899],
    ]);
    expect(line.totalCents).toBe(19_199 + 5_699 + 3_899);
    expect(line.listCents).toBe(30_000 + 7_500 + 5_000);
  });

  it('uses the volume price for singles only when the cart holds more than 11 bottles', () => {
    const at11 = priceLine({ table, quantity: 1, cartBottles: 11, isMember: false });
    expect(at11.components[0]).toMatchObject({ unitCents: 2_000, priceType: 'sale' });
    const at12 = priceLine({ table, quantity: 1, cartBottles: 12, isMember: false });
    expect(at12.components[0]).toMatchObject({ unitCents: 1_700, priceType: 'vpp' });
  });

  it('never applies the volume price when the applier flag is false', () => {
    const noVpp = { ...table, single: { ...table.single, vppApplier: false } };
    expect(priceLine({ table: noVpp, quantity: 1, cartBottles: 40, isMember: false }).totalCents).toBe(2_000);
  });

  it('switches a case of 6 to six volume prices when cart bottles exceed 11 and that is lower', () => {
    const cheapVpp = { ...table, single: { ...table.single, vppCents: 1_500 } };
    expect(priceLine({ table: cheapVpp, quantity: 6, cartBottles: 6, isMember: false }).totalCents).toBe(10_799);
    const switched = priceLine({ table: cheapVpp, quantity: 6, cartBottles: 18, isMember: false });
    expect(switched.components[0]).toMatchObject({ itemCode: 'D1-6', unitCents: 9_000, priceType: 'case-of-6-vpp' });
  });

  it('gives Unlimited members their price and counts the member savings', () => {
    const line = priceLine({ table, quantity: 3, cartBottles: 3, isMember: true });
    expect(line.totalCents).toBe(5_400);
    expect(line.memberSavingsCents).toBe(299);
  });
});

describe('priceFlatLine', () => {
  it('multiplies a unit price by the quantity', () => {
    const line = priceFlatLine({ itemCode: 'M1', saleCents: 19_999, listCents: 29_999, memberCents: 18_599 }, 2, false);
    expect([line.totalCents, line.listCents, line.memberSavingsCents]).toEqual([39_998, 59_998, 0]);
    expect(
      priceFlatLine({ itemCode: 'M1', saleCents: 19_999, listCents: 29_999, memberCents: 18_599 }, 2, true)
        .memberSavingsCents,
    ).toBe(2_800);
  });
});

describe('calculateOrderTotals', () => {
  const au = SITES['law-au'];
  const nz = SITES['law-nz'];
  const line = (totalCents: number, preSell = false) => ({
    totalCents,
    listCents: totalCents + 500,
    memberSavingsCents: 0,
    preSell,
  });

  it('charges the delivery fee below the threshold and ships free from it (347 AUD)', () => {
    expect(calculateOrderTotals({ lines: [line(34_699)], site: au, freeShippingMember: false })).toMatchObject({
      shippingCents: au.deliveryFeeCents,
      totalCents: 34_699 + au.deliveryFeeCents,
      freeShipping: false,
    });
    expect(calculateOrderTotals({ lines: [line(34_700)], site: au, freeShippingMember: false })).toMatchObject({
      shippingCents: 0,
      totalCents: 34_700,
    });
  });

  it('uses 392 for NZ', () => {
    expect(calculateOrderTotals({ lines: [line(39_199)], site: nz, freeShippingMember: false }).shippingCents).toBe(
      nz.deliveryFeeCents,
    );
    expect(calculateOrderTotals({ lines: [line(39_200)], site: nz, freeShippingMember: false }).shippingCents).toBe(0);
  });

  it('charges delivery only for what is delivered: e-gift cards and memberships alone cost none, nor reach the threshold', () => {
    const card = (totalCents: number) => ({ ...line(totalCents), ships: false });
    expect(calculateOrderTotals({ lines: [card(50_000)], site: au, freeShippingMember: false })).toMatchObject({
      shippingCents: 0,
      totalCents: 50_000,
    });
    expect(
      calculateOrderTotals({ lines: [card(50_000), line(2_000)], site: au, freeShippingMember: false }),
    ).toMatchObject({
      shippingCents: au.deliveryFeeCents,
      totalCents: 52_000 + au.deliveryFeeCents,
      // What is left to spend counts the delivered wine alone.
      toFreeShippingCents: au.freeShippingThresholdCents - 2_000,
    });
    expect(
      calculateOrderTotals({ lines: [card(50_000)], site: au, freeShippingMember: false }).toFreeShippingCents,
    ).toBe(0);
    expect(
      calculateOrderTotals({ lines: [card(50_000), line(34_700)], site: au, freeShippingMember: false }).shippingCents,
    ).toBe(0);
  });

  it('ships Unlimited members free, and an empty cart costs nothing', () => {
    expect(calculateOrderTotals({ lines: [line(1_000)], site: au, freeShippingMember: true }).shippingCents).toBe(0);
    expect(calculateOrderTotals({ lines: [], site: au, freeShippingMember: false })).toMatchObject({
      shippingCents: 0,
      totalCents: 0,
      taxCents: 0,
    });
  });

  it('shows the GST included in the total (1/11 in AU, 3/23 in NZ)', () => {
    expect(calculateOrderTotals({ lines: [line(34_100 + 600)], site: au, freeShippingMember: false }).taxCents).toBe(
      3_155,
    );
    expect(calculateOrderTotals({ lines: [line(46_000)], site: nz, freeShippingMember: false }).taxCents).toBe(6_000);
  });

  it('keeps pre-sell lines out of what is payable today', () => {
    const totals = calculateOrderTotals({
      lines: [line(40_000), line(5_000, true)],
      site: au,
      freeShippingMember: false,
    });
    expect(totals.totalCents).toBe(45_000);
    expect(totals.payableTodayCents).toBe(40_000);
  });

  it('reports savings against list prices', () => {
    expect(
      calculateOrderTotals({ lines: [line(1_000), line(2_000)], site: au, freeShippingMember: false }),
    ).toMatchObject({
      rawSubtotalCents: 4_000,
      subtotalCents: 3_000,
      savingsCents: 1_000,
    });
  });
});

describe('fillTheBox (SPEC §4)', () => {
  it.each([
    [11, { state: 'hidden' }],
    [12, { state: 'prompt', needed: 3, linkToCatalogue: false }],
    [13, { state: 'prompt', needed: 2, linkToCatalogue: false }],
    [14, { state: 'prompt', needed: 1, linkToCatalogue: true }],
    [15, { state: 'full' }],
    [16, { state: 'hidden' }],
  ])('%i bottles', (bottles, expected) => {
    expect(fillTheBox(bottles)).toEqual(expected);
  });
});

describe('parseFillTheBoxParam (/wines?fillTheBox=n)', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    ['14', 14],
    ['0', null],
    ['15', null],
    ['-2', null],
    ['2.5', null],
    ['abc', null],
    [null, null],
  ])('%j reads %j', (raw, expected) => {
    expect(parseFillTheBoxParam(raw)).toBe(expected);
  });
});
