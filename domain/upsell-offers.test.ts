import { describe, expect, it } from 'vitest';
import { SITES } from './sites';
import {
  buildCartOffers,
  buildProductOffers,
  type CartOfferLine,
  type CasePrices,
  calculateCaseSavingsCents,
  type PlanMapping,
} from './upsell-offers';

const au = SITES['law-au'];
const nz = SITES['law-nz'];
const prices: CasePrices = { singleSaleCents: 2_499, twelvePack: { itemCode: 'D1-12', saleCents: 23_990 } };
const ss: PlanMapping = { bumpCode: 'D3SS', rule: 'SUBSCRIBE_AND_SAVE_6', type: 'SS' };
const wp: PlanMapping = { bumpCode: 'D1WP', rule: 'WINEPLAN_DISCOVERY_12', type: 'WINEPLAN' };

function line(productItemCode: string, quantity: number, extra: Partial<CartOfferLine> = {}): CartOfferLine {
  return { productItemCode, quantity, casePrices: null, planMappings: [], ...extra };
}

/** A cart well over the free-shipping threshold, so only the rule under test answers. */
function cart(bottles: number, lines: CartOfferLine[]) {
  return buildCartOffers({ bottles, toFreeShippingCents: 0, lines, site: au });
}

describe('calculateCaseSavingsCents', () => {
  it('is twelve single sale prices less the 12-pack sale price', () => {
    expect(calculateCaseSavingsCents(prices)).toBe(2_499 * 12 - 23_990);
  });
});

