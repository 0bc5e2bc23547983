import { describe, expect, it } from 'vitest';
import { calculateWeddingWine, DEFAULT_GUESTS, defaultGlasses, parseCalculatorValue } from './wedding-calculator';

describe('parseCalculatorValue (SPEC §5: only digits, never below 0)', () => {
  it.each([
    ['25', 25],
    ['', 0],
    ['0', 0],
    ['007', 7],
    ['-3', 3],
    ['abc', 0],
    ['1e3', 13],
    ['99999', 9999],
  ])('%j reads %d', (raw, value) => {
    expect(parseCalculatorValue(raw)).toBe(value);
  });
});

describe('calculateWeddingWine (SPEC §9: one bottle per 5 glasses)', () => {
  it('defaults to 25 guests and 1, 2, 1, 1 glasses', () => {
    expect(DEFAULT_GUESTS).toBe(25);
    expect(Object.values(defaultGlasses())).toEqual([1, 2, 1, 1]);
    const { wines, totalBottles } = calculateWeddingWine(DEFAULT_GUESTS, defaultGlasses());
    expect(wines.map((w) => [w.key, w.glasses, w.bottles])).toEqual([
      ['sparkling', 25, 5],
      ['red', 50, 10],
      ['white', 25, 5],
      ['rose', 25, 5],
    ]);
    expect(totalBottles).toBe(25);
  });

  it('rounds a part bottle up and splits into cases of 12', () => {
    const { wines } = calculateWeddingWine(31, { sparkling: 1, red: 3, white: 0, rose: 2 });
    expect(wines.map((w) => [w.bottles, w.cases, w.extraBottles])).toEqual([
      [7, 0, 7],
      [19, 1, 7],
      [0, 0, 0],
      [13, 1, 1],
    ]);
  });

  it('never goes below 0', () => {
    const { wines, totalBottles } = calculateWeddingWine(-5, { sparkling: -1, red: 2, white: 1, rose: 1 });
    expect(wines.every((w) => w.bottles === 0)).toBe(true);
    expect(totalBottles).toBe(0);
  });
});
