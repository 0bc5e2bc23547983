import { type PackOffer, type PackPrice, SAVINGS_DISPLAY_MIN_CENTS } from './pack-pricing';

// Mixed cases: what one holds and what it saves against its bottles bought one by one.

/** One wine of a mixed case: how many bottles of it, and one bottle's sale price on its own. */
export interface CaseLine {
  quantity: number;
  singleSaleCents: number;
}

/** The price of a case's bottles bought one by one: each wine's single-bottle sale price times its bottles. */
export function bottlesAloneCents(lines: readonly CaseLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.singleSaleCents, 0);
}

/** Bottles in a case, by its lines. */
export function caseBottles(lines: readonly Pick<CaseLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * What a case at `caseSaleCents` saves against its bottles bought one by one at their single-bottle sale prices
 * (0 when it saves nothing, or when its contents are not known).
 */
export function mixedCaseSavingCents(caseSaleCents: number, lines: readonly CaseLine[]): number {
  if (lines.length === 0) return 0;
  return Math.max(0, bottlesAloneCents(lines) - caseSaleCents);
}

/**
 * A mixed case as its page offers it: one case, with what it saves against its bottles bought one by one. A wine
 * without a single-bottle price leaves the saving unknown (none shown).
 */
export function describeMixedCaseOffer(
  casePack: PackPrice,
  contents: readonly { quantity: number; singleSaleCents: number | null }[],
): PackOffer {
  const lines = contents.every((c): c is CaseLine => c.singleSaleCents !== null) ? contents : [];
  const savingsCents = mixedCaseSavingCents(casePack.salePriceCents, lines);
  return {
    ...casePack,
    savingsCents,
    showSavings: savingsCents > SAVINGS_DISPLAY_MIN_CENTS,
    perBottleCents: Math.round(casePack.salePriceCents / Math.max(1, caseBottles(lines))),
  };
}
