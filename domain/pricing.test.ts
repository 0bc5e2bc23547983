import { describe, expect, it } from 'vitest';
import { CELLARING_TEXT, cellaringBand } from './cellaring';
import { amountToFreeShipping, qualifiesForFreeShipping } from './free-shipping';
import { formatDollars, formatMoney } from './money';
import { describePackOffers } from './pack-pricing';
import { SITES } from './sites';

describe('describePackOffers', () => {
  const packs = [
    { size: 6 as const, itemCode: 'A-6', listPriceCents: 11_994, salePriceCents: 10_799 },
    { size: 1 as const, itemCode: 'A', listPriceCents: 1_999, salePriceCents: 1_999 },
    { size: 2 as const, itemCode: 'A-2', listPriceCents: 3_998, salePriceCents: 3_899 },
    { size: 12 as const, itemCode: 'A-12', listPriceCents: 23_988, salePriceCents: 19_188 },
  ];

  it('orders packs by size and works out savings against single bottles', () => {
    const offers = describePackOffers(packs);
    expect(offers.map((o) => o.size)).toEqual([1, 2, 6, 12]);
    expect(offers.map((o) => o.savingsCents)).toEqual([0, 99, 1_195, 4_800]);
    expect(offers.find((o) => o.size === 12)?.perBottleCents).toBe(1_599);
  });

  it('shows savings only when above $10 (SPEC §9)', () => {
    const offers = describePackOffers(packs);
    expect(offers.map((o) => o.showSavings)).toEqual([false, false, true, true]);
    const exactlyTen = describePackOffers([
      { size: 1, itemCode: 'B', listPriceCents: 2_000, salePriceCents: 2_000 },
      { size: 6, itemCode: 'B-6', listPriceCents: 12_000, salePriceCents: 11_000 },
    ]);
    expect(exactlyTen[1]?.savingsCents).toBe(1_000);
    expect(exactlyTen[1]?.showSavings).toBe(false);
  });
});

describe('money', () => {
  it('formats in the site currency', () => {
    expect(formatMoney(34_700, SITES['law-au'])).toBe('$347.00');
    expect(formatMoney(39_200, SITES['law-nz'])).toBe('$392.00');
    expect(formatMoney(1_999, SITES['wsj-us'])).toBe('$19.99');
    expect(formatMoney(12_000, SITES['law-hk'])).toMatch(/120/);
  });
  it('writes SAVE amounts as $x.xx', () => {
    expect(formatDollars(1_195)).toBe('$11.95');
    expect(formatDollars(5)).toBe('$0.05');
  });
});

describe('free shipping (SPEC §9)', () => {
  it('is free from 347 AUD and 392 NZD inclusive', () => {
    expect(qualifiesForFreeShipping(34_699, SITES['law-au'])).toBe(false);
    expect(qualifiesForFreeShipping(34_700, SITES['law-au'])).toBe(true);
    expect(qualifiesForFreeShipping(34_700, SITES['law-nz'])).toBe(false);
    expect(qualifiesForFreeShipping(39_200, SITES['law-nz'])).toBe(true);
    expect(amountToFreeShipping(30_000, SITES['law-au'])).toBe(4_700);
    expect(amountToFreeShipping(40_000, SITES['law-au'])).toBe(0);
  });
});

describe('cellaring bands (SPEC §9)', () => {
  it.each([
    [2026, 'ready-now'],
    [2027, 'ready-now'],
    [2028, '2-5'],
    [2030, '2-5'],
    [2031, '5-10'],
    [2035, '5-10'],
    [2036, '10-15'],
    [2040, '10-15'],
    [2041, '15+'],
    [2060, '15+'],
  ] as const)('drink until %i is %s', (drinkTo, band) => {
    expect(cellaringBand(drinkTo, 2026)).toBe(band);
  });
  it('has the SPEC texts', () => {
    expect(Object.values(CELLARING_TEXT)).toEqual([
      'Ready now',
      'Cellar for 2-5 years',
      'Cellar for 5-10 years',
      'Cellar for 10-15 years',
      'Cellar for 15+ years',
    ]);
  });
});