describe('buildCartOffers', () => {
  it('offers nothing for an empty cart', () => {
    expect(buildCartOffers({ bottles: 0, toFreeShippingCents: 34_700, lines: [], site: au })).toEqual({
      offerDetails: [],
      offerItems: [],
    });
  });

  it.each([
    [11, null],
    [12, 3],
    [13, 2],
    [14, 1],
    [15, null],
  ])('fill the box with %i bottles → %s remaining to 15', (bottles, remaining) => {
    const details = cart(bottles, [line('W1', bottles)]).offerDetails;
    expect(details).toEqual(
      remaining === null
        ? []
        : [{ reasonCode: 'FILL_THE_BOX', remainingBottles: remaining, bottleThreshold: 15, savingsCents: 0 }],
    );
  });

  it('offers free shipping below the site threshold with the fee saved and the amount still to spend', () => {
    expect(
      buildCartOffers({ bottles: 1, toFreeShippingCents: 34_700 - 1_899, lines: [line('W1', 1)], site: au })
        .offerDetails,
    ).toEqual([
      {
        reasonCode: 'FREE_SHIPPING',
        remainingBottles: 0,
        bottleThreshold: 0,
        savingsCents: 1_499,
        amountRemainingCents: 34_700 - 1_899,
      },
    ]);
    expect(
      buildCartOffers({ bottles: 1, toFreeShippingCents: 39_200 - 1_899, lines: [line('W1', 1)], site: nz })
        .offerDetails,
    ).toEqual([
      {
        reasonCode: 'FREE_SHIPPING',
        remainingBottles: 0,
        bottleThreshold: 0,
        savingsCents: 1_699,
        amountRemainingCents: 39_200 - 1_899,
      },
    ]);
  });

  it('offers no free shipping at the threshold exactly', () => {
    expect(
      buildCartOffers({ bottles: 1, toFreeShippingCents: 0, lines: [line('W1', 1)], site: au }).offerDetails,
    ).toEqual([]);
    expect(
      buildCartOffers({ bottles: 1, toFreeShippingCents: 1, lines: [line('W1', 1)], site: au }).offerDetails[0],
    ).toMatchObject({
      reasonCode: 'FREE_SHIPPING',
      amountRemainingCents: 1,
    });
  });

  it.each([
    [5, null],
    [6, 6],
    [11, 1],
    [12, null],
  ])('suggests the 12-pack for %i single bottles → %s remaining', (quantity, remaining) => {
    const offers = cart(quantity, [line('D1', quantity, { casePrices: prices })]);
    const savingsCents = 2_499 * 12 - 23_990;
    expect(offers.offerDetails.filter((d) => d.reasonCode === 'CASE_SAVINGS')).toEqual(
      remaining === null
        ? []
        : [{ reasonCode: 'CASE_SAVINGS', remainingBottles: remaining, bottleThreshold: 12, savingsCents }],
    );
    expect(offers.offerItems).toEqual(remaining === null ? [] : [{ itemCode: 'D1-12', type: 'CASE', rule: 'CASE_12' }]);
  });

  it('suggests no case for lines without case prices, or when the 12-pack saves nothing', () => {
    expect(cart(8, [line('D1', 8)])).toEqual({ offerDetails: [], offerItems: [] });
    const dear = { singleSaleCents: 1_000, twelvePack: { itemCode: 'D1-12', saleCents: 12_000 } };
    expect(cart(8, [line('D1', 8, { casePrices: dear })])).toEqual({ offerDetails: [], offerItems: [] });
  });

  it('offers Subscribe and Save for a mapped wine, with $30 off while under 6 bottles', () => {
    expect(cart(2, [line('D3', 2, { planMappings: [ss] })])).toEqual({
      offerDetails: [
        { reasonCode: 'SUBSCRIBE_AND_SAVE', remainingBottles: 4, bottleThreshold: 6, savingsCents: 3_000 },
      ],
      offerItems: [{ itemCode: 'D3SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' }],
    });
    expect(cart(6, [line('D3', 6, { planMappings: [ss] })])).toEqual({
      offerDetails: [],
      offerItems: [{ itemCode: 'D3SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' }],
    });
  });

  it('counts every line of the wine together for Subscribe and Save and lists its item once', () => {
    const offers = cart(5, [line('D3', 3, { planMappings: [ss] }), line('D3', 2, { planMappings: [ss] })]);
    expect(offers.offerItems).toEqual([{ itemCode: 'D3SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' }]);
    expect(offers.offerDetails).toEqual([
      { reasonCode: 'SUBSCRIBE_AND_SAVE', remainingBottles: 1, bottleThreshold: 6, savingsCents: 3_000 },
    ]);
  });

  it('ignores wine-plan mappings in the cart', () => {
    expect(cart(1, [line('D1', 1, { planMappings: [wp] })])).toEqual({ offerDetails: [], offerItems: [] });
  });

  it('combines the rules in a fixed order', () => {
    const offers = buildCartOffers({
      bottles: 13,
      toFreeShippingCents: 34_700 - 30_000,
      lines: [line('D1', 7, { casePrices: prices }), line('D3', 6, { planMappings: [ss] })],
      site: au,
    });
    expect(offers.offerDetails.map((d) => d.reasonCode)).toEqual(['FILL_THE_BOX', 'FREE_SHIPPING', 'CASE_SAVINGS']);
    expect(offers.offerItems.map((i) => i.itemCode)).toEqual(['D1-12', 'D3SS']);
  });
});

describe('buildProductOffers', () => {
  it('offers the plans and the case of an in-stock wine', () => {
    expect(buildProductOffers({ inStock: true, casePrices: prices, planMappings: [ss] })).toEqual({
      offerDetails: [
        { reasonCode: 'CASE_SAVINGS', remainingBottles: 12, bottleThreshold: 12, savingsCents: 2_499 * 12 - 23_990 },
      ],
      offerItems: [
        { itemCode: 'D3SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' },
        { itemCode: 'D1-12', type: 'CASE', rule: 'CASE_12' },
      ],
    });
    expect(buildProductOffers({ inStock: true, casePrices: null, planMappings: [wp] })).toEqual({
      offerDetails: [],
      offerItems: [{ itemCode: 'D1WP', type: 'WINEPLAN', rule: 'WINEPLAN_DISCOVERY_12' }],
    });
  });

  it('offers nothing for an out-of-stock product', () => {
    expect(buildProductOffers({ inStock: false, casePrices: prices, planMappings: [ss] })).toEqual({
      offerDetails: [],
      offerItems: [],
    });
  });
});
