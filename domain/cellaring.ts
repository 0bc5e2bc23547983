// Cellaring guidance bands (SPEC §9): ready now, 2-5, 5-10, 10-15, 15+ years.

export type CellaringBand = 'ready-now' | '2-5' | '5-10' | '10-15' | '15+';

export const CELLARING_TEXT: Record<CellaringBand, string> = {
  'ready-now': /*i18n*/ 'Ready now',
  '2-5': /*i18n*/ 'Cellar for 2-5 years',
  '5-10': /*i18n*/ 'Cellar for 5-10 years',
  '10-15': /*i18n*/ 'Cellar for 10-15 years',
  '15+': /*i18n*/ 'Cellar for 15+ years',
};

/**
 * The band from the wine's drink-until year and the current year: how long it will keep improving.
 * Under 2 years of life left is "ready now".
 */
export function cellaringBand(drinkToYear: number, currentYear: number): CellaringBand {
  const years = drinkToYear - currentYear;
  if (years < 2) return 'ready-now';
  if (years < 5) return '2-5';
  if (years < 10) return '5-10';
  if (years < 15) return '10-15';
  return '15+';
}
