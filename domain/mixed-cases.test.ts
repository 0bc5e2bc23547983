import { describe, expect, it } from 'vitest';
import { bottlesAloneCents, caseBottles, describeMixedCaseOffer, mixedCaseSavingCents } from './mixed-cases';

const lines = [
  { quantity: 2, singleSaleCents: 2_499 },
  { quantity: 4, singleSaleCents: 1_899 },
  { quantity: 6, singleSaleCents: 3_099 },
];
const casePack = { size: 1 as const, itemCode: 'M9', listPriceCents: 39_999, salePriceCents: 29_999 };

describe('mixed case saving', () => {
  it('prices its bottles one by one at their single-bottle sale prices', () => {
    expect(bottlesAloneCents(lines)).toBe(2 * 2_499 + 4 * 1_899 + 6 * 3_099);
    expect(caseBottles(lines)).toBe(12);
  });

  it('saves the difference between its bottles bought alone and the case price', () => {
    expect(mixedCaseSavingCents(29_999, lines)).toBe(31_188 - 29_999);
  });

  it('saves nothing when the case costs as much or more, or its contents are unknown', () => {
    expect(mixedCaseSavingCents(31_188, lines)).toBe(0);
    expect(mixedCaseSavingCents(40_000, lines)).toBe(0);
    expect(mixedCaseSavingCents(29_999, [])).toBe(0);
  });

  it('offers the case with its saving shown only above $10 (SPEC §9), per bottle over its bottles', () => {
    const offer = describeMixedCaseOffer(casePack, lines);
    expect(offer).toMatchObject({ itemCode: 'M9', savingsCents: 1_189, showSavings: true, perBottleCents: 2_500 });
    const small = describeMixedCaseOffer({ ...casePack, salePriceCents: 30_188 }, lines);
    expect(small).toMatchObject({ savingsCents: 1_000, showSavings: false });
  });

  it('leaves the saving unknown when a wine has no single-bottle price', () => {
    const offer = describeMixedCaseOffer(casePack, [...lines, { quantity: 1, singleSaleCents: null }]);
    expect(offer).toMatchObject({ savingsCents: 0, showSavings: false, salePriceCents: 29_999 });
  });
});
