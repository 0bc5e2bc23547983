import { CASE_BOTTLES } from './upsell-offers';

// The wedding wine calculator (SPEC §2 screen, §5 "Only digits accepted; values cannot go below 0", §9 "One bottle
// per 5 glasses; defaults of 25 guests and 1, 2, 1, 1 glasses"). Pure: the page and its tests share it.

export const GLASSES_PER_BOTTLE = 5;
export const DEFAULT_GUESTS = 25;
/** Upper bound of any field, so a pasted number can't make the page print nonsense. */
export const MAX_CALCULATOR_VALUE = 9_999;

export const WEDDING_WINES = [
  { key: 'sparkling', label: /*i18n*/ 'Sparkling', defaultGlasses: 1, category: 'sparkling-wine' },
  { key: 'red', label: /*i18n*/ 'Red', defaultGlasses: 2, category: 'red-wine' },
  { key: 'white', label: /*i18n*/ 'White', defaultGlasses: 1, category: 'white-wine' },
  { key: 'rose', label: /*i18n*/ 'Rosé', defaultGlasses: 1, category: 'rose-wine' },
] as const;

export type WeddingWineKey = (typeof WEDDING_WINES)[number]['key'];

/**
 * SPEC §5: only digits are accepted and nothing goes below 0. Everything that is not a digit is dropped, so a
 * typed "-3" reads 3 and "2.5" reads 25 — the field shows exactly what the number is.
 */
export function parseCalculatorValue(raw: string): number {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return 0;
  return Math.min(MAX_CALCULATOR_VALUE, Number(digits.slice(0, 4)));
}

export interface WeddingWineNeed {
  key: WeddingWineKey;
  label: string;
  category: string;
  glasses: number;
  bottles: number;
  /** Full cases of 12 and the bottles over them. */
  cases: number;
  extraBottles: number;
}

/** Bottles per wine: guests × glasses each, one bottle per 5 glasses, rounded up. */
export function calculateWeddingWine(
  guests: number,
  glassesPerGuest: Readonly<Record<WeddingWineKey, number>>,
): { wines: WeddingWineNeed[]; totalBottles: number } {
  const wines = WEDDING_WINES.map((w) => {
    const glasses = Math.max(0, guests) * Math.max(0, glassesPerGuest[w.key]);
    const bottles = Math.ceil(glasses / GLASSES_PER_BOTTLE);
    return {
      key: w.key,
      label: w.label,
      category: w.category,
      glasses,
      bottles,
      cases: Math.floor(bottles / CASE_BOTTLES),
      extraBottles: bottles % CASE_BOTTLES,
    };
  });
  return { wines, totalBottles: wines.reduce((s, w) => s + w.bottles, 0) };
}

export function defaultGlasses(): Record<WeddingWineKey, number> {
  return Object.fromEntries(WEDDING_WINES.map((w) => [w.key, w.defaultGlasses])) as Record<WeddingWineKey, number>;
}
